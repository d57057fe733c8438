# tests/sweep: the runs that once went wrong (regress.list, regress.sh), and
# the configuration sweep (sweep.sh): random valid configurations
# (randcfg.c) x the ISA tests, the differential tests and kernel slices (the
# plain kernel, the data supports' build, the laid-out one),
# both modes, every prefetcher in turn.
#   make test-sweep                 both, the sweep short (SWEEP_RUNS runs)
#   make test-regress REGRESS=name  one regression case (or several)
#   make sweep-long                 the long sweep (SWEEP_LONG_RUNS runs)
#   make test-sweep SWEEP_SEED=N    another set of configurations
RANDCFG         := $(BUILD)/tests/sweep/randcfg
SWEEP_RUNS      ?= 400
SWEEP_LONG_RUNS ?= 10000
SWEEP_SEED      ?= 1000

$(RANDCFG): tests/sweep/randcfg.c $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -o $@ $< $(MODEL_LIB) $(HOST_LIBS) -lm

# The trap storms of the watchdog's regression cases (regress.list).
$(BUILD)/tests/sweep/storm-%.elf: tests/sweep/storm.S tests/isa/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(if $(filter ecall,$*),-DSTORM_ECALL) -T tests/isa/link.ld \
		-Wl,--no-warn-rwx-segments -o $@ $<
STORM_ELFS := $(BUILD)/tests/sweep/storm-illegal.elf $(BUILD)/tests/sweep/storm-ecall.elf

REGRESS         ?=
SWEEP_DEPS := $(OSPREY) $(RANDCFG) isa-build diff-elfs kernel $(STORM_ELFS) $(COH_ELFS) \
	      $(call KERNEL_VARIANT,priv-swpf) $(call KERNEL_VARIANT,layout-scf)

.PHONY: test-sweep test-regress sweep-long
test-regress: $(SWEEP_DEPS)
	@sh tests/sweep/regress.sh $(BUILD) $(OSPREY) $(REGRESS)

test-sweep: test-regress
	@sh tests/sweep/sweep.sh $(BUILD) $(OSPREY) $(RANDCFG) $(SWEEP_RUNS) $(SWEEP_SEED)

sweep-long: deps-test
	@$(MAKE) --no-print-directory $(SWEEP_DEPS)
	@sh tests/sweep/sweep.sh $(BUILD) $(OSPREY) $(RANDCFG) $(SWEEP_LONG_RUNS) $(SWEEP_SEED)

TEST_TARGETS += test-sweep
