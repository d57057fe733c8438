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
#include "mem/l1i.h"
#include "mem/sharing.h"
#include "sys/config.h"
#include "sys/event.h"
#include "sys/stats.h"
#include "sys/tap.h"

struct l2;

/*
 * Who asked for a line (a source number): the demand stream, the core's
 * Zicbop prefetch instructions, or from PF_FIRST_PLUGIN_SOURCE on, each
 * statistics group of the registered prefetchers (mem/prefetcher.h).
 */
enum pf_source {
	PF_DEMAND,
	PF_SOFTWARE,	/* Zicbop prefetch instructions (L1D; prefetch.i on the L1I) */
};

#define PF_MAX_SOURCES 16	/* source numbers, at most */
#define L1_MAX_PREFETCHERS 4	/* prefetchers attached to one L1, at most */

struct prefetcher;

/* Per prefetch mechanism, per hart and mode; the fields in enum pf_counter order. */
struct pf_stats {
	struct mctr issued;	/* prefetch requests sent to the L2 */
	struct mctr useful;	/* prefetched lines a demand access then used */
	struct mctr late;	/* demand accesses that found the prefetch still on its way */
	struct mctr useless;	/* prefetched lines evicted, or dropped, unused */
	struct mctr bus_reads;	/* prefetch requests that missed in the L2: extra bus reads */
};

/* The counters of struct pf_stats, for l1_prefetch_count. */
enum pf_counter {
	PFC_ISSUED,
	PFC_USEFUL,
	PFC_LATE,
	PFC_USELESS,
	PFC_BUS_READS,
};

/* What the L1 tells its prefetchers about the demand stream. */
enum pf_event {
	PFE_ACCESS,	/* a demand access to a line (hit or miss) */
	PFE_MISS,	/* a demand miss */
	PFE_FIRST_USE,	/* the first demand use of a prefetched line */
};

/* What a demand access needs of its line (l1_access's @write). */
enum l1_need {
	L1_READ,	/* the data: any valid state */
	L1_WRITE,	/* ownership, and the line becomes dirty (stores, SC, AMOs) */
	L1_OWN,		/* ownership without a write (LR, which reserves the line) */
	/*
	 * A store to a selective-update line (coh.selective_update): to a
	 * shared copy, the word is broadcast (BusUpd) and every copy stays;
	 * to an owned one, as L1_WRITE; a missing line is read shared first.
	 * Its bit 0 is L1_WRITE's: on an owned line it makes the line dirty.
	 */
	L1_UPDATE,
};

/* struct cache_line's watch bits in an L1. */
#define L1_WATCH_ALL		0x1	/* report every access to the sharing tracker */
#define L1_WATCH_GRANT		0x2	/* its BusUpd was granted: the store may perform once */
#define L1_WATCH_WRITES		0x4	/* report writes to the sharing tracker (reads hit fast) */

enum l1_result {
	L1_HIT,		/* the access completes this cycle (plus hit latency - 1) */
	L1_MISS,	/* a miss or upgrade is under way: the client is woken on its fill */
	L1_BLOCKED,	/* no MSHR is free: retry after a wake-up */
};

/*
 * Counts a miss in its class. @classes is the first of four consecutive
 * counters in enum miss_class order (compulsory, capacity, conflict,
 * coherence), as in struct l1_stats and struct l2_stats.
 */
static inline void count_miss_class(struct mctr *classes, enum miss_class cls, int mode)
{
	classes[cls].v[mode]++;
}

struct l1_stats {
	struct mctr accesses, hits, misses;
	struct mctr compulsory, capacity, conflict, coherence;	/* misses by class, in enum order */
	struct mctr upgrades;		/* writes to a shared line that had to gain ownership */
	struct mctr mshr_merges;	/* misses to a line already pending */
	struct mctr mshr_full;		/* accesses refused for want of an MSHR */
	struct mctr writebacks;		/* dirty lines evicted to the L2 */
	struct mctr invalidations;	/* lines removed by the L2 (coherence or inclusion) */
	struct mctr side_hits;		/* misses the look-aside buffer (stream buffers) served */
	/* coherence misses settled as true or false sharing (mem/sharing.h; L1D) */
	struct mctr coherence_true, coherence_false;
	struct mctr updates;		/* stores to shared selective-update lines (BusUpd) */
};

/* A prefetch in flight. */
struct l1_pf_mshr {
	uint8_t valid;
	uint8_t src;		/* enum pf_source */
	uint8_t demand;		/* a demand access now waits for it (a late prefetch) */
	uint32_t line;
};

