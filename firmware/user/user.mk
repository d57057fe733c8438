# firmware/user/user.mk: the user library, programs and workloads (owner: userland work).
#
# Everything lands in $(BUILD)/user/. The kernel's mkfs installs each ELF of
# USER_BINS as /bin/NAME and each file of DISK_FILES as /BASENAME. Included
# before firmware/kernel/kernel.mk: its variables are used in recipes only.

USER_DIR   := firmware/user
UBUILD     := $(BUILD)/user
USER_LD    := $(USER_DIR)/user.ld
USER_CFLAGS = $(FW_CFLAGS) -Ifirmware/include -I$(USER_DIR)/lib -MMD -MP

USER_LIB_SRC := $(wildcard $(USER_DIR)/lib/*.c)
USER_LIB_OBJ := $(patsubst $(USER_DIR)/lib/%.c,$(UBUILD)/lib/%.o,$(USER_LIB_SRC))
USER_CRT0    := $(UBUILD)/lib/crt0.o
USER_LIBA    := $(UBUILD)/libulib.a

# One program per .c file in firmware/user/.
USER_PROGS := $(sort $(basename $(notdir $(wildcard $(USER_DIR)/*.c))))
USER_BINS  := $(USER_PROGS:%=$(UBUILD)/%.elf)

# The workload the boot script runs: shell, make, fsck-numeric, numeric-make
# (a script firmware/user/workloads/NAME.sh), or none for an interactive shell.
WORKLOAD ?= shell
# Every script is installed (shell-round.sh is a helper of shell.sh).
USER_SCRIPTS := $(sort $(wildcard $(USER_DIR)/workloads/*.sh))
DISK_FILES    = $(USER_SCRIPTS) $(UBUILD)/boot.sh

$(UBUILD)/lib/%.o: $(USER_DIR)/lib/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(USER_CFLAGS) -c $< -o $@
$(UBUILD)/lib/%.o: $(USER_DIR)/lib/%.S
	@mkdir -p $(dir $@)
	$(FW_CC) $(USER_CFLAGS) -c $< -o $@
$(UBUILD)/obj/%.o: $(USER_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(USER_CFLAGS) -c $< -o $@

$(USER_LIBA): $(USER_LIB_OBJ)
	@rm -f $@
	$(FW_CROSS)ar rcs $@ $^

$(UBUILD)/%.elf: $(UBUILD)/obj/%.o $(USER_CRT0) $(USER_LIBA) $(USER_LD)
	$(FW_CC) $(FW_CFLAGS) -T $(USER_LD) -Wl,--no-warn-rwx-segments -o $@ \
		$(USER_CRT0) $< $(USER_LIBA) $(FW_LIBGCC)

# $(call user_stamp,FILE,VALUE): FILE holds VALUE; rewritten (at parse time,
# with make's own $(file), no shell) only when VALUE changes, so that what
# depends on it is rebuilt exactly then.
define user_stamp
ifneq ($(wildcard $(dir $(1))),)
ifneq ($$(file <$(1)),$(2))
$$(file >$(1),$(2))
endif
endif
$(1):
	@mkdir -p $$(dir $$@)
	@echo '$(2)' > $$@
endef

# boot.sh runs the workload; rebuilt when WORKLOAD changes.
$(eval $(call user_stamp,$(UBUILD)/workload.stamp,$(WORKLOAD)))
$(UBUILD)/boot.sh: $(UBUILD)/workload.stamp
	@mkdir -p $(dir $@)
	@if [ "$(WORKLOAD)" = none ]; then printf '# interactive\nsh\n'; \
	 else printf '# workload $(WORKLOAD)\n/bin/sh /$(WORKLOAD).sh\n'; fi > $@

.PHONY: user
user: $(USER_BINS) $(UBUILD)/boot.sh

# ---- kernel tests: an image whose boot script runs ktest (all tests, or
# KTEST=name...) and then fsck, booted on osprey; fails on a nonzero exit.
# MKFS, KERNEL_ELF and DISK_KB come from kernel.mk (included after this file),
# so they are used in recipes only; kernel.mk adds them to ktest-image's
# prerequisites (a recursive make here would race the main one under -j).
KTEST      ?=
KTEST_DIR  := $(UBUILD)/ktest
KTEST_IMG  := $(KTEST_DIR)/disk.img
KTEST_BINS  = $(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f))))

$(eval $(call user_stamp,$(KTEST_DIR)/ktest.stamp,$(KTEST)))
$(KTEST_DIR)/boot.sh: $(KTEST_DIR)/ktest.stamp
	@mkdir -p $(dir $@)
	@printf '# kernel tests\nktest $(KTEST)\nr=$$?\nfsck || r=1\npoweroff $$r\n' > $@

.PHONY: test-kernel test-kernel-qemu ktest-image
ktest-image: $(USER_BINS) $(KTEST_DIR)/boot.sh
	$(MKFS) $(KTEST_IMG) $(DISK_KB) $(KTEST_BINS) $(KTEST_DIR)/boot.sh:/boot.sh

test-kernel: $(OSPREY) ktest-image
	$(OSPREY) --cores 4 --disk $(KTEST_IMG) $(KERNEL_ELF)

# The same on the reference machine.
test-kernel-qemu: ktest-image
	timeout 1200 $(QEMU) $(QEMU_FLAGS) -smp 4 -m 128M -kernel $(KERNEL_ELF) \
		-device loader,file=$(KTEST_IMG),addr=0x86000000

-include $(wildcard $(UBUILD)/lib/*.d $(UBUILD)/obj/*.d)

# ---- optional: the userland on the host (x86-64 Linux), for checking the
# programs without the kernel. `make user-host-check` builds a root under
# $(UBUILD)/host-check/root; run e.g. `chroot $(UBUILD)/host-check/root /bin/sh /shell.sh`.
UHOST        := $(UBUILD)/host-check
UHOST_CFLAGS := -O1 -g -ffreestanding -fno-builtin -nostdlib -static -fno-stack-protector \
                -fno-pie -no-pie -Wall -Wextra -Wno-unused-parameter -Wno-format \
                -Ifirmware/include -I$(USER_DIR)/lib -D__bss_end=_end
UHOST_LIB    := $(USER_DIR)/host/crt0.S $(USER_DIR)/host/hostsys.c \
                $(filter-out %/syscall.c,$(USER_LIB_SRC))

$(UHOST)/root/bin/%: $(USER_DIR)/%.c $(UHOST_LIB) $(USER_DIR)/lib/ulib.h
	@mkdir -p $(dir $@)
	$(CC) $(UHOST_CFLAGS) -o $@ $(UHOST_LIB) $<

.PHONY: user-host-check
user-host-check: $(USER_PROGS:%=$(UHOST)/root/bin/%) $(UBUILD)/boot.sh
	cp $(USER_DIR)/workloads/*.sh $(UBUILD)/boot.sh $(UHOST)/root/ 2>/dev/null || true
