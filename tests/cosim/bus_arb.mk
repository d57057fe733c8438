# tests/cosim/bus_arb.mk: the bus controller's RTL twin (rtl/bus_arb.sv) in
# lockstep with its C unit (model/mem/bus_arb.c). Included by
# tests/cosim/cosim.mk, whose Verilator settings and runtime it uses.
#
#   make test-cosim-bus     lockstep for 4 and 8 agents (BUS_CYCLES_SHORT cycles
#                           each) and the broken build's check (in make test)
#   make cosim-bus-long     lockstep for BUS_CYCLES_LONG cycles per agent count
#   BUS_SEED=N              the random stimulus' seed (default 1)
#
# A mismatch writes the last 64 cycles' ports, C and RTL side by side, to
# $(COSIM_WAVES)/bus_arb-mismatch-CYCLE.fst (the broken build's check
# requires that file).

BUS_CYCLES_SHORT ?= 200000
BUS_CYCLES_LONG  ?= 10000000
BUS_SEED         ?= 1

BUS_RTL_CXXFLAGS := -std=gnu++17 -O1 -Wall -Imodel -I$(COSIM_SRC) -I$(VL_INC) -I$(VL_INC)/vltstd

# $(call bus_rtl_variant,DIR,AGENTS,FLAGS): rtl/bus_arb.sv Verilated into
# $(RTL_OUT)/DIR for AGENTS agents and archived with its glue into
# $(RTL_OUT)/lib$(DIR).a.
define bus_rtl_variant
$(RTL_OUT)/$(1)/Vbus_arb.mk: rtl/osprey_pkg.sv rtl/bus_arb.sv $(COSIM_TDIR)/bus_arb.mk
	@rm -rf $(RTL_OUT)/$(1)
	@mkdir -p $(RTL_OUT)/$(1)
	$(VERILATOR) --cc -Wall --top-module bus_arb --Mdir $(RTL_OUT)/$(1) \
		-GAgents=$(2) $(3) \
		rtl/osprey_pkg.sv rtl/bus_arb.sv

# Verilator splits this model into several files (the unrolled loops of many
# agents): its archive, not one object, is what it builds.
$(RTL_OUT)/$(1)/Vbus_arb__ALL.a: $(RTL_OUT)/$(1)/Vbus_arb.mk
	$$(MAKE) -s -C $(RTL_OUT)/$(1) -f Vbus_arb.mk $(VL_OPT) Vbus_arb__ALL.a

$(RTL_OUT)/$(1)/bus_arb_rtl.o: $(COSIM_SRC)/bus_arb_rtl.cpp $(COSIM_SRC)/bus_arb_rtl.h \
		model/mem/bus_arb_if.h model/mem/bus_arb.h $(RTL_OUT)/$(1)/Vbus_arb.mk
	$(CXX) $(BUS_RTL_CXXFLAGS) -I$(RTL_OUT)/$(1) -DBUS_ARB_RTL_AGENTS=$(2) \
		-DBUS_ARB_RTL_VARIANT='"$(1)"' -c $$< -o $$@

$(RTL_OUT)/lib$(1).a: $(RTL_OUT)/$(1)/Vbus_arb__ALL.a $(RTL_OUT)/$(1)/bus_arb_rtl.o $(VL_RUNTIME)
	cp $$< $$@
	ar rs $$@ $$(filter %.o,$$^)

$(COSIM_OUT)/test_$(1): $(COSIM_OUT)/test_bus_arb_lockstep.o $(RTL_OUT)/lib$(1).a $(COSIM_LIB) \
		$(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$< $(RTL_OUT)/lib$(1).a $(COSIM_LIB) $(MODEL_LIB) \
		$(COSIM_SYSLIBS) $(HOST_LIBS)
endef

# Four agents (a 4-core machine's L2s) and eight (with four DMA channels); the
# broken build: four agents, a hold refused after a waiter taken anyway.
$(eval $(call bus_rtl_variant,bus_arb_4,4,))
$(eval $(call bus_rtl_variant,bus_arb_8,8,))
$(eval $(call bus_rtl_variant,bus_arb_broken,4,-DBUS_ARB_BROKEN))

BUS_PROGS := $(addprefix $(COSIM_OUT)/test_,bus_arb_4 bus_arb_8 bus_arb_broken)

.PHONY: test-cosim-bus cosim-bus-long
test-cosim-bus: $(BUS_PROGS)
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export BUS_ARB_WAVE_DIR=$(COSIM_WAVES); \
	for v in 4 8; do \
		$(COSIM_OUT)/test_bus_arb_$$v $(BUS_CYCLES_SHORT) $(BUS_SEED) || failed="$$failed $$v"; \
	done; \
	echo "== the broken build (a mismatch report below is expected)"; \
	$(COSIM_OUT)/test_bus_arb_broken --expect-mismatch $(BUS_CYCLES_SHORT) $(BUS_SEED) \
		|| failed="$$failed broken"; \
	if [ -n "$$failed" ]; then echo "test-cosim-bus: FAILED:$$failed"; exit 1; fi; \
	echo "test-cosim-bus: all programs passed"

cosim-bus-long: $(BUS_PROGS)
	@mkdir -p $(COSIM_WAVES)
	BUS_ARB_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_bus_arb_4 $(BUS_CYCLES_LONG) $(BUS_SEED)
	BUS_ARB_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_bus_arb_8 $(BUS_CYCLES_LONG) $(BUS_SEED)

TEST_TARGETS += test-cosim-bus
