// SPDX-License-Identifier: MIT
#include "cpu/core.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/hart_impl.h"	/* the quick path reads the hart's micro-TLBs and decode cache */
#include "cpu/park.h"
#include "mem/bus.h"
#include "mem/l2.h"
#include "sys/kanata.h"
#include "sys/profile.h"
#include "sys/param.h"

const struct stat_field core_stat_fields[] = {
	STAT(struct core_stats, cycles), STAT(struct core_stats, insns),
	STAT(struct core_stats, stall_imiss), STAT(struct core_stats, stall_dmiss),
	STAT(struct core_stats, stall_bus), STAT(struct core_stats, stall_branch),
	STAT(struct core_stats, stall_muldiv), STAT(struct core_stats, stall_hazard),
	STAT(struct core_stats, stall_tlb), STAT(struct core_stats, stall_serial),
	STAT(struct core_stats, stall_wb), STAT(struct core_stats, stall_mmio),
	STAT(struct core_stats, idle), STAT(struct core_stats, branches),
	STAT(struct core_stats, mispredicts), STAT(struct core_stats, traps),
	STAT(struct core_stats, itlb_lookups), STAT(struct core_stats, itlb_misses),
	STAT(struct core_stats, dtlb_lookups), STAT(struct core_stats, dtlb_misses),
	STAT(struct core_stats, loads), STAT(struct core_stats, stores),
	STAT(struct core_stats, atomics), STAT(struct core_stats, mmio),
	STAT(struct core_stats, prefetches), STAT(struct core_stats, prefetch_no_translation),
	STAT(struct core_stats, prefetch_no_mshr), STAT(struct core_stats, ran_ahead),
	STAT(struct core_stats, ran_parked),
};
const int core_stat_nfields = sizeof(core_stat_fields) / sizeof(core_stat_fields[0]);

/* The A extension's funct5 (instruction bits 31:27) for LR and SC. */
enum { AMO_LR = 0x02, AMO_SC = 0x03 };

/* The funct5 of the A-extension instruction word @raw. */
static inline uint32_t amo_op(uint32_t raw)
{
	return raw >> 27;
}

/* Instruction classes that wait for the write buffer to drain before they issue. */
#define DRAINS_WB ((1u << IC_FENCE) | (1u << IC_FENCE_I) | (1u << IC_SFENCE) | (1u << IC_XRET))

/*
 * Parking on a spin loop (sys.run_ahead). A loop whose iteration changes no
 * register (a wait for a flag or a lock: a load, a test, a branch back),
 * seen three times at its head in one run ahead (so that running ahead
 * takes each of its instructions), its state there moved by the same
 * amounts by each iteration (cpu/park.h), and nothing from outside the
 * core in between (a run's bounds keep it out), does the same in every later
 * iteration until something outside acts on it. The core parks: it leaves
 * the machine's turns until the last whole iteration before ahead_limit
 * (the timer's next event, the machine's checks, the instruction limit),
 * its state that of the head the third time (from). What else could act
 * on it brings it up to that point of the machine first (core_catch_up):
 * a snoop of a line its L1s hold (l2's before_snoop), another core's
 * device access (which may raise its interrupt lines or start the DMA
 * engine: execute), the machine's checks and its end (core_catch_up_all),
 * and its own turn when it wakes. Catching up adds whole iterations to the
 * state and runs the rest of the last one as running ahead would. It
 * parks only with nothing of its memory side on its way (no fill or answer
 * can come), direct-mapped L1s (a hit touches no replacement state outside
 * the images), an empty store buffer and no sharing tracker (which may
 * start watching a line at any access).
 */
struct core_spin {
	struct park park;	/* the images, and the amounts an iteration moves */
	/* The loop looked for: its head, the registers when last there. */
	uint32_t head;
	uint32_t x[32];
	int stage;		/* images taken at the head in this run: 0, 1 or 2 */
	uint64_t run;		/* the run the images are taken in (its ahead_from) */
	uint64_t at[2];		/* the head's cycles at the images */
	uint64_t retired_at[2];	/* the core's instructions retired at them */
	/*
	 * Times the loop at pause_head is not looked at, after it did not
	 * repeat or its park ended soon (backoff: the last such pause, which
	 * doubles while its parks do).
	 */
	uint32_t pause_head, pause, backoff;
	/* While parked: */
	uint64_t from;		/* the head's cycle in the state kept */
	uint64_t period;	/* cycles an iteration takes */
	uint64_t insns;		/* instructions it retires */
	uint64_t iters;		/* iterations to the cycle the core wakes in */
};

static uint8_t stat_mode(enum priv p)
{
	return p == PRIV_M ? SM_M : p == PRIV_S ? SM_S : SM_U;
}

/* The L1D access a store's drain asks for (@update: a selective-update page). */
static inline int store_need(const struct core *c, int update)
{
	return c->sel_update && update ? L1_UPDATE : L1_WRITE;
}

/* A retired store of @size bytes of @val to @pa goes into the write buffer (the store at @pc; @update: a selective-update page). */
static inline void buffer_store(struct core *c, uint32_t pa, int size, uint32_t val, uint32_t pc,
				int update)
{
	struct wbuf_entry *e = wbuf_push(&c->wb, pa, size, val);

	e->pc = pc;
	e->mode = c->mode;
	e->need = (uint8_t)store_need(c, update);
	ifetch_stored(&c->fu, pa, size);
}

/* The hart's store hook: its step retired a store, the instruction in progress (c->pk). */
static void defer_store(void *ctx, uint32_t pa, int size, uint32_t val)
{
	struct core *c = ctx;

	buffer_store(c, pa, size, val, c->pk.pc, c->pk.update);
}

static void interrupt_raised(void *ctx);

/*
 * The loop's pass over the awake cores costs it about 22 host instructions
 * for the call (the common pass is inline) and 10 per awake core; the
 * common pass, 7 per core (callgrind, this host's compiler).
 */
static void sched_choose(struct core_sched *s)
{
	int sparse = 10 * __builtin_popcount(s->awake) + 22 < 7 * s->ncores;

	s->pass = (s->pass & ~(unsigned)SCHED_SPARSE) | (sparse ? SCHED_SPARSE : 0);
}

/* Marks the core awake (1) or asleep in WFI (0) in its machine's schedule. */
static void sched_mark(struct core *c, int awake)
{
	struct core_sched *s = c->sched;

	if (!(s->awake & c->sched_bit) == !awake)
		return;
	s->awake ^= c->sched_bit;
	sched_choose(s);
}

static void wake_from_l1(void *ctx, uint64_t now)
{
	core_wake(ctx, now);
}

int core_init(struct core *c, struct hart *h, struct l1 *l1i, struct l1 *l1d, struct bus *bus,
	      int agent, const struct config *cfg, const struct memmap *mm, uint64_t seed,
	      uint32_t ratio, struct core_sched *sched, int index)
{
	memset(c, 0, sizeof(*c));
	c->hart = h;
	c->l1i = l1i;
	c->l1d = l1d;
	c->bus = bus;
	c->agent = agent;
	c->cfg = cfg->core;
	c->ratio = ratio;
	c->unusual = ratio > 1 ? CORE_SLOW : 0;
	c->halt = &c->stuck;
	c->sched = sched;
	c->sched_bit = 1u << index;
	c->sched_later = ~((c->sched_bit << 1) - 1);
	sched->ncores++;
	sched_mark(c, 1);	/* due is 0: it acts in the first cycle */
	c->cfg.mispredict *= ratio;
	c->cfg.taken_bubble *= ratio;
	c->cfg.mul_latency *= ratio;
	c->cfg.div_latency *= ratio;
	c->cfg.load_use *= ratio;
	c->cfg.serialize *= ratio;
	c->mmio_latency = cfg->mem.mmio_latency;
	if (index == 0 || c->mmio_latency < sched->mmio_latency_min)
		sched->mmio_latency_min = c->mmio_latency;
	c->sel_update = cfg->coh.selective_update != 0;
	c->mode = stat_mode(hart_priv(h));	/* the hart's marks: 0, as the counters */
	for (int i = 0; i < STALL_CAUSES; i++)
		c->charged[i] = &c->none;	/* STALL_NONE; the miss causes never look */
	c->charged[STALL_BRANCH] = &c->stats.stall_branch;
	c->charged[STALL_MULDIV] = &c->stats.stall_muldiv;
	c->charged[STALL_HAZARD] = &c->stats.stall_hazard;
	c->charged[STALL_TLB] = &c->stats.stall_tlb;
	c->charged[STALL_SERIAL] = &c->stats.stall_serial;
	c->charged[STALL_WB] = &c->stats.stall_wb;
	c->charged[STALL_MMIO] = &c->stats.stall_mmio;
	c->charged[STALL_IDLE] = &c->stats.idle;
	ifetch_init(&c->fu, l1i, cfg, &c->mode, mm);
	wbuf_init(&c->wb, cfg->core.wb_entries);
	c->fu.wb = &c->wb;
	l1i->wake = wake_from_l1;
	l1i->wake_ctx = c;
	l1d->wake = wake_from_l1;
	l1d->wake_ctx = c;
	hart_set_store_hook(h, defer_store, c);
	hart_set_irq_hook(h, interrupt_raised, c);
	hart_set_timed(h, 1);
	if (pf_set_init(&c->pf, l1i, l1d, mm, &c->guard_en, cfg, seed))
		return -1;
	return bpred_init(&c->bp, &cfg->core);
}

