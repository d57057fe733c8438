/* SPDX-License-Identifier: MIT */
/*
 * The instruction prefetch engine: the next-line prefetcher
 * (ipf_nextline.c), the guarded sequential prefetcher (ipf_guarded.c) and
 * the queue of candidates they share, as a cycle-level unit with the
 * _init/_eval/_tick contract. rtl/ipf_engine.sv is its twin. The glue in
 * ipf.c gathers its inputs from the L1I and the core and offers the
 * candidates to the L1I.
 *
 * State: the candidate queue (line and source per entry, in order from the
 * head) and the guarded run (its next line, the lines it may still
 * prefetch). The C unit keeps the queue in a ring whose entries the state
 * and the next state share: a cycle only appends past the state's last entry
 * and moves the head, so neither eval nor tick copies the entries.
 *
 * A cycle, over the old state:
 *   flush: the queue and the run are emptied, the accesses ignored;
 *   otherwise each access in slot order, its events in the order access,
 *     miss, first use: the next-line prefetcher enqueues (ipf_nextline.c),
 *     then the guarded one may start a run (ipf_guarded.c);
 *   a run under way takes one step (may enqueue one line);
 *   outputs: the queue as it is now (count, cand_* below count), and the
 *     registered run;
 *   pop: that many candidates leave the head.
 * A candidate that finds the queue full is dropped. The outputs count and
 * cand_* depend on this cycle's accesses (combinational), and pop on the
 * outputs: the L1I takes candidates from the head until one is issued or no
 * slot is free.
 */
#ifndef OSPREY_IPF_ENGINE_H
#define OSPREY_IPF_ENGINE_H

#include <stdint.h>

#include "cpu/ipf_engine_if.h"
#include "mem/l1.h"

struct ipf_engine_params {
	uint8_t nextline;	/* enum nl_policy */
	uint8_t guarded;	/* enum gp_trigger */
	uint32_t degree;	/* lines a next-line trigger prefetches, 1..16 */
	uint32_t guard_depth;	/* lines a guarded run prefetches, 1..64 */
	uint8_t guard_line;	/* the line holding a guarded transfer is prefetched too */
	uint32_t line_bytes;	/* L1I line size: runs stay in a 4 KiB page */
};

struct ipf_engine_state {
	uint32_t head;			/* ring index of the oldest candidate */
	uint32_t count;			/* candidates queued */
	uint32_t run_next;		/* the guarded run's next line */
	uint32_t run_left;		/* lines it may still prefetch; 0: no run */
};

struct ipf_engine {
	struct ipf_engine_params p;
	uint32_t line[IPF_QUEUE];	/* the ring of candidates (shared by q and d) */
	uint8_t src[IPF_QUEUE];		/* enum pf_source of each */
	struct ipf_engine_state q;	/* registered state */
	struct ipf_engine_state d;	/* next state, from the last eval */
};

struct config;

/* Reset: the queue empty, no run. */
void ipf_engine_init(struct ipf_engine *e, const struct ipf_engine_params *p);

/* Reset, with the parameters of @cfg (pf.*, l1i.line). */
void ipf_engine_configure(struct ipf_engine *e, const struct config *cfg);

/* Combinational: outputs and next state from the state and @in. */
void ipf_engine_eval(struct ipf_engine *e, const struct ipf_engine_in *in,
		     struct ipf_engine_out *out);

/* Clock edge: next state becomes state. */
void ipf_engine_tick(struct ipf_engine *e);

/* True when the state holds work (candidates or a run): it must be evaluated. */
static inline int ipf_engine_busy(const struct ipf_engine *e)
{
	return e->q.count || e->q.run_left;
}

/* True when lines @a and @b lie in the same 4 KiB page. */
static inline int ipf_engine_same_page(const struct ipf_engine *e, uint32_t a, uint32_t b)
{
	return (a * e->p.line_bytes) >> 12 == (b * e->p.line_bytes) >> 12;
}

/*
 * Queues a candidate in the next state; dropped when the queue is full. The
 * slot is past the state's last entry, so the state does not change.
 */
static inline void ipf_engine_push(struct ipf_engine *e, uint32_t line, enum pf_source src)
{
	struct ipf_engine_state *d = &e->d;
	uint32_t i = (d->head + d->count) % IPF_QUEUE;

	if (d->count == IPF_QUEUE)
		return;		/* full: the oldest candidates are more useful */
	e->line[i] = line;
	e->src[i] = (uint8_t)src;
	d->count++;
}

/* The mechanisms, on the next state. guarded_event returns 1 when it starts a run. */
void ipf_nextline_event(struct ipf_engine *e, enum pf_event ev, uint32_t line);
int ipf_guarded_event(struct ipf_engine *e, enum pf_event ev, uint32_t line, int guard_en,
		      int line_guarded);
void ipf_guarded_step(struct ipf_engine *e, int run_guarded);

#endif
