# firmware/kernel/kernel.mk: the M-mode layer, the kernel, mkfs and the disk image (owner: kernel work).
#
#   make kernel           builds $(KERNEL_ELF), $(BUILD)/mkfs and $(DISK_IMG)
#   make run-kernel       boots it on osprey, 4 harts
#   make run-kernel-qemu  boots it on QEMU virt, 4 harts, 128 MiB
#
# The image is one ELF: the M-mode layer (firmware/mmode/) at 0x80000000,
# the S-mode kernel after it.  It is linked twice: the second link embeds
# the first one's text symbols (.ksyms, for symbolized panic backtraces),
# and the recipe checks that no text symbol moved.
#
# The disk image: every ELF of USER_BINS is installed as /bin/NAME (the .elf
# suffix dropped), every file of DISK_FILES as /BASENAME, plus /dev/console.
# Both variables come from firmware/user/user.mk (included before this file).

KERNEL_DIR  := firmware/kernel
MMODE_DIR   := firmware/mmode

# Kernel build options (make kernel KERNEL_OPT="priv swpf"), each built in a
# directory of its own (build/kernel-priv-swpf/):
#   priv  privatization and relocation of shared data (kdata.h: KOPT_PRIV)
#   swpf  software prefetch hints at the measured miss hot spots (KOPT_SWPF)
#   lazysched  a deliberately lazy balancer, for --check-sched (sched.c: KOPT_LAZYSCHED)
KERNEL_OPTS_KNOWN := priv swpf lazysched
KERNEL_OPT  ?=
KERNEL_OPT_SORTED := $(sort $(KERNEL_OPT))
ifneq ($(filter-out $(KERNEL_OPTS_KNOWN),$(KERNEL_OPT)),)
$(error KERNEL_OPT: unknown option(s) '$(filter-out $(KERNEL_OPTS_KNOWN),$(KERNEL_OPT))'; known: $(KERNEL_OPTS_KNOWN))
endif
empty :=
space := $(empty) $(empty)
KBUILD      := $(BUILD)/kernel$(if $(KERNEL_OPT_SORTED),-$(subst $(space),-,$(KERNEL_OPT_SORTED)))
KOPT_DEFS   := $(foreach o,$(KERNEL_OPT_SORTED),-DKOPT_$(shell echo $(o) | tr a-z A-Z))
SHARED_HOT_ALIGN := $(if $(filter priv,$(KERNEL_OPT)),0x400000,0x1000)
KERNEL_ELF  := $(KBUILD)/kernel.elf
DISK_IMG    := $(KBUILD)/disk.img
MKFS        := $(BUILD)/mkfs
DISK_KB     ?= 16384
KERNEL_LD   := $(KERNEL_DIR)/kernel.ld

KERNEL_CFLAGS = $(FW_CFLAGS) -fno-omit-frame-pointer -fno-stack-protector \
		-I$(KERNEL_DIR) -I$(MMODE_DIR) -Ifirmware/include -MMD -MP $(KOPT_DEFS)

KERNEL_SRC := $(sort $(wildcard $(MMODE_DIR)/*.S $(MMODE_DIR)/*.c)) \
	      $(sort $(wildcard $(KERNEL_DIR)/*.S $(KERNEL_DIR)/*.c))
KERNEL_OBJ := $(patsubst firmware/%,$(KBUILD)/obj/%.o,$(basename $(KERNEL_SRC)))

$(KBUILD)/obj/%.o: firmware/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(KERNEL_CFLAGS) -c $< -o $@
$(KBUILD)/obj/%.o: firmware/%.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(KERNEL_CFLAGS) -c $< -o $@

kernel_link = $(FW_CC) $(FW_CFLAGS) -T $(KERNEL_LD) -Wl,--no-warn-rwx-segments \
	      -Wl,--defsym=SHARED_HOT_ALIGN=$(SHARED_HOT_ALIGN) -o $@

# first link: an empty symbol table
$(KBUILD)/ksyms0.S: $(KERNEL_DIR)/ksyms.sh
	@mkdir -p $(dir $@)
	sh $(KERNEL_DIR)/ksyms.sh $(FW_CROSS)nm /dev/null > $@
$(KBUILD)/kernel0.elf: $(KERNEL_OBJ) $(KBUILD)/ksyms0.S $(KERNEL_LD)
	$(kernel_link) $(KERNEL_OBJ) $(KBUILD)/ksyms0.S $(FW_LIBGCC)

# second link: the first link's symbols
$(KBUILD)/ksyms.S: $(KBUILD)/kernel0.elf $(KERNEL_DIR)/ksyms.sh
	sh $(KERNEL_DIR)/ksyms.sh $(FW_CROSS)nm $< > $@
$(KERNEL_ELF): $(KBUILD)/kernel0.elf $(KBUILD)/ksyms.S
	$(kernel_link) $(KERNEL_OBJ) $(KBUILD)/ksyms.S $(FW_LIBGCC)
	@sh $(KERNEL_DIR)/ksyms.sh $(FW_CROSS)nm $(KBUILD)/kernel0.elf > $@.a.tmp
	@sh $(KERNEL_DIR)/ksyms.sh $(FW_CROSS)nm $@ > $@.b.tmp
	@cmp -s $@.a.tmp $@.b.tmp || { echo "kernel.mk: text symbols moved between links"; rm -f $@; exit 1; }
	@rm -f $@.a.tmp $@.b.tmp
	$(FW_OBJDUMP) -d $@ > $(@:.elf=.dis)

# the host tool
$(MKFS): sim/mkfs.c $(KERNEL_DIR)/fs_format.h firmware/include/abi.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -g -Wall -Wextra -I$(KERNEL_DIR) -Ifirmware/include -o $@ sim/mkfs.c

$(DISK_IMG): $(MKFS) $(USER_BINS) $(DISK_FILES)
	@mkdir -p $(dir $@)
	$(MKFS) $@ $(DISK_KB) \
		$(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f)))) \
		$(foreach f,$(DISK_FILES),$(f):/$(notdir $(f)))

.PHONY: kernel run-kernel run-kernel-qemu
kernel: $(KERNEL_ELF) $(MKFS) $(DISK_IMG)

# user.mk's kernel-test image needs both (declared there before they were defined).
ktest-image: $(KERNEL_ELF) $(MKFS)

run-kernel: $(OSPREY) kernel
	$(OSPREY) --cores 4 --disk $(DISK_IMG) $(KERNEL_ELF)

run-kernel-qemu: kernel
	$(QEMU) $(QEMU_FLAGS) -smp 4 -m 128M -kernel $(KERNEL_ELF) \
		-device loader,file=$(DISK_IMG),addr=0x86000000

-include $(wildcard $(KBUILD)/obj/*/*.d)
