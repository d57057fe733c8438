/* SPDX-License-Identifier: MIT */
/*
 * The timing model of the whole machine: per core an L1I, an L1D, a private
 * L2 and the pipeline (struct core); shared, the snooping bus and the memory
 * controller; and the calendar of pending events. machine.c drives it one
 * core cycle at a time, skipping cycles in which nothing can happen.
 */
#ifndef OSPREY_TIMING_H
#define OSPREY_TIMING_H

#include <stdint.h>

#include "cpu/core.h"
#include "cpu/hart.h"
#include "dev/dmactl.h"
#include "mem/bus.h"
#include "mem/l1.h"
#include "mem/l2.h"
#include "mem/memctl.h"
#include "sys/config.h"
#include "sys/event.h"
#include "sys/param.h"
#include "sys/profile.h"

struct timing {
	int ncores;
	struct event_queue events;
	struct memctl mem;
	struct bus bus;
	struct l1 l1i[MAX_HARTS], l1d[MAX_HARTS];
	struct l2 l2[MAX_HARTS];
	struct core core[MAX_HARTS];
	struct core *core_end;	/* core + ncores: the timing loop's bound */
	/*
	 * Which cores are asleep in WFI, kept by them; and the pass a cycle
	 * takes (sched.pass): SCHED_GENERAL when some core has prefetchers
	 * (mem/prefetcher.h) or the run's instruction limit is near (budget).
	 */
	struct core_sched sched;
	/*
	 * Nonzero stops the machine's run of back-to-back cycles: bit 0, some
	 * core's stuck flag, or a twin's failure but the bus controller's;
	 * TIMING_BOUNDS, a device moved a bound that run keeps (the timer's
	 * next event, the HTIF's check): it reads them again and goes on;
	 * TIMING_TAP_IDLE, below.
	 */
	int stuck;
	int budget;		/* instructions a cycle may retire before the run's limit */
	struct dmactl *dma;	/* the DMA engine on the bus, or NULL */
	struct sharing *sharing;	/* true/false sharing of the L1Ds' coherence misses */
	struct profile *profile;	/* --profile: misses by instruction, or NULL */
	uint64_t busy_next;	/* after timing_cycle: now + 1 if some core or prefetcher acts
				 * next cycle, else the earliest core's next cycle */
};

/*
 * Host bytes the timing model of @cfg takes at most (its caches' tags,
 * policies and miss classifiers; the rest is small and fixed).
 */
uint64_t timing_host_bytes(const struct config *cfg);

/*
 * Builds the hierarchy around @harts and hands their stores to the cores.
 * 0, or -1 when host memory ran out: timing_free() then frees what was built.
 */
int timing_init(struct timing *t, const struct config *cfg, struct hart **harts, int n,
		const struct memmap *mm);
void timing_free(struct timing *t);

/*
 * --profile: records every core's misses by instruction, and which harts
 * write and read the words of lines with coherence misses. Call before the
 * first cycle. 0, or -1 when host memory ran out.
 */
int timing_profile(struct timing *t);

/* Puts the DMA engine on the bus, stepped with the cores. */
void timing_attach_dma(struct timing *t, struct dmactl *dma);

/*
 * The taps of every unit with an RTL twin that is on (sys/tap.h), all cores
 * in order, into @taps (room for TIMING_MAX_TAPS). Returns how many.
 */
/*
 * Each core's fetch unit, L1I controller and prefetchers; the bus's
 * controller and sequencer; the DMA engine's.
 */
#define TIMING_MAX_TAPS ((PF_MAX_TAPS + 2) * MAX_HARTS + 3)
int timing_taps(struct timing *t, struct unit_tap **taps);

/*
 * Near the run's instruction limit: the cycles from now on retire at most
 * @budget instructions (the cores after the one that reaches it wait).
 */
void timing_set_budget(struct timing *t, int budget);

/* Runs cycle @now of every unit. Returns the instructions retired in it. */
int timing_cycle(struct timing *t, uint64_t now);

/* The earliest cycle after @now at which some unit has work (UINT64_MAX: none). */
uint64_t timing_next(struct timing *t, uint64_t now);

/* True when a twin of a unit listed with @core (timing_taps) found a mismatch. */
int timing_twin_failed(const struct timing *t, int core);

/* A core whose hart can make no progress (HART_STUCK), or a twin's mismatch; or -1. */
int timing_stuck(const struct timing *t);

/* struct timing's stuck: a bound of the run of back-to-back cycles moved (bit 0 is 1: stuck). */
#define TIMING_BOUNDS 2
/*
 * struct timing's stuck: the DMA engine, stepped every cycle for its twin or
 * its waves, had no work in a cycle in which no core was due: only its
 * watchers kept the cycles going, and the machine looks at what is idle.
 */
#define TIMING_TAP_IDLE 4

/*
 * Some core's hart reported HART_STUCK, or a twin disagreed (call
 * timing_stuck()), or a bound moved (TIMING_BOUNDS). The bus controller's
 * twin can disagree at any cycle (at its grants, or at an LR), so its flag
 * is read here rather than gathered into stuck every cycle.
 */
static inline int timing_any_stuck(const struct timing *t)
{
	return t->stuck | t->bus.arb_tap.failed;
}

/* True when every core sleeps in WFI. */
int timing_all_idle(const struct timing *t);

/* Charges every core's cycles up to @now (at the end of a run). */
void timing_account(struct timing *t, uint64_t now);

/* core_sync_retired for every core. */
void timing_sync_retired(struct timing *t);

/* core_sync_counts for every core. */
void timing_sync_counts(struct timing *t);

#endif
