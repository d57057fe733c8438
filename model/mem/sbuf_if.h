/* SPDX-License-Identifier: MIT */
/*
 * Ports of the instruction stream buffer (mem/sbuf.h, rtl/sbuf.sv), described
 * once: S(type, name, bits) is a scalar field of the C width @bits (the RTL
 * port may be narrower: hit_buf_o has $clog2(SBUF_COUNT) bits). The C
 * structs, the Verilator binding (sim/cosim/sbuf_twin.cpp) and the generic
 * checker's comparison, printout, waveform signals and random stimulus
 * (sim/cosim/twin.h) are generated from these lists. Field names are the
 * SystemVerilog port names without the _i/_o suffix, so the C unit and its
 * RTL twin are driven by the same input struct and compared output by
 * output. (A is for arrays, as in cpu/ipf_engine_if.h; the stream buffer has
 * none.)
 */
#ifndef OSPREY_SBUF_IF_H
#define OSPREY_SBUF_IF_H

#include <stdint.h>

/* One cycle's inputs. */
#define SBUF_IN_PORTS(S, A)                                                                 \
	S(uint8_t, lookup_valid, 1)	/* the L1I missed on lookup_line this cycle */     \
	S(uint32_t, lookup_line, 32)	/* line number (byte address >> log2 line size) */ \
	S(uint8_t, fill_valid, 1)	/* a line the buffers requested arrives */         \
	S(uint32_t, fill_line, 32)                                                          \
	S(uint8_t, req_ready, 1)	/* the next level accepts a request this cycle */  \
	S(uint8_t, flush, 1)		/* drop every stream (fence.i) */

/* One cycle's outputs. */
#define SBUF_OUT_PORTS(S, A)                                                                \
	S(uint8_t, hit, 1)		/* lookup_line is in a buffer (at its head, or     \
					 * anywhere) */                                    \
	S(uint8_t, hit_avail, 1)	/* ... and has arrived: it moves into the L1I now */ \
	S(uint8_t, hit_buf, 8)		/* the buffer that hit (valid when hit) */         \
	S(uint8_t, req_valid, 1)	/* a prefetch request for req_line */              \
	S(uint32_t, req_line, 32)

/*
 * The parameters, as configuration keys: the RTL parameter is the key in
 * capitals with '.' as '_' (SBUF_COUNT), its value the key's (sbuf.hit: 0
 * head, 1 any).
 */
#define SBUF_PARAMS(P) P("sbuf.count") P("sbuf.depth") P("sbuf.hit")

#define SBUF_PORT_FIELD(type, name, bits) type name;
#define SBUF_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct sbuf_in {
	SBUF_IN_PORTS(SBUF_PORT_FIELD, SBUF_PORT_ARRAY)
};

struct sbuf_out {
	SBUF_OUT_PORTS(SBUF_PORT_FIELD, SBUF_PORT_ARRAY)
};

#endif
