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
#include <string.h>

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
	uint64_t mshr_busy;		/* bit i: mshr[i] is valid (the lookups scan only these) */
	uint32_t nbusy;			/* MSHRs valid: the bits of mshr_busy */
	uint64_t mshr_all;		/* bit i: mshr[i] exists (i < mshrs) */
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
	struct cache_line *op_set;	/* the first way of its line's set */
};

/* Reset: no line, no miss. Returns 0, or -1 for an impossible geometry or no memory. */
int l1i_init(struct l1i *u, const struct cache_config *cfg, uint64_t seed);
void l1i_free(struct l1i *u);

/* Reset with the instruction cache's parameters of @cfg (the twin registry's). */
void l1i_configure(struct l1i *u, const struct config *cfg);

/* Random inputs made legal for the lockstep tests: a fill's state is never LINE_I. */
void l1i_in_legalize(void *in, const void *out);

/* True when the unit is as reset: no valid line, MSHR or list entry. */
int l1i_at_reset(const void *u);

/* Read-only lookups for the cache around the unit (no port: they change nothing). */
static inline struct l1_mshr *l1i_find_mshr(struct l1i *u, uint32_t line)
{
	for (uint64_t b = u->mshr_busy; b; b &= b - 1)
		if (u->mshr[__builtin_ctzll(b)].line == line)
			return &u->mshr[__builtin_ctzll(b)];
	return NULL;
}

/* The line in @out's way of the set just evaluated (a LOOKUP, INVAL or FILL). */
static inline struct cache_line *l1i_way(struct l1i *u, const struct l1i_out *out)
{
	return u->op_set + out->way;
}

/* Is @line in @list of @n lines? */
static inline int l1i_listed(const uint32_t *list, uint32_t n, uint32_t line)
{
	for (uint32_t i = 0; i < n; i++)
		if (list[i] == line)
			return 1;
	return 0;
}

/* Read-only: does a replay wait for @line (its fill came, its access not yet replayed)? */
static inline int l1i_replay_waits(const struct l1i *u, uint32_t line)
{
	return l1i_listed(u->replay, u->nreplay, line);
}

/* Removes @line from @list of *@n lines (the last entry takes its place). */
static inline void l1i_unlist(uint32_t *list, uint32_t *n, uint32_t line)
{
	for (uint32_t i = 0; i < *n; i++) {
		if (list[i] == line) {
			list[i] = list[--*n];
			return;
		}
	}
}

/*
 * Combinational: the outputs of @in's operation (and the set l1i_way
 * reads). Inline: the cache steps the unit with a constant operation at
 * each call site.
 */
static inline __attribute__((always_inline)) void l1i_outputs(struct l1i *u,
							     const struct l1i_in *in,
							     struct l1i_out *out)
{
	uint32_t line = in->line, ways = u->arr.ways, op = in->op;
	struct cache_line *set = &u->arr.lines[(size_t)carray_set(&u->arr, line) * ways];
	uint64_t free_slots = ~u->mshr_busy & u->mshr_all;
	struct l1i_out *o = out;

	memset(o, 0, sizeof(*o));
	if (op == L1I_LOOKUP || op == L1I_FILL || op == L1I_INVAL) {
		for (uint32_t w = 0; w < ways; w++) {
			if (set[w].tag == line && set[w].state != LINE_I) {
				o->present = 1;
				o->way = (uint8_t)w;
				o->line_state = set[w].state;
				break;
			}
		}
	}
	if (op == L1I_LOOKUP || op == L1I_ALLOC || op == L1I_FILL || op == L1I_ABANDON) {
		for (uint64_t b = u->mshr_busy; b; b &= b - 1) {
			const struct l1_mshr *m = &u->mshr[__builtin_ctzll(b)];

			if (m->line == line) {
				o->mshr_hit = 1;
				o->mshr_excl = m->excl != 0;
				o->mshr_slot = (uint8_t)__builtin_ctzll(b);
				break;
			}
		}
	}
	o->mshr_full = !free_slots;
	if (op == L1I_ALLOC && !o->mshr_hit && free_slots) {
		o->allocated = 1;
		o->mshr_slot = (uint8_t)__builtin_ctzll(free_slots);
	}
	if (op == L1I_LOOKUP || op == L1I_ABANDON)
		o->replay_hit = (uint8_t)l1i_listed(u->replay, u->nreplay, line);
	if (op == L1I_LOOKUP || op == L1I_FILL || op == L1I_ABANDON)
		o->abandoned_hit = (uint8_t)l1i_listed(u->abandoned, u->nabandoned, line);
	o->mshrs_busy = (uint8_t)u->nbusy;
	o->replays = (uint8_t)u->nreplay;
	o->abandons = (uint8_t)u->nabandoned;
	if (op == L1I_FILL && !o->present) {
		/* The victim way, chosen only for a fill (a FIFO marks its set then). */
		struct cache_line *v = carray_victim(&u->arr, line);

		o->way = (uint8_t)(v - set);
		o->victim_valid = v->state != LINE_I;
		o->victim_line = o->victim_valid ? v->tag : 0;
	}
	u->op_set = set;
}