struct l1 {
	const char *name;		/* "l1i" or "l1d" */
	struct cache_config cfg;
	/* The controller: tags, replacement, demand MSHRs, replays and abandons. */
	struct l1i ctl;
	struct unit_tap tap;		/* where --cosim/--rtl/--waves take the controller over */
	/*
	 * The latest machine cycle an operation came with (abandons, snoops and
	 * flushes come without one): the controller's cycle under a tap.
	 */
	uint64_t now;
	int *stop;			/* set when the controller's twin disagrees: the run stops */
	/*
	 * Replays whose line a snoop took (dropped it, or took its ownership)
	 * before they came: a slow core replays at its next clock edge, and
	 * another core's request may be granted first. The fill's data waits
	 * in the fill buffer, and the replay performs with it (a write only if
	 * the fill gave ownership, or the grant of an update); the line stays
	 * as the snoop left it. Without this, a line wanted by many would be
	 * taken from a slow core between every fill and its edge, for ever.
	 * The fill buffer is the cache's, beside the controller unit: the
	 * unit's replay list says which replays still wait.
	 */
	struct l1_taken {
		uint32_t line;
		uint8_t owned;		/* the fill allowed a write: E, M or an update's grant */
	} taken[L1_MAX_MSHRS];
	uint32_t ntaken;
	/*
	 * The cycle of the last fill for a replay: a taken line is served only
	 * within the L1's latency of it (a slow core's next edge comes sooner,
	 * its latency being in its own cycles); later, the access is a new one.
	 */
	uint64_t filled_at;
	struct miss_classifier *mc;
	struct l2 *l2;
	struct event_queue *events;

	/* prefetching */
	struct l1_pf_mshr pf[L1_MAX_MSHRS];
	uint32_t npf;			/* prefetches that may be in flight */
	int pf_to_buffer;		/* prefetch fills go to the prefetch buffer */
	struct cache_array pbuf;	/* the prefetch buffer beside the cache (if pf_to_buffer) */
	/* The prefetchers attached (l1_attach): their registrations and states. */
	const struct prefetcher *att[L1_MAX_PREFETCHERS];
	void *att_self[L1_MAX_PREFETCHERS];
	int natt;
	int *att_busy;			/* set on every hook call: their core's set has work to see */
	int listening;			/* some attached prefetcher hears the demand stream */
	/*
	 * Every access takes l1_access_slow: a prefetcher is listening, or an
	 * observer is on the controller's tap (which then sees every access).
	 */
	int slow_only;
	int claimer;			/* the look-aside one (index into att), or -1 */
	int8_t owner[PF_MAX_SOURCES];	/* the attached prefetcher of each source, or -1 */
	/* Lines the look-aside one claimed and not yet resolved (~0: free): a retry is no new miss. */
	uint32_t side_line[4];
	struct pf_stats pfs[PF_MAX_SOURCES];
	/* Called when a fill or ownership arrives, so the client retries. */
	void (*wake)(void *ctx, uint64_t now);
	void *wake_ctx;
	const uint8_t *mode;		/* the hart's current enum stat_mode */
	struct sharing *sh;		/* the sharing tracker (L1D), or NULL */
	int hart;			/* whose cache this is, for the tracker */
	struct l1_stats stats;
};

int l1_init(struct l1 *c, const char *name, const struct cache_config *cfg, uint64_t seed,
	    struct l2 *l2, struct event_queue *events, const uint8_t *mode);
void l1_free(struct l1 *c);

/*
 * A demand access to byte address @addr at @now; @write is an enum l1_need:
 * L1_WRITE and L1_OWN ask for ownership (stores, SC and AMOs; LR). A hit
 * updates state (E becomes M on a write).
 */
enum l1_result l1_access_slow(struct l1 *c, uint32_t addr, int write, uint64_t now);

/*
 * The same; this inline part takes the common case, a plain hit with nothing
 * else to note (no replayed fill, no prefetched line, no prefetcher told of
 * accesses), and leaves the rest to l1_access_slow. It skips the controller
 * unit (its LOOKUP would only touch the way) unless an observer is on its
 * tap: then every access goes through the unit.
 *
 * l1_plain_hit is its test, without effects: the line of such a hit, else
 * NULL (the access would take l1_access_slow, hit or not); l1_hit its
 * effects. A client that must know an access hits before it makes it (the
 * fetch glue's written-out redirect) calls the two.
 */
static inline struct cache_line *l1_plain_hit(struct l1 *c, uint32_t addr, int write)
{
	struct cache_line *l;

	if (c->ctl.nreplay | c->ctl.nabandoned | (uint32_t)c->slow_only)
		return NULL;
	l = carray_find(&c->ctl.arr, carray_line(&c->ctl.arr, addr));
	if (!l || (l->prefetched | (l->watch & (write ? 0xff : ~L1_WATCH_WRITES))) ||
	    (write && l->state == LINE_S))
		return NULL;
	return l;
}

/* The rest of the access to @addr that l1_plain_hit found in @l: the hit's effects. */
static inline enum l1_result l1_hit(struct l1 *c, uint32_t addr, struct cache_line *l, int write)
{
	int m = *c->mode;	/* read once: the counters' stores could alias it */

	c->stats.accesses.v[m]++;
	c->stats.hits.v[m]++;
	mclass_hit(c->mc, carray_line(&c->ctl.arr, addr));
	if (c->ctl.arr.ways > 1)
		carray_touch(&c->ctl.arr, l);
	if (write & L1_WRITE)
		l->state = LINE_M;	/* L1_WRITE, or L1_UPDATE to an owned line */
	return L1_HIT;
}

