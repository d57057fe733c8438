# tests/cosim: the RTL twins (rtl/*.sv), Verilated, in lockstep with their C
# units, and the build of the Verilated models that osprey loads for
# --cosim/--rtl. Included by the top Makefile. Needs verilator, g++,
# zlib1g-dev and libcmocka-dev; synth-rtl needs yosys.
#
#   make test-cosim-unit   every twin's lockstep: the stream buffer's directed
#                          spec checks, directed and random runs, the prefetch
#                          engine's, the bus controller's and sequencer's, the
#                          DMA engine's, the fetch unit's and the L1
#                          controller's; the generic random lockstep of every
#                          registered unit (TWIN_CYCLES_SHORT cycles per
#                          geometry) and every broken build's check (in make test)
#   make cosim-unit-long   the same runs for TWIN_CYCLES_LONG cycles (10,000,000)
#   make rtl-twin TWIN=sbuf PARAMS="SBUF_COUNT=2 SBUF_DEPTH=8 SBUF_HIT=0"
#                          the Verilated model of one geometry, for osprey
#                          (the command osprey names when it lacks one)
#   make lint-rtl          verilator --lint-only -Wall on every rtl/*.sv
#   make synth-rtl         yosys synth of rtl/sbuf.sv, bus_arb.sv, bus_seq.sv, dma.sv, fetch.sv and
#                          l1i.sv, cell counts
#   TWIN_SEED=N            the random stimulus' seed (default 1)
#
# A geometry is the unit's parameters, named as its configuration keys in
# capitals (sim/cosim/twin.h: sbuf.count is SBUF_COUNT), in the order of its
# <PFX>_PARAMS list. Its model is build/rtl/<unit>-<values>/twin.so: the
# Verilated RTL, the unit's binding (sim/cosim/<unit>_twin.cpp) and the
# Verilator runtime, loaded with dlopen() by osprey and the test programs.
#
# Adding a twin: rtl/UNIT.sv, sim/cosim/UNIT_twin.cpp, its line in
# sim/cosim/twins.c, and its TWIN_GEOMETRIES_UNIT line below (the
# geometries make test checks in random lockstep, broken build included; the
# first is also built by make all).

TWIN_CYCLES_SHORT ?= 200000
TWIN_CYCLES_LONG  ?= 10000000
TWIN_SEED         ?= 1

VERILATOR   ?= verilator
YOSYS       ?= yosys
VL_ROOT     ?= $(firstword $(wildcard /usr/share/verilator /usr/local/share/verilator))
VL_INC      := $(VL_ROOT)/include
FST_DIR     := $(VL_INC)/gtkwave
# The Verilated C++ is compiled at -O2 (Verilator's default is -Os), as
# position-independent code with only the binding's symbol exported.
VL_OPT      := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
VL_CFLAGS   := -fPIC -fvisibility=hidden

