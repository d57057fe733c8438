# tests/cosim: the RTL twins (rtl/*.sv), Verilated, in lockstep with their C
# units. Included by the top Makefile. Needs verilator, g++, zlib1g-dev and
# libcmocka-dev; synth-rtl needs yosys.
#
#   make test-cosim-unit       the C unit's directed spec checks, a short lockstep
#                              run (SBUF_CYCLES_SHORT cycles, every configuration
#                              built), and the broken-RTL check (in make test)
#   make cosim-unit-long       lockstep for SBUF_CYCLES_LONG cycles (10,000,000)
#   make lint-rtl              verilator --lint-only -Wall on every rtl/*.sv
#   make synth-rtl             yosys synth of rtl/sbuf.sv and rtl/fetch.sv, their cell counts
#   make sbuf-rtl-libs         only the RTL libraries
#   SBUF_SEED=N                the random stimulus' seed (default 1)
#
# Linking the RTL twin and the checker into a C program (the model library
# comes after them, since the checker calls sbuf_eval()):
#
#   $(CC) $(HOST_CFLAGS) -Isim/cosim -c prog.c -o prog.o
#   $(CC) $(HOST_CFLAGS) -o prog prog.o $(SBUF_RTL_LIBS) $(MODEL_LIB) $(HOST_LIBS)
#
# with the prerequisites $(COSIM_LIB) $(SBUF_RTL_LIB). SBUF_RTL_LIB is the
# Verilated model of rtl/sbuf.sv plus its C glue (sim/cosim/sbuf_rtl.h),
# built for SBUF_NBUFS x SBUF_DEPTH, SBUF_HEAD_ONLY (sbuf_rtl_new() refuses
# other parameters); COSIM_LIB is the checker and waveform writer
# (sim/cosim/cosim.h) with GTKWave's FST writer. Link one RTL library per
# program: every variant defines the same symbols.

SBUF_NBUFS        ?= 4
SBUF_DEPTH        ?= 4
SBUF_HEAD_ONLY    ?= 0
SBUF_CYCLES_SHORT ?= 200000
SBUF_CYCLES_LONG  ?= 10000000

VERILATOR   ?= verilator
YOSYS       ?= yosys
VL_ROOT     ?= $(firstword $(wildcard /usr/share/verilator /usr/local/share/verilator))
VL_INC      := $(VL_ROOT)/include
FST_DIR     := $(VL_INC)/gtkwave
# The Verilated C++ is compiled at -O2 (Verilator's default is -Os).
VL_OPT      := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2