void core_free(struct core *c)
{
	pf_set_free(&c->pf);
	bpred_free(&c->bp);
	if (c->spin) {
		park_free(&c->spin->park);
		free(c->spin);
		c->spin = NULL;
	}
}

void core_set_profile(struct core *c, struct profile *prof, int hart)
{
	c->prof = prof;
	c->prof_hart = hart;
}

/* --profile: the instruction in progress missed (once per instruction and kind). */
static void profile_missed(struct core *c, enum prof_kind kind)
{
	uint8_t bit = kind == PROF_IMISS ? 1 : 2;

	if (c->prof && !(c->prof_missed & bit)) {
		c->prof_missed |= bit;
		profile_miss(c->prof, c->prof_hart, c->mode, c->pk.pc, kind);
	}
}

static uint64_t bus_wait_total(const struct core *c)
{
	return mctr_total(&c->bus->stats[c->agent].wait_cycles);
}

/* The privilege mode of the core's statistics mode (c->mode), for the hart's counters. */
static enum priv mode_priv(const struct core *c)
{
	return c->mode == SM_M ? PRIV_M : (enum priv)c->mode;
}

/*
 * The hart counts the cycles the core charges (mcycle, its per-mode
 * cycles) and the instructions the quick path retires (minstret, its
 * per-mode count, their decode cache lookups), but lazily: the core's own
 * counters of the current mode run ahead of the hart's marks
 * (hart_cycles_mark, hart_insns_mark), and what they gained reaches the
 * hart before it can read it (a CSR instruction), when the mode changes,
 * and at the end of the run; its instruction count also before the
 * machine's readers (core_sync_retired). Counting each in the hart as well
 * costs the model a few percent of its speed.
 */
void core_sync_retired(struct core *c)
{
	uint64_t insns = c->stats.insns.v[c->mode] - c->hart_insns_mark;

	if (insns) {
		hart_count_quick(c->hart, insns, mode_priv(c));
		c->hart_insns_mark += insns;
	}
}

static void sync_hart(struct core *c)
{
	uint64_t cycles = c->stats.cycles.v[c->mode] - c->hart_cycles_mark;

	if (cycles) {
		hart_count_cycles(c->hart, cycles, mode_priv(c));
		c->hart_cycles_mark += cycles;
	}
	core_sync_retired(c);
}

void core_sync_counts(struct core *c)
{
	sync_hart(c);
}

/* The hart's marks for the mode the core counts in now (c->mode): nothing lags in it. */
static void mark_mode(struct core *c)
{
	c->hart_cycles_mark = c->stats.cycles.v[c->mode];
	c->hart_insns_mark = c->stats.insns.v[c->mode];
}

/*
 * Charges @n (core) cycles of a miss wait in mode @m: the share that this core's
 * bus requests spent queued to stall_bus, the rest to the miss. Out of line,
 * so that charge_slow's common path stays a leaf.
 */
static __attribute__((noinline)) void charge_miss(struct core *c, uint64_t n, int m)
{
	struct core_stats *s = &c->stats;
	uint64_t total = bus_wait_total(c), bus = total - c->bus_wait_mark;

	c->bus_wait_mark = total;
	if (__builtin_expect(c->ratio > 1, 0))
		bus /= c->ratio;	/* the bus counts machine cycles, n is in core cycles */
	if (bus > n)
		bus = n;
	s->stall_bus.v[m] += bus;
	(c->cause == STALL_IMISS ? &s->stall_imiss : &s->stall_dmiss)->v[m] += n - bus;
	if (c->prof)
		profile_stall(c->prof, c->prof_hart, m, c->pk.pc,
			      c->cause == STALL_IMISS ? PROF_IMISS : PROF_DMISS, n, bus);
}

/*
 * Charges the cycles [acct, now) to the current cause, in the current mode.
 * A core slower than the machine counts whole core cycles: the part of one
 * not yet over stays for the next charge.
 */
static void charge_slow(struct core *c, uint64_t now)
{
	struct core_stats *s = &c->stats;
	uint64_t n = now - c->acct;
	int m = c->mode;

	if (__builtin_expect(c->ratio > 1, 0)) {
		n /= c->ratio;
		c->acct += n * c->ratio;
	} else {
		c->acct = now;
	}
	s->cycles.v[m] += n;
	if (c->cause == STALL_IMISS || c->cause == STALL_DMISS)
		charge_miss(c, n, m);
	else
		c->charged[c->cause]->v[m] += n;
}

static inline void charge(struct core *c, uint64_t now)
{
	if (now > c->acct)
		charge_slow(c, now);
}

void core_account(struct core *c, uint64_t now)
{
	charge(c, now);
	sync_hart(c);
}

/* Sleeps until a wake-up, losing the time to @cause. */
static int sleep_on(struct core *c, uint64_t now, enum stall_cause cause)
{
	charge(c, now);
	c->cause = cause;
	c->next = UINT64_MAX;
	if (cause == STALL_IMISS || cause == STALL_DMISS)
		c->bus_wait_mark = bus_wait_total(c);
	else if (cause == STALL_IDLE && !wbuf_ready(&c->wb))
		sched_mark(c, 0);	/* asleep in WFI, with no store to drain */
	return 0;
}

/* Waits until cycle @until, losing the time to @cause. */
static int delay(struct core *c, uint64_t now, uint64_t until, enum stall_cause cause)
{
	charge(c, now);
	c->cause = cause;
	c->next = until;
	return 0;
}

/* Sets due from next, the write buffer and poll, after any of them changed. */
static void update_due(struct core *c)
{
	c->due = wbuf_ready(&c->wb) || c->poll ? 0 : c->next;
	if (c->due != UINT64_MAX)
		sched_mark(c, 1);
}

/* Sets poll, and its bit in unusual. */
static void set_poll(struct core *c, int on)
{
	c->poll = on;
	c->unusual = (uint8_t)((c->unusual & ~CORE_POLL) | (on ? CORE_POLL : 0));
}

/* The hart's hook: a device raised an interrupt line. */
static void interrupt_raised(void *ctx)
{
	struct core *c = ctx;

	if (core_idle(c)) {
		set_poll(c, 1);
		update_due(c);
		c->sched->raised |= c->sched_bit;
	}
}

/*
 * For a core due at @now with poll set: wakes it if its hart can leave WFI
 * and returns 0 (it steps now), or returns 1 when it sleeps on (no step).
 * A store the write buffer can drain goes first, as it does in WFI: the
 * check then waits (0, and the step only drains).
 */
static int core_poll(struct core *c, uint64_t now)
{
	if (wbuf_ready(&c->wb))
		return 0;
	if (!hart_wakeable(c->hart)) {
		set_poll(c, 0);
		update_due(c);
		if (c->due == UINT64_MAX)
			sched_mark(c, 0);	/* asleep in WFI again */
		return 1;
	}
	core_wake(c, now);
	return 0;
}

void core_wake(struct core *c, uint64_t now)
{
	set_poll(c, 0);	/* no longer asleep in WFI, if it was */
	wbuf_go(&c->wb);
	if (c->next == UINT64_MAX)
		c->next = now;
	update_due(c);
}

/* Moves the oldest buffered store into the L1D, performing it, if its line is owned. */
static inline __attribute__((always_inline)) void drain(struct core *c, uint64_t now)
{
	struct wbuf_entry *e;

	if (!wbuf_ready(&c->wb))
		return;
	e = wbuf_head(&c->wb);
	if (l1_access(c->l1d, e->pa, e->need, now) != L1_HIT) {
		wbuf_wait(&c->wb);
		if (c->prof && !e->missed) {
			e->missed = 1;
			profile_miss(c->prof, c->prof_hart, e->mode, e->pc, PROF_DMISS);
		}
		return;
	}
	hart_commit_store(c->hart, e->pa, e->size, e->val);
	wbuf_pop(&c->wb);
	if (c->next == UINT64_MAX) {
		if (c->cause == STALL_WB)
			c->next = now;
		else if (c->cause == STALL_IDLE && !wbuf_ready(&c->wb))
			sched_mark(c, 0);	/* asleep in WFI, its last store drained */
	}
}

/* Makes the page-walk reads of a TLB miss through the L1D. 1 while still walking. */
static int walk(struct core *c, const uint32_t *pte, int n, int *done, uint64_t now)
{
	if (*done >= n)
		return 0;
	if (l1_access(c->l1d, pte[*done], 0, now) != L1_HIT)
		return !sleep_on(c, now, STALL_TLB);
	(*done)++;
	return !delay(c, now, now + c->l1d->cfg.latency, STALL_TLB);
}