RTL_SV      := $(wildcard rtl/*.sv)
# The shared package (the codes the twins share with the C model), read
# before every module.
RTL_PKG     := rtl/osprey_pkg.sv
RTL_OUT     := $(BUILD)/rtl
COSIM_SRC   := sim/cosim
COSIM_TDIR  := tests/cosim
COSIM_OUT   := $(BUILD)/tests/cosim
COSIM_WAVES := $(COSIM_OUT)/waves

COSIM_LIB     := $(RTL_OUT)/libcosim.a
COSIM_SYSLIBS := -lm -lz -ldl -lpthread
COSIM_CFLAGS   = $(HOST_CFLAGS) -I$(COSIM_SRC) -I$(COSIM_TDIR) -I$(FST_DIR)
TWIN_CXXFLAGS := -std=gnu++17 -O1 -Wall $(VL_CFLAGS) -MMD -MP -Imodel -I$(COSIM_SRC) \
		 -I$(VL_INC) -I$(VL_INC)/vltstd

# Per unit, the geometries make test runs in lockstep, each "P=V,P=V,..."
# in <PFX>_PARAMS order. The stream buffer: 4 x 4 any-entry hits (the
# README's examples) and 3 x 2 head-only; the prefetch engine: tagged
# next-line of degree 2 with guarded runs on misses (32-byte lines), and
# next-line on every access of degree 4 with tagged guarded runs that fetch
# the guarded line (64-byte lines).
TWIN_GEOMETRIES_sbuf       := SBUF_COUNT=4,SBUF_DEPTH=4,SBUF_HIT=1 \
			      SBUF_COUNT=3,SBUF_DEPTH=2,SBUF_HIT=0
TWIN_GEOMETRIES_ipf_engine := L1I_LINE=32,PF_NEXTLINE=3,PF_DEGREE=2,PF_GUARDED=1,PF_GUARD_DEPTH=4,PF_GUARD_LINE=0 \
			      L1I_LINE=64,PF_NEXTLINE=1,PF_DEGREE=4,PF_GUARDED=2,PF_GUARD_DEPTH=6,PF_GUARD_LINE=1
# The bus controller: 4 cores (the system tests' machine), and 4 cores with
# the DMA engine's channels (8 agents).
TWIN_GEOMETRIES_bus_arb    := SYS_CORES=4,DMA_ENABLED=0 SYS_CORES=4,DMA_ENABLED=1
# The bus sequencer: the default preset's bus (4 core cycles per bus cycle,
# 8 bytes wide, 64-byte lines, 1 + 1 + 2 bus cycles of arbitration, snoop
# and cache-to-cache); an odd one: 3 per bus cycle, 3 bytes wide (a line's
# beats round up), 16-byte lines, 2 cycles of arbitration, no snoop delay,
# 5 of cache-to-cache.
TWIN_GEOMETRIES_bus_seq    := BUS_CLOCK_DIV=4,BUS_WIDTH=8,BUS_ARB_CYCLES=1,BUS_SNOOP_CYCLES=1,BUS_C2C_CYCLES=2,L2_LINE=64 \
			      BUS_CLOCK_DIV=3,BUS_WIDTH=3,BUS_ARB_CYCLES=2,BUS_SNOOP_CYCLES=0,BUS_C2C_CYCLES=5,L2_LINE=16
# The DMA engine: the default preset's on 4 cores (4 slots, 64-byte lines,
# granule 4, 64 KiB operations, setup 10, 128 MiB of RAM); 3 cores, 5 slots,
# 32-byte lines, byte granule, 4 KiB operations, no setup and 2 GiB of RAM,
# which ends at 2^32 (address sums wrap).
TWIN_GEOMETRIES_dma        := SYS_CORES=4,DMA_INFLIGHT=4,L2_LINE=64,DMA_GRANULE=4,DMA_MAX_LEN=65536,DMA_SETUP=10,SYS_MEM_SIZE=134217728 \
			      SYS_CORES=3,DMA_INFLIGHT=5,L2_LINE=32,DMA_GRANULE=1,DMA_MAX_LEN=4096,DMA_SETUP=0,SYS_MEM_SIZE=2147483648
# The fetch unit: the default machine's 32-byte lines and 2-instruction
# queue; 64 and 8; 16 and 4 (the queue reaches past the line from every
# offset).
TWIN_GEOMETRIES_fetch      := L1I_LINE=32,CORE_FETCH_QUEUE=2 L1I_LINE=64,CORE_FETCH_QUEUE=8 \
			      L1I_LINE=16,CORE_FETCH_QUEUE=4
# The L1 controller: the default machine's instruction cache (16 KiB
# direct-mapped, 32-byte lines, one MSHR); 1 KiB 4-way LRU with 4 MSHRs;
# 512 bytes 2-way FIFO with 16-byte lines and 8 MSHRs (small sets, so that
# replacement happens often).
TWIN_GEOMETRIES_l1i        := L1I_SIZE=16384,L1I_WAYS=1,L1I_LINE=32,L1I_REPL=0,L1I_MSHRS=1 \
			      L1I_SIZE=1024,L1I_WAYS=4,L1I_LINE=32,L1I_REPL=0,L1I_MSHRS=4 \
			      L1I_SIZE=512,L1I_WAYS=2,L1I_LINE=16,L1I_REPL=1,L1I_MSHRS=8
# The units: those with a TWIN_GEOMETRIES_ line.
TWIN_UNITS := $(sort $(patsubst TWIN_GEOMETRIES_%,%,$(filter TWIN_GEOMETRIES_%,$(.VARIABLES))))

comma := ,
empty :=
space := $(empty) $(empty)
# "P=1,Q=2" -> "1-2": a geometry's directory suffix (twin.c builds the same name).
twin_values = $(subst $(space),-,$(foreach p,$(subst $(comma), ,$(1)),$(lastword $(subst =, ,$(p)))))
twin_dir    = $(1)-$(call twin_values,$(2))

# $(call twin_model,UNIT,DIR,GEOMETRY,VERILATOR_FLAGS): rtl/UNIT.sv Verilated
# with -G for each parameter of GEOMETRY into $(RTL_OUT)/DIR, linked with
# its binding and the Verilator runtime into $(RTL_OUT)/DIR/twin.so. DIR/made
# says "UNIT GEOMETRY VERILATOR_FLAGS", so that make keeps the model up to
# date later (below).
define twin_model
$(RTL_OUT)/$(2)/V$(1).mk: $(RTL_PKG) rtl/$(1).sv $(COSIM_TDIR)/cosim.mk
	@rm -rf $(RTL_OUT)/$(2)
	@mkdir -p $(RTL_OUT)/$(2)
	@echo '$(1) $(3) $(4)' > $(RTL_OUT)/$(2)/made
	$(VERILATOR) --cc -Wall --top-module $(1) --Mdir $(RTL_OUT)/$(2) --CFLAGS "$(VL_CFLAGS)" \
		$(addprefix -G,$(subst $(comma), ,$(3))) $(4) $(RTL_PKG) rtl/$(1).sv

# The model's archive: one object, or several when Verilator splits a large
# model into files.
$(RTL_OUT)/$(2)/V$(1)__ALL.a: $(RTL_OUT)/$(2)/V$(1).mk
	$$(MAKE) -s -C $(RTL_OUT)/$(2) -f V$(1).mk $(VL_OPT) V$(1)__ALL.a

$(RTL_OUT)/$(2)/binding.o: $(COSIM_SRC)/$(1)_twin.cpp $(RTL_OUT)/$(2)/V$(1).mk
	$(CXX) $(TWIN_CXXFLAGS) -I$(RTL_OUT)/$(2) -DTWIN_GEOMETRY='"$(3)"' \
		-DTWIN_VARIANT='"$(2)"' -c $$< -o $$@

$(RTL_OUT)/$(2)/twin.so: $(RTL_OUT)/$(2)/V$(1)__ALL.a $(RTL_OUT)/$(2)/binding.o $(VL_RUNTIME)
	$(CXX) -shared -Wl,-Bsymbolic -o $$@ -Wl,--whole-archive $$< -Wl,--no-whole-archive \
		$$(filter %.o,$$^) -lz -lpthread
endef

# The Verilator runtime, compiled once (from the first geometry's build).
VL_RUNTIME_DIR := $(RTL_OUT)/$(call twin_dir,sbuf,$(firstword $(TWIN_GEOMETRIES_sbuf)))
VL_RUNTIME     := $(VL_RUNTIME_DIR)/verilated.o $(VL_RUNTIME_DIR)/verilated_threads.o
# Both objects in one sub-make: they share its dependency bookkeeping.
$(VL_RUNTIME) &: $(VL_RUNTIME_DIR)/Vsbuf.mk
	$(MAKE) -s -C $(VL_RUNTIME_DIR) -f Vsbuf.mk $(VL_OPT) verilated.o verilated_threads.o

# Every geometry of every unit, and each unit's broken build (UNIT_BROKEN
# defined: a deliberate bug the checker must catch) at its first geometry.
TWIN_MODELS :=
$(foreach u,$(TWIN_UNITS),$(foreach g,$(TWIN_GEOMETRIES_$(u)),\
	$(eval $(call twin_model,$(u),$(call twin_dir,$(u),$(g)),$(g),))\
	$(eval TWIN_MODELS += $(RTL_OUT)/$(call twin_dir,$(u),$(g))/twin.so)))
upper = $(shell echo '$(1)' | tr a-z A-Z)
$(foreach u,$(TWIN_UNITS),\
	$(eval $(call twin_model,$(u),$(u)-broken,$(firstword $(TWIN_GEOMETRIES_$(u))),-D$(call upper,$(u))_BROKEN)))
TWIN_BROKEN := $(foreach u,$(TWIN_UNITS),$(RTL_OUT)/$(u)-broken/twin.so)
# make all builds each unit's first geometry.
TWIN_DEFAULT := $(foreach u,$(TWIN_UNITS),\
	$(RTL_OUT)/$(call twin_dir,$(u),$(firstword $(TWIN_GEOMETRIES_$(u))))/twin.so)

# Models made before with make rtl-twin: make (all) keeps them up to date
# too, so that none is left behind after a change to rtl/ or the bindings.
TWIN_MADE := $(filter-out $(TWIN_MODELS) $(TWIN_BROKEN),$(wildcard $(RTL_OUT)/*/twin.so))
$(foreach m,$(TWIN_MADE),$(if $(wildcard $(dir $(m))made),$(eval $(call twin_model,$\
	$(word 1,$(file < $(dir $(m))made)),$(notdir $(patsubst %/,%,$(dir $(m)))),$\
	$(word 2,$(file < $(dir $(m))made)),$(word 3,$(file < $(dir $(m))made))))))

