# tests/cosim/fetch.mk: the fetch unit's RTL twin (rtl/fetch.sv) in lockstep
# with its C unit (model/cpu/fetch.c). Included by tests/cosim/cosim.mk, whose
# Verilator settings and runtime it uses.
#
#   make test-cosim-fetch   lockstep of three parameter sets (FETCH_CYCLES_SHORT
#                           cycles each), the broken build's check (lockstep and
#                           system), a system shadow run's statistics against a
#                           plain run's (in make test)
#   make cosim-fetch-long   lockstep for FETCH_CYCLES_LONG cycles per parameter set
#   FETCH_SEED=N            the random stimulus' seed (default 1)
#   FETCH_L1I_LINE=B FETCH_CORE_FETCH_QUEUE=N
#                           the first parameter set, which osprey links for
#                           --cosim=fetch (default 32 and 2: the default preset)
#
# A mismatch writes the last 64 cycles' ports, C and RTL side by side, to
# $(COSIM_WAVES)/fetch-mismatch-CYCLE.fst (the broken build's check requires
# that file).

FETCH_CYCLES_SHORT ?= 200000
FETCH_CYCLES_LONG  ?= 10000000
FETCH_SEED         ?= 1
FETCH_L1I_LINE         ?= 32
FETCH_CORE_FETCH_QUEUE ?= 2
FETCH_RTL_LIB      := $(RTL_OUT)/libfetch.a
FETCH_BROKEN_LIB   := $(RTL_OUT)/libfetch_broken.a
# osprey linked with the broken twin (the rule is in the top Makefile, beside osprey's)
FETCH_BROKEN_OSPREY := $(COSIM_OUT)/osprey-fetch-broken
FETCH_SYS_DIR      := $(COSIM_OUT)/fetch-system

FETCH_RTL_CXXFLAGS := -std=gnu++17 -O1 -Wall -Imodel -I$(COSIM_SRC) -I$(VL_INC) -I$(VL_INC)/vltstd

$(RTL_OUT)/cosim/fetch_check.o: $(COSIM_SRC)/fetch_check.c $(COSIM_SRC)/fetch_check.h \
		$(COSIM_SRC)/fetch_rtl.h model/cpu/fetch_if.h model/cpu/fetch.h
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

# $(call fetch_rtl_variant,DIR,L1I_LINE,CORE_FETCH_QUEUE,FLAGS): rtl/fetch.sv
# Verilated into $(RTL_OUT)/DIR with 32-bit line numbers and archived with its
# glue and the checker into $(RTL_OUT)/lib$(DIR).a; the lockstep test linked
# with it.
define fetch_rtl_variant
$(RTL_OUT)/$(1)/Vfetch.mk: rtl/fetch.sv $(COSIM_TDIR)/fetch.mk
	@rm -rf $(RTL_OUT)/$(1)
	@mkdir -p $(RTL_OUT)/$(1)
	$(VERILATOR) --cc -Wall --top-module fetch --Mdir $(RTL_OUT)/$(1) -GLineW=32 \
		-GL1I_LINE=$(2) -GCORE_FETCH_QUEUE=$(3) $(4) rtl/fetch.sv

$(RTL_OUT)/$(1)/Vfetch__ALL.o: $(RTL_OUT)/$(1)/Vfetch.mk
	$$(MAKE) -s -C $(RTL_OUT)/$(1) -f Vfetch.mk $(VL_OPT) Vfetch__ALL.o

$(RTL_OUT)/$(1)/fetch_rtl.o: $(COSIM_SRC)/fetch_rtl.cpp $(COSIM_SRC)/fetch_rtl.h \
		model/cpu/fetch_if.h model/cpu/fetch.h $(RTL_OUT)/$(1)/Vfetch.mk
	$(CXX) $(FETCH_RTL_CXXFLAGS) -I$(RTL_OUT)/$(1) -DFETCH_RTL_L1I_LINE=$(2) \
		-DFETCH_RTL_CORE_FETCH_QUEUE=$(3) -DFETCH_RTL_VARIANT='"$(1)"' -c $$< -o $$@

$(RTL_OUT)/lib$(1).a: $(RTL_OUT)/$(1)/Vfetch__ALL.o $(RTL_OUT)/$(1)/fetch_rtl.o \
		$(RTL_OUT)/cosim/fetch_check.o $(VL_RUNTIME)
	@rm -f $$@
	ar rcs $$@ $$^

