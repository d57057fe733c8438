# tests/layout: the code-layout optimizer (sim/layout) and the laid-out kernels.
#   make test-layout   the optimizer's orders on hand-made graphs (cmocka); the
#                      rewritten kernels' control-flow graphs against the
#                      original's, block by block (cfg_check.py); --bb-profile
#                      deterministic; the laid-out kernels' workloads against
#                      QEMU (tests/kernel/workloads.sh, one workload each)
#   make measure-layout  the README's table (see tests/kernel/measure.sh)
LAYOUT_TEST_OUT := $(BUILD)/tests/layout
LAYOUT_SCHEMES  := ph seq scf

$(LAYOUT_TEST_OUT)/test_layout_order: tests/layout/test_layout_order.c sim/layout/order.c sim/layout/cfg.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE -Isim/layout -fsanitize=address,undefined \
		-o $@ tests/layout/test_layout_order.c sim/layout/order.c -lcmocka

.PHONY: test-layout measure-layout
test-layout: $(LAYOUT_TEST_OUT)/test_layout_order $(OSPREY) $(LAYOUT_SCHEMES:%=$(call KERNEL_VARIANT,layout-%)) \
		$(WL_DIR)/shell.img $(WL_DIR)/fsck-numeric.img $(WL_DIR)/make.img
	$(LAYOUT_TEST_OUT)/test_layout_order
	@for s in $(LAYOUT_SCHEMES); do \
		python3 tests/layout/cfg_check.py $(FW_OBJDUMP) $(FW_CROSS)objcopy \
			$(BUILD)/kernel-layout-orig/kernel.elf $(BUILD)/kernel-layout-$$s/kernel.elf || exit 1; \
	done
	@sh tests/layout/bbprof_check.sh $(OSPREY) $(BUILD)/kernel-layout-orig/kernel.elf \
		$(WL_DIR)/shell.img $(LAYOUT_TEST_OUT)
	@WORKLOAD_OUT=$(LAYOUT_TEST_OUT)/wl-scf WORKLOAD_VARIANTS="guarded=--set,pf.guarded=miss" \
		sh tests/kernel/workloads.sh $(OSPREY) $(call KERNEL_VARIANT,layout-scf) $(QEMU) \
		"$(QEMU_FLAGS)" $(WL_DIR) shell fsck-numeric
	@WORKLOAD_OUT=$(LAYOUT_TEST_OUT)/wl-ph WORKLOAD_VARIANTS="nextline=--set,pf.nextline=on-miss" \
		sh tests/kernel/workloads.sh $(OSPREY) $(call KERNEL_VARIANT,layout-ph) $(QEMU) \
		"$(QEMU_FLAGS)" $(WL_DIR) make
TEST_TARGETS += test-layout

# The README's table: the four workloads on the original kernel and the three
# layouts (trained on LAYOUT_TRAIN), each without instruction prefetching and
# with the guarded, next-line and stream-buffer prefetchers.
measure-layout: $(OSPREY) $(KERNEL_ELF) $(LAYOUT_SCHEMES:%=$(call KERNEL_VARIANT,layout-%)) \
		$(WORKLOADS:%=$(WL_DIR)/%.img)
	@mkdir -p $(MEASURE_DIR)/layout
	@python3 tests/layout/measure_layout.py $(OSPREY) $(BUILD) $(WL_DIR) $(MEASURE_DIR)/layout \
		$(LAYOUT_TRAIN) $(WORKLOADS) | tee $(MEASURE_DIR)/layout.md
