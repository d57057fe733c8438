# tests/observe: the views of the machine (sim-control port, scheduler checker).
#   make test-check-sched   --check-sched on the lazy balancer (must fire, on
#                           the right harts) and the normal kernel; part of `make test`

OBSERVE_DISK := $(BUILD)/tests/workloads/numeric-make.img

.PHONY: test-check-sched
test-check-sched: $(OSPREY) $(KERNEL_ELF) $(call KERNEL_VARIANT,lazysched) $(OBSERVE_DISK)
	@sh tests/observe/check_sched.sh $(OSPREY) $(KERNEL_ELF) $(call KERNEL_VARIANT,lazysched) \
		$(OBSERVE_DISK)

TEST_TARGETS += test-check-sched
