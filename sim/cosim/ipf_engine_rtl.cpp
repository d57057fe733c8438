// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/ipf_engine.sv (C ABI: ipf_engine_rtl.h); no
// exception crosses it. IPF_RTL_NEXTLINE, IPF_RTL_DEGREE, IPF_RTL_GUARDED,
// IPF_RTL_GUARD_DEPTH, IPF_RTL_GUARD_LINE, IPF_RTL_LINE_SHIFT and
// IPF_RTL_VARIANT are the values the model was Verilated with (-G...),
// passed in by tests/cosim/ipf_engine.mk. The binding is generated from the
// port lists of cpu/ipf_engine_if.h: a scalar field drives or reads its port,
// an array is packed into (or unpacked from) the flat vector, element 0 in
// the low bits.

#include "Vipf_engine.h"
#include "verilated.h"

#include "ipf_engine_rtl.h"
#include "vl_ports.h"

#ifndef IPF_RTL_NEXTLINE
#error "IPF_RTL_* come from tests/cosim/ipf_engine.mk"
#endif


struct ipf_engine_rtl {
	VerilatedContext *ctx;
	Vipf_engine *top;
};

extern "C" void ipf_engine_rtl_params(struct ipf_engine_params *p)
{
	p->nextline = IPF_RTL_NEXTLINE;
	p->guarded = IPF_RTL_GUARDED;
	p->degree = IPF_RTL_DEGREE;
	p->guard_depth = IPF_RTL_GUARD_DEPTH;
	p->guard_line = IPF_RTL_GUARD_LINE;
	p->line_bytes = 1u << IPF_RTL_LINE_SHIFT;
}

extern "C" const char *ipf_engine_rtl_variant(void)
{
	return IPF_RTL_VARIANT;
}

static void drive_inputs(Vipf_engine *t, const struct ipf_engine_in *in)
{
	IPF_ENGINE_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)
}

static void read_outputs(Vipf_engine *t, struct ipf_engine_out *out)
{
	IPF_ENGINE_OUT_PORTS(VL_READ_S, VL_READ_A)
}

extern "C" struct ipf_engine_rtl *ipf_engine_rtl_new(void)
{
	return vl_unit_new<struct ipf_engine_rtl, Vipf_engine, struct ipf_engine_in>("ipf_engine", drive_inputs);
}

extern "C" void ipf_engine_rtl_eval(struct ipf_engine_rtl *r, const struct ipf_engine_in *in,
				    struct ipf_engine_out *out)
{
	vl_unit_eval(r, in, out, drive_inputs, read_outputs);
}

extern "C" void ipf_engine_rtl_tick(struct ipf_engine_rtl *r)
{
	vl_unit_tick(r);
}

extern "C" void ipf_engine_rtl_free(struct ipf_engine_rtl *r)
{
	vl_unit_free(r);
}
