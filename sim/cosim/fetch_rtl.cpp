// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/fetch.sv (C ABI: fetch_rtl.h); no exception crosses
// it. FETCH_RTL_L1I_LINE, FETCH_RTL_CORE_FETCH_QUEUE and FETCH_RTL_VARIANT
// are the values the model was Verilated with (-G...), passed in by
// tests/cosim/fetch.mk. The binding is generated from the port lists of
// cpu/fetch_if.h.

#include "Vfetch.h"
#include "verilated.h"

#include "fetch_rtl.h"
#include "vl_ports.h"

#ifndef FETCH_RTL_L1I_LINE
#error "FETCH_RTL_* come from tests/cosim/fetch.mk"
#endif

struct fetch_rtl {
	VerilatedContext *ctx;
	Vfetch *top;
};

extern "C" void fetch_rtl_params(struct fetch_params *p)
{
	p->line_bytes = FETCH_RTL_L1I_LINE;
	p->queue_insns = FETCH_RTL_CORE_FETCH_QUEUE;
}

extern "C" const char *fetch_rtl_variant(void)
{
	return FETCH_RTL_VARIANT;
}

static void drive_inputs(Vfetch *t, const struct fetch_in *in)
{
	FETCH_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)
}

static void read_outputs(Vfetch *t, struct fetch_out *out)
{
	FETCH_OUT_PORTS(VL_READ_S, VL_READ_A)
}

extern "C" struct fetch_rtl *fetch_rtl_new(void)
{
	return vl_unit_new<struct fetch_rtl, Vfetch, struct fetch_in>("fetch", drive_inputs);
}

extern "C" void fetch_rtl_eval(struct fetch_rtl *r, const struct fetch_in *in,
			       struct fetch_out *out)
{
	vl_unit_eval(r, in, out, drive_inputs, read_outputs);
}

extern "C" void fetch_rtl_tick(struct fetch_rtl *r)
{
	vl_unit_tick(r);
}

extern "C" void fetch_rtl_free(struct fetch_rtl *r)
{
	vl_unit_free(r);
}
