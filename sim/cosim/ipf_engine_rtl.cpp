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

#include <cstdio>
#include <new>

#include "Vipf_engine.h"
#include "verilated.h"

#include "ipf_engine_rtl.h"

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

static uint64_t mask(int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

// Bits [lo, lo + bits) of a port held in 32-bit words (a wide port), or of an integer one.
template <std::size_t N>
static void set_bits(VlWide<N> &port, int lo, int bits, uint64_t v)
{
	for (int b = 0; b < bits; b++) {
		int at = lo + b;
		uint32_t bit = 1u << (at % 32);

		port[at / 32] = (v >> b & 1) ? port[at / 32] | bit : port[at / 32] & ~bit;
	}
}

template <std::size_t N>
static uint64_t get_bits(const VlWide<N> &port, int lo, int bits)
{
	uint64_t v = 0;

	for (int b = 0; b < bits; b++)
		v |= (uint64_t)(port[(lo + b) / 32] >> ((lo + b) % 32) & 1) << b;
	return v;
}

template <typename P>
static void set_bits(P &port, int lo, int bits, uint64_t v)
{
	uint64_t x = (uint64_t)port & ~(mask(bits) << lo);

	port = (P)(x | (v & mask(bits)) << lo);
}

template <typename P>
static uint64_t get_bits(const P &port, int lo, int bits)
{
	return (uint64_t)port >> lo & mask(bits);
}

#define DRIVE_S(type, name, bits) set_bits(t->name##_i, 0, bits, in->name);
#define DRIVE_A(type, name, n, bits, bound)                                                    \
	for (int i = 0; i < (n); i++)                                                          \
		set_bits(t->name##_i, i * (bits), bits, in->name[i]);
#define READ_S(type, name, bits) out->name = (type)get_bits(t->name##_o, 0, bits);
#define READ_A(type, name, n, bits, bound)                                                     \
	for (int i = 0; i < (n); i++)                                                          \
		out->name[i] = (type)get_bits(t->name##_o, i * (bits), bits);

static void drive(Vipf_engine *t, const struct ipf_engine_in *in)
{
	IPF_ENGINE_IN_PORTS(DRIVE_S, DRIVE_A)
}

static void read(Vipf_engine *t, struct ipf_engine_out *out)
{
	IPF_ENGINE_OUT_PORTS(READ_S, READ_A)
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
	read(t, out);
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
