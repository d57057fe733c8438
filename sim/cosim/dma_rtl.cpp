// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/dma.sv (C ABI: dma_rtl.h); no exception crosses
// it. DMA_RTL_CHANNELS, DMA_RTL_SLOTS, DMA_RTL_LINE_SHIFT, DMA_RTL_GRANULE,
// DMA_RTL_MAX_LEN, DMA_RTL_SETUP, DMA_RTL_RAM_BASE, DMA_RTL_RAM_SIZE and
// DMA_RTL_VARIANT are the values the model was Verilated with (-G...),
// passed in by tests/cosim/dma.mk. The binding is generated from the port
// lists of mem/dma_if.h.

#include "Vdma.h"
#include "verilated.h"

#include "dma_rtl.h"
#include "vl_ports.h"

#ifndef DMA_RTL_CHANNELS
#error "DMA_RTL_* come from tests/cosim/dma.mk"
#endif

struct dma_rtl {
	VerilatedContext *ctx;
	Vdma *top;
};

extern "C" void dma_rtl_params(struct dma_params *p)
{
	*p = (struct dma_params){};
	p->channels = DMA_RTL_CHANNELS;
	p->slots = DMA_RTL_SLOTS;
	p->line = 1u << DMA_RTL_LINE_SHIFT;
	p->granule = DMA_RTL_GRANULE;
	p->max_len = DMA_RTL_MAX_LEN;
	p->setup = DMA_RTL_SETUP;
	p->ram_base = DMA_RTL_RAM_BASE;
	p->ram_size = DMA_RTL_RAM_SIZE;
}

extern "C" const char *dma_rtl_variant(void)
{
	return DMA_RTL_VARIANT;
}

static void drive_inputs(Vdma *t, const struct dma_in *in)
{
	DMA_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)
}

static void read_outputs(Vdma *t, struct dma_out *out)
{
	DMA_OUT_PORTS(VL_READ_S, VL_READ_A)
}

extern "C" struct dma_rtl *dma_rtl_new(void)
{
	return vl_unit_new<dma_rtl, Vdma, struct dma_in>("dma", drive_inputs);
}

extern "C" void dma_rtl_eval(struct dma_rtl *r, const struct dma_in *in, struct dma_out *out)
{
	vl_unit_eval(r, in, out, drive_inputs, read_outputs);
}

extern "C" void dma_rtl_tick(struct dma_rtl *r)
{
	vl_unit_tick(r);
}

extern "C" void dma_rtl_free(struct dma_rtl *r)
{
	vl_unit_free(r);
}
