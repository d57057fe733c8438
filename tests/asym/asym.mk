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

# The scheduler's placement test: the kernel on a 1-slow + 1-fast machine, stock
# and asymmetry-aware (tests/asym/place.py), on an image whose boot script is place.sh.
$(ASYM_OUT)/place.boot.sh:
	@mkdir -p $(dir $@)
	printf '# workload place\n/bin/sh /place.sh\n' > $@
$(ASYM_OUT)/place.img: $(ASYM_OUT)/place.boot.sh tests/asym/place.sh $(USER_BINS) $(MKFS)
	$(MKFS) $@ $(DISK_KB) $(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f)))) \
		tests/asym/place.sh:/place.sh $<:/boot.sh

.PHONY: test-asym-sched
test-asym-sched: $(OSPREY) $(KERNEL_ELF) $(ASYM_OUT)/place.img
	@python3 tests/asym/place.py $(OSPREY) $(KERNEL_ELF) $(ASYM_OUT)/place.img $(ASYM_OUT)
TEST_TARGETS += test-asym-sched