# make rtl-twin TWIN=.. PARAMS="P=V ...": one geometry on demand.
.PHONY: rtl-twin
ifneq ($(TWIN),)
RTL_TWIN_GEOMETRY := $(subst $(space),$(comma),$(strip $(PARAMS)))
RTL_TWIN_DIR      := $(call twin_dir,$(TWIN),$(RTL_TWIN_GEOMETRY))
ifeq ($(filter $(RTL_OUT)/$(RTL_TWIN_DIR)/twin.so,$(TWIN_MODELS) $(TWIN_MADE)),)
$(eval $(call twin_model,$(TWIN),$(RTL_TWIN_DIR),$(RTL_TWIN_GEOMETRY),))
endif
rtl-twin: $(RTL_OUT)/$(RTL_TWIN_DIR)/twin.so
	@echo "rtl-twin: $<"
else
rtl-twin:
	@echo 'usage: make rtl-twin TWIN=unit PARAMS="P=V ..." (osprey names the command)' >&2
	@exit 2
endif

# ---- the checker, the registry, the waveform writer, GTKWave's FST writer --
$(RTL_OUT)/cosim/%.o: $(COSIM_SRC)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

$(RTL_OUT)/cosim/%.o: $(FST_DIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -w -D_GNU_SOURCE -DFST_CONFIG_INCLUDE='"fst_config.h"' -I$(FST_DIR) -c $< -o $@

$(COSIM_LIB): $(addprefix $(RTL_OUT)/cosim/,twin.o twins.o ports.o port_wave.o fstapi.o \
		fastlz.o lz4.o)
	@rm -f $@
	ar rcs $@ $^

# ---- the test programs ------------------------------------------------------
$(COSIM_OUT)/%.o: $(COSIM_TDIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(COSIM_CFLAGS) -c $< -o $@

COSIM_STIM := $(COSIM_OUT)/stim.o $(COSIM_OUT)/sbuf_seq.o

$(COSIM_OUT)/test_sbuf_spec: $(COSIM_OUT)/test_sbuf_spec.o $(COSIM_STIM) $(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $@ $^ -lcmocka $(HOST_LIBS)

# The programs load a model (twin.so) named on their command line or in
# their environment; the checker comes from COSIM_LIB.
define cosim_prog
$(COSIM_OUT)/$(1): $(COSIM_OUT)/$(1).o $(2) $(COSIM_LIB) $(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$(filter %.o,$$^) $(COSIM_LIB) $(MODEL_LIB) \
		-lcmocka $(COSIM_SYSLIBS) $(HOST_LIBS)
endef

$(eval $(call cosim_prog,test_sbuf_lockstep,$(COSIM_OUT)/fst_peek.o $(COSIM_STIM)))
$(eval $(call cosim_prog,test_sbuf_broken,$(COSIM_OUT)/fst_peek.o $(COSIM_STIM)))
# The units with a directed lockstep program of their own,
# tests/cosim/test_UNIT_lockstep.c (TWIN.so CYCLES SEED, or --expect-mismatch).
DIRECTED_UNITS := ipf_engine bus_arb bus_seq dma fetch l1i
$(foreach u,$(DIRECTED_UNITS),$(eval $(call cosim_prog,test_$(u)_lockstep,)))
$(eval $(call cosim_prog,test_twin_lockstep,))
$(eval $(call cosim_prog,twin_views,))

COSIM_PROGS := $(addprefix $(COSIM_OUT)/,test_sbuf_spec test_sbuf_lockstep test_sbuf_broken \
		$(foreach u,$(DIRECTED_UNITS),test_$(u)_lockstep) test_twin_lockstep twin_views)

.PRECIOUS: $(COSIM_OUT)/%.o

# ---- the user's targets -----------------------------------------------------
.PHONY: test-cosim-unit cosim-unit-long lint-rtl synth-rtl test-cosim-ipf cosim-ipf-long

# $(call twin_runs,CYCLES): every lockstep program on every geometry, then
# every broken build (which must be caught).
define twin_runs
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export TWIN_WAVE_DIR=$(COSIM_WAVES); \
	echo "== the waves/ views"; $(COSIM_OUT)/twin_views check waves || failed="$$failed views"; \
	echo "== test_sbuf_spec"; $(COSIM_OUT)/test_sbuf_spec || failed="$$failed spec"; \
	for g in $(foreach g,$(TWIN_GEOMETRIES_sbuf),$(call twin_dir,sbuf,$(g))); do \
		echo "== test_sbuf_lockstep $$g ($(1) cycles)"; \
		SBUF_TWIN=$(RTL_OUT)/$$g/twin.so SBUF_SEED=$(TWIN_SEED) \
			$(COSIM_OUT)/test_sbuf_lockstep $(1) || failed="$$failed sbuf:$$g"; \
	done; \
	$(foreach u,$(DIRECTED_UNITS),for g in $(foreach g,$(TWIN_GEOMETRIES_$(u)),$(call twin_dir,$(u),$(g))); do \
		$(COSIM_OUT)/test_$(u)_lockstep $(RTL_OUT)/$$g/twin.so $(1) $(TWIN_SEED) \
			|| failed="$$failed $(u):$$g"; \
	done;) \
	$(foreach u,$(TWIN_UNITS),for g in $(foreach g,$(TWIN_GEOMETRIES_$(u)),$(call twin_dir,$(u),$(g))); do \
		$(COSIM_OUT)/test_twin_lockstep $(u) $(RTL_OUT)/$$g/twin.so $(1) $(TWIN_SEED) \
			|| failed="$$failed random:$$g"; \
	done;) \
	echo "== the broken builds (mismatch reports below are expected)"; \
	SBUF_TWIN=$(RTL_OUT)/sbuf-broken/twin.so $(COSIM_OUT)/test_sbuf_broken || failed="$$failed broken:sbuf"; \
	$(foreach u,$(DIRECTED_UNITS),$(COSIM_OUT)/test_$(u)_lockstep --expect-mismatch \
		$(RTL_OUT)/$(u)-broken/twin.so $(1) $(TWIN_SEED) || failed="$$failed broken:$(u)";) \
	$(foreach u,$(TWIN_UNITS),$(COSIM_OUT)/test_twin_lockstep --expect-mismatch $(u) \
		$(RTL_OUT)/$(u)-broken/twin.so $(1) $(TWIN_SEED) || failed="$$failed random-broken:$(u)";) \
	if [ -n "$$failed" ]; then echo "cosim lockstep: FAILED:$$failed"; exit 1; fi; \
	echo "cosim lockstep: all programs passed"
endef

test-cosim-unit: $(COSIM_PROGS) $(TWIN_MODELS) $(TWIN_BROKEN)
	$(call twin_runs,$(TWIN_CYCLES_SHORT))

cosim-unit-long: $(COSIM_PROGS) $(TWIN_MODELS) $(TWIN_BROKEN)
	$(call twin_runs,$(TWIN_CYCLES_LONG))

# The prefetch engine's runs used to have targets of their own; they are
# part of every twin's runs now.
test-cosim-ipf: test-cosim-unit
cosim-ipf-long: cosim-unit-long

# make waves-view TWIN=unit: a first waves/UNIT.gtkw for a new twin (never
# over an existing one).
.PHONY: waves-view
waves-view: $(COSIM_OUT)/twin_views
	@test -n "$(TWIN)" || { echo "usage: make waves-view TWIN=unit" >&2; exit 2; }
	@test ! -e waves/$(TWIN).gtkw || { echo "waves/$(TWIN).gtkw exists" >&2; exit 2; }
	$(COSIM_OUT)/twin_views write $(TWIN) > waves/$(TWIN).gtkw.tmp
	@mv waves/$(TWIN).gtkw.tmp waves/$(TWIN).gtkw

# Every module file is linted as its own top, and each in its broken form.
lint-rtl:
	@for f in $(filter-out $(RTL_PKG),$(RTL_SV)); do \
		echo "verilator --lint-only -Wall $$f"; \
		$(VERILATOR) --lint-only -Wall -Irtl --top-module $$(basename $$f .sv) $(RTL_PKG) $$f \
			|| exit 1; \
	done
	$(VERILATOR) --lint-only -Wall -DSBUF_BROKEN --top-module sbuf rtl/sbuf.sv
	$(VERILATOR) --lint-only -Wall -DIPF_ENGINE_BROKEN -GPF_NEXTLINE=3 -GPF_GUARDED=2 \
		-GPF_GUARD_LINE=1 --top-module ipf_engine rtl/ipf_engine.sv
	$(VERILATOR) --lint-only -Wall -DBUS_ARB_BROKEN -GDMA_ENABLED=1 --top-module bus_arb \
		$(RTL_PKG) rtl/bus_arb.sv
	$(VERILATOR) --lint-only -Wall -DBUS_SEQ_BROKEN -GBUS_CLOCK_DIV=3 -GBUS_WIDTH=4096 -GL2_LINE=4 \
		--top-module bus_seq $(RTL_PKG) rtl/bus_seq.sv
	$(VERILATOR) --lint-only -Wall -DDMA_BROKEN -GSYS_CORES=16 -GDMA_INFLIGHT=16 -GL2_LINE=4096 \
		--top-module dma rtl/dma.sv
	$(VERILATOR) --lint-only -Wall -GSYS_CORES=1 -GDMA_INFLIGHT=1 -GDMA_SETUP=0 -GL2_LINE=4 \
		-GDMA_GRANULE=1 --top-module dma rtl/dma.sv
	$(VERILATOR) --lint-only -Wall -DFETCH_BROKEN --top-module fetch rtl/fetch.sv
	$(VERILATOR) --lint-only -Wall -DL1I_BROKEN -GL1I_SIZE=256 -GL1I_WAYS=8 -GL1I_REPL=1 \
		-GL1I_MSHRS=64 --top-module l1i rtl/l1i.sv
	$(VERILATOR) --lint-only -Wall -GL1I_SIZE=32768 -GL1I_WAYS=8 -GL1I_LINE=64 -GL1I_MSHRS=4 \
		--top-module l1i rtl/l1i.sv
	@echo "lint-rtl: clean"

synth-rtl: $(RTL_OUT)/sbuf.synth.log $(RTL_OUT)/bus_arb.synth.log $(RTL_OUT)/bus_seq.synth.log \
	   $(RTL_OUT)/dma.synth.log $(RTL_OUT)/fetch.synth.log $(RTL_OUT)/l1i.synth.log
	@for f in $^; do echo "$$f:"; grep -E "Number of (wires|cells):" $$f | tail -2; done
	@echo "synth-rtl: full reports in $^"

$(RTL_OUT)/%.synth.log: rtl/%.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv $<; synth -top $*; stat" >/dev/null

# The bus controller of a 4-core machine.
$(RTL_OUT)/bus_arb.synth.log: $(RTL_PKG) rtl/bus_arb.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv $(RTL_PKG) rtl/bus_arb.sv; synth -top bus_arb; stat" \
		>/dev/null

# The bus sequencer of the default machine.
$(RTL_OUT)/bus_seq.synth.log: $(RTL_PKG) rtl/bus_seq.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv $(RTL_PKG) rtl/bus_seq.sv; synth -top bus_seq; stat" \
		>/dev/null

# The L1 controller at its second test geometry (1 KiB, 4-way LRU, 4 MSHRs):
# the default machine's 512-line tag array in flip-flops takes Yosys minutes.
$(RTL_OUT)/l1i.synth.log: rtl/l1i.sv
	@mkdir -p $(dir $@)
	$(YOSYS) -q -l $@ -p "read_verilog -sv rtl/l1i.sv; chparam -set L1I_SIZE 1024 \
		-set L1I_WAYS 4 -set L1I_MSHRS 4 l1i; synth -top l1i; stat" >/dev/null

TEST_TARGETS += test-cosim-unit

-include $(wildcard $(COSIM_OUT)/*.d $(RTL_OUT)/cosim/*.d $(RTL_OUT)/*/binding.d)

# ---- system shadow and replace ----------------------------------------------
# tests/cosim/system.sh: --cosim=all and --rtl=all against the C run on the
# demo and the kernel's shell workload (short: SYSTEM_CYCLES_SHORT cycles of
# each; make cosim: the whole demo and SYSTEM_CYCLES_LONG of the kernel).
SYSTEM_CYCLES_SHORT ?= 1000000
SYSTEM_CYCLES_LONG  ?= 20000000
# Random code too: instruction soups (tests/robust/soup.h) on 4 harts (the
# twins' bus geometry), SOUP_CYCLES each; make cosim-system-long runs more.
SOUP_CYCLES         ?= 200000
SYSTEM_SOUPS        := $(foreach s,1 2,$(BUILD)/tests/robust/soup-$(s)-4.elf)
SYSTEM_SOUPS_LONG   := $(foreach s,1 2 3 4 5 6 7 8 9 10 11 12,$(BUILD)/tests/robust/soup-$(s)-4.elf)
COSIM_SYSTEM_DEPS = $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img $(TWIN_MODELS) \
		    $(RTL_OUT)/sbuf-broken/twin.so $(RTL_OUT)/fetch-broken/twin.so \
		    $(RTL_OUT)/l1i-broken/twin.so

.PHONY: test-cosim-system cosim-system-long
test-cosim-system: $(COSIM_SYSTEM_DEPS) $(SYSTEM_SOUPS)
	@sh $(COSIM_TDIR)/system.sh $(abspath $(OSPREY)) $(abspath $(RTL_OUT)) $(abspath $(DEMO_ELF)) \
		$(abspath $(KERNEL_ELF)) $(abspath $(WL_DIR)/shell.img) $(SYSTEM_CYCLES_SHORT) \
		$(SYSTEM_CYCLES_SHORT) $(SOUP_CYCLES) $(abspath $(SYSTEM_SOUPS))

cosim-system-long: $(COSIM_SYSTEM_DEPS) $(SYSTEM_SOUPS_LONG)
	@sh $(COSIM_TDIR)/system.sh $(abspath $(OSPREY)) $(abspath $(RTL_OUT)) $(abspath $(DEMO_ELF)) \
		$(abspath $(KERNEL_ELF)) $(abspath $(WL_DIR)/shell.img) 0 $(SYSTEM_CYCLES_LONG) \
		$(SOUP_CYCLES) $(abspath $(SYSTEM_SOUPS_LONG))

TEST_TARGETS += test-cosim-system
