/* SPDX-License-Identifier: MIT */
/*
 * Ports of the L1 cache controller (mem/l1i.h, rtl/l1i.sv): its tag array,
 * replacement state, demand MSHRs and the lists of fills to replay and of
 * misses abandoned. It is registered as "l1i": the instruction cache's is
 * the one with an RTL twin (the data cache runs the same unit, and changes
 * the coherence state of the lines it finds itself).
 *
 * One operation per clock: the cache (mem/l1.c) steps the unit once for
 * each lookup, MSHR allocation, fill, abandon, invalidation or flush, in the
 * order it performs them; the co-simulation's "cycle" of this unit is that
 * operation count. Data never moves through the ports.
 *
 * The ports are described once, below, as in cpu/fetch_if.h: S(type, name,
 * bits) is a scalar field (the unit has no array ports; A is there for the
 * generic tools). The C structs, the Verilator binding
 * (sim/cosim/l1i_twin.cpp) and the twin registry's port tables
 * (sim/cosim/twins.c) are generated from these lists. Field names are the
 * SystemVerilog port names without the _i/_o suffix. Every output is
 * defined in every evaluation (0 where the operation gives it no meaning),
 * so that all of them are compared.
 *
 * An operation looks @line up where it needs to (the outputs of a lookup it
 * does not make are 0): in the tags of its set (present, way, line_state)
 * for LOOKUP, FILL and INVAL; in the MSHRs (mshr_hit, mshr_excl,
 * mshr_slot) for LOOKUP, ALLOC, FILL and ABANDON; in the replay list
 * (replay_hit) for LOOKUP and ABANDON; in the abandoned list
 * (abandoned_hit) for LOOKUP, FILL and ABANDON. What the clock edge then
 * does, per enum l1i_op:
 *	LOOKUP   a demand access: @line leaves the abandoned list (asked for
 *	         again, a line on its way is the client's to replay once
 *	         more); with use and present, the way is touched for
 *	         replacement and @line leaves the replay list.
 *	ALLOC    unless an MSHR has @line already, the first free one
 *	         (mshr_slot) takes it with excl (allocated); none free:
 *	         nothing (mshr_full).
 *	FILL     @line, if not present, goes into the victim way (way: the
 *	         first invalid way of its set, else the replacement policy's
 *	         choice; victim_valid and victim_line say what it held) in
 *	         @state, and is touched; with free, its MSHR (if any) is
 *	         freed, and the fill is a replay for the access that waited
 *	         there (as with replay_new when the line was not present):
 *	         @line leaves the abandoned list if there, else joins the
 *	         replay list.
 *	ABANDON  @line leaves the replay list if there; else, if it is on its
 *	         way (mshr_hit, or pf_demand: a prefetch a demand waits for
 *	         brings it) and not yet abandoned, it joins the abandoned list.
 *	INVAL    @line, if present, is dropped.
 *	FLUSH    every line is dropped.
 * The lists hold L1I_LIST lines; a full abandoned list takes no more, a
 * full replay list overwrites its first entry. A line leaves a list by
 * moving the list's last entry into its place.
 */
#ifndef OSPREY_L1I_IF_H
#define OSPREY_L1I_IF_H

#include <stdint.h>

enum l1i_op {
	L1I_NONE,
	L1I_LOOKUP,
	L1I_ALLOC,
	L1I_FILL,
	L1I_ABANDON,
	L1I_INVAL,
	L1I_FLUSH,	/* 7 is taken as L1I_NONE */
};

/* Lines in the replay and the abandoned list. */
#define L1I_LIST 64

/* One operation's inputs. (Fields of a byte first, in both lists: the C structs pack them.) */
#define L1I_IN_PORTS(S, A)                                                                 \
	S(uint8_t, op, 3)		/* enum l1i_op */                                  \
	S(uint8_t, use, 1)		/* LOOKUP: a demand use of the line if present */  \
	S(uint8_t, excl, 1)		/* ALLOC: ownership requested (enum l1_need) */    \
	S(uint8_t, state, 2)		/* FILL: the line's enum line_state (not LINE_I) */ \
	S(uint8_t, free, 1)		/* FILL: the line's MSHR is done, its access       \
					 * replayed */                                     \
	S(uint8_t, replay_new, 1)	/* FILL: the access that waited for a prefetch is  \
					 * replayed, if the line is placed now */          \
	S(uint8_t, pf_demand, 1)	/* ABANDON: a prefetch that a demand waits for     \
					 * brings the line */                              \
	S(uint32_t, line, 30)		/* the line number (byte address >> log2 line) */

/* One operation's outputs. */
#define L1I_OUT_PORTS(S, A)                                                                \
	S(uint8_t, present, 1)		/* the line is in the tags */                      \
	S(uint8_t, way, 6)		/* its way; on a FILL of an absent line the victim */ \
	S(uint8_t, line_state, 2)	/* its enum line_state, LINE_I if absent */        \
	S(uint8_t, victim_valid, 1)	/* FILL of an absent line: the victim way holds    \
					 * victim_line, which leaves */                    \
	S(uint8_t, mshr_hit, 1)		/* an MSHR has the line */                         \
	S(uint8_t, mshr_excl, 1)	/* ... asking for ownership */                     \
	S(uint8_t, mshr_full, 1)	/* no MSHR is free */                              \
	S(uint8_t, allocated, 1)	/* ALLOC: a free MSHR takes the line */                \
	S(uint8_t, mshr_slot, 6)	/* ALLOC: the MSHR taken; else the one that has    \
					 * the line; else 0 */                             \
	S(uint8_t, replay_hit, 1)	/* the line is in the replay list */               \
	S(uint8_t, abandoned_hit, 1)	/* the line is in the abandoned list */            \
	S(uint8_t, mshrs_busy, 7)	/* registered: MSHRs in use */                     \
	S(uint8_t, replays, 7)		/* registered: lines in the replay list */         \
	S(uint8_t, abandons, 7)		/* registered: lines in the abandoned list */      \
	S(uint32_t, victim_line, 30)	/* see victim_valid; 0 otherwise */

/*
 * The configuration keys that set the RTL's parameters (sim/cosim/twin.h:
 * l1i.size is L1I_SIZE), in the RTL's order.
 */
#define L1I_PARAMS(P) P("l1i.size") P("l1i.ways") P("l1i.line") P("l1i.repl") P("l1i.mshrs")

#define L1I_PORT_FIELD(type, name, bits) type name;
#define L1I_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct l1i_in {
	L1I_IN_PORTS(L1I_PORT_FIELD, L1I_PORT_ARRAY)
};

struct l1i_out {
	L1I_OUT_PORTS(L1I_PORT_FIELD, L1I_PORT_ARRAY)
};

#endif