static void count_peek(struct core *c)
{
	const struct hart_peek *pk = &c->pk;
	int m = c->mode;

	/* Only micro-TLB misses look up the TLBs; most instructions skip this. */
	if (!pk->tlb)
		return;
	c->stats.itlb_lookups.v[m] += pk->itlb_lookup;
	c->stats.itlb_misses.v[m] += pk->itlb_walk != 0;
	c->stats.dtlb_lookups.v[m] += pk->dtlb_lookup;
	c->stats.dtlb_misses.v[m] += pk->dtlb_walk != 0;
}

/* The instruction at the hart's pc becomes the one in progress (c->pk). */
static void take_peek(struct core *c)
{
	hart_peek(c->hart, &c->pk);
	c->have_pk = PK_FULL;
	c->walk_done = 0;
	c->mmio_waited = 0;
	c->prof_missed = 0;
	count_peek(c);
}

/*
 * A Zicbop prefetch that retired (imm[4:0]: 0 = prefetch.i into the L1I,
 * 1 = prefetch.r, 3 = prefetch.w with ownership, into the L1D): non-binding,
 * it never faults; dropped when its translation is not at hand or not
 * permitted, or no prefetch slot is free.
 */
static void software_prefetch(struct core *c, const struct hart_peek *pk, uint64_t now)
{
	uint32_t kind = (pk->raw >> 20) & 0x1f;
	uint32_t va = hart_reg(c->hart, pk->rs1) + ((uint32_t)((int32_t)pk->raw >> 20) & ~0x1fu);
	struct l1 *l1 = kind == 0 ? c->l1i : c->l1d;
	int m = c->mode;
	uint32_t pa;

	c->stats.prefetches.v[m]++;
	if (hart_prefetch_translate(c->hart, va, kind == 3, kind == 0, &pa) != PFT_OK)
		c->stats.prefetch_no_translation.v[m]++;
	else if (l1_prefetch_need(l1, pa >> l1_line_shift(l1), PF_SOFTWARE,
				  kind == 3 ? L1_OWN : L1_READ, now) < 0)
		c->stats.prefetch_no_mshr.v[m]++;
}

/* Charges the cycles before the issue cycle @now, and the issue cycle: the mode's index. */
static inline int issue(struct core *c, uint64_t now)
{
	int m;

	charge(c, now);
	m = c->mode;
	c->stats.cycles.v[m]++;		/* the issue cycle, before the instruction reads mcycle */
	c->acct = now + 1;
	return m;
}

/*
 * After the hart ran the instruction in progress (@ev) in mode @m, issued at
 * @now: its effects on the pipeline, and when the next one can issue.
 * @quick (a constant): the quick path's, which holds no LR, is no xRET and
 * reaches no device. The instruction's class, destination and offset are
 * @ti's, its address @pc and its word @raw: c->pk's, or for the quick path
 * its decoded entry's (it fills c->pk only as far as defer_store reads it).
 */
static inline __attribute__((always_inline)) int finish(struct core *c, uint64_t now,
							enum hart_event ev, int m, int quick,
							const struct insn_timing *ti, uint32_t pc,
							uint32_t raw)
{
	const struct hart_peek *pk = &c->pk;
	struct hart *h = c->hart;
	uint64_t next = now + 1;
	enum stall_cause cause = STALL_NONE;

	if (!quick && __builtin_expect(ev == HART_STUCK, 0)) {
		c->stuck = 1;	/* only hart_step reports it: the quick path never */
		*c->halt = 1;
	}
	if (!quick && __builtin_expect(c->hold_left, 0) &&
	    (ev != HART_RETIRED || --c->hold_left == 0 || ti->cls == IC_WFI ||
	     (ti->cls == IC_AMO && amo_op(pk->raw) == AMO_SC))) {
		c->hold_left = 0;	/* the LR/SC sequence is over, or was left */
		c->unusual &= (uint8_t)~CORE_HOLDING;
		bus_unlock(c->bus, c->agent, now);
	}
	c->have_pk = PK_NONE;
	c->reg_ready[ti->rd] = now + 1;	/* x0's is cleared at the end */

	if (ev != HART_RETIRED) {
		c->stats.traps.v[m] += ev == HART_TRAPPED;
		next += c->cfg.serialize;
		cause = STALL_SERIAL;
		goto out;
	}
	c->stats.insns.v[m]++;
	if (!quick)
		c->hart_insns_mark++;	/* the hart counted it (the quick path's wait for sync_hart) */
	if (ti->cls == IC_ALU)
		goto out;	/* the most common class: spare it the jump table */
	if (quick && ti->cls > IC_FENCE)
		__builtin_unreachable();	/* QUICK_CLASSES and quick_other's: a shorter switch */
	switch (ti->cls) {
	case IC_AMO:
		/*
		 * An LR holds its line against the other cores until its SC, so
		 * that the SC finds it (the A extension's forward progress).
		 */
		if (!quick && amo_op(pk->raw) == AMO_LR && !pk->mmio) {
			bus_lock(c->bus, c->agent, pk->pa, now);
			c->hold_left = LR_HOLD_INSNS;
			c->unusual |= CORE_HOLDING;
		}
		/* fall through */
	case IC_LOAD:
		if (ti->cls == IC_LOAD)
			c->stats.loads.v[m]++;
		else
			c->stats.atomics.v[m]++;
		if (!quick)
			c->stats.mmio.v[m] += pk->mmio;	/* the quick path's go to RAM */
		c->reg_ready[ti->rd] = now + 1 + c->cfg.load_use;
		if (c->reg_ready[ti->rd] > c->hazard_until)
			c->hazard_until = c->reg_ready[ti->rd];
		c->reg_cause[ti->rd] = STALL_HAZARD;
		break;
	case IC_STORE:
		c->stats.stores.v[m]++;
		if (!quick)
			c->stats.mmio.v[m] += pk->mmio;
		break;
	case IC_MUL:
	case IC_DIV:
		next = now + (ti->cls == IC_MUL ? c->cfg.mul_latency : c->cfg.div_latency);
		cause = STALL_MULDIV;
		c->reg_ready[ti->rd] = next;
		if (next > c->hazard_until)
			c->hazard_until = next;
		c->reg_cause[ti->rd] = STALL_MULDIV;
		break;
	case IC_BRANCH:
	case IC_JAL:
	case IC_JALR: {
		uint32_t target = hart_pc(h);
		int taken = target != pc + 4;
		enum bp_outcome out = bpred_resolve(&c->bp, pc, ti->cls == IC_BRANCH,
						    ti->cls != IC_JALR, ti->imm, taken, target);

		c->stats.branches.v[m]++;
		if (out == BP_WRONG) {
			c->stats.mispredicts.v[m]++;
			next += c->cfg.mispredict;
			cause = STALL_BRANCH;
		} else if (out == BP_CORRECT_BUBBLE) {
			next += c->cfg.taken_bubble;
			cause = STALL_BRANCH;
		}
		break;
	}
	case IC_CSR:
		if (csr_insn_writes(raw)) {
			next += c->cfg.serialize;
			cause = STALL_SERIAL;
			/*
			 * A run ahead may take it (quick_other): parking's images
			 * would extrapolate the CSR's word as if it were a counter.
			 */
			if (c->spin)
				c->spin->stage = 0;
		}
		break;
	case IC_PREFETCH:
		software_prefetch(c, pk, now);
		break;
	case IC_FENCE_I:
		l1_flush(c->l1i);	/* and its prefetchers */
		ifetch_flush(&c->fu, now);
		/* fall through */
	case IC_SFENCE:
	case IC_XRET:
		next += c->cfg.serialize;
		cause = STALL_SERIAL;
		break;
	default:
		break;
	}
out:
	c->reg_ready[0] = 0;
	/* Only a trap (taken or returned from) changes the privilege mode. */
	if ((ev != HART_RETIRED || (!quick && ti->cls == IC_XRET)) && stat_mode(hart_priv(h)) != m) {
		sync_hart(c);	/* the cycles so far were spent in the old mode */
		c->mode = stat_mode(hart_priv(h));
		mark_mode(c);
	}
	c->next = next;
	c->cause = cause;
	return ev == HART_RETIRED;
}

static void catch_up_before_access(struct core *c, uint64_t now);

/* Runs the instruction whose conditions are met, and sets up the next one. */
static inline __attribute__((always_inline)) int execute(struct core *c, uint64_t now)
{
	const struct hart_peek *pk = &c->pk;
	struct hart *h = c->hart;
	int m = issue(c, now);

	if (c->mmio_waited) {
		/*
		 * A device access performs (or traps): it may raise or lower an
		 * interrupt line, start the DMA engine or stop the run, so no core
		 * runs ahead for the rest of the machine's run of cycles.
		 */
		c->sched->mmio_waiting &= ~c->sched_bit;
		c->sched->ahead_limit = 0;
		if (c->sched->parked)
			catch_up_before_access(c, now);
	}
	if (pk->cls == IC_CSR || pk->irq || pk->fetch_fault || hart_in_wfi(h))
		sync_hart(c);	/* it may read the counters, or run hart_step's full path */
	return finish(c, now, hart_step_peeked(h, pk), m, 0, &pk->timing, pk->pc, pk->raw);
}