RTL_SV      := $(wildcard rtl/*.sv)
RTL_OUT     := $(BUILD)/rtl
COSIM_SRC   := sim/cosim
COSIM_TDIR  := tests/cosim
COSIM_OUT   := $(BUILD)/tests/cosim
COSIM_WAVES := $(COSIM_OUT)/waves

COSIM_LIB           := $(RTL_OUT)/libcosim.a
SBUF_RTL_LIB        := $(RTL_OUT)/libsbuf_rtl.a
SBUF_RTL_BROKEN_LIB := $(RTL_OUT)/libsbuf_rtl_broken.a
SBUF_RTL_H3X2_LIB   := $(RTL_OUT)/libsbuf_rtl_h3x2.a
COSIM_SYSLIBS       := -lstdc++ -lm -lz -lpthread
SBUF_RTL_LIBS        = $(COSIM_LIB) $(SBUF_RTL_LIB) $(COSIM_SYSLIBS)

COSIM_CFLAGS = $(HOST_CFLAGS) -I$(COSIM_SRC) -I$(COSIM_TDIR) -I$(FST_DIR)
SBUF_RTL_CXXFLAGS := -std=gnu++17 -O1 -Wall -Imodel -I$(COSIM_SRC) -I$(VL_INC) -I$(VL_INC)/vltstd

# ---- the Verilated variants ------------------------------------------------
# $(call sbuf_rtl_variant,DIR,LIB,NBUFS,DEPTH,HEAD_ONLY,VERILATOR_FLAGS):
# rtl/sbuf.sv Verilated into $(RTL_OUT)/DIR and archived with its glue into
# LIB. The Verilator runtime objects come from the default variant's
# directory and are shared.
define sbuf_rtl_variant
$(RTL_OUT)/$(1)/Vsbuf.mk: rtl/sbuf.sv $(COSIM_TDIR)/cosim.mk
	@rm -rf $(RTL_OUT)/$(1)
	@mkdir -p $(RTL_OUT)/$(1)
	$(VERILATOR) --cc -Wall --top-module sbuf --Mdir $(RTL_OUT)/$(1) \
		-GNumBufs=$(3) -GDepth=$(4) -GHeadOnly=$(5) $(6) rtl/sbuf.sv

$(RTL_OUT)/$(1)/Vsbuf__ALL.o: $(RTL_OUT)/$(1)/Vsbuf.mk
	$$(MAKE) -s -C $(RTL_OUT)/$(1) -f Vsbuf.mk $(VL_OPT) Vsbuf__ALL.o

$(RTL_OUT)/$(1)/sbuf_rtl.o: $(COSIM_SRC)/sbuf_rtl.cpp $(COSIM_SRC)/sbuf_rtl.h \
		model/mem/sbuf_if.h $(RTL_OUT)/$(1)/Vsbuf.mk
	$(CXX) $(SBUF_RTL_CXXFLAGS) -I$(RTL_OUT)/$(1) -DSBUF_RTL_NBUFS=$(3) \
		-DSBUF_RTL_DEPTH=$(4) -DSBUF_RTL_HEAD_ONLY=$(5) -DSBUF_RTL_VARIANT='"$(1)"' \
		-c $$< -o $$@

$(2): $(RTL_OUT)/$(1)/Vsbuf__ALL.o $(RTL_OUT)/$(1)/sbuf_rtl.o $(VL_RUNTIME)
	@rm -f $$@
	ar rcs $$@ $$^
endef

VL_RUNTIME := $(RTL_OUT)/sbuf/verilated.o $(RTL_OUT)/sbuf/verilated_threads.o

$(eval $(call sbuf_rtl_variant,sbuf,$(SBUF_RTL_LIB),$(SBUF_NBUFS),$(SBUF_DEPTH),$(SBUF_HEAD_ONLY),))
$(eval $(call sbuf_rtl_variant,sbuf_broken,$(SBUF_RTL_BROKEN_LIB),4,4,0,-DSBUF_BROKEN))
$(eval $(call sbuf_rtl_variant,sbuf_h3x2,$(SBUF_RTL_H3X2_LIB),3,2,1,))

# Both objects in one sub-make: they share its dependency bookkeeping.
$(VL_RUNTIME) &: $(RTL_OUT)/sbuf/Vsbuf.mk
	$(MAKE) -s -C $(RTL_OUT)/sbuf -f Vsbuf.mk $(VL_OPT) verilated.o verilated_threads.o

# ---- the checker, the waveform writer and GTKWave's FST writer -------------
$(RTL_OUT)/cosim/cosim.o: $(COSIM_SRC)/cosim.c
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

$(RTL_OUT)/cosim/%.o: $(FST_DIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -w -D_GNU_SOURCE -DFST_CONFIG_INCLUDE='"fst_config.h"' -I$(FST_DIR) -c $< -o $@

$(RTL_OUT)/cosim/ports.o: $(COSIM_SRC)/ports.c $(COSIM_SRC)/ports.h
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

$(RTL_OUT)/cosim/port_wave.o: $(COSIM_SRC)/port_wave.c $(COSIM_SRC)/port_wave.h $(COSIM_SRC)/ports.h
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

$(COSIM_LIB): $(addprefix $(RTL_OUT)/cosim/,cosim.o ports.o port_wave.o fstapi.o fastlz.o lz4.o)
	@rm -f $@
	ar rcs $@ $^

.PHONY: sbuf-rtl-libs
sbuf-rtl-libs: $(COSIM_LIB) $(SBUF_RTL_LIB) $(SBUF_RTL_BROKEN_LIB) $(SBUF_RTL_H3X2_LIB)

# ---- the test programs ------------------------------------------------------
$(COSIM_OUT)/%.o: $(COSIM_TDIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

COSIM_STIM := $(COSIM_OUT)/stim.o $(COSIM_OUT)/sbuf_seq.o

$(COSIM_OUT)/test_sbuf_spec: $(COSIM_OUT)/test_sbuf_spec.o $(COSIM_STIM) $(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $@ $^ -lcmocka $(HOST_LIBS)

# $(call cosim_prog,NAME,SOURCE,RTL_LIB)
define cosim_prog
$(COSIM_OUT)/$(1): $(COSIM_OUT)/$(2).o $(COSIM_OUT)/fst_peek.o $(COSIM_STIM) $(COSIM_LIB) $(3) $(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$(filter %.o,$$^) $(COSIM_LIB) $(3) $(MODEL_LIB) \
		-lcmocka $(COSIM_SYSLIBS) $(HOST_LIBS)
endef

$(eval $(call cosim_prog,test_sbuf_lockstep,test_sbuf_lockstep,$(SBUF_RTL_LIB)))
$(eval $(call cosim_prog,test_sbuf_lockstep_h3x2,test_sbuf_lockstep,$(SBUF_RTL_H3X2_LIB)))
$(eval $(call cosim_prog,test_sbuf_broken,test_sbuf_broken,$(SBUF_RTL_BROKEN_LIB)))

COSIM_PROGS := $(addprefix $(COSIM_OUT)/,test_sbuf_spec test_sbuf_lockstep \
		test_sbuf_lockstep_h3x2 test_sbuf_broken)

.PRECIOUS: $(COSIM_OUT)/%.o

# ---- the user's targets -----------------------------------------------------
.PHONY: test-cosim-unit cosim-unit-long lint-rtl synth-rtl

test-cosim-unit: $(COSIM_PROGS)
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export SBUF_WAVE_DIR=$(COSIM_WAVES); \
	echo "== test_sbuf_spec"; $(COSIM_OUT)/test_sbuf_spec || failed="$$failed spec"; \
	for t in test_sbuf_lockstep test_sbuf_lockstep_h3x2; do \
		echo "== $$t ($(SBUF_CYCLES_SHORT) cycles)"; \
		$(COSIM_OUT)/$$t $(SBUF_CYCLES_SHORT) || failed="$$failed $$t"; \
	done; \
	echo "== test_sbuf_broken (mismatch reports below are expected)"; \
	$(COSIM_OUT)/test_sbuf_broken || failed="$$failed broken"; \
	if [ -n "$$failed" ]; then echo "test-cosim-unit: FAILED:$$failed"; exit 1; fi; \
	echo "test-cosim-unit: all programs passed"

cosim-unit-long: $(COSIM_OUT)/test_sbuf_lockstep $(COSIM_OUT)/test_sbuf_lockstep_h3x2
	@mkdir -p $(COSIM_WAVES)
	SBUF_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_sbuf_lockstep $(SBUF_CYCLES_LONG)
	SBUF_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_sbuf_lockstep_h3x2 $(SBUF_CYCLES_LONG)

# Every module file is linted as its own top; sbuf.sv also in its broken form.
lint-rtl:
	@for f in $(RTL_SV); do \
		echo "verilator --lint-only -Wall $$f"; \
		$(VERILATOR) --lint-only -Wall -Irtl --top-module $$(basename $$f .sv) $$f || exit 1; \
	done
	$(VERILATOR) --lint-only -Wall -DSBUF_BROKEN --top-module sbuf rtl/sbuf.sv
	$(VERILATOR) --lint-only -Wall -DIPF_ENGINE_BROKEN -GNextLine=3 -GGuarded=2 -GGuardLine=1 \
		--top-module ipf_engine rtl/ipf_engine.sv
	$(VERILATOR) --lint-only -Wall -DFETCH_BROKEN -GL1I_LINE=4 -GCORE_FETCH_QUEUE=1 \
		--top-module fetch rtl/fetch.sv
	$(VERILATOR) --lint-only -Wall -GL1I_LINE=4096 -GCORE_FETCH_QUEUE=64 -GLineW=32 \
		--top-module fetch rtl/fetch.sv
	@echo "lint-rtl: clean"

synth-rtl: $(RTL_OUT)/sbuf.synth.log $(RTL_OUT)/fetch.synth.log $(RTL_OUT)/fetch-64-8.synth.log
	@for f in $^; do echo "$$f:"; grep -E "Number of (wires|cells):" $$f | tail -2; done
	@echo "synth-rtl: full reports in $^"

$(RTL_OUT)/sbuf.synth.log: rtl/sbuf.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv rtl/sbuf.sv; synth -top sbuf; stat" >/dev/null

# The fetch unit at the default preset's parameters and at the modern one's.
$(RTL_OUT)/fetch.synth.log: rtl/fetch.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv rtl/fetch.sv; synth -top fetch; stat" >/dev/null

$(RTL_OUT)/fetch-64-8.synth.log: rtl/fetch.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv rtl/fetch.sv; \
		chparam -set L1I_LINE 64 -set CORE_FETCH_QUEUE 8 fetch; synth -top fetch; stat" \
		>/dev/null

TEST_TARGETS += test-cosim-unit

include $(COSIM_TDIR)/ipf_engine.mk
include $(COSIM_TDIR)/fetch.mk

-include $(wildcard $(COSIM_OUT)/*.d $(RTL_OUT)/cosim/*.d)
