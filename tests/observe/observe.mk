# tests/observe: the views of the machine (sim-control port, scheduler checker,
# pipeline log, live view).
#   make test-timeline      --timeline on a kernel workload, the JSON checked; part of `make test`
#   make test-check-sched   --check-sched on the lazy balancer (must fire, on
#                           the right harts) and the normal kernel; part of `make test`

OBSERVE_DISK := $(BUILD)/tests/workloads/numeric-make.img

.PHONY: test-check-sched
test-check-sched: $(OSPREY) $(KERNEL_ELF) $(call KERNEL_VARIANT,lazysched) $(OBSERVE_DISK)
	@sh tests/observe/check_sched.sh $(OSPREY) $(KERNEL_ELF) $(call KERNEL_VARIANT,lazysched) \
		$(OBSERVE_DISK)

TEST_TARGETS += test-check-sched

# --timeline on the kernel workload with the DMA engine on, parsed and checked.
.PHONY: test-timeline
test-timeline: $(OSPREY) $(KERNEL_ELF) $(OBSERVE_DISK)
	@mkdir -p $(BUILD)/tests/observe
	@$(OSPREY) --cores 4 --uart-in none -q --set dma.enabled=on \
		--timeline $(BUILD)/tests/observe/timeline.json --disk $(OBSERVE_DISK) \
		$(KERNEL_ELF) >/dev/null
	@python3 tests/observe/timeline_check.py $(BUILD)/tests/observe/timeline.json 4

TEST_TARGETS += test-timeline

# --kanata: the demo's first 20000 cycles from cold caches (its first loads
# miss: a memory stage of at least 10 cycles), and a window of the kernel
# workload (traps, interrupts, page walks), each parsed strictly and checked
# against the model's stall accounting.
.PHONY: test-kanata
test-kanata: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(OBSERVE_DISK)
	@mkdir -p $(BUILD)/tests/observe
	@$(OSPREY) -q --cores 4 --kanata $(BUILD)/tests/observe/demo.kanata \
		--kanata-from 0 --kanata-to 20000 $(DEMO_ELF) >/dev/null
	@python3 tests/observe/kanata_check.py $(BUILD)/tests/observe/demo.kanata 4 --min-miss 10
	@$(OSPREY) -q --cores 4 --uart-in none --kanata $(BUILD)/tests/observe/kernel.kanata \
		--kanata-from 20000000 --kanata-to 20010000 --max-cycles 20020000 \
		--disk $(OBSERVE_DISK) $(KERNEL_ELF) >/dev/null 2>$(BUILD)/tests/observe/kernel.kanata.err; \
		test $$? = 3	# the cycle limit
	@python3 tests/observe/kanata_check.py $(BUILD)/tests/observe/kernel.kanata 4 --min-miss 2

TEST_TARGETS += test-kanata

# The view: a headless snapshot of the demo (bare metal, M-mode only: hart 0
# shows M now and no history shows U or S), the live window under Xvfb with a
# snapshot at the same cycle (its histories and bus graph the same pixels,
# frames shown), a snapshot of the kernel workload (U and S seen), each PNG
# read strictly (tests/observe/view_check.py); and keys pressed in the window
# through XTEST: pause, step, stop (tests/observe/view_keys.py).
VIEW_DIR := $(BUILD)/tests/observe
.PHONY: test-view
test-view: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(OBSERVE_DISK)
	@mkdir -p $(VIEW_DIR)
	@$(OSPREY) -q --cores 4 --view-snapshot $(VIEW_DIR)/demo.png --view-at 2000000 \
		--max-cycles 2000001 $(DEMO_ELF) >/dev/null 2>&1; test $$? = 3
	@python3 tests/observe/view_check.py $(VIEW_DIR)/demo.png 4 --now 0=M --never U,S
	@xvfb-run -a $(OSPREY) --cores 4 --view --view-snapshot $(VIEW_DIR)/live.png \
		--view-at 2000000 --max-cycles 2000001 $(DEMO_ELF) >/dev/null \
		2>$(VIEW_DIR)/live.err; test $$? = 3
	@grep -Eq -- '--view: [1-9][0-9]* frames shown' $(VIEW_DIR)/live.err || \
		{ echo "test-view: the window showed no frame"; cat $(VIEW_DIR)/live.err; exit 1; }
	@python3 tests/observe/view_check.py $(VIEW_DIR)/live.png 4 --now 0=M \
		--same-as $(VIEW_DIR)/demo.png harts,bus.graph
	@$(OSPREY) -q --cores 4 --uart-in none --view-snapshot $(VIEW_DIR)/kernel.png \
		--view-at 50000000 --max-cycles 50000001 --disk $(OBSERVE_DISK) $(KERNEL_ELF) \
		>/dev/null 2>&1; test $$? = 3
	@python3 tests/observe/view_check.py $(VIEW_DIR)/kernel.png 4 --seen U,S
	@xvfb-run -a python3 tests/observe/view_keys.py $(OSPREY) --cores 4 --uart-in none \
		--disk $(OBSERVE_DISK) $(KERNEL_ELF)

TEST_TARGETS += test-view

# The README's pictures: the view's headless snapshots of the demo (4 harts,
# cycle 3000000) and of the kernel workload numeric-make (4 harts, cycle
# 70000000), and their copies in docs/img/ with the pixels deflated.
SHOT_DIR := $(BUILD)/screenshots
.PHONY: screenshots
screenshots: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(OBSERVE_DISK)
	@mkdir -p $(SHOT_DIR)
	$(OSPREY) -q --cores 4 --view-snapshot $(SHOT_DIR)/demo.png --view-at 3000000 \
		$(DEMO_ELF) >/dev/null
	$(OSPREY) -q --cores 4 --uart-in none --view-snapshot $(SHOT_DIR)/kernel.png \
		--view-at 70000000 --max-cycles 70000001 --disk $(OBSERVE_DISK) $(KERNEL_ELF) \
		>/dev/null 2>&1; test $$? = 3
	@mkdir -p docs/img
	@for f in demo kernel; do \
		python3 tests/observe/png_deflate.py $(SHOT_DIR)/$$f.png docs/img/view-$$f.png; done
	@python3 tests/observe/view_check.py docs/img/view-demo.png 4 --now 0=M --never U,S
	@python3 tests/observe/view_check.py docs/img/view-kernel.png 4 --seen U,S
	@echo "screenshots: $(SHOT_DIR)/demo.png $(SHOT_DIR)/kernel.png, copies in docs/img/"