static inline enum l1_result l1_access(struct l1 *c, uint32_t addr, int write, uint64_t now)
{
	struct cache_line *l = l1_plain_hit(c, addr, write);

	if (!l)
		return l1_access_slow(c, addr, write, now);
	return l1_hit(c, addr, l, write);
}

/*
 * The client will not repeat its access to @line that missed (the fetch unit
 * was redirected before the line came): the fill is no replay of it, and
 * the next access to the line counts as a new one.
 */
void l1_abandon(struct l1 *c, uint32_t line);

/* From the L2: the line (L1 line number) arrives in @state at @now. */
void l1_fill(struct l1 *c, uint32_t line, enum line_state state, uint64_t now);

/* From the L2: the BusUpd of the shared @line was granted; the store waiting for it may perform. */
void l1_update_granted(struct l1 *c, uint32_t line, uint64_t now);

/* Whether the cache holds a line of [@base, @base + @bytes) (an L2 line). */
int l1_holds_range(struct l1 *c, uint32_t base, uint32_t bytes);

/* What a snoop does to the L1 lines it covers (l1_snoop_range). */
enum l1_snoop {
	L1_SNOOP_SHARE,		/* downgrade to S (another cache reads the line) */
	L1_SNOOP_INVALIDATE,	/* drop the lines */
	L1_SNOOP_CLEAN,		/* M becomes E (the DMA engine read it; memory is updated) */
};

/*
 * From the L2: every L1 line within [base, base + bytes) is treated as
 * @action says (enum l1_snoop). Returns 1 if one of them was dirty. With
 * @dropped, adds the lines an invalidation removed to *@dropped.
 */
int l1_snoop_range(struct l1 *c, uint32_t base, uint32_t bytes, int action, uint64_t *dropped);

/*
 * From the L2: it gave up [base, base + bytes) to another cache. The miss
 * classifier counts this L1's next misses to those lines as coherence
 * misses, and the sharing tracker (an L1D's) settles them.
 */
void l1_lines_taken(struct l1 *c, uint32_t base, uint32_t bytes);

/* log2 of the line size in bytes. */
static inline unsigned l1_line_shift(const struct l1 *c)
{
	return c->ctl.arr.line_shift;
}

/*
 * Connects the sharing tracker (an L1D): coherence misses of hart @hart's
 * cache are then settled as true or false sharing.
 */
void l1_track_sharing(struct l1 *c, struct sharing *sh, int hart);

/* Drops every line (fence.i on the instruction cache). Clean lines only. */
void l1_flush(struct l1 *c);

/*
 * Sets up prefetching: @npf prefetches in flight, fills of prefetches into a
 * fully-associative buffer of @buffer_lines lines (0: into the cache
 * itself; a later call with 0 keeps the buffer). 0 or -1.
 */
int l1_prefetch_setup(struct l1 *c, uint32_t npf, uint32_t buffer_lines, uint64_t seed);

/*
 * Attaches prefetcher @pf (mem/prefetcher.h) with state @self, whose
 * statistics groups are sources @src onwards: the L1 calls its hooks, and
 * sets *@busy at each call.
 */
void l1_attach(struct l1 *c, const struct prefetcher *pf, void *self, int src, int *busy);

/* Adds @n to prefetch source @src's counter @what (enum pf_counter), in the hart's current mode. */
void l1_prefetch_count(struct l1 *c, int src, enum pf_counter what, uint64_t n);

/* True when a prefetch slot is free (l1_prefetch would not return -1 for want of one). */
int l1_prefetch_slot_free(const struct l1 *c);

/*
 * Requests line @line for source @src. Returns 1 when a request went out, 0
 * when the line is already present or on its way (nothing to do), -1 when
 * no prefetch slot is free (ask again later).
 */
int l1_prefetch(struct l1 *c, uint32_t line, int src, uint64_t now);

/* The same asking for @need of the line: L1_READ, or L1_OWN (prefetch.w: owned, clean). */
int l1_prefetch_need(struct l1 *c, uint32_t line, int src, int need, uint64_t now);

/* Wakes the client (its access may now succeed: a line arrived beside the cache). */
void l1_wake(struct l1 *c, uint64_t now);

/* The look-aside buffer hands over @line: it goes into the cache now. */
void l1_install(struct l1 *c, uint32_t line, uint64_t now);

/* The look-aside buffer does not have @line: the claimed miss goes to the L2. */
void l1_send_miss(struct l1 *c, uint32_t line, uint64_t now);

extern const struct stat_field pf_stat_fields[];
extern const int pf_stat_nfields;

extern const struct stat_field l1_stat_fields[];
extern const int l1_stat_nfields;

#endif