$(COSIM_OUT)/test_$(1): $(COSIM_OUT)/test_fetch_lockstep.o $(RTL_OUT)/lib$(1).a $(COSIM_LIB) \
		$(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$< $(RTL_OUT)/lib$(1).a $(COSIM_LIB) $(MODEL_LIB) \
		$(COSIM_SYSLIBS) $(HOST_LIBS)
endef

# Three parameter sets: osprey's (by default the default preset's 32-byte
# lines and 2-instruction queue); 64-byte lines and an 8-instruction queue (the
# modern preset); 16-byte lines with a queue that reaches past the line from
# every offset. The broken build: 32-byte lines, a 2-instruction queue, never
# abandoning a pending line ahead.
$(eval $(call fetch_rtl_variant,fetch,$(FETCH_L1I_LINE),$(FETCH_CORE_FETCH_QUEUE),))
$(eval $(call fetch_rtl_variant,fetch_b,64,8,))
$(eval $(call fetch_rtl_variant,fetch_c,16,4,))
$(eval $(call fetch_rtl_variant,fetch_broken,32,2,-DFETCH_BROKEN))

FETCH_PROGS := $(addprefix $(COSIM_OUT)/test_,fetch fetch_b fetch_c fetch_broken)

.PHONY: test-cosim-fetch cosim-fetch-long
test-cosim-fetch: $(FETCH_PROGS) $(FETCH_BROKEN_OSPREY) $(OSPREY) $(DEMO_ELF)
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export FETCH_WAVE_DIR=$(COSIM_WAVES); \
	for v in fetch fetch_b fetch_c; do \
		$(COSIM_OUT)/test_$$v $(FETCH_CYCLES_SHORT) $(FETCH_SEED) || failed="$$failed $$v"; \
	done; \
	echo "== the broken build (a mismatch report below is expected)"; \
	$(COSIM_OUT)/test_fetch_broken --expect-mismatch $(FETCH_CYCLES_SHORT) $(FETCH_SEED) \
		|| failed="$$failed broken"; \
	echo "== the system shadow with the broken twin: exit 5 and a waveform under waves/"; \
	rm -rf $(FETCH_SYS_DIR) && mkdir -p $(FETCH_SYS_DIR) && \
	(cd $(FETCH_SYS_DIR) && $(abspath $(FETCH_BROKEN_OSPREY)) -q --cores 2 --cosim=fetch \
		$(abspath $(DEMO_ELF)) >/dev/null 2>stderr; echo $$? >status); \
	if [ "$$(cat $(FETCH_SYS_DIR)/status)" = 5 ] && \
	   grep -q "co-simulation mismatch in core [0-9]*'s fetch unit" \
		$(FETCH_SYS_DIR)/stderr && \
	   ls $(FETCH_SYS_DIR)/waves/fetch-mismatch-*.fst >/dev/null 2>&1; then \
		echo "stopped with exit 5, waveform written, as expected"; \
	else \
		echo "FAILED: exit $$(cat $(FETCH_SYS_DIR)/status)"; cat $(FETCH_SYS_DIR)/stderr; \
		failed="$$failed system"; \
	fi; \
	echo "== the system shadow changes nothing: the demo's statistics with and without it"; \
	$(OSPREY) -q --cores 2 --stats $(FETCH_SYS_DIR)/plain.json $(DEMO_ELF) >/dev/null 2>&1; \
	$(OSPREY) -q --cores 2 --cosim=fetch --stats $(FETCH_SYS_DIR)/shadow.json $(DEMO_ELF) \
		>/dev/null 2>$(FETCH_SYS_DIR)/shadow.err; \
	if grep -q ", 0 mismatching" $(FETCH_SYS_DIR)/shadow.err && \
	   cmp $(FETCH_SYS_DIR)/plain.json $(FETCH_SYS_DIR)/shadow.json; then \
		echo "the same statistics, no mismatch"; \
	else \
		cat $(FETCH_SYS_DIR)/shadow.err; failed="$$failed shadow"; \
	fi; \
	if [ -n "$$failed" ]; then echo "test-cosim-fetch: FAILED:$$failed"; exit 1; fi; \
	echo "test-cosim-fetch: all programs passed"

cosim-fetch-long: $(FETCH_PROGS)
	@mkdir -p $(COSIM_WAVES)
	@for v in fetch fetch_b fetch_c; do \
		FETCH_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_$$v $(FETCH_CYCLES_LONG) \
			$(FETCH_SEED) || exit 1; \
	done

TEST_TARGETS += test-cosim-fetch
