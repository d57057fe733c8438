# sim/sweep: osweep, the experiment runner (README: "Sweeps").
#   python3 sim/sweep/osweep.py --help
# sweep-inputs is osweep's way into the build: it builds one kernel
# (KERNEL_OPT and any make variables a `kernel` line gives) and the workload
# images SWEEP_IMAGES names, and prints their paths for osweep to read. A
# kernel workload NAME is the script firmware/user/workloads/NAME.sh.
OSWEEP       := python3 sim/sweep/osweep.py
SWEEP_IMAGES ?=
SWEEP_UNKNOWN = $(filter-out $(basename $(notdir $(USER_SCRIPTS))),$(SWEEP_IMAGES))

ifneq ($(SWEEP_UNKNOWN),)
$(error unknown workload(s): $(SWEEP_UNKNOWN); known: $(basename $(notdir $(USER_SCRIPTS))))
endif

.PHONY: sweep-inputs
sweep-inputs: $(KERNEL_ELF) $(SWEEP_IMAGES:%=$(WL_DIR)/%.img)
	@echo "sweep-input: kernel - $(abspath $(KERNEL_ELF))"
	@$(foreach w,$(SWEEP_IMAGES),echo "sweep-input: image $(w) $(abspath $(WL_DIR)/$(w).img)";)
