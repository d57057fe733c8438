# tests/isa/isa.mk: self-checking RISC-V ISA tests, written for osprey.
#
#   make isa-build              build every test, finisher and HTIF flavours
#   make test-isa               run them all on osprey
#   make test-isa-qemu          run the QEMU-compatible ones on QEMU (the reference)
#   make test-isa ISA="add lw"  run only the named tests
#
# Each tests/isa/NAME.S builds to $(BUILD)/tests/isa/NAME.elf (reports through the
# SiFive test finisher) and NAME-htif.elf (reports through HTIF tohost; osprey only).
# See tests/isa/env.h for how a test is written.

ISA_DIR := tests/isa
ISA_OUT := $(BUILD)/tests/isa
ISA_ALL := $(sort $(notdir $(basename $(wildcard $(ISA_DIR)/*.S))))

# Tests that cannot pass on QEMU, each with the reason.
ISA_QEMU_SKIP :=
# ma_data: QEMU performs misaligned loads and stores; osprey traps (cause 4/6).
ISA_QEMU_SKIP += ma_data
# mepc_lsb: QEMU 7.2 keeps mepc[0]/sepc[0] as written; the spec has them read as 0.
ISA_QEMU_SKIP += mepc_lsb
# ma_fetch_jal: QEMU 7.2 puts a stale pc, not the target, in mtval for a misaligned jal/branch.
ISA_QEMU_SKIP += ma_fetch_jal
# instret: QEMU without -icount does not count instructions in minstret.
ISA_QEMU_SKIP += instret
# ma_amo: QEMU 7.2 reports a misaligned AMO as a load fault (cause 4), the spec says 6.
ISA_QEMU_SKIP += ma_amo
# vm_amo: QEMU 7.2 reports an AMO page fault as a load page fault (13), the spec says 15.
ISA_QEMU_SKIP += vm_amo
# irq_prio: QEMU 7.2 (no Smaia) takes the lowest-numbered pending interrupt first: SSI
# before MSI. (Its MSI-before-MTI case passes on QEMU.)
ISA_QEMU_SKIP += irq_prio

# Extra runs with more harts (NAME@CORES): the other harts must park.
ISA_MULTI := simple@4 lrsc@2

# ISA="name ..." selects tests by name.
ISA ?=
ISA_SEL = $(if $(strip $(ISA)),$(filter $(ISA),$(ISA_ALL)),$(ISA_ALL))
ISA_SEL_MULTI = $(if $(strip $(ISA)),$(filter $(addsuffix @%,$(ISA)),$(ISA_MULTI)),$(ISA_MULTI))

ISA_ELFS := $(ISA_ALL:%=$(ISA_OUT)/%.elf) $(ISA_ALL:%=$(ISA_OUT)/%-htif.elf)
ISA_DUMPS := $(ISA_ELFS:.elf=.dump)
ISA_DEPS := $(ISA_DIR)/env.h $(ISA_DIR)/link.ld $(ISA_DIR)/isa.mk
ISA_LDFLAGS = $(FW_ARCH) -nostdlib -nostartfiles -static -T $(ISA_DIR)/link.ld -Wl,--no-warn-rwx-segments

$(ISA_OUT)/%.elf: $(ISA_DIR)/%.S $(ISA_DEPS)
	@mkdir -p $(dir $@)
	$(FW_CC) $(ISA_LDFLAGS) -I$(ISA_DIR) $< -o $@

$(ISA_OUT)/%-htif.elf: $(ISA_DIR)/%.S $(ISA_DEPS)
	@mkdir -p $(dir $@)
	$(FW_CC) $(ISA_LDFLAGS) -I$(ISA_DIR) -DISA_HTIF $< -o $@

$(ISA_OUT)/%.dump: $(ISA_OUT)/%.elf
	$(FW_OBJDUMP) -d -M no-aliases $< > $@

.PHONY: isa-build isa-dump test-isa test-isa-qemu
isa-build: $(ISA_ELFS)
isa-dump: $(ISA_DUMPS)

test-isa: $(OSPREY) isa-build
	@sh $(ISA_DIR)/run.sh osprey $(OSPREY) $(ISA_OUT) $(ISA_SEL) $(ISA_SEL_MULTI)

test-isa-qemu: isa-build
	@sh $(ISA_DIR)/run.sh qemu "$(QEMU) $(QEMU_FLAGS)" $(ISA_OUT) \
		$(filter-out $(ISA_QEMU_SKIP),$(ISA_SEL)) $(filter-out $(ISA_QEMU_SKIP:%=%@%),$(ISA_SEL_MULTI))

TEST_TARGETS += test-isa test-isa-qemu
