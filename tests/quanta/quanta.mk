# tests/quanta: functional mode in quanta (sys.quantum) is deterministic, keeps
# programs' output (stores into running code included) and stops exactly at an
# instruction limit.
#   make test-quanta
.PHONY: test-quanta
test-quanta: $(OSPREY) $(DEMO_ELF) $(BUILD)/tests/diff/smc.elf $(BUILD)/tests/diff/smc_ahead.elf \
		$(KERNEL_ELF) $(WL_DIR)/shell.img
	@sh tests/quanta/run.sh $(OSPREY) $(DEMO_ELF) $(BUILD)/tests/diff/smc.elf \
		$(BUILD)/tests/diff/smc_ahead.elf $(KERNEL_ELF) $(WL_DIR)/shell.img $(BUILD)/tests/quanta

TEST_TARGETS += test-quanta
