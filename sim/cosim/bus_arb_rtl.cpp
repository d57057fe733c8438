// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/bus_arb.sv (C ABI: bus_arb_rtl.h); no exception
// crosses it. BUS_ARB_RTL_AGENTS and BUS_ARB_RTL_VARIANT are the values the
// model was Verilated with (-GAgents=...), passed in by
// tests/cosim/bus_arb.mk. The binding is generated from the port lists of
// mem/bus_arb_if.h.

#include <cstdio>
#include <new>

#include "Vbus_arb.h"
#include "verilated.h"

#include "bus_arb_rtl.h"
#include "vl_ports.h"

#ifndef BUS_ARB_RTL_AGENTS
#error "BUS_ARB_RTL_* come from tests/cosim/bus_arb.mk"
#endif

struct bus_arb_rtl {
	VerilatedContext *ctx;
	Vbus_arb *top;
};

extern "C" uint32_t bus_arb_rtl_agents(void)
{
	return BUS_ARB_RTL_AGENTS;
}

extern "C" const char *bus_arb_rtl_variant(void)
{
	return BUS_ARB_RTL_VARIANT;
}

static void drive_inputs(Vbus_arb *t, const struct bus_arb_in *in)
{
	BUS_ARB_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)
}

static void read_outputs(Vbus_arb *t, struct bus_arb_out *out)
{
	BUS_ARB_OUT_PORTS(VL_READ_S, VL_READ_A)
}

extern "C" struct bus_arb_rtl *bus_arb_rtl_new(void)
{
	struct bus_arb_rtl *r = new (std::nothrow) bus_arb_rtl();
	struct bus_arb_in idle = {};

	if (!r)
		return NULL;
	try {
		r->ctx = new VerilatedContext;
		r->top = new Vbus_arb{r->ctx, "bus_arb"};
	} catch (...) {
		delete r->ctx;
		delete r;
		fprintf(stderr, "bus_arb_rtl: cannot create the Verilated model\n");
		return NULL;
	}
	Vbus_arb *t = r->top;

	drive_inputs(t, &idle);
	t->clk_i = 0;
	t->rst_ni = 1;
	t->eval();
	t->rst_ni = 0;		/* asynchronous: the falling edge resets */
	t->eval();
	t->rst_ni = 1;
	t->eval();
	return r;
}

extern "C" void bus_arb_rtl_eval(struct bus_arb_rtl *r, const struct bus_arb_in *in,
				 struct bus_arb_out *out)
{
	vl_unit_eval(r, in, out, drive_inputs, read_outputs);
}

extern "C" void bus_arb_rtl_tick(struct bus_arb_rtl *r)
{
	vl_unit_tick(r);
}

extern "C" void bus_arb_rtl_free(struct bus_arb_rtl *r)
{
	vl_unit_free(r);
}
