/* SPDX-License-Identifier: MIT */
/*
 * The timing model of one core: a single-issue in-order pipeline of the
 * classic five stages (fetch, decode, execute, memory, write-back) around a
 * functional hart, with its fetch unit, branch predictor and write buffer.
 *
 * The pipeline is modelled by when each instruction can enter execute: one
 * per cycle at best, later when the fetch unit has not got its line yet
 * (I-miss), a source register waits for a load or a multiply (load-use,
 * mul/div), a TLB miss walks the page table through the L1D, a load misses
 * in the L1D, the write buffer is full, or the previous instruction flushed
 * the pipeline (misprediction, serialization). The hart executes each
 * instruction at the cycle it completes: loads, LR, SC and AMOs at the cycle
 * their L1D access completes; stores when they drain from the write buffer.
 */
#ifndef OSPREY_CORE_H
#define OSPREY_CORE_H

#include <stdint.h>

#include "cpu/bpred.h"
#include "cpu/ifetch.h"
#include "cpu/hart.h"
#include "mem/l1.h"
#include "mem/prefetcher.h"
#include "mem/wbuf.h"
#include "sys/config.h"
#include "sys/stats.h"

struct profile;
struct kanata_core;
struct l2;
struct core_spin;

/* Why the core did not issue an instruction in a cycle. */
enum stall_cause {
	STALL_NONE,
	STALL_IMISS,	/* fetch waits for an L1I miss */
	STALL_DMISS,	/* a load or atomic waits for an L1D miss */
	STALL_BUS,	/* part of a miss spent waiting for the bus */
	STALL_BRANCH,	/* misprediction or taken-transfer bubble */
	STALL_MULDIV,	/* a multiply or divide occupies execute, or its result is awaited */
	STALL_HAZARD,	/* an instruction waits for a load's result (load-use) */
	STALL_TLB,	/* a page walk */
	STALL_SERIAL,	/* pipeline drained and refilled (CSR write, fences, traps, xRET) */
	STALL_WB,	/* write buffer full, or draining for a fence, atomic or overlapping load */
	STALL_MMIO,	/* an uncached device access */
	STALL_IDLE,	/* WFI: not a stall, the core has nothing to do */
	STALL_CAUSES,
};

struct core_stats {
	struct mctr cycles, insns;
	struct mctr stall_imiss, stall_dmiss, stall_bus, stall_branch, stall_muldiv;
	struct mctr stall_hazard, stall_tlb, stall_serial, stall_wb, stall_mmio, idle;
	struct mctr branches, mispredicts, traps;
	struct mctr itlb_lookups, itlb_misses, dtlb_lookups, dtlb_misses;
	struct mctr loads, stores, atomics, mmio;
	/*
	 * Zicbop prefetch instructions retired, and those dropped: their
	 * translation missed the TLB or was not permitted, or no prefetch slot
	 * (MSHR) was free. The rest went to the cache (swpf.* count them).
	 */
	struct mctr prefetches, prefetch_no_translation, prefetch_no_mshr;
	/*
	 * Instructions the core ran ahead of the other cores' turns
	 * (run_ahead): the simulator's own way of running them, not the
	 * model's, like the hart's decode_* (sys.run_ahead changes nothing else).
	 * Of those, ran_parked: the instructions of the spin-loop iterations a
	 * parked core skipped (core_catch_up), which the host never ran.
	 */
	struct mctr ran_ahead, ran_parked;
};

struct bus;

/*
 * The timing loop's schedule of a machine's cores: which ones are asleep in
 * WFI, kept by the cores as they fall asleep and wake. When enough are, the
 * loop's pass visits the others only, so that its cost does not grow with
 * idle cores; otherwise it looks at every core's due, which costs less per
 * core than finding the awake ones.
 */
