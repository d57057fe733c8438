# tests/cosim/dma.mk: the DMA block-transfer engine's RTL twin (rtl/dma.sv) in
# lockstep with its C unit (model/mem/dma.c), and the library osprey links for
# --cosim=dma. Included by tests/cosim/cosim.mk, whose Verilator settings and
# runtime it uses.
#
#   make test-cosim-dma     lockstep of two parameter sets (DMA_CYCLES_SHORT cycles
#                           each) and the broken build's check (in make test)
#   make cosim-dma-long     lockstep for DMA_CYCLES_LONG cycles per parameter set
#   DMA_SEED=N              the random stimulus' seed (default 1)
#
# A mismatch writes the last 64 cycles' ports, C and RTL side by side, to
# $(COSIM_WAVES)/dma-mismatch-CYCLE.fst (the broken build's check requires
# that file).
#
# osprey's --cosim=dma links DMA_RTL_LIB, Verilated for the machine of
# DMA_CHANNELS harts, DMA_SLOTS lines in flight (dma.inflight),
# 2^DMA_LINE_SHIFT-byte lines (l2.line), DMA_GRANULE, DMA_MAX_LEN,
# DMA_SETUP and DMA_RAM_SIZE bytes of RAM: the default preset on 4 harts
# unless given (osprey refuses a machine that differs and names these).

DMA_CYCLES_SHORT ?= 200000
DMA_CYCLES_LONG  ?= 10000000
DMA_SEED         ?= 1
DMA_CHANNELS     ?= 4
DMA_SLOTS        ?= 4
DMA_LINE_SHIFT   ?= 6
DMA_GRANULE      ?= 4
DMA_MAX_LEN      ?= 65536
DMA_SETUP        ?= 10
DMA_RAM_SIZE     ?= 134217728

DMA_RTL_CXXFLAGS := -std=gnu++17 -O1 -Wall -Imodel -I$(COSIM_SRC) -I$(VL_INC) -I$(VL_INC)/vltstd

# $(call dma_rtl_variant,DIR,CHANNELS,SLOTS,LINE_SHIFT,GRANULE,MAX_LEN,SETUP,RAM_SIZE,FLAGS):
# rtl/dma.sv Verilated into $(RTL_OUT)/DIR for RAM at 0x80000000 and
# archived with its glue into $(RTL_OUT)/lib$(DIR).a.
define dma_rtl_variant
$(RTL_OUT)/$(1)/Vdma.mk: rtl/dma.sv $(COSIM_TDIR)/dma.mk
	@rm -rf $(RTL_OUT)/$(1)
	@mkdir -p $(RTL_OUT)/$(1)
	$(VERILATOR) --cc -Wall --top-module dma --Mdir $(RTL_OUT)/$(1) -GChannels=$(2) \
		-GSlots=$(3) -GLineShift=$(4) -GGranule=$(5) -GMaxLen=$(6) -GSetup=$(7) \
		-GRamBase=32\'h80000000 -GRamSize=33\'d$(8) $(9) rtl/dma.sv

$(RTL_OUT)/$(1)/Vdma__ALL.o: $(RTL_OUT)/$(1)/Vdma.mk
	$$(MAKE) -s -C $(RTL_OUT)/$(1) -f Vdma.mk $(VL_OPT) Vdma__ALL.o

$(RTL_OUT)/$(1)/dma_rtl.o: $(COSIM_SRC)/dma_rtl.cpp $(COSIM_SRC)/dma_rtl.h $(COSIM_SRC)/vl_ports.h \
		model/mem/dma_if.h model/mem/dma.h $(RTL_OUT)/$(1)/Vdma.mk
	$(CXX) $(DMA_RTL_CXXFLAGS) -I$(RTL_OUT)/$(1) -DDMA_RTL_CHANNELS=$(2) -DDMA_RTL_SLOTS=$(3) \
		-DDMA_RTL_LINE_SHIFT=$(4) -DDMA_RTL_GRANULE=$(5) -DDMA_RTL_MAX_LEN=$(6) \
		-DDMA_RTL_SETUP=$(7) -DDMA_RTL_RAM_BASE=0x80000000u -DDMA_RTL_RAM_SIZE=$(8)ull \
		-DDMA_RTL_VARIANT='"$(1)"' -c $$< -o $$@