static void quick_complete(struct core *c);

/* core_step's work on the instruction in progress, once the core is due (next <= now). */
static __attribute__((noinline)) int step(struct core *c, uint64_t now)
{
	struct hart *h = c->hart;
	struct hart_peek *pk = &c->pk;
	uint64_t t;
	int src;

	if (hart_in_wfi(h) && !hart_wakeable(h))
		return sleep_on(c, now, STALL_IDLE);
	if (!c->have_pk)
		take_peek(c);
	else if (c->have_pk == PK_QUICK)
		quick_complete(c);	/* the quick path's, sent here: a watch came on */
	/* An interrupt, an I-TLB walk or a fetch fault: rare, tested at once. */
	if (__builtin_expect(pk->irq | pk->itlb_walk | pk->fetch_fault, 0)) {
		if (pk->irq)
			goto run;
		if (pk->itlb_walk && walk(c, pk->ipte, pk->itlb_walk, &c->walk_done, now))
			return 0;
		if (pk->fetch_fault)
			goto run;
	}
	if (wbuf_fetch_waits(&c->wb, pk->fetch_pa)) {
		/* Its word is a buffered store's: fetched again once that drains. */
		c->have_pk = PK_NONE;
		return sleep_on(c, now, STALL_WB);
	}

	c->guard_en = pk->guard_en;
	if (ifetch_get(&c->fu, pk->fetch_pa, pk->guard_en, now) != FETCH_READY) {
		profile_missed(c, PROF_IMISS);
		return sleep_on(c, now, STALL_IMISS);
	}

	/* Operands: forwarding hides ALU results; loads and mul/div make later users wait. */
	t = c->reg_ready[pk->rs1];
	src = pk->rs1;
	if (c->reg_ready[pk->rs2] > t) {
		t = c->reg_ready[pk->rs2];
		src = pk->rs2;
	}
	if (t > now)
		return delay(c, now, t, (enum stall_cause)c->reg_cause[src]);

	if (pk->mem && !pk->mem_fault) {
		int dwalk = c->walk_done - pk->itlb_walk;

		if (pk->dtlb_walk && walk(c, pk->dpte, pk->dtlb_walk, &dwalk, now)) {
			c->walk_done = pk->itlb_walk + dwalk;
			return 0;
		}
		if (pk->mmio) {
			if (!c->mmio_waited) {
				c->mmio_waited = 1;
				c->sched->mmio_waiting |= c->sched_bit;	/* no core runs ahead to it */
				return delay(c, now, now + c->mmio_latency, STALL_MMIO);
			}
		} else if (pk->cls == IC_LOAD) {
			if (wbuf_overlaps(&c->wb, pk->pa, pk->size))
				return sleep_on(c, now, STALL_WB);
			if (l1_access(c->l1d, pk->pa, 0, now) != L1_HIT) {
				profile_missed(c, PROF_DMISS);
				return sleep_on(c, now, STALL_DMISS);
			}
		} else if (pk->cls == IC_STORE) {
			if (wbuf_full(&c->wb))
				return sleep_on(c, now, STALL_WB);
		} else {
			if (!wbuf_empty(&c->wb))
				return sleep_on(c, now, STALL_WB);
			if (amo_op(pk->raw) == AMO_SC && !hart_lr_holds(h, pk->pa))
				goto run;	/* it fails: no need for the line */
			if (l1_access(c->l1d, pk->pa, amo_op(pk->raw) == AMO_LR ? L1_OWN : L1_WRITE,
				      now) != L1_HIT) {
				profile_missed(c, PROF_DMISS);
				return sleep_on(c, now, STALL_DMISS);
			}
		}
	}
	if (((1u << pk->cls) & DRAINS_WB) && !wbuf_empty(&c->wb))
		return sleep_on(c, now, STALL_WB);
run:
	/* One call site, so that execute is inlined: its own call cost 18 host instructions. */
	return execute(c, now);
}

/* The classes the quick path runs; the others always take step. */
#define QUICK_CLASSES                                                                      \
	((1u << IC_ALU) | (1u << IC_LOAD) | (1u << IC_STORE) | (1u << IC_BRANCH) |          \
	 (1u << IC_JAL) | (1u << IC_JALR) | (1u << IC_MUL) | (1u << IC_DIV))
/* Of those, the ones a core may run ahead (run_ahead): all (stores: ahead_store_line). */
#define AHEAD_CLASSES QUICK_CLASSES

/*
 * Besides those classes, the quick path takes (1) and step leaves (0):
 *   - a CSR access that csr_quick allows (INSN_CSR_QUICK: mstatus or
 *     sstatus, whose read reads no counter, so that the hart's lazy
 *     counters need no sync_hart), in a mode that may access it (else it
 *     traps, in step);
 *   - an AMO but LR (which holds its line against the bus) and SC (whose
 *     outcome is the reservation's), and a fence, when the write buffer is
 *     empty (else they wait for it, in step; a run keeps it empty).
 * Out of line: the common classes never ask.
 */
static __attribute__((noinline)) int quick_other(const struct core *c, const struct insn *d)
{
	uint32_t op;

	switch (d->cls) {
	case IC_CSR:
		return (d->uses & INSN_CSR_QUICK) && c->hart->priv >= csr_priv(d->imm & 0xfff);
	case IC_AMO:
		op = amo_op(d->raw);
		if (op == AMO_LR || op == AMO_SC)
			return 0;
		/* fall through */
	case IC_FENCE:
		return wbuf_empty(&c->wb);
	default:
		return 0;
	}
}

/*
 * An instruction hart_quick_peek found (@d at the hart's pc, fetched from
 * @fetch_pa, its data at @pa) waits: it becomes the one in progress, the
 * quick path's (PK_QUICK), with what its later turns read (the quick path's
 * and the messages' fields of c->pk). The rest of hart_peek's c->pk waits
 * for quick_complete, which step and the pipeline log call: most such
 * instructions issue on the quick path at their next turn.
 */
static inline void quick_take(struct core *c, const struct insn *d, uint32_t fetch_pa,
			      uint32_t pa)
{
	struct hart *h = c->hart;
	struct hart_peek *pk = &c->pk;

	pk->pc = h->pc;
	pk->fetch_pa = fetch_pa;
	pk->guard_en = h->micro_i.guard;
	h->held = *d;	/* the shared entry may change while it waits */
	pk->insn = &h->held;
	pk->pa = pa;
	pk->update = h->micro_d.update;
	c->have_pk = PK_QUICK;
	c->walk_done = 0;
	c->mmio_waited = 0;
	c->prof_missed = 0;
}

/*
 * The rest of c->pk for an instruction quick_take took: what hart_peek
 * would have left there, from its decoded form and the registers, which
 * have not changed while it waited.
 */
static void quick_complete(struct core *c)
{
	const struct hart *h = c->hart;
	struct hart_peek *pk = &c->pk;
	const struct insn *d = pk->insn;

	pk->irq = 0;
	pk->fetch_fault = 0;
	pk->tlb = 0;
	pk->raw = d->raw;
	pk->timing = d->timing;
	pk->mem = d->msize != 0;
	if (pk->mem) {
		pk->mem_fault = 0;
		pk->mmio = 0;
		pk->write = (d->uses & INSN_MWRITE) != 0;
		pk->size = d->msize;
		pk->va = h->x[d->src1] + (uint32_t)d->imm;
	}
}

/*
 * When hart_quick_peek found nothing: the micro-TLB refills hart_peek would
 * make first, made now if the memos answer them (hart_quick_refill), with
 * their TLB lookups counted as count_peek would (hart_peek then finds them
 * made). 1 if there was one: hart_quick_peek may now find the instruction.
 */
static __attribute__((noinline)) int quick_refilled(struct core *c)
{
	unsigned lookups = hart_quick_refill(c->hart);

	c->stats.itlb_lookups.v[c->mode] += lookups & 1;
	c->stats.dtlb_lookups.v[c->mode] += lookups >> 1;
	return lookups != 0;
}

/*
 * When the bus has no request queued, the first cycle from @grant (its
 * first edge with the sequencer free) on at which it could grant one: one
 * joins the queues only when an agent acts, which is another core at its
 * turn (its due: its misses, its write buffer's drains, a device access
 * that starts the DMA engine or wakes a sleeping core) or an event (a fill,
 * a bus completion). UINT64_MAX if no other core will act without an event
 * (all asleep); @grant itself as soon as one acts by then (the common case
 * while the cores are busy: it returns at the first such core).
 */
static __attribute__((noinline)) uint64_t grant_after_others(const struct core *c,
							     uint64_t grant)
{
	const struct core_sched *s = c->sched;
	uint64_t first = UINT64_MAX;

	for (const struct core *o = s->cores, *end = s->cores + s->ncores; o < end; o++) {
		if (o == c)
			continue;
		if (o->due <= grant)
			return grant;
		if (o->due < first)
			first = o->due;
	}
	return first == UINT64_MAX ? first : bus_grant_bound(c->bus, first);
}

