# tests/kernel: the SMP kernel under test.
#   make test-kernel-all     ktest (every kernel test) and fsck, on osprey in
#                            functional mode; part of `make test`
#   make test-workloads      every workload on osprey (timing and functional)
#                            and on QEMU, console output compared; part of `make test`
#   make test-workloads WORKLOADS="shell make"   some of them
# Images are built here, one per workload, so the user's WORKLOAD choice for
# `make run` is left alone.

WORKLOADS ?= shell make fsck-numeric numeric-make
WL_DIR    := $(BUILD)/tests/workloads

$(WL_DIR)/%.boot.sh:
	@mkdir -p $(dir $@)
	printf '# workload $*\n/bin/sh /$*.sh\n' > $@

$(WL_DIR)/%.img: $(WL_DIR)/%.boot.sh $(USER_BINS) $(USER_SCRIPTS) $(MKFS)
	$(MKFS) $@ $(DISK_KB) $(foreach f,$(USER_BINS),$(f):/bin/$(basename $(notdir $(f)))) \
		$(foreach f,$(USER_SCRIPTS),$(f):/$(notdir $(f))) $<:/boot.sh

.PHONY: test-workloads test-kernel-all
test-workloads: $(OSPREY) $(KERNEL_ELF) $(WORKLOADS:%=$(WL_DIR)/%.img)
	@sh tests/kernel/workloads.sh $(OSPREY) $(KERNEL_ELF) $(QEMU) "$(QEMU_FLAGS)" $(WL_DIR) \
		$(WORKLOADS)

test-kernel-all: $(OSPREY) ktest-image
	$(OSPREY) --mode functional --cores 4 --disk $(KTEST_IMG) $(KERNEL_ELF) </dev/null
.SECONDARY: $(WORKLOADS:%=$(WL_DIR)/%.boot.sh)
TEST_TARGETS += test-kernel-all test-workloads
