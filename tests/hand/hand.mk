# tests/hand: hand-computable checks of the timing model on firmware.
HAND_DIR  := $(BUILD)/tests/hand
HAND_ELFS := $(HAND_DIR)/sweep.elf $(HAND_DIR)/token.elf $(HAND_DIR)/straight.elf \
	     $(HAND_DIR)/guard.elf $(HAND_DIR)/guard-noguards.elf $(HAND_DIR)/scatter.elf
HAND_BIN  := $(HAND_DIR)/test_hand

$(HAND_DIR)/%.elf: tests/hand/%.S tests/hand/common.S tests/hand/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Itests/hand -T tests/hand/link.ld -Wl,--no-warn-rwx-segments -o $@ $<

$(HAND_DIR)/guard-noguards.elf: tests/hand/guard.S tests/hand/common.S tests/hand/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -DNO_GUARDS -Itests/hand -T tests/hand/link.ld -Wl,--no-warn-rwx-segments -o $@ $<

$(HAND_BIN): tests/hand/test_hand.c $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -o $@ $< $(MODEL_LIB) -lcmocka $(HOST_LIBS)

.PHONY: test-hand
test-hand: $(HAND_BIN) $(HAND_ELFS)
	$(HAND_BIN) $(HAND_DIR)
TEST_TARGETS += test-hand
