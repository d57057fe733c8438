/* SPDX-License-Identifier: MIT */
/*
 * A private first-level cache (instruction or data): tags and MESI-style
 * state over a cache_array, MSHRs that merge requests to a pending line,
 * write-back and write-allocate (data side), and the 3C+coherence miss
 * classification. It sits between its core and the core's L2.
 *
 * Line states: S (clean, read-only), E (clean, may be written silently) and
 * M (dirty). The instruction cache only ever holds S.
 */
#ifndef OSPREY_L1_H
#define OSPREY_L1_H

#include <stdint.h>

#include "mem/cache_array.h"
#include "sys/config.h"
#include "sys/event.h"
#include "sys/stats.h"

struct l2;

enum l1_result {
	L1_HIT,		/* the access completes this cycle (plus hit latency - 1) */
	L1_MISS,	/* a miss or upgrade is under way: the client is woken on its fill */
	L1_BLOCKED,	/* no MSHR is free: retry after a wake-up */
};

struct l1_stats {
	struct mctr accesses, hits, misses;
	struct mctr compulsory, capacity, conflict, coherence;	/* misses by class */
	struct mctr upgrades;		/* writes to a shared line that had to gain ownership */
	struct mctr mshr_merges;	/* misses to a line already pending */
	struct mctr mshr_full;		/* accesses refused for want of an MSHR */
	struct mctr writebacks;		/* dirty lines evicted to the L2 */
	struct mctr invalidations;	/* lines removed by the L2 (coherence or inclusion) */
};

struct l1_mshr {
	uint8_t valid;
	uint8_t excl;		/* ownership requested */
	uint32_t line;
};

#define L1_MAX_MSHRS 64

struct l1 {
	const char *name;		/* "l1i" or "l1d" */
	struct cache_config cfg;
	struct cache_array arr;
	struct miss_classifier *mc;
	struct l2 *l2;
	struct event_queue *events;
	struct l1_mshr mshr[L1_MAX_MSHRS];
	/*
	 * Lines just filled for a miss: the access that missed is replayed when
	 * the line arrives, and that replay is the same access, not a new one.
	 */
	uint32_t replay[L1_MAX_MSHRS];
	uint32_t nreplay;
	/* Called when a fill or ownership arrives, so the client retries. */
	void (*wake)(void *ctx, uint64_t now);
	void *wake_ctx;
	const uint8_t *mode;		/* the hart's current enum stat_mode */
	struct l1_stats stats;
};

int l1_init(struct l1 *c, const char *name, const struct cache_config *cfg, uint64_t seed,
	    struct l2 *l2, struct event_queue *events, const uint8_t *mode);
void l1_free(struct l1 *c);

/*
 * A demand access to byte address @addr at @now; @write asks for ownership
 * (stores, SC and AMOs). A hit updates state (E becomes M on a write).
 */
enum l1_result l1_access(struct l1 *c, uint32_t addr, int write, uint64_t now);

/* From the L2: the line (L1 line number) arrives in @state at @now. */
void l1_fill(struct l1 *c, uint32_t line, enum line_state state, uint64_t now);

/*
 * From the L2: every L1 line within [base, base + bytes) is invalidated
 * (@invalidate) or downgraded to S. Returns 1 if one of them was dirty.
 */
int l1_snoop_range(struct l1 *c, uint32_t base, uint32_t bytes, int invalidate);

/* Drops every line (fence.i on the instruction cache). Clean lines only. */
void l1_flush(struct l1 *c);

extern const struct stat_field l1_stat_fields[];
extern const int l1_stat_nfields;

#endif
