// SPDX-License-Identifier: MIT
/*
 * The units with an RTL twin: one line each in TWIN_UNITS, X(unit, PFX,
 * legalize), with the unit's header included above it. From the X-macros
 * <PFX>_IN_PORTS, <PFX>_OUT_PORTS and <PFX>_PARAMS of its interface header
 * and its functions <unit>_configure/_eval/_tick, the registration builds
 * the port tables and the struct twin that the checker, the waveforms, the
 * random stimulus and --cosim/--rtl use (twin.h).
 */
#include "twin.h"

#include "cpu/fetch.h"
#include "cpu/ipf_engine.h"
#include "mem/bus_arb.h"
#include "mem/bus_seq.h"
#include "mem/dma.h"
#include "mem/l1i.h"
#include "mem/sbuf.h"

#define TWIN_UNITS(X)                                                                      \
	X(sbuf, SBUF, NULL)                                                                \
	X(ipf_engine, IPF_ENGINE, ipf_engine_in_legalize)                                  \
	X(bus_arb, BUS_ARB, bus_arb_in_legalize)                                           \
	X(bus_seq, BUS_SEQ, bus_seq_in_legalize)                                           \
	X(dma, DMA, dma_in_legalize)                                                       \
	X(fetch, FETCH, NULL)                                                              \
	X(l1i, L1I, l1i_in_legalize)

/* The port tables' rows: twin_in_t and twin_out_t are typedefs local to each unit's function. */
#define TWIN_IN_S(type, name, bits) PORT_DESC_S(twin_in_t, type, name, bits)
#define TWIN_IN_A(type, name, n, bits, bound) PORT_DESC_A(twin_in_t, type, name, n, bits, bound)
#define TWIN_OUT_S(type, name, bits) PORT_DESC_S(twin_out_t, type, name, bits)
#define TWIN_OUT_A(type, name, n, bits, bound) PORT_DESC_A(twin_out_t, type, name, n, bits, bound)
#define TWIN_KEY(key) key,
#define TWIN_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* unit_twin(): the unit's registration, built once at compile time. */
#define TWIN_REGISTER(unit, PFX, legal)                                                    \
	static void unit##_c_configure(void *u, const struct config *cfg)                  \
	{                                                                                  \
		unit##_configure(u, cfg);                                                  \
	}                                                                                  \
	static void unit##_c_eval(void *u, const void *in, void *out)                      \
	{                                                                                  \
		unit##_eval(u, in, out);                                                   \
	}                                                                                  \
	static void unit##_c_tick(void *u)                                                 \
	{                                                                                  \
		unit##_tick(u);                                                            \
	}                                                                                  \
	static const struct twin *unit##_twin(void)                                        \
	{                                                                                  \
		typedef struct unit##_in twin_in_t;                                        \
		typedef struct unit##_out twin_out_t;                                      \
		static const struct port_desc in[] = { PFX##_IN_PORTS(TWIN_IN_S, TWIN_IN_A) }; \
		static const struct port_desc out[] = { PFX##_OUT_PORTS(TWIN_OUT_S,        \
									TWIN_OUT_A) };     \
		static const char *const params[] = { PFX##_PARAMS(TWIN_KEY) };            \
		static const struct twin t = {                                             \
			#unit, { #unit, in, TWIN_N(in), out, TWIN_N(out) },                \
			sizeof(twin_in_t), sizeof(twin_out_t), sizeof(struct unit),        \
			params, TWIN_N(params),                                            \
			unit##_c_configure, unit##_c_eval, unit##_c_tick, legal,           \
		};                                                                         \
		return &t;                                                                 \
	}

TWIN_UNITS(TWIN_REGISTER)

#define TWIN_ENTRY(unit, PFX, legal) unit##_twin,

static const struct twin *(*const registered[])(void) = { TWIN_UNITS(TWIN_ENTRY) };

const struct twin *twin_at(int i)
{
	return i >= 0 && i < TWIN_N(registered) ? registered[i]() : NULL;
}
