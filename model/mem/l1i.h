/* SPDX-License-Identifier: MIT */
/*
 * The L1 cache controller as a cycle-level unit with the _init/_eval/_tick
 * contract (ports and operations: mem/l1i_if.h): the tag array and its
 * replacement state (a cache_array), the demand MSHRs, and the lists of
 * fills to replay and misses abandoned. rtl/l1i.sv is its twin; mem/l1.c,
 * the cache around it (statistics, prefetch MSHRs and buffer, the
 * prefetchers' hooks, the L2 side), steps it for every change of that state.
 *
 * The registered state is large (the tags), so the next state is what the
 * hardware's write ports carry: eval keeps the operation, its inputs and
 * its lookups, and tick applies them to the arrays.
 */
#ifndef OSPREY_L1I_H
#define OSPREY_L1I_H

#include <stdint.h>

#include "mem/cache_array.h"
#include "mem/l1i_if.h"

struct config;
struct cache_config;

#define L1_MAX_MSHRS 64

struct l1_mshr {
	uint8_t valid;
	uint8_t excl;		/* enum l1_need: ownership requested (L1_WRITE, L1_OWN) or not */
	uint32_t line;
};

struct l1i {
	struct cache_array arr;		/* tags, line states, replacement */
	uint32_t mshrs;			/* MSHRs (l1i.mshrs), at most L1_MAX_MSHRS */
	struct l1_mshr mshr[L1_MAX_MSHRS];
	/*
	 * Lines just filled for a miss: the access that missed is replayed when
	 * the line arrives, and that replay is the same access, not a new one.
	 */
	uint32_t replay[L1I_LIST];
	uint32_t nreplay;
	/*
	 * Lines whose missed access the client gave up (ABANDON) while still on
	 * their way: their fill is replayed by nobody, so it records no replay.
	 */
	uint32_t abandoned[L1I_LIST];
	uint32_t nabandoned;
	/* Next state: the last eval's inputs and lookups, which tick applies. */
	struct l1i_in op_in;
	struct l1i_out op_out;
};

/* Reset: no line, no miss. Returns 0, or -1 for an impossible geometry or no memory. */
int l1i_init(struct l1i *u, const struct cache_config *cfg, uint64_t seed);
void l1i_free(struct l1i *u);

/* Reset with the instruction cache's parameters of @cfg (the twin registry's). */
void l1i_configure(struct l1i *u, const struct config *cfg);

/* Combinational: the outputs of @in's operation, and the next state. */
void l1i_eval(struct l1i *u, const struct l1i_in *in, struct l1i_out *out);

/* Clock edge: the last eval's operation takes effect. */
void l1i_tick(struct l1i *u);

/* Random inputs made legal for the lockstep tests: a fill's state is never LINE_I. */
void l1i_in_legalize(void *in, const void *out);

/* True when the unit is as reset: no valid line, MSHR or list entry. */
int l1i_at_reset(const void *u);

/* Read-only lookups for the cache around the unit (no port: they change nothing). */
static inline struct l1_mshr *l1i_find_mshr(struct l1i *u, uint32_t line)
{
	for (uint32_t i = 0; i < u->mshrs; i++)
		if (u->mshr[i].valid && u->mshr[i].line == line)
			return &u->mshr[i];
	return NULL;
}

/* The line in @out's way of @line's set (after a LOOKUP, INVAL or FILL). */
static inline struct cache_line *l1i_way(struct l1i *u, uint32_t line, const struct l1i_out *out)
{
	return &u->arr.lines[(size_t)carray_set(&u->arr, line) * u->arr.ways + out->way];
}

#endif
