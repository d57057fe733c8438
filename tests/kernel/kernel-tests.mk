# tests/kernel: the SMP kernel under test.
#   make test-kernel-all     ktest (every kernel test) and fsck, on osprey in
#                            functional mode; part of `make test`
#   make test-workloads      every workload on osprey (timing and functional,
#                            DMA engine off and on) and on QEMU, console output
#                            compared; part of `make test`
#   make test-workloads WORKLOADS="shell make"   some of them
#   make test-kernel-placement the noise floor's two moves of placement: the
#                            boot flags' set-aside of pages and a padded
#                            kernel build; part of `make test`
# Images are built here, one per workload, so the user's WORKLOAD choice for
# `make run` is left alone.

WORKLOADS ?= shell make fsck-numeric numeric-make
# WL_DIR (the workload images' directory) is kernel.mk's: layout builds train on one.

# Kernel builds with options (KERNEL_OPT), each in its own directory:
# $(call KERNEL_VARIANT,priv-swpf) is build/kernel-priv-swpf/kernel.elf.
KERNEL_VARIANT = $(BUILD)/kernel-$(1)/kernel.elf
# What the builds share (the simulator, mkfs, the user programs, the layout
# tool, the training profile) is made here first, so that builds run in
# parallel (make -j) do not make it at the same time.
$(BUILD)/kernel-%/kernel.elf: FORCE | $(MKFS) $(USER_BINS)
	@$(MAKE) --no-print-directory kernel KERNEL_OPT="$(subst -, ,$*)"
# $(call KERNEL_VARIANT,layout-seq): the kernel laid out by scheme seq (kernel.mk).
$(BUILD)/kernel-layout-%/kernel.elf: FORCE | $(KLAYOUT_PROF) $(MKFS) $(USER_BINS) $(LAYOUT_TOOL)
	@$(MAKE) --no-print-directory kernel LAYOUT=$*
.PHONY: FORCE measure-coherence test-workloads-opt
FORCE:

$(WL_DIR)/%.boot.sh:
	@mkdir -p $(dir $@)
	printf '# workload $*\n/bin/sh /$*.sh\n' > $@

$(WL_DIR)/%.img: $(WL_DIR)/%.boot.sh $(USER_BINS) $(USER_SCRIPTS) $(MKFS)
	$(MKFS) $@ $(DISK_KB) $(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f)))) \
		$(foreach f,$(USER_SCRIPTS),$(f):/$(notdir $(f))) $<:/boot.sh

.PHONY: test-workloads test-kernel-all
# Each workload also runs with the DMA engine on: the same output is expected.
WORKLOAD_VARIANTS ?= dma=--set,dma.enabled=on

# First: the images hold no trace of the checkout's path (the firmware's
# debug information leaves it out, see FW_CFLAGS), so that every checkout
# builds the same images and gets the same counts.
test-workloads: $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img)
	@! grep -l -F "$(CURDIR)" $(USER_BINS) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img) || \
		{ echo "test-workloads: FAIL: the files above hold the checkout's path $(CURDIR)" >&2; \
		  exit 1; }
	@WORKLOAD_VARIANTS="$(WORKLOAD_VARIANTS)" sh tests/kernel/workloads.sh $(OSPREY) $(KERNEL_ELF) $(QEMU) "$(QEMU_FLAGS)" $(WL_DIR) \
		$(WORKLOADS)

# The data-side supports' kernel (privatization and relocation, software
# prefetch) on every workload, selective update off and on: the same output.
test-workloads-opt: $(OSPREY) $(call KERNEL_VARIANT,priv-swpf) $(WORKLOADS:%=$(WL_DIR)/%.img)
	@WORKLOAD_OUT=$(WL_DIR)/opt WORKLOAD_VARIANTS="update=--set,coh.selective_update=on" \
		sh tests/kernel/workloads.sh $(OSPREY) $(call KERNEL_VARIANT,priv-swpf) $(QEMU) \
		"$(QEMU_FLAGS)" $(WL_DIR) $(WORKLOADS)