/*
 * The last cycle in which core @c's loads may run ahead (ahead_mem_until),
 * in its run from its turn in cycle ahead_from to ahead_until: the bus
 * snoops the caches when it grants, after the cores' turns, and fills come
 * before them (an event, which bounds the run too). With requests queued,
 * the bus may grant at its first edge with the sequencer free; with none,
 * only after another core acts (grant_after_others): this core's run makes
 * no request, the machine's bound (ahead_limit) keeps the run short of the
 * devices' own acts, and the prefetchers and a busy DMA engine allow no
 * run. Made when a load first asks: most runs have none.
 */
static inline uint64_t ahead_mem_bound(struct core *c)
{
	uint64_t now = c->ahead_from, until = c->ahead_until, event = eventq_next(c->l1d->events);
	uint64_t grant = bus_grant_bound(c->bus, now);

	if (grant < until && !c->bus->queued)
		grant = grant_after_others(c, grant);
	if (grant < until)
		until = grant;
	if (event <= until)
		until = event > now ? event - 1 : now;	/* one due now: none */
	return c->ahead_mem_until = until;
}

/*
 * Whether core @c's load (or L1I access) in cycle @now may run ahead. The
 * bound is made once a run (0: not yet; one made 0, in a run from cycle 0,
 * is made again, to the same answer).
 */
static inline int ahead_mem_ok(struct core *c, uint64_t now)
{
	return now <= c->ahead_mem_until || (!c->ahead_mem_until && now <= ahead_mem_bound(c));
}

/*
 * For core @c's store to @pa (its drain asking for @need) in its run at
 * cycle @now: the line of the write hit its drain would make, or NULL when
 * the run must stop before it. A run starts with the write buffer empty
 * and keeps it so: the store would drain in the core's turn at the next
 * cycle, before the instruction there, and the run makes that drain itself
 * (quick_step) when that cycle is in the run and no snoop or fill can
 * reach it (ahead_mem_ok), the line is owned (a plain write hit: no bus),
 * and no other hart holds a reservation the store's commit could break
 * (one that hart's SC may test in its turn in that cycle, before this
 * core's).
 */
static inline struct cache_line *ahead_store_line(struct core *c, uint32_t pa, uint64_t now,
						  int need)
{
	const struct hart *h = c->hart;

	if (now + 1 > c->ahead_until || !ahead_mem_ok(c, now + 1) ||
	    (h->env.lr->active & ~(1u << h->id)))
		return NULL;
	return l1_plain_hit(c->l1d, pa, need);
}

/*
 * For core @c's AMO (quick_other's: not LR nor SC) to @pa in its run at
 * cycle @now: the line of the write hit its turn would make (step's
 * l1_access), or NULL when the run must stop before it. It performs in its
 * own cycle, as a load does, in a cycle no snoop or fill can reach
 * (ahead_mem_ok), on a line the L1D owns; and, as a store's drain, with no
 * other hart's reservation that its write could break.
 */
static inline struct cache_line *ahead_amo_line(struct core *c, uint32_t pa, uint64_t now)
{
	const struct hart *h = c->hart;

	if (!ahead_mem_ok(c, now) || (h->env.lr->active & ~(1u << h->id)))
		return NULL;
	return l1_plain_hit(c->l1d, pa, L1_WRITE);
}

/*
 * Whether @d, a branch or jump of core @c's hart, may trap: its target, if
 * taken, not 4-byte aligned (without the C extension, a misaligned fetch).
 * A trap changes the core's mode, which the caches' and the bus's counters
 * read when they count (*mode): in a run, it must come before the next
 * event or grant (ahead_mem_ok), as a load's access must, or they would
 * count in the new mode what the turns in order count in the old one.
 */
static inline int ahead_jump_may_trap(const struct core *c, const struct insn *d)
{
	if (__builtin_expect(!(d->uses & INSN_JUMP_ODD), 1))
		return 0;
	if (d->cls == IC_JALR)
		return ((c->hart->x[d->src1] + (uint32_t)d->imm) & 2) != 0;
	return 1;
}

/*
 * step for the common instructions, shorter: an ALU, branch, jump, multiply
 * or divide, a load, store or AMO (not LR nor SC) to RAM whose translations
 * the micro-TLBs hold, a fence, or an access to mstatus or sstatus
 * (quick_other), with no interrupt to take (hart_quick_peek finds them
 * without hart_peek); its callers take a core that holds an LR's line to step
 * instead. It makes step's checks and calls in step's order,
 * leaving out the ones that cannot apply. An instruction that waits becomes
 * the one in progress (quick_take), and stays the quick path's (PK_QUICK)
 * until it issues. -1, before anything has
 * changed, for the others: step takes them. @ahead (a constant): for
 * run_ahead, which takes only those (register-only, a load that is a
 * plain L1D hit, a store that ahead_store_line lets the run drain, an AMO
 * that ahead_amo_line lets perform) whose translations
 * the micro-TLBs hold or refill from their memos, fetched from the fetch
 * unit's fast range, from the line it fetched ahead, or through the unit's
 * steps whose L1I accesses are all plain hits (ifetch_step_ahead); an L1
 * access only up to ahead_mem_until (ahead_mem_ok). -1 for the others
 * (after the wait for its operands, if it waited within the run: it is
 * then the one in progress).
 */
