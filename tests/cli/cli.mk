# tests/cli: the osprey program's command line, run as a user runs it.
# Included by the top Makefile, after tests/isa/isa.mk and tests/diff/diff.mk.
#
#   make test-cli                       every case of tests/cli/cases
#   make test-cli CLI="stats-is-elf"    only the named cases (space-separated)
#
# Each case is one command line with its expected exit status and a fragment
# of its stderr (see tests/cli/cases). The programs it runs are the ISA and
# differential tests' ELFs and the small guests built here from guest_exit.S.

CLI_DIR  := tests/cli
CLI_OUT  := $(BUILD)/tests/cli
CLI      ?=
CLI_ELFS :=

# $(call cli_elf,NAME,DEFINES): guest_exit.S ending the run with one value.
define cli_elf
$(CLI_OUT)/$(1).elf: $(CLI_DIR)/guest_exit.S $(ISA_DIR)/link.ld $(CLI_DIR)/cli.mk
	@mkdir -p $$(dir $$@)
	$(FW_CC) $(ISA_LDFLAGS) $(2) $$< -o $$@
CLI_ELFS += $(CLI_OUT)/$(1).elf
endef

# HTIF: exit codes 7, 2^32 (low 32 bits zero) and 512 (low 8 bits zero).
$(eval $(call cli_elf,htif-fail-7,-DTOHOST_HI=0 -DTOHOST_LO=0xf))
$(eval $(call cli_elf,htif-fail-4g,-DTOHOST_HI=2 -DTOHOST_LO=1))
$(eval $(call cli_elf,htif-fail-512,-DTOHOST_HI=0 -DTOHOST_LO=0x401))
# The finisher: failure codes 0 and 256, whose low 8 bits are zero.
$(eval $(call cli_elf,finisher-fail-0,-DFINISHER=0x3333))
$(eval $(call cli_elf,finisher-fail-256,-DFINISHER=0x01003333))
# A guest that runs until it is stopped.
$(eval $(call cli_elf,spin,-DSPIN))
# A guest whose harts all wait in WFI for an interrupt that cannot come.
$(eval $(call cli_elf,stuck,-DSTUCK))
# A timer interrupt a tick away, then an HTIF pass, while every hart runs.
$(eval $(call cli_elf,timer-exit,-DTIMER -DTIMER_TICKS=12 -DTOHOST_HI=0 -DTOHOST_LO=1))

.PHONY: test-cli cli-elfs
cli-elfs: $(CLI_ELFS)

test-cli: $(OSPREY) $(CLI_ELFS) $(ISA_OUT)/simple.elf $(ISA_OUT)/simple-htif.elf \
	  $(BUILD)/tests/diff/exitcode.elf
	@sh $(CLI_DIR)/cli.sh $(OSPREY) $(BUILD) $(CLI)

TEST_TARGETS += test-cli
