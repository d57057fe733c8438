/* SPDX-License-Identifier: MIT */
/*
 * Verilator bindings generated from a unit's port lists (the X-macros of its
 * interface header), for VL_TWIN below: VL_DRIVE_S/VL_DRIVE_A write a C input struct `in` into
 * the model `t`'s _i ports, VL_READ_S/VL_READ_A read its _o ports into the
 * output struct `out`. An array is packed into its flat vector, element 0
 * in the low bits; a port narrower than the C field takes its low bits.
 */
#ifndef OSPREY_VL_PORTS_H
#define OSPREY_VL_PORTS_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <new>

#include "twin.h"
#include "verilated.h"

static inline uint64_t vl_port_mask(int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

// Bits [lo, lo + bits) of a port held in 32-bit words (a wide port), or of an
// integer one; a wide port's bits go a word's piece at a time.
template <std::size_t N>
static inline void vl_set_bits(VlWide<N> &port, int lo, int bits, uint64_t v)
{
	for (int done = 0; done < bits;) {
		int at = lo + done, sh = at % 32;
		int take = bits - done < 32 - sh ? bits - done : 32 - sh;
		uint32_t m = (uint32_t)(vl_port_mask(take) << sh);

		port[at / 32] = (port[at / 32] & ~m) | ((uint32_t)(v >> done << sh) & m);
		done += take;
	}
}

template <std::size_t N>
static inline uint64_t vl_get_bits(const VlWide<N> &port, int lo, int bits)
{
	uint64_t v = 0;

	for (int done = 0; done < bits;) {
		int at = lo + done, sh = at % 32;
		int take = bits - done < 32 - sh ? bits - done : 32 - sh;

		v |= (uint64_t)(port[at / 32] >> sh & vl_port_mask(take)) << done;
		done += take;
	}
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
 * A unit's whole binding: VL_TWIN(unit, PFX) in a .cpp that includes
 * V<unit>.h and the unit's interface header exports the struct twin_rtl
 * <unit>_twin_rtl (twin.h) of the Verilated model, built with the
 * parameters TWIN_GEOMETRY as variant TWIN_VARIANT (both passed in by
 * tests/cosim/cosim.mk). Evaluation is the half cycle with the clock low:
 * the inputs in, the outputs out; the rising edge comes with tick. Reset is
 * asynchronous (rst_ni low), with every input 0. No exception crosses the
 * C ABI.
 */
template <class V, class In, class Out, void (*Drive)(V *, const In *), void (*Read)(V *, Out *)>
struct vl_twin {
	VerilatedContext *ctx;
	V *top;

	static void *create(const char *name)
	{
		vl_twin *r = new (std::nothrow) vl_twin();
		In idle = {};

		if (!r)
			return NULL;
		try {
			r->ctx = new VerilatedContext;
			r->top = new V{r->ctx, name};
		} catch (...) {
			delete r->ctx;
			delete r;
			fprintf(stderr, "%s: cannot create the Verilated model\n", name);
			return NULL;
		}
		V *t = r->top;

		Drive(t, &idle);
		t->clk_i = 0;
		t->rst_ni = 1;
		t->eval();
		t->rst_ni = 0;	/* asynchronous: the falling edge resets */
		t->eval();
		t->clk_i = 1;
		t->eval();
		t->clk_i = 0;
		t->eval();
		t->rst_ni = 1;
		t->eval();
		return r;
	}

	static void eval(void *p, const void *in, void *out)
	{
		vl_twin *r = static_cast<vl_twin *>(p);

		r->top->clk_i = 0;
		Drive(r->top, static_cast<const In *>(in));
		r->top->eval();
		Read(r->top, static_cast<Out *>(out));
	}

	static void tick(void *p)
	{
		vl_twin *r = static_cast<vl_twin *>(p);

		r->top->clk_i = 1;
		r->top->eval();
	}

	static void destroy(void *p)
	{
		vl_twin *r = static_cast<vl_twin *>(p);

		r->top->final();
		delete r->top;
		delete r->ctx;
		delete r;
	}
};

#define VL_TWIN(unit, PFX)                                                                 \
	static void unit##_drive(V##unit *t, const struct unit##_in *in)                  \
	{                                                                                  \
		PFX##_IN_PORTS(VL_DRIVE_S, VL_DRIVE_A)                                     \
	}                                                                                  \
	static void unit##_read(V##unit *t, struct unit##_out *out)                        \
	{                                                                                  \
		PFX##_OUT_PORTS(VL_READ_S, VL_READ_A)                                      \
	}                                                                                  \
	typedef vl_twin<V##unit, struct unit##_in, struct unit##_out, unit##_drive,        \
			unit##_read> unit##_vl;                                            \
	static void *unit##_create(void)                                                   \
	{                                                                                  \
		return unit##_vl::create(#unit);                                           \
	}                                                                                  \
	extern "C" __attribute__((visibility("default"))) const struct twin_rtl           \
		unit##_twin_rtl;                                                           \
	const struct twin_rtl unit##_twin_rtl = { #unit, TWIN_GEOMETRY, TWIN_VARIANT,      \
						  unit##_create, unit##_vl::eval,          \
						  unit##_vl::tick, unit##_vl::destroy };

#endif