static inline __attribute__((always_inline)) int quick_step(struct core *c, uint64_t now,
							    int ahead)
{
	struct hart_peek *pk = &c->pk;
	const struct insn *d;
	struct cache_line *hit = NULL;
	uint32_t fetch_pa, pa = 0, pc;
	enum stall_cause cause;
	enum hart_event ev;
	uint64_t t;
	int src, m, r, guard_en, waited = 0, need = 0;
	/*
	 * The instruction waited before, and c->pk is its (a trigger, debugger
	 * point or observer that came since sends it to step); else it becomes
	 * the one in progress only if it waits: one that issues at once needs
	 * none of c->pk.
	 */
	int taken = c->have_pk != PK_NONE;

	if (!taken) {
		d = hart_quick_peek(c->hart, &fetch_pa, &pa);
		if (__builtin_expect(!d, 0) && quick_refilled(c))
			d = hart_quick_peek(c->hart, &fetch_pa, &pa);
		if (!d || (!((1u << d->cls) & (ahead ? AHEAD_CLASSES : QUICK_CLASSES)) &&
			   !quick_other(c, d)))
			return -1;
		guard_en = c->hart->micro_i.guard;
	} else if (c->have_pk == PK_QUICK && !(c->hart->attn & HART_WATCHED)) {
		d = pk->insn;
		if (!((1u << d->cls) & (ahead ? AHEAD_CLASSES : QUICK_CLASSES)) && !quick_other(c, d))
			return -1;
		fetch_pa = pk->fetch_pa;
		pa = pk->pa;
		guard_en = pk->guard_en;
	} else {
		return -1;
	}
	/*
	 * Running ahead, the hart has just read the instruction's word from
	 * memory (hart_quick_peek), before the other cores' turns of the cycles
	 * up to @now, where the turns in order read it at @now: another core's
	 * store may change it in between. That store needs the line owned,
	 * which takes a grant (whose snoop takes the line from this core's
	 * caches) unless the other core owns it already (after such a snoop,
	 * while the fetch unit still holds the line: run_ahead starts no run
	 * then, code_snooped). So a word is read only in a cycle no grant can
	 * reach (ahead_mem_ok). A store of another hart into code this core
	 * ran ahead once made it run the old word where the turns in order ran
	 * the new one (instruction soups 7027 and 7147, 4 harts).
	 */
	if (ahead && !taken && !ahead_mem_ok(c, now))
		return -1;
	if (!ifetch_fast_ready(&c->fu, fetch_pa)) {
		/*
		 * Outside the fetch unit's fast range (which never holds a word a
		 * buffered store will change), a word the hart read before its
		 * store drained: step waits for the store.
		 */
		if (!taken && wbuf_fetch_waits(&c->wb, fetch_pa))
			return -1;
		/*
		 * Running ahead, the unit's own steps only, made here at once (none
		 * with an observer on its tap); their L1I accesses, but entering
		 * the line fetched ahead, in a cycle no snoop or fill can reach.
		 */
		if (ahead && !fetch_enters_ahead(&c->fu.u, fetch_pa) && !ahead_mem_ok(c, now))
			return -1;
		if (ahead && !ifetch_step_ahead(&c->fu, fetch_pa, guard_en, now))
			return -1;
	}
	c->guard_en = guard_en;
	if (!ahead && ifetch_get(&c->fu, fetch_pa, guard_en, now) != FETCH_READY) {
		if (!taken)
			quick_take(c, d, fetch_pa, pa);
		profile_missed(c, PROF_IMISS);
		return sleep_on(c, now, STALL_IMISS);
	}
	if (now < c->hazard_until) {
		t = c->reg_ready[d->src1];
		src = d->src1;
		if (c->reg_ready[d->src2] > t) {
			t = c->reg_ready[d->src2];
			src = d->src2;
		}
		if (t > now) {
			/*
			 * Running ahead, an instruction that waits for its operands
			 * until a cycle of the run goes on at that cycle, as the run's
			 * next turn would (it would take it back as the one in
			 * progress, its fetch in the fast range by now): the wait is
			 * charged alike, and what it took is taken only if it stops
			 * there (waited).
			 */
			if (ahead && t <= c->ahead_until && ifetch_fast_ready(&c->fu, fetch_pa)) {
				delay(c, now, t, (enum stall_cause)c->reg_cause[src]);
				now = t;
				waited = !taken;
			} else {
				if (!taken)
					quick_take(c, d, fetch_pa, pa);
				return delay(c, now, t, (enum stall_cause)c->reg_cause[src]);
			}
		}
	}
	if (ahead && ahead_jump_may_trap(c, d) && !ahead_mem_ok(c, now)) {
		/* A jump that may trap, past the next event or grant (ahead_jump_may_trap). */
		if (waited)
			quick_take(c, d, fetch_pa, pa);
		return -1;
	} else if (ahead && (d->uses & INSN_MWRITE)) {
		if (__builtin_expect(d->cls == IC_AMO, 0)) {
			/* An AMO, which writes its line now (ahead_amo_line). */
			if (!(hit = ahead_amo_line(c, pa, now))) {
				if (waited)
					quick_take(c, d, fetch_pa, pa);
				return -1;
			}
			l1_hit(c->l1d, pa, hit, L1_WRITE);
		} else {
			/* A store whose drain at the next cycle the run makes (below). */
			need = store_need(c, taken ? pk->update : c->hart->micro_d.update);
			if (!(hit = ahead_store_line(c, pa, now, need))) {
				if (waited)
					quick_take(c, d, fetch_pa, pa);
				return -1;
			}
		}
	} else if (ahead && d->msize) {
		/* A load that is a plain L1D hit, in a cycle no snoop or fill can reach. */
		if (!ahead_mem_ok(c, now) || !(hit = l1_plain_hit(c->l1d, pa, 0))) {
			if (waited)
				quick_take(c, d, fetch_pa, pa);
			return -1;
		}
		l1_hit(c->l1d, pa, hit, 0);
	} else if (d->msize) {
		cause = STALL_NONE;
		if (d->cls == IC_LOAD) {
			if (wbuf_overlaps(&c->wb, pa, d->msize))
				cause = STALL_WB;
			else if (l1_access(c->l1d, pa, 0, now) != L1_HIT)
				cause = STALL_DMISS;
		} else if (__builtin_expect(d->cls == IC_AMO, 0)) {
			if (l1_access(c->l1d, pa, L1_WRITE, now) != L1_HIT)
				cause = STALL_DMISS;
		} else if (wbuf_full(&c->wb)) {
			cause = STALL_WB;
		}
		if (cause != STALL_NONE) {
			if (!taken)
				quick_take(c, d, fetch_pa, pa);
			if (cause == STALL_DMISS)
				profile_missed(c, PROF_DMISS);
			return sleep_on(c, now, cause);
		}
	}
	/* hart_step_peeked's checks hold: no interrupt, no WFI, the pc unchanged. */
	pc = c->hart->pc;
	m = issue(c, now);
	if (d->msize && d->cls != IC_AMO) {
		hart_run_quick_access(c->hart, pc, d, pa, m);
		ev = HART_RETIRED;
		/* A store is the quick path's to buffer (what the store hook does for the step). */
		if (!ahead && (d->uses & INSN_MWRITE))
			buffer_store(c, pa, d->msize, c->hart->x[d->src2], pc,
				     taken ? pk->update : c->hart->micro_d.update);
	} else {
		ev = hart_run_quick(c->hart, pc, d, m);
	}
	r = finish(c, now, ev, m, 1, &d->timing, pc, d->raw);
	if (ahead && (d->uses & INSN_MWRITE)) {
		if (__builtin_expect(d->cls == IC_AMO, 0)) {
			/* It wrote memory (the hart did: hart_run_quick), as step's would. */
			if (c->spin)
				c->spin->stage = 0;
			return r;
		}
		/*
		 * Buffered and drained at the next turn, which comes before
		 * anything else of the core there: what buffer_store and drain
		 * do but the buffer's push and pop, which leave nothing behind
		 * (made through them, the kernel's first 20 M cost 1.7 % more).
		 */
		ifetch_stored(&c->fu, pa, d->msize);
		l1_hit(c->l1d, pa, hit, need);
		hart_commit_store(c->hart, pa, d->msize, c->hart->x[d->src2]);
		if (c->spin)
			c->spin->stage = 0;	/* memory changed: no images across it */
	}
	return r;
}

/*
 * The last cycle core @c may run ahead to at its turn in cycle @now: the
 * machine's bound, and the cycle before any other core's device access
 * could perform (the one it waits out performs at its next cycle at the
 * earliest; a core not waiting would wait mmio_latency_min cycles from this
 * one). A core waiting with no next cycle (asleep) could perform at once.
 * A core asleep in WFI (clear in the schedule's awake) makes no device
 * access before an interrupt wakes it, and none can come within the run:
 * the timer's and the devices' events bound it (ahead_limit), and another
 * core's device access, which could raise its line, bounds it earlier. So
 * with every other core asleep in WFI (or none, on a machine of one core)
 * a run goes on to the machine's bound.
 */
static uint64_t ahead_horizon(const struct core *c, uint64_t now)
{
	const struct core_sched *s = c->sched;
	uint64_t limit = s->ahead_limit, at = UINT64_MAX;

	if (s->awake & ~s->mmio_waiting & ~c->sched_bit)
		at = now + s->mmio_latency_min;

	for (uint32_t left = s->mmio_waiting & ~c->sched_bit; left; left &= left - 1) {
		uint64_t next = s->cores[__builtin_ctz(left)].next;

		if (next < at)
			at = next < now ? now : next;
		else if (next == UINT64_MAX)
			at = now;	/* asleep (on its write buffer): it may wake at once */
	}
	if (at <= now)
		return 0;	/* none */
	return at - 1 < limit ? at - 1 : limit;
}

/* Heads a loop whose images did not repeat is left alone for (its next tries). */
#define SPIN_PAUSE 256
/*
 * A park of fewer iterations than this did not pay for its images (their
 * copies and comparison cost the host about what 100 iterations do):
 * the core looks at its loops after SPIN_PAUSE heads, then twice as many
 * each time a park ends as soon again, up to SPIN_BACKOFF_MAX.
 */
#define SPIN_SHORT 512
/* Heads a loop whose registers moved is left alone for. */
#define SPIN_MOVED 64
#define SPIN_BACKOFF_MAX 65536

/*
 * Whether @pc, a loop's head, is the one @sp leaves alone for now: then one
 * visit fewer to go.
 */
static inline int spin_paused(struct core_spin *sp, uint32_t pc)
{
	if (!sp->pause || pc != sp->pause_head)
		return 0;
	sp->pause--;
	return 1;
}

/*
 * run_ahead's instructions not yet in core.ran_ahead, *@uncounted of them
 * in mode *@m, join it; the core's mode is the next ones'.
 */
static inline void count_ahead(struct core *c, int *m, int *uncounted)
{
	c->stats.ran_ahead.v[*m] += (uint64_t)*uncounted;
	*uncounted = 0;
	*m = c->mode;
}

/*
 * Whether core @c may park now, at its loop's head in a run: nothing of
 * its memory side is on its way, and a hit changes nothing outside the
 * images.
 */
static int spin_parkable(const struct core *c)
{
	const struct l1 *l1s[2] = { c->l1i, c->l1d };

	if (c->have_pk != PK_NONE || c->wb.count || !l2_quiet(c->l2, c->ahead_from))
		return 0;
	for (int i = 0; i < 2; i++) {
		const struct l1 *l = l1s[i];

		/* No sharing tracker: it may watch a line at any access (sys.sharing, --profile). */
		if (l->ctl.arr.ways != 1 || l->ctl.nbusy || l->sh)
			return 0;
		for (uint32_t p = 0; p < l->npf; p++)
			if (l->pf[p].valid)
				return 0;
	}
	return 1;
}

/*
 * Parks core @c at its loop's head, its third image the live state, having
 * retired @retired instructions (spin_seen found it parkable there): 1, or
 * 0 if the images do not repeat or it would not pay.
 */
