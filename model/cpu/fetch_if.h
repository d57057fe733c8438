/* SPDX-License-Identifier: MIT */
/*
 * Ports of the fetch unit (cpu/fetch.h, rtl/fetch.sv): the line being
 * decoded, one sequential line fetched ahead, redirects, the guard stop,
 * and its requests to the L1I and abandons of them.
 *
 * The ports are described once, below, as in cpu/ipf_engine_if.h: S(type,
 * name, bits) is a scalar field (the unit has no array ports; A is there
 * for the generic tools, which take both kinds). The C structs, the Verilator binding
 * (sim/cosim/fetch_twin.cpp) and the twin registry's port tables
 * (sim/cosim/twins.c: the checker, the waveforms, the random stimulus) are
 * generated from these lists. Field names are the SystemVerilog port names without the _i/_o
 * suffix. Every output is defined in every evaluation, valid or not, so
 * that all of them are compared.
 *
 * The L1I answers a request in the same cycle (its tag lookup): the unit
 * asks (want_valid, ahead_valid), the glue performs the access and feeds
 * the answer back (want_resp, ahead_resp), and the unit is evaluated again;
 * the outputs that depend on an answer are settled once it is given. The
 * glue drives its guess of each answer (a hit) until the answer comes, and
 * evaluates again only when the answer differs: the same inputs give the
 * same outputs. A cycle, in the order the glue (cpu/ifetch.c) performs it:
 *	eval; abandon cur_line if drop_cur_valid;
 *	access want_line if want_valid; if its answer is not want_resp,
 *	  want_resp := the answer, eval;
 *	abandon next_line if drop_next_valid;
 *	access ahead_line if ahead_valid; if its answer is not ahead_resp,
 *	  ahead_resp := the answer, eval;
 *	count the events; tick.
 * The unit lockstep test drives random values for the answers not yet
 * given: every value must give the same outputs on both sides.
 */
#ifndef OSPREY_FETCH_IF_H
#define OSPREY_FETCH_IF_H

#include <stdint.h>

/*
 * One cycle's inputs. want_resp and ahead_resp are enum l1_result (mem/l1.h).
 * (Fields of a byte first, in both lists: the C structs pack them.)
 */
#define FETCH_IN_PORTS(S, A)                                                                \
	S(uint8_t, req_valid, 1)	/* the pipeline wants the instruction at req_pa */ \
	S(uint8_t, flush, 1)		/* fence.i: the queue is dropped, req_valid is     \
					 * ignored */                                      \
	S(uint8_t, guard_en, 1)		/* guarded prefetching is on for the code page */  \
	S(uint8_t, guarded, 1)		/* req_pa's line holds a guarded transfer (its     \
					 * predecode bits); read only with guard_en */     \
	S(uint8_t, want_resp, 2)	/* the L1I's answer to want_line */                \
	S(uint8_t, ahead_resp, 2)	/* the L1I's answer to ahead_line */               \
	S(uint32_t, req_pa, 32)		/* the instruction's physical address */

/* One cycle's outputs. Line numbers are byte addresses >> log2(l1i.line). */
#define FETCH_OUT_PORTS(S, A)                                                               \
	S(uint8_t, ready, 1)		/* the instruction at req_pa is available */       \
	S(uint8_t, want_valid, 1)	/* access want_line */                             \
	S(uint8_t, ahead_valid, 1)	/* access ahead_line */                            \
	S(uint8_t, drop_cur_valid, 1)	/* abandon cur_line: a miss on its way that nobody \
					 * waits for any more */                           \
	S(uint8_t, drop_next_valid, 1)	/* abandon next_line, likewise */                  \
	S(uint8_t, lines, 1)		/* events: a line taken into decode (fetch.lines) */ \
	S(uint8_t, lookahead, 1)	/* a line requested ahead (fetch.lookahead) */     \
	S(uint8_t, lookahead_used, 1)	/* the pipeline entered the line fetched ahead */  \
	S(uint8_t, redirects, 1)	/* fetch restarted elsewhere (fetch.redirects) */  \
	S(uint8_t, cur_state, 2)	/* registered: enum fetch_line_state of cur_line */ \
	S(uint8_t, next_state, 2)	/* registered: enum fetch_line_state of next_line */ \
	S(uint32_t, want_line, 32)	/* req_pa's line */                                \
	S(uint32_t, ahead_line, 32)	/* the next sequential line: want_line + 1 */      \
	S(uint32_t, cur_line, 32)	/* registered: the line decoded from */            \
	S(uint32_t, next_line, 32)	/* registered: the line fetched ahead */

/*
 * The configuration keys that set the RTL's parameters (sim/cosim/twin.h:
 * l1i.line is L1I_LINE), in the RTL's order.
 */
#define FETCH_PARAMS(P) P("l1i.line") P("core.fetch_queue")

#define FETCH_PORT_FIELD(type, name, bits) type name;
#define FETCH_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct fetch_in {
	FETCH_IN_PORTS(FETCH_PORT_FIELD, FETCH_PORT_ARRAY)
};

struct fetch_out {
	FETCH_OUT_PORTS(FETCH_PORT_FIELD, FETCH_PORT_ARRAY)
};

#endif
