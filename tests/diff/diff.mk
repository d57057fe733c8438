# tests/diff/diff.mk - differential tests: each program runs on QEMU and on
# osprey; UART output and exit status must match.  Included by the top
# Makefile.
#   make test-diff                 all tests in tests/diff/tests.list
#   make test-diff DIFF=atomics    one test (or several, space-separated)
#   make test-diff-qemu            the programs on QEMU only (no osprey needed)

DIFF_DIR   := tests/diff
# tests built here: the lines of tests.list without an ELF path of their own
DIFF_NAMES := $(shell awk '!/^\#/ && NF && NF < 4 { print $$1 }' $(DIFF_DIR)/tests.list)
DIFF_ELFS  := $(DIFF_NAMES:%=$(BUILD)/tests/diff/%.elf)
DIFF       ?=

$(BUILD)/tests/diff/%.o: $(DIFF_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -I$(DIFF_DIR) -MMD -MP -c $< -o $@
$(BUILD)/tests/diff/%.o: $(DIFF_DIR)/%.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -I$(DIFF_DIR) -MMD -MP -c $< -o $@

$(BUILD)/tests/diff/%.elf: $(BUILD)/tests/diff/%.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

# keep objects for the .d files and quick relinks
.PRECIOUS: $(BUILD)/tests/diff/%.o

.PHONY: test-diff test-diff-qemu diff-elfs
diff-elfs: $(DIFF_ELFS) $(DEMO_ELF)

test-diff: $(OSPREY) diff-elfs
	@sh $(DIFF_DIR)/run.sh $(BUILD) $(OSPREY) $(QEMU) "$(QEMU_FLAGS)" $(DIFF)

test-diff-qemu: diff-elfs
	@sh $(DIFF_DIR)/run.sh $(BUILD) none $(QEMU) "$(QEMU_FLAGS)" $(DIFF)

TEST_TARGETS += test-diff

-include $(wildcard $(BUILD)/tests/diff/*.d)