static int spin_park(struct core *c, uint64_t retired)
{
	struct core_spin *sp = c->spin;
	uint64_t from = c->next, period = from - sp->at[1], limit = c->sched->ahead_limit;
	uint64_t insns = retired - sp->retired_at[1];

	if (limit < from + 2 * period)
		return 0;	/* not two iterations to skip before the machine's bound */
	if (!period || period != sp->at[1] - sp->at[0] || insns != sp->retired_at[1] - sp->retired_at[0] ||
	    !park_linear(&sp->park)) {
		sp->pause_head = sp->head;
		sp->pause = SPIN_PAUSE;
		return 0;
	}
	sp->from = from;
	sp->period = period;
	sp->insns = insns;
	sp->iters = (limit + 1 - from) / period;
	c->next = from + sp->iters * period;
	c->unusual |= CORE_PARKED;
	c->sched->parked |= c->sched_bit;
	return 1;
}

/*
 * In core @c's run, an instruction went back to an earlier pc, not a paused
 * loop's head (run_ahead counts those down): looks for a loop that repeats
 * (core_spin), and parks the core on it (1 then).
 */
static __attribute__((noinline)) int spin_seen(struct core *c)
{
	struct core_spin *sp = c->spin;
	const struct hart *h = c->hart;
	uint64_t retired;

	if (h->pc != sp->head || memcmp(h->x, sp->x, sizeof(sp->x))) {
		if (h->pc == sp->head) {
			/* Its registers moved: a loop that counts, most likely. */
			sp->pause_head = h->pc;
			sp->pause = SPIN_MOVED;
		}
		sp->head = h->pc;
		memcpy(sp->x, h->x, sizeof(sp->x));
		sp->stage = 0;
		return 0;
	}
	retired = mctr_total(&c->stats.insns);
	if (!spin_parkable(c)) {
		sp->stage = 0;	/* something may still come from outside: no images yet */
		return 0;
	}
	/*
	 * In one run: every instruction between the images is one running ahead
	 * takes (catching up runs them so), and nothing reached the core.
	 */
	if (sp->run != c->ahead_from)
		sp->stage = 0;
	if (sp->stage == 2) {
		sp->stage = 0;
		return spin_park(c, retired);
	}
	if (sp->stage == 0)
		sp->run = c->ahead_from;
	park_take(&sp->park, sp->stage);
	sp->at[sp->stage] = c->next;
	sp->retired_at[sp->stage] = retired;
	sp->stage++;
	return 0;
}

/*
 * Brings parked core @c up to the end of cycle @upto (its turn in it
 * included): the whole iterations to it, then the next one's instructions
 * up to it, as running ahead takes them. Returns the instructions retired.
 */
static uint64_t core_catch_up(struct core *c, uint64_t upto)
{
	struct core_spin *sp = c->spin;
	uint64_t k = upto + 1 > sp->from ? (upto + 1 - sp->from) / sp->period : 0, retired;

	c->next = sp->from;	/* the images' state again */
	c->unusual &= (uint8_t)~CORE_PARKED;
	c->sched->parked &= ~c->sched_bit;
	if (k > sp->iters)
		k = sp->iters;
	if (k >= SPIN_SHORT)
		sp->backoff = 0;
	else if (!sp->backoff || sp->pause_head != sp->head)
		sp->backoff = SPIN_PAUSE;
	else if (sp->backoff < SPIN_BACKOFF_MAX)
		sp->backoff *= 2;
	sp->pause_head = sp->head;
	sp->pause = sp->backoff;
	park_advance(&sp->park, k);
	retired = k * sp->insns;
	c->stats.ran_parked.v[c->mode] += retired;	/* a loop stays in one mode */
	c->ahead_from = upto;
	c->ahead_until = upto;
	c->ahead_mem_until = upto;
	while (c->next <= upto) {
		int m = c->mode, r = quick_step(c, c->next, 1);

		/*
		 * Another hart's code may have taken the loop's entry in the shared
		 * decode cache while the core was parked: a host cache, outside the
		 * images, which running ahead would have filled again at the core's
		 * turn (step's peek); filled here, the instruction runs as before.
		 */
		if (r < 0 && hart_quick_redecode(c->hart))
			continue;
		if (r < 0)
			break;
		retired += (uint64_t)r;
		c->stats.ran_ahead.v[m] += (uint64_t)r;
	}
	if (c->next <= upto) {
		fprintf(stderr, "osprey: internal error (please report): core %d left its spin loop "
			"at pc 0x%08x while catching up\n", __builtin_ctz(c->sched_bit), c->hart->pc);
		abort();
	}
	update_due(c);
	if (c->due < c->sched->caught_due)
		c->sched->caught_due = c->due;
	return retired;
}

/* Whether core @c's fetch unit holds line @line (its line number), as its current or next. */
static int fetch_holds_line(const struct core *c, uint32_t line)
{
	const struct fetch_state *q = &c->fu.u.q;

	return (q->cur_state != FL_NONE && q->cur == line) ||
	       (q->next_state != FL_NONE && q->next == line);
}

/*
 * Whether core @c's fetch unit still holds a line code_snooped marks; the
 * marks of the lines it no longer holds are dropped.
 */
static __attribute__((noinline)) int fetch_holds_snooped(struct core *c)
{
	for (int i = 0; i < 2; i++)
		if ((c->code_snooped & (1u << i)) && !fetch_holds_line(c, c->snooped[i]))
			c->code_snooped &= ~(1u << i);
	return c->code_snooped != 0;
}

/* Marks @line, which core @c's fetch unit holds, as taken by another core (code_snooped). */
static void mark_snooped(struct core *c, uint32_t line)
{
	fetch_holds_snooped(c);	/* the unit holds two lines at most: a slot is free */
	for (int i = 0; i < 2; i++)
		if ((c->code_snooped & (1u << i)) && c->snooped[i] == line)
			return;
	for (int i = 0; i < 2; i++)
		if (!(c->code_snooped & (1u << i))) {
			c->snooped[i] = line;
			c->code_snooped |= 1u << i;
			return;
		}
}

/*
 * l2's before_snoop: core @ctx marks the line at @base when another core
 * takes it to own it (@owned) while its fetch unit holds it
 * (code_snooped), and catches up, if parked and its L1s hold part of the
 * line (a line only the L2 holds is none of the loop's, and what the snoop
 * does to the L2 is outside the images).
 */
static void snoop_hook(void *ctx, uint32_t base, uint32_t bytes, int owned, uint64_t now)
{
	struct core *c = ctx;
	const struct fetch_state *q = &c->fu.u.q;
	uint32_t shift = c->fu.u.line_shift, lo = base >> shift, hi = (base + bytes - 1) >> shift;

	/*
	 * Another core takes the line to own it: it may then write it in any
	 * cycle, while the fetch unit still holds its old words.
	 */
	if (owned) {
		if (q->cur_state != FL_NONE && q->cur >= lo && q->cur <= hi)
			mark_snooped(c, q->cur);
		if (q->next_state != FL_NONE && q->next >= lo && q->next <= hi)
			mark_snooped(c, q->next);
	}

	if ((c->unusual & CORE_PARKED) &&
	    (l1_holds_range(c->l1d, base, bytes) || l1_holds_range(c->l1i, base, bytes)))
		c->sched->late_retired += core_catch_up(c, now);	/* the grant is after the turns */
}

/*
 * Core @c's device access performs in its turn in cycle @now: the parked
 * cores catch up first, to their turns in that cycle that come before it.
 */
static __attribute__((noinline)) void catch_up_before_access(struct core *c, uint64_t now)
{
	struct core_sched *s = c->sched;

	for (uint32_t left = s->parked; left; left &= left - 1) {
		uint32_t bit = left & -left;
		struct core *o = &s->cores[__builtin_ctz(left)];

		s->late_retired += core_catch_up(o, bit < c->sched_bit ? now : now - 1);
	}
}

uint64_t core_catch_up_all(struct core_sched *s, uint64_t upto)
{
	uint64_t retired;

	for (uint32_t left = s->parked; left; left &= left - 1)
		s->late_retired += core_catch_up(&s->cores[__builtin_ctz(left)], upto);
	retired = s->late_retired;
	s->late_retired = 0;
	return retired;
}

uint64_t core_parked_lag(const struct core_sched *s, uint64_t now)
{
	uint64_t lag = s->late_retired;

	for (uint32_t left = s->parked; left; left &= left - 1) {
		uint64_t from = s->cores[__builtin_ctz(left)].spin->from;

		if (now + 1 > from)
			lag += now + 1 - from;
	}
	return lag;
}