struct core_sched {
	/*
	 * Bit i: core i is not asleep in WFI. Always set while the core's due
	 * is not UINT64_MAX (its pass skips the clear ones); cleared only when
	 * it falls asleep in WFI with no store left to drain.
	 */
	uint32_t awake;
	/*
	 * Bit i: a device raised an interrupt line of core i's hart while it
	 * slept in WFI (interrupt_raised), since timing_next last found no such
	 * core woken: the only cores that can be woken after their turn.
	 */
	uint32_t raised;
	int ncores;
	/*
	 * Which pass the loop takes, 0 for the common one: SCHED_SPARSE, kept
	 * by the cores, when visiting the awake ones costs less than looking
	 * at all (sched_mark); SCHED_GENERAL, kept by the timing model.
	 */
	unsigned pass;
	/*
	 * Running ahead (core_step, run_ahead): a core may run its next
	 * instructions that touch only its own state (register-only ones,
	 * loads that hit its L1D) in cycles after the present one at its
	 * turn, before the other cores' turns in those cycles, up to
	 * ahead_limit (0: none), which the machine sets from the bounds its
	 * loop keeps (the timer's next event, its checks, the instruction
	 * limit). What else could reach such instructions in those cycles is
	 * an interrupt line or a stop, which a device access makes: no core
	 * runs ahead to the cycle another core's access could perform in
	 * (mmio_waiting: the cores waiting out one, due to perform it at their
	 * next; the others take mmio_latency_min at least), and one that
	 * performs ends running ahead for the machine's run of cycles
	 * (ahead_limit 0).
	 */
	uint64_t ahead_limit;
	uint32_t mmio_waiting;
	uint32_t mmio_latency_min;
	struct core *cores;	/* the machine's, bit i of the masks being cores[i] */
	/*
	 * Parking (core.c, core_spin): bit i, core i is parked on a spin loop,
	 * its state that of the loop's head in an earlier cycle. Whatever
	 * could act on it brings it up to date first (core_catch_up): a snoop
	 * of a line its L1s hold, another core's device access, the machine's
	 * checks and its end. Instructions it retires catching up outside its
	 * own turn wait in late_retired for the machine's count.
	 */
	uint32_t parked;
	uint64_t late_retired;
	/*
	 * The earliest cycle a core that caught up outside its turn is due
	 * in (UINT64_MAX: none since the machine last looked): the pass that
	 * found the cycle the cores act next in did not see it. Set whenever
	 * late_retired grows.
	 */
	uint64_t caught_due;
};

enum { SCHED_SPARSE = 1, SCHED_GENERAL = 2 };

struct core {
	struct hart *hart;
	struct l1 *l1i, *l1d;
	struct bus *bus;		/* for the bus-wait share of miss stalls */
	int agent;			/* this core's bus agent (its L2) */
	struct core_config cfg;		/* its latencies in machine cycles (scaled by ratio) */
	uint32_t mmio_latency;		/* machine cycles */
	/*
	 * Machine cycles per core cycle (core.speeds): the core acts on the
	 * machine cycles that are multiples of it, and counts its own cycles.
	 */
	uint32_t ratio;
	struct bpred bp;
	struct ifetch fu;		/* the fetch unit and its glue */
	struct pf_set pf;		/* its prefetchers */
	int guard_en;			/* guarded prefetching is on for the code page fetched */
	struct wbuf wb;
	uint8_t mode;			/* enum stat_mode of the hart now */

	uint64_t next;			/* cycle the core next wants to act; UINT64_MAX: asleep */
	/*
	 * next; or 0 while the write buffer has a store ready to drain (one a
	 * cycle), or a poll is pending: the one field the timing loop reads to
	 * know whether the core has work. core_step, core_wake and the poll
	 * keep it up to date.
	 */
	uint64_t due;
	struct core_sched *sched;	/* its machine's */
	uint32_t sched_bit;		/* its bit in sched->awake */
	uint32_t sched_later;		/* the bits above it: the cores that step after it */
	/*
	 * Asleep in WFI and a device has raised an interrupt line since: due
	 * is 0 so that core_step checks, at the core's turn, whether the hart
	 * can wake (core_poll; CORE_POLL in unusual). Cleared when it wakes
	 * (core_wake: the only way out of the sleep) or the poll finds it cannot.
	 */
	int poll;
	uint64_t acct;			/* cycles before this are accounted */
	/*
	 * stats.cycles.v[mode] and stats.insns.v[mode] as the hart has counted
	 * them (sync_hart): what they grew by since, it has not. The quick
	 * path's instructions reach the hart only so; step's the hart counts
	 * itself, and its mark with it.
	 */
	uint64_t hart_cycles_mark, hart_insns_mark;
	enum stall_cause cause;		/* why the cycles since acct are lost */
	/*
	 * The counter of lost cycles each cause charges, looked up rather than
	 * switched on (the host mispredicts such jumps): the stall_* fields,
	 * and none for STALL_NONE. The miss causes are split with the bus share
	 * instead (charge_slow).
	 */
	struct mctr *charged[STALL_CAUSES];
	struct mctr none;
	uint64_t bus_wait_mark;		/* bus wait total when the current miss began */

