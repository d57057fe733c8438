// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/sbuf.sv: the only C++ in osprey. It keeps to a C ABI
// (sbuf_rtl.h) and lets no exception cross it. SBUF_RTL_NBUFS, SBUF_RTL_DEPTH,
// SBUF_RTL_HEAD_ONLY and SBUF_RTL_VARIANT are the values the model was
// Verilated with (-G...), passed in by tests/cosim/cosim.mk.

#include <cstdio>
#include <new>

#include "Vsbuf.h"
#include "verilated.h"

#include "sbuf_rtl.h"
#include "vl_ports.h"

#ifndef SBUF_RTL_NBUFS
#error "SBUF_RTL_NBUFS, SBUF_RTL_DEPTH, SBUF_RTL_HEAD_ONLY come from cosim.mk"
#endif

struct sbuf_rtl {
	VerilatedContext *ctx;
	Vsbuf *top;
};

extern "C" void sbuf_rtl_params(int *nbufs, int *depth, int *head_only)
{
	*nbufs = SBUF_RTL_NBUFS;
	*depth = SBUF_RTL_DEPTH;
	*head_only = SBUF_RTL_HEAD_ONLY;
}

extern "C" const char *sbuf_rtl_variant(void)
{
	return SBUF_RTL_VARIANT;
}

extern "C" struct sbuf_rtl *sbuf_rtl_new(int nbufs, int depth, int head_only)
{
	if (nbufs != SBUF_RTL_NBUFS || depth != SBUF_RTL_DEPTH ||
	    !head_only != !SBUF_RTL_HEAD_ONLY) {
		fprintf(stderr,
			"sbuf_rtl: asked for %d buffers x %d entries, head_only %d; the RTL "
			"library (%s) was built for %d x %d, head_only %d (rebuild with "
			"make SBUF_NBUFS=%d SBUF_DEPTH=%d SBUF_HEAD_ONLY=%d)\n",
			nbufs, depth, head_only, SBUF_RTL_VARIANT, SBUF_RTL_NBUFS,
			SBUF_RTL_DEPTH, SBUF_RTL_HEAD_ONLY, nbufs, depth, !!head_only);
		return NULL;
	}

	struct sbuf_rtl *r = new (std::nothrow) sbuf_rtl();

	if (!r)
		return NULL;
	try {
		r->ctx = new VerilatedContext;
		r->top = new Vsbuf{r->ctx, "sbuf"};
	} catch (...) {
		delete r->ctx;
		delete r;
		fprintf(stderr, "sbuf_rtl: cannot create the Verilated model\n");
		return NULL;
	}
	sbuf_rtl_reset(r);
	return r;
}

extern "C" void sbuf_rtl_reset(struct sbuf_rtl *r)
{
	Vsbuf *t = r->top;

	t->lookup_valid_i = 0;
	t->fill_valid_i = 0;
	t->req_ready_i = 0;
	t->flush_i = 0;
	vl_unit_reset(t);
}

// The binding, generated from the port lists of mem/sbuf_if.h.
static void drive_inputs(Vsbuf *t, const struct sbuf_in *in)
{
	SBUF_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)
}

static void read_outputs(Vsbuf *t, struct sbuf_out *out)
{
	SBUF_OUT_PORTS(VL_READ_S, VL_READ_A)
}

extern "C" void sbuf_rtl_eval(struct sbuf_rtl *r, const struct sbuf_in *in, struct sbuf_out *out)
{
	vl_unit_eval(r, in, out, drive_inputs, read_outputs);
}

extern "C" void sbuf_rtl_tick(struct sbuf_rtl *r)
{
	vl_unit_tick(r);
}

extern "C" void sbuf_rtl_free(struct sbuf_rtl *r)
{
	vl_unit_free(r);
}