int core_attach_l2(struct core *c, struct l2 *l2)
{
	struct core_spin *sp;
	struct hart *h = c->hart;
	struct l1 *l1s[2] = { c->l1i, c->l1d };
	size_t bytes;
	void *mc;

	c->l2 = l2;
	l2_set_snoop_hook(l2, snoop_hook, c);
	if (!(sp = calloc(1, sizeof(*sp))))
		return -1;
	c->spin = sp;
	park_init(&sp->park);
	/*
	 * The core but its run's bounds (ahead_mem_until, ahead_from,
	 * ahead_until), which each run sets afresh, and nothing reads after it.
	 */
	if (park_add_region(&sp->park, c, offsetof(struct core, ahead_mem_until)) ||
	    park_add_region(&sp->park, &c->stuck, sizeof(*c) - offsetof(struct core, stuck)))
		return -1;
	/*
	 * The hart but its host-side caches, whose contents never change what
	 * it does (the fetch, read and write page tables for the functional
	 * loop, the micro-TLBs' memos): a third of the images' bytes.
	 */
	if (park_add_region(&sp->park, h, offsetof(struct hart, fetch_pages)) ||
	    park_add_region(&sp->park, (char *)h + offsetof(struct hart, dcache),
			    offsetof(struct hart, memo_i) - offsetof(struct hart, dcache)) ||
	    park_add_region(&sp->park, (char *)h + offsetof(struct hart, store_hook),
			    sizeof(*h) - offsetof(struct hart, store_hook)))
		return -1;
	for (int i = 0; i < 2; i++) {
		mc = mclass_fields(l1s[i]->mc, &bytes);
		if (park_add_region(&sp->park, l1s[i], sizeof(*l1s[i])) ||
		    park_add_region(&sp->park, mc, bytes))
			return -1;
	}
	if (c->bp.kind == BPRED_BIMODAL) {
		uint32_t bht = c->bp.bht_mask + 1u, btb = (c->bp.btb_mask + 1u) * 4;

		if (bht % 8 || btb % 8) {
			/* Tables of less than a word (4 counters, one BTB entry): no parking. */
			park_free(&sp->park);
			free(sp);
			c->spin = NULL;
			return 0;
		}
		if (park_add_region(&sp->park, c->bp.bht, bht) ||
		    park_add_region(&sp->park, c->bp.btb_tag, btb) ||
		    park_add_region(&sp->park, c->bp.btb_target, btb))
			return -1;
	}
	return park_ready(&sp->park);
}

/*
 * After core @c's turn in cycle @now, with no store buffered: its next
 * instructions while quick_step's ahead flavour takes them (register-only,
 * loads that hit the L1D before the bus or an event could change it, and
 * stores, drained at once, to lines it owns; fetched from what the fetch
 * unit holds, or with L1I hits), each in its
 * own cycle up to ahead_horizon's, before the other cores' turns in those
 * cycles. Nothing
 * they do reaches another core and nothing another core does before the
 * horizon reaches them, so the order changes nothing (README, Running
 * ahead; make ahead-check): the host runs one core's instructions together,
 * which its branch prediction rewards. Returns the instructions retired;
 * the core is due at its next cycle after them.
 */
static __attribute__((noinline)) int run_ahead(struct core *c, uint64_t now)
{
	uint64_t horizon = ahead_horizon(c, now);
	/*
	 * core.ran_ahead has the instructions retired so far but the last
	 * @uncounted, all in mode @m; they join it at the end, after a trap
	 * (which may change the mode) and before spin_seen (whose images hold
	 * the counter).
	 */
	int retired = 0, uncounted = 0, m = c->mode, r;

	if (__builtin_expect(c->code_snooped, 0) && fetch_holds_snooped(c))
		return 0;	/* a line of its code another core may own (quick_step) */
	c->ahead_from = now;
	c->ahead_until = horizon;
	c->ahead_mem_until = 0;	/* ahead_mem_bound's, when a load first asks */
	while (c->next <= horizon) {
		uint32_t pc = c->hart->pc;

		if ((r = quick_step(c, c->next, 1)) < 0)
			break;
		retired += r;
		uncounted += r;
		if (!r)
			count_ahead(c, &m, &uncounted);	/* a trap: the mode may change */
		/* Back to an earlier instruction: a loop's head, perhaps a spin's. */
		if (c->hart->pc <= pc && c->spin && !spin_paused(c->spin, c->hart->pc)) {
			count_ahead(c, &m, &uncounted);	/* spin_seen's images hold it */
			if (spin_seen(c))
				break;
		}
	}
	count_ahead(c, &m, &uncounted);
	return retired;
}

/*
 * A core slower than the machine between two of its clock edges: it acts
 * at the next edge (a wake-up, a device's or the bus's answer may come at
 * any machine cycle).
 */
static __attribute__((noinline)) void wait_edge(struct core *c, uint64_t now)
{
	if (c->next <= now)
		c->next = now - now % c->ratio + c->ratio;
	update_due(c);
}

/*
 * core_step's cycle for a core whose pipeline --kanata logs: step alone (the
 * log reads all of c->pk, which the quick path fills only when it must),
 * then the log's look at the cycle.
 */
static __attribute__((noinline)) int step_logged(struct core *c, uint64_t now)
{
	int retired;

	if (c->have_pk == PK_QUICK)
		quick_complete(c);	/* the log came on while it waited */
	retired = c->next > now ? 0 : step(c, now);

	kanata_observe(c->kanata, c, now, retired);
	return retired;
}

/*
 * core_step for a core with a reason in c->unusual: asleep in WFI with an
 * interrupt line raised (it may wake: core_poll), slower than the machine
 * (it acts on its edges), logged by --kanata (step alone, and the log), or
 * holding an LR's line (step alone: the quick path holds none).
 */
static __attribute__((noinline)) int unusual_step(struct core *c, uint64_t now)
{
	int retired;

	if (c->unusual & CORE_PARKED) {
		/* Its turn at the cycle it woke for: the iterations before it first. */
		retired = (int)core_catch_up(c, now - 1);
		if (c->unusual || c->next > now)
			return retired;
		return retired + core_step(c, now);
	}

	if (c->poll && core_poll(c, now))
		return 0;	/* it sleeps on */
	if (c->ratio > 1 && now % c->ratio) {
		wait_edge(c, now);
		return 0;
	}
	if (c->wb.count)
		drain(c, now);
	if (c->kanata)
		retired = step_logged(c, now);
	else if (c->next > now)
		retired = 0;
	else if (c->hold_left || (retired = quick_step(c, now, 0)) < 0)
		retired = step(c, now);
	update_due(c);
	return retired;
}

__attribute__((always_inline)) inline int core_step(struct core *c, uint64_t now)
{
	int retired;

	if (__builtin_expect(c->unusual != 0, 0))
		return unusual_step(c, now);
	/*
	 * A cycle that only drains the write buffer stays out of step, a large
	 * function. Without a store to drain, the core is due because its
	 * pipeline is (due is next then).
	 */
	retired = 0;
	if (c->wb.count) {
		drain(c, now);
		if (c->next > now)
			goto out;
	}
	if ((retired = quick_step(c, now, 0)) < 0)
		retired = step(c, now);
	if (!c->wb.count && c->next <= c->sched->ahead_limit)
		retired += run_ahead(c, now);
out:
	/*
	 * update_due without poll, which is clear here (unusual has no
	 * CORE_POLL) and stays so: only a device's interrupt sets it, for a
	 * core asleep in WFI, and nothing this step does raises one after the
	 * core fell asleep.
	 */
	c->due = wbuf_ready(&c->wb) ? 0 : c->next;
	return retired;
}

void core_set_kanata(struct core *c, struct kanata_core *kc)
{
	c->kanata = kc;
	c->unusual = (uint8_t)((c->unusual & ~CORE_LOGGED) | (kc ? CORE_LOGGED : 0));
}

uint32_t core_pc(const struct core *c)
{
	return c->have_pk ? c->pk.pc : hart_pc(c->hart);
}

void core_describe_wait(const struct core *c, uint64_t now, char *buf, int len)
{
	static const char *const delays[STALL_CAUSES] = {
		[STALL_NONE] = "nothing (it is due to issue)",
		[STALL_BRANCH] = "a branch penalty", [STALL_MULDIV] = "a multiply or divide",
		[STALL_HAZARD] = "a load's result", [STALL_TLB] = "a page-table walk",
		[STALL_SERIAL] = "the pipeline to refill", [STALL_MMIO] = "a device access",
	};
	static const char *const line_states[] = {
		[FL_NONE] = "not requested", [FL_PENDING] = "an L1I miss on its way",
		[FL_READY] = "in the fetch queue",
	};
	uint8_t state;
	uint32_t line = ifetch_wait_addr(&c->fu, c->pk.fetch_pa, &state);

	switch (c->cause) {
	case STALL_IMISS:
		snprintf(buf, len, "the instruction line 0x%08x (%s; %s)", line, line_states[state],
			 pf_set_stall_note(&c->pf) ? pf_set_stall_note(&c->pf) : "no prefetcher");
		break;
	case STALL_DMISS:
		snprintf(buf, len, "an L1D miss of 0x%08x", c->pk.pa);
		break;
	case STALL_WB:
		snprintf(buf, len, "the write buffer (%u of %u entries%s)", c->wb.count,
			 c->wb.cap, c->wb.waiting ? ", its head waits for ownership" : "");
		break;
	case STALL_IDLE:
		snprintf(buf, len, "an interrupt (WFI)");
		break;
	default:
		if (c->next == UINT64_MAX)
			snprintf(buf, len, "%s, with no wake-up scheduled", delays[c->cause]);
		else
			snprintf(buf, len, "%s until cycle %llu (now %llu)", delays[c->cause],
				 (unsigned long long)c->next, (unsigned long long)now);
		break;
	}
}
