# tests/ahead/ahead.mk - running ahead (sys.run_ahead) changes nothing:
# `make ahead-check [N=24] [SEED=1]` runs N random configurations, each
# with running ahead off and on, on the demo, slices of the kernel's
# workload and tests/ahead's programs, and compares their output,
# statistics and output files byte for byte (sim/stats-combo.sh, focus
# `ahead`), and the
# fixed runs of cases.list likewise; then checks what core.ran_parked counts
# (parked.py). Part of `make test`. Included by the top Makefile.

AHEAD_DIR := tests/ahead
# tests/diff's atomics: spin locks on AMOs and LR/SC (a loop must not park on
# what running ahead does not run). lr_guard: a store or AMO running ahead
# next to another hart's SC.
AHEAD_ELFS := $(BUILD)/tests/ahead/spin_ipi.elf $(BUILD)/tests/ahead/code_snoop.elf \
	      $(BUILD)/tests/ahead/spin_park.elf $(BUILD)/tests/diff/atomics.elf \
	      $(BUILD)/tests/ahead/lr_guard.elf

$(BUILD)/tests/ahead/%.o: $(AHEAD_DIR)/%.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -MMD -MP -c $< -o $@

$(BUILD)/tests/ahead/%.elf: $(BUILD)/tests/ahead/%.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PRECIOUS: $(BUILD)/tests/ahead/%.o

# Random code too (instruction soups, tests/robust/soup.h: traps, paging,
# interrupts, code written by stores and by the DMA engine): SEED-HARTS, each
# AHEAD_SOUP_CYCLES with the DMA engine on, added to cases.list's runs. The
# first once ran differently: a jump to a misaligned target trapped in a run
# ahead, before an event of its cycle, which then counted an L2 access in
# the trap's mode. In 7027 and 7147 another hart's stores rewrite code a
# core runs ahead in; 7109 once stopped with an internal error (a parked
# loop's decoded entry taken by another hart's code).
AHEAD_SOUPS := $(foreach s,1-2 7-4 12-3 20-1 33-4 41-2 7027-4 7147-4 7109-2,\
	$(BUILD)/tests/robust/soup-$(s).elf)
AHEAD_SOUP_CYCLES ?= 300000

.PHONY: ahead-check
ahead-check: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img $(AHEAD_ELFS) $(AHEAD_SOUPS)
	@mkdir -p $(BUILD)/tests/ahead
	@{ cat $(AHEAD_DIR)/cases.list; for e in $(AHEAD_SOUPS); do \
		h=$$(basename $$e .elf | cut -d- -f3); \
		echo "--cores $$h --set dma.enabled=on --max-cycles $(AHEAD_SOUP_CYCLES) - elf:$$e"; \
	done; } >$(BUILD)/tests/ahead/cases.all
	@sh sim/stats-combo.sh $(OSPREY) $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img \
		$(or $(N),24) $(or $(SEED),1) ahead "$(AHEAD_ELFS)" $(BUILD)/tests/ahead/cases.all
	@python3 $(AHEAD_DIR)/parked.py $(OSPREY) $(BUILD)/tests/ahead/spin_park.elf 4

TEST_TARGETS += ahead-check

-include $(wildcard $(BUILD)/tests/ahead/*.d)
