# tests/osweep: the sweep tool's tests.
#   make test-osweep   expansion, a tiny sweep's table, the cache, a failed
#                      point, bad experiment files (part of `make test`)
#   make test-slurm    the same tiny sweep as a Slurm job array on a one-node
#                      cluster started on localhost; skipped with a message
#                      where slurmctld/slurmd cannot start
OSWEEP_TEST_DEPS := $(OSPREY) $(BUILD)/tests/osweep/exit7.elf

$(BUILD)/tests/osweep/exit7.elf: tests/osweep/exit7.S tests/isa/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -T tests/isa/link.ld -Wl,--no-warn-rwx-segments -o $@ $<

.PHONY: test-osweep test-slurm
test-osweep: $(OSWEEP_TEST_DEPS)
	@sh tests/osweep/osweep.sh $(BUILD) $(OSPREY)

test-slurm: $(OSWEEP_TEST_DEPS)
	@sh tests/osweep/slurm.sh $(BUILD) $(OSPREY)

TEST_TARGETS += test-osweep