	uint64_t reg_ready[32];		/* cycle each register's value can be used */
	/*
	 * From this cycle on, every register's value can be used: no
	 * reg_ready is later, but those set by the last instruction to issue
	 * to the cycle after it (ALU results, which forwarding hides). The
	 * quick path looks at its operands only before it.
	 */
	uint64_t hazard_until;
	uint8_t reg_cause[32];		/* stall cause charged while waiting for it */

	struct hart_peek pk;		/* the instruction in progress */
	/*
	 * Whether there is one (PK_NONE: no), and who took it: hart_peek for
	 * step (PK_FULL), or the quick path (PK_QUICK: one of its kinds,
	 * which it takes to the end).
	 */
	enum { PK_NONE, PK_FULL, PK_QUICK } have_pk;
	int walk_done;			/* PTE reads of the current walk already made */
	int mmio_waited;		/* the device latency has been paid */
	/*
	 * While it runs ahead (run_ahead): the last cycle in which its L1s are
	 * the core's own, before the bus could grant another agent's snoop or
	 * an event fill a cache; its loads and the fetch unit's L1I accesses
	 * run ahead up to it. 0 until the first asks (ahead_mem_bound).
	 */
	uint64_t ahead_mem_until;
	uint64_t ahead_from;		/* the cycle of the turn it runs ahead from */
	uint64_t ahead_until;		/* the last cycle it runs ahead to (ahead_horizon's) */
	int stuck;			/* the hart reported HART_STUCK: the run must stop */
	/*
	 * Set with stuck, so that the timing loop need not look at every core
	 * after its step: the machine's flag (struct timing's stuck); the
	 * core's own stuck until the timing model points it there.
	 */
	int *halt;
	/*
	 * Instructions for which the line of the last LR stays held on the
	 * bus (bus_lock), so that other cores cannot take it before the SC:
	 * 0 when none is held. The SC, a trap, WFI or the end of the count
	 * lets it go.
	 */
	uint32_t hold_left;
	/*
	 * Why core_step cannot take its common way (0: it can), in one byte so
	 * that the common way tests one: CORE_SLOW, CORE_LOGGED, CORE_HOLDING.
	 */
	uint8_t unusual;

	struct core_stats stats;
	uint8_t sel_update;		/* coh.selective_update: stores to update pages send BusUpd */

	/* --profile: where this core's misses are (NULL: not profiled). */
	struct profile *prof;
	int prof_hart;			/* the hart's number in the profile */
	uint8_t prof_missed;		/* the instruction in progress counted its L1I (1) / L1D (2) miss */

	/*
	 * --kanata: the pipeline log's view of this core (NULL: not logged, or
	 * past its window); set with core_set_kanata.
	 */
	struct kanata_core *kanata;

	struct l2 *l2;			/* its L2 (core_attach_l2) */
	struct core_spin *spin;		/* parking on spin loops (core.c), or NULL */
	/*
	 * Lines the fetch unit holds (its line numbers) that another core took
	 * to own (snoop_hook), bit i of code_snooped marking snooped[i], while
	 * the unit still holds them: the other core may write them with no
	 * grant, so run_ahead starts no run (quick_step).
	 */
	uint32_t code_snooped;
	uint32_t snooped[2];
};

