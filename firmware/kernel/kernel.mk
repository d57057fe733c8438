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
# Code layout (make kernel LAYOUT=ph|seq|scf; README, "Code layout"): the
# kernel's C files go through the compiler's assembly, which sim/layout
# reorders from a basic-block profile that make collects itself: the kernel
# built with LAYOUT=orig (the same code, plus block labels) runs the training
# workload LAYOUT_TRAIN with --bb-profile.
LAYOUTS_KNOWN := orig ph seq scf
LAYOUT       ?=
LAYOUT_TRAIN ?= make
LAYOUT_FLAGS ?=
WL_DIR       := $(BUILD)/tests/workloads
ifneq ($(filter-out $(LAYOUTS_KNOWN),$(LAYOUT)),)
$(error LAYOUT: unknown scheme '$(LAYOUT)'; known: $(LAYOUTS_KNOWN))
endif
# Bytes of padding before the kernel's code (make kernel KERNEL_PAD=N, a
# multiple of 4 up to 65536; 0 by default): every function and datum after
# the M-mode layer's entry lies N bytes higher, the same kernel placed
# otherwise in the caches (the OS-support study's noise floor).
KERNEL_PAD  ?= 0
ifneq ($(shell echo '$(KERNEL_PAD)' | grep -Eq '^[0-9]+$$' && [ $(KERNEL_PAD) -le 65536 ] && \
	[ $$(($(KERNEL_PAD) % 4)) -eq 0 ] && echo ok),ok)
$(error KERNEL_PAD: '$(KERNEL_PAD)' is not a multiple of 4 from 0 to 65536)
endif
KOPT_DIR    := $(if $(KERNEL_OPT_SORTED),-$(subst $(space),-,$(KERNEL_OPT_SORTED)))
KBUILD      := $(BUILD)/kernel$(KOPT_DIR)$(if $(LAYOUT),-layout-$(LAYOUT))$(if \
	       $(filter-out 0,$(KERNEL_PAD)),-pad$(KERNEL_PAD))
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

# The orig build and its training profile, which every other layout build
# reads (defined in every build but the orig one itself, so that a make that
# builds several layouts makes them once, first).
KLAYOUT_ORIG  := $(BUILD)/kernel$(KOPT_DIR)-layout-orig
KLAYOUT_PROF  := $(KLAYOUT_ORIG)/train-$(LAYOUT_TRAIN).bbp
ifneq ($(LAYOUT),orig)
$(KLAYOUT_ORIG)/kernel.elf: FORCE | $(MKFS) $(USER_BINS) $(LAYOUT_TOOL)
	@$(MAKE) --no-print-directory kernel LAYOUT=orig KERNEL_OPT="$(KERNEL_OPT)"
# The training run: the workload's image on the orig build, default machine.
$(KLAYOUT_PROF): $(KLAYOUT_ORIG)/kernel.elf $(OSPREY) $(WL_DIR)/$(LAYOUT_TRAIN).img
	$(OSPREY) -q --cores 4 --uart-in none --disk $(WL_DIR)/$(LAYOUT_TRAIN).img \
		--bb-profile $@ $(KLAYOUT_ORIG)/kernel.elf > $@.console
endif

# kernel.ld includes kernel-layout.ld: the default one places nothing; a
# layout build's is sim/layout's, found first through -L.
ifneq ($(LAYOUT),)
KLAYOUT_C     := $(sort $(wildcard $(KERNEL_DIR)/*.c))
KLAYOUT_ASM   := $(KLAYOUT_C:$(KERNEL_DIR)/%.c=$(KBUILD)/asm/%.s)
KLAYOUT_INPUTS := $(if $(filter orig,$(LAYOUT)),,$(KLAYOUT_PROF) $(KLAYOUT_ORIG)/kernel.elf)
KLAYOUT_LD_DIR := -L$(KBUILD)/laid
KLAYOUT_PINNED := trapvec swtch
LAYOUT_TOOL_FLAGS :=

# The compiler's assembly, without debug information (its line ranges
# cannot follow blocks that move); the code is the same as with -g.
$(KBUILD)/asm/%.s: $(KERNEL_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(KERNEL_CFLAGS) -g0 -S $< -o $@
$(KBUILD)/laid/.stamp: $(KLAYOUT_ASM) $(LAYOUT_TOOL) $(KLAYOUT_INPUTS)
	@mkdir -p $(dir $@)
	$(LAYOUT_TOOL) --scheme $(LAYOUT) --out-dir $(KBUILD)/laid \
		$(if $(KLAYOUT_INPUTS),--profile $(KLAYOUT_PROF) --elf $(KLAYOUT_ORIG)/kernel.elf) \
		$(LAYOUT_TOOL_FLAGS) $(LAYOUT_FLAGS) $(KLAYOUT_ASM)
	@touch $@
$(KLAYOUT_C:$(KERNEL_DIR)/%.c=$(KBUILD)/obj/kernel/%.o): $(KBUILD)/obj/kernel/%.o: $(KBUILD)/laid/.stamp
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_ARCH) -c $(KBUILD)/laid/$*.s -o $@

ifneq ($(LAYOUT),orig)
# The hand-written trap entry and context switch go first in the laid-out
# code (the hottest place: the self-conflict-free region), their section
# renamed so that the layout's linker script places them.
KLAYOUT_PIN := $(KLAYOUT_PINNED:%=$(KBUILD)/obj/kernel/%.o)
$(KLAYOUT_PIN): $(KBUILD)/obj/kernel/%.o: $(KERNEL_DIR)/%.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(KERNEL_CFLAGS) -c $< -o $@
	$(FW_CROSS)objcopy --rename-section .text=.osp.text.0000. $@
$(KBUILD)/laid/.stamp: $(KLAYOUT_PIN)
LAYOUT_TOOL_FLAGS += $(KLAYOUT_PIN:%=--pin %)
endif
# The guard marks must be sorted by address (each file's are; the link concatenates).
sort_guard = if $(FW_CROSS)objdump -h $@ | grep -q '\.osprey\.guard'; then \
	$(FW_CROSS)objcopy --dump-section .osprey.guard=$@.guard $@ && \
	$(LAYOUT_TOOL) --sort-guard $@.guard && \
	$(FW_CROSS)objcopy --update-section .osprey.guard=$@.guard $@ && rm -f $@.guard; fi
else
KLAYOUT_LD_DIR := -L$(KERNEL_DIR)
sort_guard = true
endif

kernel_link = $(FW_CC) $(FW_CFLAGS) -T $(KERNEL_LD) $(KLAYOUT_LD_DIR) -Wl,--no-warn-rwx-segments \
	      -Wl,--defsym=SHARED_HOT_ALIGN=$(SHARED_HOT_ALIGN) \
	      $(if $(filter-out 0,$(KERNEL_PAD)),-Xlinker --defsym=KERNEL_PAD=$(KERNEL_PAD)) -o $@

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
	@$(sort_guard)
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

-include $(wildcard $(KBUILD)/obj/*/*.d $(KBUILD)/asm/*.d)
