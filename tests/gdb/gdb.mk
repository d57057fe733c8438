# tests/gdb: the GDB stub (--gdb) under real gdb-multiarch (run.sh).
#   make test-gdb
GDB_TEST_DIR := tests/gdb
GDB_TEST_OUT := $(BUILD)/tests/gdb

# -O1: a function gdb can break in and step through, as a user builds for debugging.
$(GDB_TEST_OUT)/%.o: $(GDB_TEST_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(filter-out -O2,$(FW_CFLAGS)) -O1 $(FW_INC) -c $< -o $@
$(GDB_TEST_OUT)/%.elf: $(GDB_TEST_OUT)/%.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: test-gdb
test-gdb: $(OSPREY) $(GDB_TEST_OUT)/target.elf $(GDB_TEST_OUT)/spin.elf $(GDB_TEST_OUT)/vm.elf \
	  $(BUILD)/tests/robust/soup-4-3.elf
	@sh $(GDB_TEST_DIR)/run.sh $(BUILD) $(OSPREY)

TEST_TARGETS += test-gdb
