# tests/asym: performance-asymmetric machines (core.speeds).
#   make test-asym   ratio.elf on a core at clock ratio 1 and 2 (same instructions and
#                    misses, twice the machine time of the warm pass; the clock fields
#                    of the statistics), and determinism of a 1,1,2,2 machine
ASYM_OUT := $(BUILD)/tests/asym

$(ASYM_OUT)/ratio.o: tests/asym/ratio.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -c $< -o $@
$(ASYM_OUT)/ratio.elf: $(ASYM_OUT)/ratio.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: test-asym
test-asym: $(OSPREY) $(ASYM_OUT)/ratio.elf $(DEMO_ELF)
	@python3 tests/asym/check.py $(OSPREY) $(ASYM_OUT) $(DEMO_ELF)
TEST_TARGETS += test-asym

# Kernel images whose boot script runs tests/asym/NAME.sh: place (the scheduler's
# placement test, tests/asym/place.py) and cpu-par (make measure-asym's CPU-bound job).
$(ASYM_OUT)/%.boot.sh:
	@mkdir -p $(dir $@)
	printf '# workload $*\n/bin/sh /$*.sh\n' > $@
$(ASYM_OUT)/%.img: $(ASYM_OUT)/%.boot.sh tests/asym/%.sh $(USER_BINS) $(MKFS)
	$(MKFS) $@ $(DISK_KB) $(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f)))) \
		tests/asym/$*.sh:/$*.sh $<:/boot.sh
.SECONDARY: $(ASYM_OUT)/place.boot.sh $(ASYM_OUT)/cpu-par.boot.sh

.PHONY: test-asym-sched
test-asym-sched: $(OSPREY) $(KERNEL_ELF) $(ASYM_OUT)/place.img
	@python3 tests/asym/place.py $(OSPREY) $(KERNEL_ELF) $(ASYM_OUT)/place.img $(ASYM_OUT)
TEST_TARGETS += test-asym-sched

# ---- the measurement behind the README's table (not part of make test)
#   make measure-asym   the four workloads and cpu-par on 4 harts, symmetric and
#                       2 fast + 2 slow (five arrangements of the slow harts),
#                       stock and asymmetry-aware scheduler: build/measure/asym.md
.PHONY: measure-asym
measure-asym: $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img) $(ASYM_OUT)/cpu-par.img
	@mkdir -p $(BUILD)/measure
	@python3 tests/asym/measure.py $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img) \
		$(ASYM_OUT)/cpu-par.img $(BUILD)/measure/asym | tee $(BUILD)/measure/asym.md
