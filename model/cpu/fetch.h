/* SPDX-License-Identifier: MIT */
/*
 * The fetch unit: it hands the pipeline instructions from L1I lines and runs
 * ahead of it along the sequential path. It holds the line being decoded
 * and a fetch queue: once the pipeline is within core.fetch_queue
 * instructions of the end of the current line, the unit requests the next
 * sequential line (in the same page: it has no translation of its own), so
 * straight-line code finds its next line ready. A taken branch, jump or trap
 * redirects it: the queue is dropped and fetch restarts at the target.
 *
 * With guarded prefetching on for the code page, the unit does not fetch
 * ahead past a line holding a guarded control transfer: execution leaves
 * the sequence there.
 *
 * Every line request is an L1I demand access; the prefetchers
 * (mem/prefetcher.h) see them through the L1I's hooks.
 */
#ifndef OSPREY_FETCH_H
#define OSPREY_FETCH_H

#include <stdint.h>

#include "mem/l1.h"
#include "mem/memmap.h"
#include "sys/stats.h"

enum fetch_line_state {
	FL_NONE,	/* nothing requested */
	FL_PENDING,	/* requested, the L1I missed: on its way */
	FL_READY,	/* in the fetch queue */
};

struct fetch_stats {
	struct mctr lines;		/* lines the pipeline fetched from */
	struct mctr lookahead;		/* sequential lines requested ahead of need */
	struct mctr lookahead_used;	/* ... that the pipeline then used */
	struct mctr redirects;		/* fetch restarted elsewhere */
};

struct fetch {
	struct l1 *l1i;
	uint32_t queue_bytes;		/* core.fetch_queue instructions, in bytes */
	uint32_t line_shift;
	uint32_t line_mask;		/* line bytes - 1 */
	uint32_t ahead_from;		/* line offset from which the queue reaches past the line */
	uint32_t cur;			/* line number being decoded from; valid if cur_state */
	uint8_t cur_state;		/* enum fetch_line_state */
	uint32_t next;			/* the sequential line fetched ahead */
	uint8_t next_state;
	const uint8_t *mode;
	const struct memmap *mm;	/* guard predecode bits */
	const int *guard_en;		/* guarded prefetching on for the current code page */
	struct fetch_stats stats;
};

void fetch_init(struct fetch *f, struct l1 *l1i, uint32_t queue_insns, const uint8_t *mode,
		const struct memmap *mm, const int *guard_en);

enum fetch_result {
	FETCH_READY,	/* the instruction at the address is available this cycle */
	FETCH_WAIT,	/* its line is on its way: the pipeline sleeps until a wake-up */
};

/* The pipeline wants the instruction at physical address @pa at @now. */
enum fetch_result fetch_get(struct fetch *f, uint32_t pa, uint64_t now);

/* Drops the queue (fence.i, a flush of the L1I). */
void fetch_flush(struct fetch *f);

extern const struct stat_field fetch_stat_fields[];
extern const int fetch_stat_nfields;

#endif