/* Bits of struct core's unusual. */
enum {
	CORE_SLOW = 1,		/* slower than the machine (ratio > 1): acts on its edges */
	CORE_LOGGED = 2,	/* --kanata logs its pipeline (kanata set) */
	CORE_HOLDING = 4,	/* an LR's line is held (hold_left): the step takes it all */
	CORE_POLL = 8,		/* poll is set: whether the hart can wake is looked at first */
	CORE_PARKED = 16,	/* parked on a spin loop (struct core_spin): caught up first */
};

/*
 * @ratio: machine cycles per core cycle. The pipeline's latencies in @cfg
 * are core cycles; the core keeps them as machine cycles. The L1s' latency
 * is the caller's to scale. The core is core @index of the machine whose
 * schedule is @sched, which counts it, awake.
 */
int core_init(struct core *c, struct hart *h, struct l1 *l1i, struct l1 *l1d, struct bus *bus,
	      int agent, const struct config *cfg, const struct memmap *mm, uint64_t seed,
	      uint32_t ratio, struct core_sched *sched, int index);
void core_free(struct core *c);

/*
 * Connects the core's L2 (its snoops reach a parked core first) and makes
 * the core able to park on spin loops when it runs ahead. 0, or -1 out of
 * memory.
 */
int core_attach_l2(struct core *c, struct l2 *l2);

/*
 * Brings every parked core of @s up to the end of cycle @upto (their turns
 * in it included), before the machine looks at them or ends. Returns the
 * instructions they retired since the machine counted (late_retired
 * included, and cleared).
 */
uint64_t core_catch_up_all(struct core_sched *s, uint64_t upto);

/*
 * At most how many instructions the parked cores of @s have retired by the
 * end of cycle @now that the machine has not counted: one per cycle each
 * since it parked.
 */
uint64_t core_parked_lag(const struct core_sched *s, uint64_t now);

/* Records this core's misses, by instruction, in @prof as hart @hart. */
void core_set_profile(struct core *c, struct profile *prof, int hart);
/* --kanata: the log's view of the core @kc, or NULL when it stops logging it. */
void core_set_kanata(struct core *c, struct kanata_core *kc);

/*
 * Runs the core's cycle @now (a core asleep in WFI whose poll is set looks
 * first whether its hart can wake). Returns the number of instructions
 * retired (0 or 1).
 */
int core_step(struct core *c, uint64_t now);

/* Wakes a sleeping core (a fill arrived, the write buffer drained, an interrupt). */
void core_wake(struct core *c, uint64_t now);

/*
 * The cycle from which core_step has something to do: at or before the
 * current cycle when it has work now, UINT64_MAX when asleep.
 */
static inline uint64_t core_next(const struct core *c)
{
	return c->due;
}

/* True while the hart sleeps in WFI. */
static inline int core_idle(const struct core *c)
{
	return c->next == UINT64_MAX && c->cause == STALL_IDLE;
}

/* True when it sleeps in WFI but an interrupt that wakes it is pending: it runs now. */
static inline int core_woken(const struct core *c)
{
	return core_idle(c) && hart_wakeable(c->hart);
}


/*
 * For messages about a core that makes no progress: the pc of the
 * instruction it works on, and what it waits for ("an L1I miss of line
 * 0x80001000", "the write buffer to drain (4 stores)").
 */
uint32_t core_pc(const struct core *c);
void core_describe_wait(const struct core *c, uint64_t now, char *buf, int len);

/* Charges the cycles up to @now to the current cause (at the end of a run). */
void core_account(struct core *c, uint64_t now);

/* Brings the hart's count of retired instructions up to date, for its readers during a run. */
void core_sync_retired(struct core *c);
/*
 * The same, and the cycles the core charged so far (in the hart's mcycle
 * and its per-mode cycles): for a reader of those, the timeline's samples,
 * which must not depend on where the guest's last CSR access or mode
 * change happened to sync them.
 */
void core_sync_counts(struct core *c);

extern const struct stat_field core_stat_fields[];
extern const int core_stat_nfields;

#endif
