# tests/observe: the views of the machine (sim-control port, scheduler checker).
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
