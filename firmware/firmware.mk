# firmware/firmware.mk - the bare-metal runtime (libfw.a) and the demo.
# Included by the top Makefile.  Nothing here runs the cross compiler at
# parse time: FW_LIBGCC and friends are only expanded inside recipes.

FW_LIB_DIR  := firmware/lib
FW_LDSCRIPT := $(FW_LIB_DIR)/link.ld
FW_INC      := -I$(FW_LIB_DIR) -Ifirmware/include
FW_CRT0     := $(BUILD)/firmware/lib/crt0.o
FW_LIB      := $(BUILD)/firmware/lib/libfw.a

FW_LIB_SRC := $(filter-out $(FW_LIB_DIR)/crt0.S, \
                $(sort $(wildcard $(FW_LIB_DIR)/*.c $(FW_LIB_DIR)/*.S)))
FW_LIB_OBJ := $(patsubst %,$(BUILD)/%.o,$(basename $(FW_LIB_SRC)))

# Every guest object: compiled with the runtime's headers on the include path.
$(BUILD)/firmware/%.o: firmware/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -MMD -MP -c $< -o $@
$(BUILD)/firmware/%.o: firmware/%.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -MMD -MP -c $< -o $@

$(FW_LIB): $(FW_LIB_OBJ)
	@rm -f $@
	$(FW_CROSS)ar rcs $@ $^

# $(call fw_link): links the prerequisites after crt0 against libfw and
# libgcc, and writes a disassembly beside the ELF for debugging.
fw_link = $(FW_CC) $(FW_CFLAGS) -T $(FW_LDSCRIPT) -Wl,--no-warn-rwx-segments -o $@ \
	  $(FW_CRT0) $(filter-out $(FW_CRT0),$(filter %.o,$^)) $(FW_LIB) $(FW_LIBGCC) && \
	  $(FW_OBJDUMP) -d $@ > $(@:.elf=.dis)

# The demo: a parallel sieve and matrix product, 4 harts by default.
DEMO_ELF := $(BUILD)/firmware/demo/demo.elf
DEMO_OBJ := $(BUILD)/firmware/demo/demo.o

$(DEMO_ELF): $(DEMO_OBJ) $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: firmware run-demo-qemu
firmware: $(DEMO_ELF)

# The same demo on the reference machine.
run-demo-qemu: $(DEMO_ELF)
	timeout 20 $(QEMU) $(QEMU_FLAGS) -smp 4 -kernel $(DEMO_ELF)

-include $(wildcard $(BUILD)/firmware/*/*.d)
