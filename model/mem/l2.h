/* SPDX-License-Identifier: MIT */
/*
 * A private second-level cache per core, inclusive of the core's L1I and
 * L1D (evicting a line back-invalidates their copies), kept coherent with
 * the other L2s by MESI (Illinois) over the snooping bus. It owns the
 * coherence state; the L1s' states are kept consistent with it.
 *
 * Transitions, requester side: read miss -> BusRd, filled E (no other copy)
 * or S; write miss -> BusRdX, filled M; write to S -> BusUpgr, then M; write
 * to E -> M silently. Evicting M -> WriteBack. Snooper side: BusRd on M ->
 * flush, S; on E -> S; BusRdX or BusUpgr -> I (M flushes on BusRdX).
 *
 * Selective update (coh.selective_update; the README's transition table):
 * a store to a shared line of an update page (L1_UPDATE) sends BusUpd with
 * the word instead of BusUpgr. Memory takes the word too (write-through, as
 * in the Firefly), so shared lines stay clean and no cache owns them.
 * Requester: S -> S if another cache had the line (the bus's shared signal),
 * else E; the store then performs. Snooper: BusUpd on S -> S, the copy (L1D
 * and L1I too) updated in place. Owned lines (E, M) take update stores
 * silently, as any store; a missing line is read with BusRd first. LR, SC
 * and AMOs ask for ownership (BusRdX/BusUpgr) on update lines as elsewhere.
 */
#ifndef OSPREY_L2_H
#define OSPREY_L2_H

#include <stdint.h>

#include "mem/bus.h"
#include "mem/cache_array.h"
#include "mem/l1.h"
#include "sys/config.h"
#include "sys/event.h"
#include "sys/stats.h"

struct hart;

struct l2_stats {
	struct mctr accesses, hits, misses;
	struct mctr compulsory, capacity, conflict, coherence;	/* in enum miss_class order */
	struct mctr upgrades;		/* write requests to a shared line (BusUpgr) */
	struct mctr writebacks;		/* dirty lines evicted to memory */
	struct mctr back_invalidations;	/* L1 lines removed to keep inclusion */
	struct mctr snoop_invalidations;	/* lines lost to other caches' writes */
	struct mctr snoop_downgrades;	/* E/M lines demoted to S by other caches' reads */
	struct mctr pf_bus_reads;	/* bus reads made for instruction prefetches */
	struct mctr updates;		/* BusUpd sent: stores to shared update lines */
	struct mctr snoop_updates;	/* BusUpd of other caches received: copies updated */
};

#define L2_WAITERS 8
#define L2_MAX_MSHRS 64

struct l2_waiter {
	struct l1 *l1;
	uint32_t line;		/* the L1's line number */
	uint8_t excl;		/* enum l1_need: L1_WRITE or L1_OWN ask for ownership */
	uint8_t src;		/* enum pf_source: a demand access or a prefetch */
};

struct l2_mshr {
	uint8_t valid;
	uint8_t op;		/* the bus operation in flight */
	uint32_t line;		/* L2 line number */
	int nwait;
	struct l2_waiter wait[L2_WAITERS];
};

/* A request that found no MSHR (or a full waiter list) and waits for one. */
struct l2_pending {
	struct l2_waiter w;
	struct l2_pending *next;
};

struct l2 {
	struct cache_config cfg;
	struct cache_array arr;
	struct miss_classifier *mc;
	struct bus *bus;
	int agent;			/* bus agent number */
	struct event_queue *events;
	struct l1 *l1i, *l1d;
	struct hart *hart;		/* its LR reservation is lost with an invalidated line */
	struct l2_mshr mshr[L2_MAX_MSHRS];
	struct l2_pending *pending, **pending_tail;
	const uint8_t *mode;
	/*
	 * Called before a snoop acts on a line this cache holds, the L2 line
	 * at @base of @bytes, in the cycle of the grant @now (after the cores'
	 * turns in it: its core, parked on a spin loop, catches up to that
	 * first if its L1s hold part of the line), or NULL. @owned: the
	 * requester takes the line to own it (BusRdX, BusUpgr), and may then
	 * write it with no further grant. Called too, @owned set, when the
	 * cache evicts a line for its own fill.
	 */
	void (*before_snoop)(void *ctx, uint32_t base, uint32_t bytes, int owned, uint64_t now);
	void *before_snoop_ctx;
	struct l2_stats stats;
};

int l2_init(struct l2 *c, const struct cache_config *cfg, uint64_t seed, struct bus *bus,
	    struct event_queue *events, const uint8_t *mode);
void l2_free(struct l2 *c);

/* Connects the L1s it includes and the hart whose reservations it guards. */
void l2_connect(struct l2 *c, struct l1 *l1i, struct l1 *l1d, struct hart *hart);

/* Sets what is called before a snoop acts on a line the cache holds (struct l2's before_snoop). */
void l2_set_snoop_hook(struct l2 *c,
		       void (*fn)(void *ctx, uint32_t base, uint32_t bytes, int owned, uint64_t now),
		       void *ctx);

/*
 * Nothing of the cache's is on its way at @now: no MSHR in use, no request
 * waiting for one, none queued on the bus and no transaction of its own on
 * it. Then no event and no grant of its own reaches the cache or its L1s.
 */
int l2_quiet(const struct l2 *c, uint64_t now);

/*
 * An L1 miss (or upgrade) of L1 line @l1line, for @src (enum pf_source:
 * prefetches count their bus reads), reaches the L2 at @now. @excl is an
 * enum l1_need: L1_WRITE gets the line dirty (M), L1_OWN owned and clean (E).
 */
void l2_request_from(struct l2 *c, struct l1 *from, uint32_t l1line, int excl, int src,
		     uint64_t now);

/* An L1 evicts a dirty line: the L2 copy becomes dirty. */
void l2_l1_writeback(struct l2 *c, uint32_t addr);

extern const struct bus_agent_ops l2_bus_ops;
extern const struct stat_field l2_stat_fields[];
extern const int l2_stat_nfields;

#endif
