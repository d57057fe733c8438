/* SPDX-License-Identifier: MIT */
/*
 * Verilator bindings generated from a unit's port lists (the X-macros of its
 * interface header): VL_DRIVE_S/VL_DRIVE_A write a C input struct `in` into
 * the model `t`'s _i ports, VL_READ_S/VL_READ_A read its _o ports into the
 * output struct `out`. An array is packed into its flat vector, element 0
 * in the low bits; a port narrower than the C field takes its low bits.
 *
 *	static void drive(Vunit *t, const struct unit_in *in)
 *	{ UNIT_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A) }
 */
#ifndef OSPREY_VL_PORTS_H
#define OSPREY_VL_PORTS_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <new>

#include "verilated.h"

static inline uint64_t vl_port_mask(int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

// Bits [lo, lo + bits) of a port held in 32-bit words (a wide port), or of an integer one.
template <std::size_t N>
static inline void vl_set_bits(VlWide<N> &port, int lo, int bits, uint64_t v)
{
	for (int b = 0; b < bits; b++) {
		int at = lo + b;
		uint32_t bit = 1u << (at % 32);

		port[at / 32] = (v >> b & 1) ? port[at / 32] | bit : port[at / 32] & ~bit;
	}
}

template <std::size_t N>
static inline uint64_t vl_get_bits(const VlWide<N> &port, int lo, int bits)
{
	uint64_t v = 0;

	for (int b = 0; b < bits; b++)
		v |= (uint64_t)(port[(lo + b) / 32] >> ((lo + b) % 32) & 1) << b;
	return v;
}

template <typename P>
static inline void vl_set_bits(P &port, int lo, int bits, uint64_t v)
{
	uint64_t x = (uint64_t)port & ~(vl_port_mask(bits) << lo);

	port = (P)(x | (v & vl_port_mask(bits)) << lo);
}

template <typename P>
static inline uint64_t vl_get_bits(const P &port, int lo, int bits)
{
	return (uint64_t)port >> lo & vl_port_mask(bits);
}

#define VL_DRIVE_S(type, name, bits) vl_set_bits(t->name##_i, 0, bits, in->name);
#define VL_DRIVE_A(type, name, n, bits, bound) \
	for (int i = 0; i < (n); i++)                                                          \
		vl_set_bits(t->name##_i, i * (bits), bits, in->name[i]);
#define VL_READ_S(type, name, bits) out->name = (type)vl_get_bits(t->name##_o, 0, bits);
#define VL_READ_A(type, name, n, bits, bound) \
	for (int i = 0; i < (n); i++)                                                          \
		out->name[i] = (type)vl_get_bits(t->name##_o, i * (bits), bits);

/*
 * What every unit's wrapper does the same way; R holds the Verilated model
 * `top` (with a clk_i port) and its `ctx`. Evaluation is the half cycle with
 * the clock low: the inputs in, the outputs out. The rising edge comes with
 * vl_unit_tick.
 */
template <class R, class In, class Out, class Drive, class Read>
static inline void vl_unit_eval(R *r, const In *in, Out *out, Drive drive, Read read)
{
	r->top->clk_i = 0;
	drive(r->top, in);
	r->top->eval();
	read(r->top, out);
}

/*
 * The reset of a model T (clk_i, rst_ni) with the inputs as driven: the
 * asynchronous reset asserted (its falling edge resets) across a rising clock
 * edge, then released with the clock low.
 */
template <class T> static inline void vl_unit_reset(T *t)
{
	t->clk_i = 0;
	t->rst_ni = 1;
	t->eval();
	t->rst_ni = 0;
	t->eval();
	t->clk_i = 1;
	t->eval();
	t->clk_i = 0;
	t->eval();
	t->rst_ni = 1;
	t->eval();
}

/*
 * A new wrapper R around a new model T named @name, its inputs driven from
 * a zeroed In and reset; NULL after a message on stderr if it cannot be made.
 */
template <class R, class T, class In, class Drive>
static inline R *vl_unit_new(const char *name, Drive drive)
{
	R *r = new (std::nothrow) R();
	In idle = {};

	if (!r)
		return NULL;
	try {
		r->ctx = new VerilatedContext;
		r->top = new T{r->ctx, name};
	} catch (...) {
		delete r->ctx;
		delete r;
		fprintf(stderr, "%s_rtl: cannot create the Verilated model\n", name);
		return NULL;
	}
	drive(r->top, &idle);
	vl_unit_reset(r->top);
	return r;
}

template <class R> static inline void vl_unit_tick(R *r)
{
	r->top->clk_i = 1;
	r->top->eval();
}

template <class R> static inline void vl_unit_free(R *r)
{
	if (!r)
		return;
	r->top->final();
	delete r->top;
	delete r->ctx;
	delete r;
}

#endif
