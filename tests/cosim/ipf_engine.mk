# tests/cosim/ipf_engine.mk: the instruction prefetch engine's RTL twin
# (rtl/ipf_engine.sv) in lockstep with its C unit (model/cpu/ipf_engine.c).
# Included by tests/cosim/cosim.mk, whose Verilator settings and runtime it uses.
#
#   make test-cosim-ipf     lockstep of two parameter sets (IPF_CYCLES_SHORT cycles
#                           each) and the broken build's check (in make test)
#   make cosim-ipf-long     lockstep for IPF_CYCLES_LONG cycles per parameter set
#   IPF_SEED=N              the random stimulus' seed (default 1)
#
# A mismatch writes the last 64 cycles' ports, C and RTL side by side, to
# $(COSIM_WAVES)/ipf_engine-mismatch-CYCLE.fst (the broken build's check
# requires that file).

IPF_CYCLES_SHORT ?= 200000
IPF_CYCLES_LONG  ?= 10000000
IPF_SEED         ?= 1

IPF_RTL_CXXFLAGS := -std=gnu++17 -O1 -Wall -Imodel -I$(COSIM_SRC) -I$(VL_INC) -I$(VL_INC)/vltstd

# $(call ipf_rtl_variant,DIR,NEXTLINE,DEGREE,GUARDED,GUARD_DEPTH,GUARD_LINE,LINE_SHIFT,FLAGS):
# rtl/ipf_engine.sv Verilated into $(RTL_OUT)/DIR with 32-bit line numbers and
# archived with its glue into $(RTL_OUT)/lib$(DIR).a.
define ipf_rtl_variant
$(RTL_OUT)/$(1)/Vipf_engine.mk: rtl/ipf_engine.sv $(COSIM_TDIR)/ipf_engine.mk
	@rm -rf $(RTL_OUT)/$(1)
	@mkdir -p $(RTL_OUT)/$(1)
	$(VERILATOR) --cc -Wall --top-module ipf_engine --Mdir $(RTL_OUT)/$(1) -GLineW=32 \
		-GNextLine=$(2) -GDegree=$(3) -GGuarded=$(4) -GGuardDepth=$(5) -GGuardLine=$(6) \
		-GLineShift=$(7) $(8) rtl/ipf_engine.sv

$(RTL_OUT)/$(1)/Vipf_engine__ALL.o: $(RTL_OUT)/$(1)/Vipf_engine.mk
	$$(MAKE) -s -C $(RTL_OUT)/$(1) -f Vipf_engine.mk $(VL_OPT) Vipf_engine__ALL.o

$(RTL_OUT)/$(1)/ipf_engine_rtl.o: $(COSIM_SRC)/ipf_engine_rtl.cpp $(COSIM_SRC)/ipf_engine_rtl.h \
		model/cpu/ipf_engine_if.h model/cpu/ipf_engine.h $(RTL_OUT)/$(1)/Vipf_engine.mk
	$(CXX) $(IPF_RTL_CXXFLAGS) -I$(RTL_OUT)/$(1) -DIPF_RTL_NEXTLINE=$(2) -DIPF_RTL_DEGREE=$(3) \
		-DIPF_RTL_GUARDED=$(4) -DIPF_RTL_GUARD_DEPTH=$(5) -DIPF_RTL_GUARD_LINE=$(6) \
		-DIPF_RTL_LINE_SHIFT=$(7) -DIPF_RTL_VARIANT='"$(1)"' -c $$< -o $$@

$(RTL_OUT)/lib$(1).a: $(RTL_OUT)/$(1)/Vipf_engine__ALL.o $(RTL_OUT)/$(1)/ipf_engine_rtl.o $(VL_RUNTIME)
	@rm -f $$@
	ar rcs $$@ $$^

$(COSIM_OUT)/test_$(1): $(COSIM_OUT)/test_ipf_engine_lockstep.o $(RTL_OUT)/lib$(1).a $(COSIM_LIB) \
		$(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$< $(RTL_OUT)/lib$(1).a $(COSIM_LIB) $(MODEL_LIB) \
		$(COSIM_SYSLIBS) $(HOST_LIBS)
endef

# Two parameter sets: tagged next-line of degree 2 with guarded runs on misses
# (32-byte lines); next-line on every access of degree 4 with tagged guarded
# runs that fetch the guarded line (64-byte lines). The broken build: the
# first set with a run one line short.
$(eval $(call ipf_rtl_variant,ipf_engine_a,3,2,1,4,0,5,))
$(eval $(call ipf_rtl_variant,ipf_engine_b,1,4,2,6,1,6,))
$(eval $(call ipf_rtl_variant,ipf_engine_broken,3,2,1,4,0,5,-DIPF_ENGINE_BROKEN))

IPF_PROGS := $(addprefix $(COSIM_OUT)/test_,ipf_engine_a ipf_engine_b ipf_engine_broken)

.PHONY: test-cosim-ipf cosim-ipf-long
test-cosim-ipf: $(IPF_PROGS)
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export IPF_WAVE_DIR=$(COSIM_WAVES); \
	for v in a b; do \
		$(COSIM_OUT)/test_ipf_engine_$$v $(IPF_CYCLES_SHORT) $(IPF_SEED) || failed="$$failed $$v"; \
	done; \
	echo "== the broken build (a mismatch report below is expected)"; \
	$(COSIM_OUT)/test_ipf_engine_broken --expect-mismatch $(IPF_CYCLES_SHORT) $(IPF_SEED) \
		|| failed="$$failed broken"; \
	if [ -n "$$failed" ]; then echo "test-cosim-ipf: FAILED:$$failed"; exit 1; fi; \
	echo "test-cosim-ipf: all programs passed"

cosim-ipf-long: $(IPF_PROGS)
	@mkdir -p $(COSIM_WAVES)
	IPF_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_ipf_engine_a $(IPF_CYCLES_LONG) $(IPF_SEED)
	IPF_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_ipf_engine_b $(IPF_CYCLES_LONG) $(IPF_SEED)

TEST_TARGETS += test-cosim-ipf
