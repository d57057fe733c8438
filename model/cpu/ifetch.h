/* SPDX-License-Identifier: MIT */
/*
 * Instruction fetch: the pipeline's side of the fetch unit (cpu/fetch.h).
 * It gives the unit the pipeline's request, the guard bits and the L1I's
 * answers, performs the L1I accesses and abandons the unit asks for, in the
 * order cpu/fetch_if.h gives, and counts the unit's events per privilege
 * mode. Every line request is an L1I demand access; the prefetchers and
 * stream buffers (mem/prefetcher.h) see them through the L1I's hooks.
 *
 * The common case, more of the line being decoded with nothing to ask for
 * (fetch_fast_ready), skips the unit: it would change nothing. The next
 * most common steps are the unit's evaluation written out: entering the
 * line fetched ahead early in it (fetch_enters_ahead), asking for the next
 * line near the end of the current one (fetch_asks_from_current), and a
 * redirect to a line the L1I will hit (fetch_redirects_to, l1_plain_hit).
 * With an observer on the tap (the co-simulation, sys/tap.h) every request
 * goes through the unit: eval one or more times as the L1I's answers come
 * in, then tick; and the glue checks those claims in each step it would
 * have skipped or written out.
 */
#ifndef OSPREY_IFETCH_H
#define OSPREY_IFETCH_H

#include <stdint.h>

#include "cpu/fetch.h"
#include "mem/l1.h"
#include "mem/memmap.h"
#include "mem/wbuf.h"
#include "sys/stats.h"
#include "sys/tap.h"

struct fetch_stats {
	struct mctr lines;		/* lines the pipeline fetched from */
	struct mctr lookahead;		/* sequential lines requested ahead of need */
	struct mctr lookahead_used;	/* ... that the pipeline then used */
	struct mctr redirects;		/* fetch restarted elsewhere */
};

struct ifetch {
	struct fetch u;			/* the unit */
	struct l1 *l1i;
	const uint8_t *mode;		/* the privilege mode counted in */
	const struct memmap *mm;	/* guard predecode bits */
	struct unit_tap tap;		/* where --cosim/--rtl/--waves take the unit over */
	int *stop;			/* set too when tap.failed is: the run stops (or NULL) */
	struct fetch_stats stats;
	/*
	 * fetch_fast_ready's answer for the unit's present state, as the byte
	 * range [fast_base, fast_base + fast_len) of addresses it holds for
	 * (fast_len 0: none), so that the common step tests one range; set
	 * after each clock edge of the unit (ifetch_cycle, ifetch_flush). None
	 * while an observer is on the tap (fast_off, which it sets): it sees
	 * every cycle.
	 */
	uint32_t fast_base, fast_len;
	int fast_off;
	/*
	 * The core's write buffer, or NULL: the fast range never holds a word
	 * a buffered store will change (fast_range leaves such a line out,
	 * ifetch_stored cuts the range), so that the pipeline, which reads an
	 * instruction's word when it fetches it, looks for such stores only
	 * outside the range (wbuf_fetch_waits).
	 */
	const struct wbuf *wb;
};

void ifetch_init(struct ifetch *f, struct l1 *l1i, const struct config *cfg, const uint8_t *mode,
		 const struct memmap *mm);

enum fetch_result {
	FETCH_READY,	/* the instruction at the address is available this cycle */
	FETCH_WAIT,	/* its line is on its way: the pipeline sleeps until a wake-up */
};

enum fetch_result ifetch_cycle(struct ifetch *f, uint32_t pa, int guard_en, uint64_t now);

/*
 * For a core running ahead (core.c): when ifetch_cycle's step for @pa at
 * @now touches only the core's own fetch unit and L1I (one of the glue's
 * written-out steps whose L1I accesses are all plain hits, abandoning no
 * line on its way; never with an observer on the tap, which sees every
 * step), makes it, as ifetch_cycle would, and returns 1 (the instruction is
 * ready); else 0, with nothing changed. The caller has made sure that a
 * step other than entering the line ahead (fetch_enters_ahead) is in a
 * cycle no snoop or fill can reach.
 */
int ifetch_step_ahead(struct ifetch *f, uint32_t pa, int guard_en, uint64_t now);

/* The instruction at @pa is ready with nothing for the unit to do (the common case). */
static inline int ifetch_fast_ready(const struct ifetch *f, uint32_t pa)
{
	return pa - f->fast_base < f->fast_len;
}

/* A store of @size bytes at @pa went into the write buffer: the fast range leaves it out. */
static inline void ifetch_stored(struct ifetch *f, uint32_t pa, int size)
{
	if (pa < f->fast_base + f->fast_len && f->fast_base < pa + (uint32_t)size)
		f->fast_len = 0;
}

/*
 * The pipeline wants the instruction at physical address @pa at @now;
 * @guard_en: guarded prefetching is on for its code page.
 */
static inline enum fetch_result ifetch_get(struct ifetch *f, uint32_t pa, int guard_en,
					   uint64_t now)
{
	if (__builtin_expect(ifetch_fast_ready(f, pa), 1))
		return FETCH_READY;
	return ifetch_cycle(f, pa, guard_en, now);
}

/* Drops the queue at @now (fence.i, a flush of the L1I). */
void ifetch_flush(struct ifetch *f, uint64_t now);

/*
 * The address of the line the pipeline waits for (the unit's current line,
 * or @pa's when it has none) and its enum fetch_line_state in @state.
 */
static inline uint32_t ifetch_wait_addr(const struct ifetch *f, uint32_t pa, uint8_t *state)
{
	*state = f->u.q.cur_state;
	return (f->u.q.cur_state != FL_NONE ? f->u.q.cur : pa >> f->u.line_shift)
	       << f->u.line_shift;
}

extern const struct stat_field fetch_stat_fields[];
extern const int fetch_stat_nfields;

#endif
