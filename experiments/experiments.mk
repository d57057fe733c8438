# experiments: the studies osweep runs (README: "The OS-support study").
#   make experiments        experiments/os-supports.exp, every workload to
#                           completion (88 points; 8 minutes on the 2-core
#                           machine; a rerun runs only what changed), then
#                           build/experiments/report.md with its plots, and
#                           the README's study section rewritten from it
#   make experiments-quick  the same matrix on EXP_QUICK_SLICE-instruction
#                           slices, into build/experiments-quick/ (the README
#                           is left alone): about 1 minute
# Area figures come from EXP_AREA_DIR/area-PRESET.json (default build/, where
# make area writes them) when present, "n/a" otherwise.
EXP_FILE        := experiments/os-supports.exp
EXP_DIR         := $(BUILD)/experiments
EXP_QUICK_DIR   := $(BUILD)/experiments-quick
EXP_QUICK_SLICE ?= 30000000
EXP_REPORT      := python3 experiments/report.py
EXP_AREA_DIR    ?= $(BUILD)

.PHONY: experiments experiments-quick
experiments: $(OSPREY)
	@start=$$(date +%s); st=0; \
	$(OSWEEP) run --out $(EXP_DIR) $(EXP_FILE) || st=$$?; \
	[ $$st -le 1 ] || exit $$st; \
	$(EXP_REPORT) $(EXP_DIR)/results.json $(EXP_DIR) --area-dir $(EXP_AREA_DIR) --readme README.md \
		--elapsed "This make experiments took $$(( $$(date +%s) - start )) s." || exit $$?; \
	exit $$st

experiments-quick: $(OSPREY)
	@start=$$(date +%s); st=0; \
	$(OSWEEP) run --slice $(EXP_QUICK_SLICE) --out $(EXP_QUICK_DIR) $(EXP_FILE) || st=$$?; \
	[ $$st -le 1 ] || exit $$st; \
	$(EXP_REPORT) $(EXP_QUICK_DIR)/results.json $(EXP_QUICK_DIR) --area-dir $(EXP_AREA_DIR) \
		--elapsed "This make experiments-quick took $$(( $$(date +%s) - start )) s." || exit $$?; \
	exit $$st