$(RTL_OUT)/lib$(1).a: $(RTL_OUT)/$(1)/Vdma__ALL.o $(RTL_OUT)/$(1)/dma_rtl.o $(VL_RUNTIME)
	@rm -f $$@
	ar rcs $$@ $$^

$(COSIM_OUT)/test_$(1): $(COSIM_OUT)/test_dma_lockstep.o $(RTL_OUT)/lib$(1).a $(COSIM_LIB) \
		$(MODEL_LIB)
	$(CC) $(COSIM_CFLAGS) -o $$@ $$< $(RTL_OUT)/lib$(1).a $(COSIM_LIB) $(MODEL_LIB) \
		$(COSIM_SYSLIBS) $(HOST_LIBS)
endef

# Two parameter sets: the default preset's engine on 4 harts (64-byte lines,
# 4 slots, granule 4, setup 10, 128 MiB of RAM); 3 harts, 5 slots, 32-byte
# lines, byte granule, no setup, 4 KiB operations and 2 GiB of RAM, which
# ends at 2^32 (address sums wrap). The broken build: the first set with a
# round-robin pointer that does not move on. The osprey library: the
# machine's (DMA_* above).
$(eval $(call dma_rtl_variant,dma_a,4,4,6,4,65536,10,134217728,))
$(eval $(call dma_rtl_variant,dma_b,3,5,5,1,4096,0,2147483648,))
$(eval $(call dma_rtl_variant,dma_broken,4,4,6,4,65536,10,134217728,-DDMA_BROKEN))
$(eval $(call dma_rtl_variant,dma_osprey,$(DMA_CHANNELS),$(DMA_SLOTS),$(DMA_LINE_SHIFT),$(DMA_GRANULE),$(DMA_MAX_LEN),$(DMA_SETUP),$(DMA_RAM_SIZE),))

DMA_RTL_LIB := $(RTL_OUT)/libdma_osprey.a
DMA_PROGS := $(addprefix $(COSIM_OUT)/test_,dma_a dma_b dma_broken)

.PHONY: test-cosim-dma cosim-dma-long
test-cosim-dma: $(DMA_PROGS)
	@mkdir -p $(COSIM_WAVES)
	@failed=""; export DMA_WAVE_DIR=$(COSIM_WAVES); \
	for v in a b; do \
		$(COSIM_OUT)/test_dma_$$v $(DMA_CYCLES_SHORT) $(DMA_SEED) || failed="$$failed $$v"; \
	done; \
	echo "== the broken build (a mismatch report below is expected)"; \
	$(COSIM_OUT)/test_dma_broken --expect-mismatch $(DMA_CYCLES_SHORT) $(DMA_SEED) \
		|| failed="$$failed broken"; \
	if [ -n "$$failed" ]; then echo "test-cosim-dma: FAILED:$$failed"; exit 1; fi; \
	echo "test-cosim-dma: all programs passed"

cosim-dma-long: $(DMA_PROGS)
	@mkdir -p $(COSIM_WAVES)
	DMA_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_dma_a $(DMA_CYCLES_LONG) $(DMA_SEED)
	DMA_WAVE_DIR=$(COSIM_WAVES) $(COSIM_OUT)/test_dma_b $(DMA_CYCLES_LONG) $(DMA_SEED)

TEST_TARGETS += test-cosim-dma

# The system shadow on a kernel workload slice (tests/cosim/dma_system.sh).
.PHONY: test-cosim-dma-system
test-cosim-dma-system: $(OSPREY) $(KERNEL_ELF) $(WL_DIR)/shell.img
	@sh $(COSIM_TDIR)/dma_system.sh $(OSPREY) $(KERNEL_ELF) $(WL_DIR)/shell.img \
		$(COSIM_OUT)/dma_system

TEST_TARGETS += test-cosim-dma-system
