// SPDX-License-Identifier: MIT
//
// Verilator glue for rtl/ipf_engine.sv (C ABI: ipf_engine_rtl.h); no
// exception crosses it. IPF_RTL_NEXTLINE, IPF_RTL_DEGREE, IPF_RTL_GUARDED,
// IPF_RTL_GUARD_DEPTH, IPF_RTL_GUARD_LINE, IPF_RTL_LINE_SHIFT and
// IPF_RTL_VARIANT are the values the model was Verilated with (-G...),
// passed in by tests/cosim/ipf_engine.mk. Line numbers are 32 bits wide, so
// entry e of a flat vector of lines is word e.

#include <cstdio>
#include <new>

#include "Vipf_engine.h"
#include "verilated.h"

#include "ipf_engine_rtl.h"

#ifndef IPF_RTL_NEXTLINE
#error "IPF_RTL_* come from tests/cosim/ipf_engine.mk"
#endif

static_assert(IPF_ACCESSES == 2, "acc_line_i is read as one 64-bit word");
static_assert(IPF_QUEUE == 32, "cand_src_o is read as one 64-bit word");

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

/* Bit @i of each of the first IPF_ACCESSES flags. */
static uint8_t bits(const uint8_t *flags)
{
	uint8_t v = 0;

	for (int i = 0; i < IPF_ACCESSES; i++)
		v |= (uint8_t)((flags[i] != 0) << i);
	return v;
}

static void drive(Vipf_engine *t, const struct ipf_engine_in *in)
{
	t->guard_en_i = in->guard_en != 0;
	t->acc_access_i = bits(in->acc_access);
	t->acc_miss_i = bits(in->acc_miss);
	t->acc_first_use_i = bits(in->acc_first_use);
	t->acc_line_i = (uint64_t)in->acc_line[1] << 32 | in->acc_line[0];
	t->acc_guarded_i = bits(in->acc_guarded);
	t->acc_guarded_next_i = bits(in->acc_guarded_next);
	t->run_guarded_i = in->run_guarded != 0;
	t->flush_i = in->flush != 0;
	t->pop_i = in->pop;
}

extern "C" struct ipf_engine_rtl *ipf_engine_rtl_new(void)
{
	struct ipf_engine_rtl *r = new (std::nothrow) ipf_engine_rtl();
	struct ipf_engine_in idle = {};

	if (!r)
		return NULL;
	try {
		r->ctx = new VerilatedContext;
		r->top = new Vipf_engine{r->ctx, "ipf_engine"};
	} catch (...) {
		delete r->ctx;
		delete r;
		fprintf(stderr, "ipf_engine_rtl: cannot create the Verilated model\n");
		return NULL;
	}
	Vipf_engine *t = r->top;

	drive(t, &idle);
	t->clk_i = 0;
	t->rst_ni = 1;
	t->eval();
	t->rst_ni = 0;		/* asynchronous: the falling edge resets */
	t->eval();
	t->clk_i = 1;
	t->eval();
	t->clk_i = 0;
	t->eval();
	t->rst_ni = 1;
	t->eval();
	return r;
}

extern "C" void ipf_engine_rtl_eval(struct ipf_engine_rtl *r, const struct ipf_engine_in *in,
				    struct ipf_engine_out *out)
{
	Vipf_engine *t = r->top;

	t->clk_i = 0;
	drive(t, in);
	t->eval();
	out->count = t->count_o;
	for (int e = 0; e < IPF_QUEUE; e++) {
		out->cand_line[e] = t->cand_line_o[e];
		out->cand_src[e] = (uint8_t)(t->cand_src_o >> (2 * e) & 3);
	}
	out->run_valid = t->run_valid_o;
	out->run_line = t->run_line_o;
}

extern "C" void ipf_engine_rtl_tick(struct ipf_engine_rtl *r)
{
	r->top->clk_i = 1;
	r->top->eval();
}

extern "C" void ipf_engine_rtl_free(struct ipf_engine_rtl *r)
{
	if (!r)
		return;
	r->top->final();
	delete r->top;
	delete r->ctx;
	delete r;
}
