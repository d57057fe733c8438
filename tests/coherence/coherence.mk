# tests/coherence: firmware tests of sharing attribution (and of the
# coherence supports): each runs on osprey and QEMU, see run.sh.
#   make test-coherence
COH_DIR := tests/coherence
COH_OUT := $(BUILD)/tests/coherence
COH_ELFS := $(COH_OUT)/share_pair.elf $(COH_OUT)/share_apart.elf $(COH_OUT)/update_counter.elf \
	    $(COH_OUT)/swpf.elf $(COH_OUT)/swpf_none.elf

$(COH_OUT)/%.o: $(COH_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -c $< -o $@
$(COH_OUT)/update.o: $(COH_DIR)/update.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -c $< -o $@
$(COH_OUT)/pair.o: $(COH_DIR)/pair.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -c $< -o $@
$(COH_OUT)/pair-apart.o: $(COH_DIR)/pair.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -DAPART -c $< -o $@

$(COH_OUT)/share_pair.elf: $(COH_OUT)/share_pair.o $(COH_OUT)/pair.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)
$(COH_OUT)/share_apart.elf: $(COH_OUT)/share_pair.o $(COH_OUT)/pair-apart.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

$(COH_OUT)/update_counter.elf: $(COH_OUT)/update_counter.o $(COH_OUT)/update.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

$(COH_OUT)/swpf_none.o: $(COH_DIR)/swpf.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -DNO_PREFETCH -c $< -o $@
$(COH_OUT)/swpf.elf: $(COH_OUT)/swpf.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)
$(COH_OUT)/swpf_none.elf: $(COH_OUT)/swpf_none.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: test-coherence
test-coherence: $(OSPREY) $(COH_ELFS)
	@sh $(COH_DIR)/run.sh $(BUILD) $(OSPREY) $(QEMU)

TEST_TARGETS += test-coherence