test-kernel-all: $(OSPREY) ktest-image
	$(OSPREY) --mode functional --cores 4 --disk $(KTEST_IMG) $(KERNEL_ELF) </dev/null

# The study's noise floor moves pages (the boot flags' set-aside) and the
# kernel's code (a padded build); a padded build is made by the pattern rule
# below (the shortest stem wins over kernel-%).
PLACEMENT_PAD := 64
$(BUILD)/kernel-pad%/kernel.elf: FORCE | $(MKFS) $(USER_BINS)
	@$(MAKE) --no-print-directory kernel KERNEL_PAD=$*
.PHONY: test-kernel-placement
test-kernel-placement: $(OSPREY) $(KERNEL_ELF) $(BUILD)/kernel-pad$(PLACEMENT_PAD)/kernel.elf \
		$(WL_DIR)/shell.img
	@sh tests/kernel/placement.sh $(OSPREY) $(KERNEL_ELF) \
		$(BUILD)/kernel-pad$(PLACEMENT_PAD)/kernel.elf $(PLACEMENT_PAD) $(FW_CROSS)nm \
		$(WL_DIR)/shell.img $(BUILD)/tests/kernel/placement
.SECONDARY: $(WORKLOADS:%=$(WL_DIR)/%.boot.sh)
TEST_TARGETS += test-kernel-all test-workloads test-workloads-opt test-kernel-placement

# ---- measurements behind the README's support tables (not part of make test)
#   make measure-dma    the four workloads, DMA engine off and on, 4 harts and 1
#   make measure-coherence  the four workloads under the data-side supports:
#                       baseline, privatization and relocation, selective
#                       update, software prefetch, all three; and the
#                       timekeeper case (shell) before and after
MEASURE_DIR := $(BUILD)/measure

.PHONY: measure-dma
measure-dma: $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img)
	@mkdir -p $(MEASURE_DIR)
	@sh tests/kernel/measure.sh $(OSPREY) $(KERNEL_ELF) $(WL_DIR) $(MEASURE_DIR) \
		"engine off|--set dma.enabled=off" "engine on|--set dma.enabled=on" \
		-- $(WORKLOADS) | tee $(MEASURE_DIR)/dma.md
	@sh tests/kernel/measure.sh $(OSPREY) $(KERNEL_ELF) $(WL_DIR) $(MEASURE_DIR) \
		"1 hart, engine off|--cores 1 --set dma.enabled=off" \
		"1 hart, engine on|--cores 1 --set dma.enabled=on" \
		-- $(WORKLOADS) | tee $(MEASURE_DIR)/dma-1hart.md


measure-coherence: $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img) \
		$(call KERNEL_VARIANT,priv) $(call KERNEL_VARIANT,swpf) $(call KERNEL_VARIANT,priv-swpf)
	@mkdir -p $(MEASURE_DIR)
	@sh tests/kernel/measure.sh $(OSPREY) $(KERNEL_ELF) $(WL_DIR) $(MEASURE_DIR) \
		"baseline|--set coh.selective_update=off" \
		"privatization and relocation|--set coh.selective_update=off|$(call KERNEL_VARIANT,priv)" \
		"priv. + selective update|--set coh.selective_update=on|$(call KERNEL_VARIANT,priv)" \
		"software prefetch|--set coh.selective_update=off|$(call KERNEL_VARIANT,swpf)" \
		"all three|--set coh.selective_update=on|$(call KERNEL_VARIANT,priv-swpf)" \
		-- $(WORKLOADS) | tee $(MEASURE_DIR)/coherence.md
	@sh tests/kernel/timekeeper.sh $(OSPREY) $(WL_DIR)/shell.img $(MEASURE_DIR) \
		"original|$(KERNEL_ELF)" "privatized|$(call KERNEL_VARIANT,priv)" \
		| tee $(MEASURE_DIR)/timekeeper.md
