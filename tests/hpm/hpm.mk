# tests/hpm: the hardware performance counters (Zihpm) against the statistics.
#   make test-hpm   hpm.elf (events 1..29 on counters 3..31) and hpm-30.elf
#                   (events 30.. and past the table) in timing mode, and hpm.elf
#                   in functional mode, each compared with its --stats file
HPM_OUT  := $(BUILD)/tests/hpm
HPM_ELFS := $(HPM_OUT)/hpm.elf $(HPM_OUT)/hpm-30.elf

$(HPM_OUT)/hpm.o: tests/hpm/hpm.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -c $< -o $@
$(HPM_OUT)/hpm-30.o: tests/hpm/hpm.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -DFIRST_EVENT=30 -c $< -o $@
$(HPM_OUT)/%.elf: $(HPM_OUT)/%.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: test-hpm
test-hpm: $(OSPREY) $(HPM_ELFS)
	@python3 tests/hpm/check.py $(OSPREY) $(HPM_OUT)
TEST_TARGETS += test-hpm
