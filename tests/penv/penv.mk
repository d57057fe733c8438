# tests/penv: tests written to the public RISC-V test environments'
# conventions (penv.h): each test in four tohost-writing styles, run on
# osprey and on QEMU's spike machine (run.sh).
#   make test-penv
PENV_DIR    := tests/penv
PENV_OUT    := $(BUILD)/tests/penv
PENV_TESTS  := pass_m pass_s pass_u fail_u fail_s trap_u
# style name -> assembler flags
PENV_STYLES := loop once hifirst nofromhost
penv_flags_loop       :=
penv_flags_once       := -DPENV_ONCE
penv_flags_hifirst    := -DPENV_HI_FIRST
penv_flags_nofromhost := -DPENV_NO_FROMHOST
PENV_ELFS   := $(foreach t,$(PENV_TESTS),$(foreach s,$(PENV_STYLES),$(PENV_OUT)/$(t)-$(s).elf))
# test -> source and assembler flags: the pass and fail tests are check.S in a mode
penv_src     = $(if $(filter trap_u,$(1)),trap_u,check)
penv_test_pass_m := -DPENV_MODE=RVTEST_RV32M
penv_test_pass_s := -DPENV_MODE=RVTEST_RV32S
penv_test_pass_u := -DPENV_MODE=RVTEST_RV32U
penv_test_fail_s := -DPENV_MODE=RVTEST_RV32S -DPENV_FAIL
penv_test_fail_u := -DPENV_MODE=RVTEST_RV32U -DPENV_FAIL

define penv_rule
$(PENV_OUT)/$(1)-$(2).elf: $(PENV_DIR)/$(call penv_src,$(1)).S $(PENV_DIR)/penv.h $(ISA_DIR)/link.ld
	@mkdir -p $$(dir $$@)
	$$(FW_CC) $$(ISA_LDFLAGS) -I$(PENV_DIR) $$(penv_test_$(1)) $$(penv_flags_$(2)) $$< -o $$@
endef
$(foreach t,$(PENV_TESTS),$(foreach s,$(PENV_STYLES),$(eval $(call penv_rule,$(t),$(s)))))

.PHONY: test-penv
test-penv: $(OSPREY) $(PENV_ELFS)
	@sh $(PENV_DIR)/run.sh $(BUILD) $(OSPREY) $(QEMU)

TEST_TARGETS += test-penv
