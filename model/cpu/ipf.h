/* SPDX-License-Identifier: MIT */
/*
 * Instruction prefetching, attached to the fetch unit and the L1I: the
 * next-line prefetcher (ipf_nextline.c), the guarded sequential prefetcher
 * (ipf_guarded.c) and the stream buffers (ipf_sbuf.c, driving the
 * cycle-level unit mem/sbuf.c or, in co-simulation, its RTL twin too). Each
 * is on or off by configuration; their statistics are the L1I's per-source
 * prefetch counters (struct pf_stats).
 */
#ifndef OSPREY_IPF_H
#define OSPREY_IPF_H

#include <stdint.h>

#include "mem/l1.h"
#include "mem/memmap.h"
#include "mem/sbuf.h"
#include "sys/config.h"

#define IPF_QUEUE 32	/* prefetch candidates waiting for a free slot */

/* A stream buffer observer: evaluates, compares and ticks the unit(s) for a cycle. */
typedef int sbuf_step_fn(void *ctx, uint64_t cycle, const struct sbuf_in *in,
			 struct sbuf_out *out);

struct ipf {
	int on;				/* some mechanism is configured */
	struct l1 *l1i;
	const struct memmap *mm;	/* guard predecode bits */
	struct pf_config cfg;
	uint32_t line_bytes;

	/* candidates of the next-line and guarded prefetchers, issued one per cycle */
	struct { uint32_t line; uint8_t src; } queue[IPF_QUEUE];
	uint32_t qhead, qcount;

	/* guarded sequential prefetcher */
	int guard_en;			/* set by the core: on for the code page being fetched */
	uint32_t gp_next;		/* next line of the run */
	uint32_t gp_left;		/* lines the run may still prefetch */

	/* stream buffers */
	struct sbuf sb;
	struct sbuf_in sin;		/* this cycle's inputs, gathered as events happen */
	uint32_t arrived[IPF_QUEUE];	/* lines that came back for the buffers, one per cycle */
	uint32_t ahead, acount;
	int sb_flush;			/* fence.i this cycle */
	int sb_req;			/* the unit has a request to make next cycle */
	uint32_t last_late;		/* the last line counted as a late hit */
	int sb_wait;			/* a fetch waits for sb_wait_line to arrive in a buffer */
	uint32_t sb_wait_line;
	sbuf_step_fn *sb_step;		/* NULL: the C unit alone */
	void *sb_step_ctx;
	int sb_failed;			/* the step function reported a mismatch */
	int sb_always;			/* step every cycle (co-simulation), not only when busy */
};

int ipf_init(struct ipf *p, struct l1 *l1i, const struct memmap *mm, const struct config *cfg,
	     uint64_t seed);

/* True when ipf_cycle has something to do this cycle. */
static inline int ipf_active(const struct ipf *p)
{
	return p->on && (p->qcount || p->gp_left || (p->cfg.sbufs && (p->sin.lookup_valid || p->acount ||
			       p->sb_always || p->sb_flush || p->sb_req || p->sb_wait)));
}

/* One cycle: issue a queued prefetch, step the stream buffers. */
void ipf_cycle(struct ipf *p, uint64_t now);

/* fence.i: the stream buffers drop their streams. */
void ipf_flush(struct ipf *p);

/* Queues a candidate line for @src. */
void ipf_enqueue(struct ipf *p, uint32_t line, enum pf_source src);

/* True when @a and @b (line numbers) lie in the same 4 KiB page. */
static inline int ipf_same_page(const struct ipf *p, uint32_t a, uint32_t b)
{
	return (a * p->line_bytes) >> 12 == (b * p->line_bytes) >> 12;
}

/* The mechanisms */
void ipf_nextline_event(struct ipf *p, enum pf_event ev, uint32_t line);
void ipf_guarded_event(struct ipf *p, enum pf_event ev, uint32_t line);
void ipf_guarded_cycle(struct ipf *p);
int ipf_sbuf_claim(void *ctx, uint32_t line, uint64_t now);
void ipf_sbuf_fill(void *ctx, uint32_t line, uint64_t now);
void ipf_sbuf_cycle(struct ipf *p, uint64_t now);

#endif
