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