/* Combinational: l1i_outputs, keeping the inputs and lookups for l1i_tick (the next state). */
static inline void l1i_eval(struct l1i *u, const struct l1i_in *in, struct l1i_out *out)
{
	l1i_outputs(u, in, out);
	u->op_in = *in;
	u->op_out = *out;
}

/* A fill for an access that missed: its replay, unless the access was abandoned. */
static inline void l1i_add_replay(struct l1i *u, uint32_t line, int abandoned)
{
	if (abandoned) {
		l1i_unlist(u->abandoned, &u->nabandoned, line);
		return;
	}
	u->replay[u->nreplay < L1I_LIST ? u->nreplay++ : 0] = line;
}

/*
 * Clock edge of operation @in (whose op is @op: a constant where the cache
 * calls it) whose outputs l1i_outputs just gave as @out: it takes effect.
 * (The cache, which keeps both until the edge, calls it directly; l1i_tick
 * applies what l1i_eval kept.)
 */
static inline __attribute__((always_inline)) void l1i_apply(struct l1i *u, enum l1i_op op,
							   const struct l1i_in *in,
							   const struct l1i_out *out)
{
	uint32_t line = in->line;
	struct cache_line *l = l1i_way(u, out);

	switch (op) {
	case L1I_LOOKUP:
		if (out->abandoned_hit)
			l1i_unlist(u->abandoned, &u->nabandoned, line);
		if (in->use && out->present) {
			carray_touch(&u->arr, l);
			if (out->replay_hit)
				l1i_unlist(u->replay, &u->nreplay, line);
		}
		break;
	case L1I_ALLOC:
		if (out->allocated) {
			u->mshr[out->mshr_slot] = (struct l1_mshr){ 1, in->excl, line };
			u->mshr_busy |= 1ull << out->mshr_slot;
			u->nbusy++;
		}
		break;
	case L1I_FILL:
		if (!out->present)
			carray_fill(&u->arr, l, line, (enum line_state)in->state);
		if (in->free && out->mshr_hit) {
			u->mshr[out->mshr_slot].valid = 0;
			u->mshr_busy &= ~(1ull << out->mshr_slot);
			u->nbusy--;
		}
		if ((in->free && out->mshr_hit) || (in->replay_new && !out->present))
			l1i_add_replay(u, line, out->abandoned_hit);
		break;
	case L1I_ABANDON:
		if (out->replay_hit)
			l1i_unlist(u->replay, &u->nreplay, line);
		else if ((out->mshr_hit || in->pf_demand) && !out->abandoned_hit &&
			 u->nabandoned < L1I_LIST)
			u->abandoned[u->nabandoned++] = line;
		break;
	case L1I_INVAL:
		if (out->present)
			carray_invalidate(&u->arr, line);
		break;
	case L1I_FLUSH:
		for (uint32_t i = 0; i < u->arr.sets * u->arr.ways; i++)
			u->arr.lines[i].state = LINE_I;
		break;
	case L1I_NONE:
	default:
		break;		/* no operation (codes 0 and 7) */
	}
}

/* Clock edge: the last eval's operation takes effect. */
static inline void l1i_tick(struct l1i *u)
{
	l1i_apply(u, (enum l1i_op)u->op_in.op, &u->op_in, &u->op_out);
	u->op_in.op = L1I_NONE;	/* a second tick changes nothing */
}

#endif
