/* SPDX-License-Identifier: MIT */
/*
 * Instruction prefetching, attached to the fetch unit and the L1I: the
 * prefetch engine (cpu/ipf_engine.h: the next-line and guarded sequential
 * prefetchers and their candidate queue, a cycle-level unit with an RTL
 * twin) and the stream buffers (ipf_sbuf.c, driving the cycle-level unit
 * mem/sbuf.c or, in co-simulation, its RTL twin too). This file is their
 * glue: it gathers their inputs as the L1I and the core produce them during
 * a cycle, evaluates and clocks them once per cycle, and acts on their
 * outputs. Each mechanism is on or off by configuration; their statistics
 * are the L1I's per-source prefetch counters (struct pf_stats).
 */
#ifndef OSPREY_IPF_H
#define OSPREY_IPF_H

#include <stdint.h>

#include "cpu/ipf_engine.h"
#include "mem/l1.h"
#include "mem/memmap.h"
#include "mem/sbuf.h"
#include "sys/config.h"
#include "sys/tap.h"

#define IPF_ARRIVED 32	/* lines arrived for the stream buffers, not yet taken */

struct ipf {
	int on;				/* some mechanism is configured */
	struct l1 *l1i;
	const struct memmap *mm;	/* guard predecode bits */
	struct pf_config cfg;
	uint32_t line_bytes;

	/* the prefetch engine (next-line, guarded) */
	int engine_on;			/* pf.nextline or pf.guarded is on */
	unsigned heard;			/* the L1I events (1 << enum pf_event) they react to */
	int guard_en;			/* set by the core: on for the code page being fetched */
	struct ipf_engine eng;
	struct ipf_engine_in ein;	/* this cycle's inputs, gathered as events happen */
	int ein_slots;			/* access slots of ein in use */
	struct unit_tap eng_tap;	/* co-simulation's hold on eng */

	/* stream buffers */
	struct sbuf sb;
	struct sbuf_in sin;		/* this cycle's inputs, gathered as events happen */
	uint32_t arrived[IPF_ARRIVED];	/* lines that came back for the buffers, one per cycle */
	uint32_t ahead, acount;
	int sb_flush;			/* fence.i this cycle */
	int sb_req;			/* the unit has a request to make next cycle */
	uint32_t last_late;		/* the last line counted as a late hit */
	int sb_wait;			/* a fetch waits for sb_wait_line to arrive in a buffer */
	uint32_t sb_wait_line;
	struct unit_tap sb_tap;		/* co-simulation's hold on sb */
};

int ipf_init(struct ipf *p, struct l1 *l1i, const struct memmap *mm, const struct config *cfg,
	     uint64_t seed);

/* True when the engine has inputs this cycle or work in its state. */
static inline int ipf_engine_due(const struct ipf *p)
{
	return p->engine_on && (p->ein_slots || p->ein.flush || p->eng_tap.always ||
				ipf_engine_busy(&p->eng));
}

/* True when ipf_cycle has something to do this cycle. */
static inline int ipf_active(const struct ipf *p)
{
	return p->on && (ipf_engine_due(p) || (p->cfg.sbufs && (p->sin.lookup_valid || p->acount ||
			       p->sb_tap.always || p->sb_flush || p->sb_req || p->sb_wait)));
}

/* The taps of the units that are on (at most 2), into @taps; returns how many. */
int ipf_taps(struct ipf *p, struct unit_tap **taps);

/* A tap found a co-simulation mismatch. */
static inline int ipf_twin_failed(const struct ipf *p)
{
	return p->sb_tap.failed | p->eng_tap.failed;
}

/* One cycle: step the prefetch engine and issue its candidates, step the stream buffers. */
void ipf_cycle(struct ipf *p, uint64_t now);

/* fence.i: the engine drops its candidates and run, the stream buffers their streams. */
void ipf_flush(struct ipf *p);

/* The stream buffers */
int ipf_sbuf_claim(void *ctx, uint32_t line, uint64_t now);
void ipf_sbuf_fill(void *ctx, uint32_t line, uint64_t now);
void ipf_sbuf_cycle(struct ipf *p, uint64_t now);

#endif
