// SPDX-License-Identifier: MIT
#include "sys/timing.h"

#include <limits.h>
#include <string.h>

/* One cache's share: its array and its miss classifier over RAM's lines. */
static uint64_t cache_host_bytes(const struct cache_config *c, uint64_t ram)
{
	uint64_t lines = c->size / c->line;

	return carray_host_bytes(lines) + mclass_host_bytes(lines, ram / c->line);
}

uint64_t timing_host_bytes(const struct config *cfg)
{
	uint64_t ram = cfg->mem_size, bytes = sizeof(struct timing);

	for (uint32_t i = 0; i < cfg->cores; i++) {
		struct config own;	/* a small core's L1s and predictor are its own */

		config_for_core(cfg, (int)i, &own);
		bytes += sizeof(struct l1) * 2 + sizeof(struct l2) + sizeof(struct core) +
			 cache_host_bytes(&own.l1i, ram) + cache_host_bytes(&own.l1d, ram) +
			 cache_host_bytes(&own.l2, ram) + carray_host_bytes(own.pf.buffer_lines) +
			 (uint64_t)own.core.bht_entries + 8ull * own.core.btb_entries;
	}
	return bytes;
}

int timing_init(struct timing *t, const struct config *cfg, struct hart **harts, int n,
		const struct memmap *mm)
{
	memset(t, 0, sizeof(*t));
	t->budget = INT_MAX;
	/* Off unless asked for (sys.sharing, --profile): it costs host time. */
	if (cfg->sharing && !(t->sharing = sharing_new(cfg->l1d.line, n, 0)))
		return -1;
	eventq_init(&t->events);
	memctl_init(&t->mem, &cfg->mem, cfg->l2.line);
	memctl_seed(&t->mem, cfg->seed);
	bus_init(&t->bus, &cfg->bus, cfg->l2.line, &t->mem, &t->events);
	t->sched.cores = t->core;
	t->sched.caught_due = UINT64_MAX;
	for (int i = 0; i < n; i++) {
		struct core *c = &t->core[i];
		uint64_t seed = cfg->seed * 0x9e3779b97f4a7c15ull + (uint64_t)i;
		/*
		 * The core's clock domain ends at its L1s: their tag-check
		 * latency is in core cycles; the L2, bus, memory and devices run
		 * on the machine clock.
		 */
		uint32_t ratio = config_clock_ratio(cfg, i);
		struct config own;	/* its L1s and predictor: the machine's, or a small core's */
		struct cache_config l1i, l1d;

		config_for_core(cfg, i, &own);
		l1i = own.l1i;
		l1d = own.l1d;
		l1i.latency *= ratio;
		l1d.latency *= ratio;
		t->ncores = i + 1;	/* timing_free frees it, however far it got */
		t->core_end = c + 1;

		/* The core's mode field is what its caches count against. */
		if (l2_init(&t->l2[i], &cfg->l2, seed, &t->bus, &t->events, &c->mode) ||
		    l1_init(&t->l1i[i], "l1i", &l1i, seed + 1, &t->l2[i], &t->events, &c->mode) ||
		    l1_init(&t->l1d[i], "l1d", &l1d, seed + 2, &t->l2[i], &t->events, &c->mode) ||
		    core_init(c, harts[i], &t->l1i[i], &t->l1d[i], &t->bus, t->l2[i].agent, &own, mm,
			      seed + 3, ratio, &t->sched, i))
			return -1;
		l2_connect(&t->l2[i], &t->l1i[i], &t->l1d[i], harts[i]);
		if (core_attach_l2(c, &t->l2[i]))
			return -1;
		/*
		 * A core's hart that can make no progress, or the twin of its fetch
		 * unit or L1I controller that disagreed, stops the run at once;
		 * timing_stuck then finds which.
		 */
		c->halt = &t->stuck;
		c->fu.stop = &t->stuck;
		t->l1i[i].stop = &t->stuck;
		/* Software prefetches have as many slots in the L1D as demand misses. */
		if (l1_prefetch_setup(&t->l1d[i], cfg->l1d.mshrs, 0, seed + 4))
			return -1;
		if (t->sharing)
			l1_track_sharing(&t->l1d[i], t->sharing, i);
		if (c->pf.n)
			t->sched.pass |= SCHED_GENERAL;	/* prefetchers step with their cores */
	}
	return 0;
}

void timing_free(struct timing *t)
{
	for (int i = 0; i < t->ncores; i++) {
		if (t->core[i].hart) {	/* core_init got as far as hooking its hart */
			hart_set_store_hook(t->core[i].hart, NULL, NULL);
			hart_set_irq_hook(t->core[i].hart, NULL, NULL);
			hart_set_timed(t->core[i].hart, 0);
		}
		core_free(&t->core[i]);
		l1_free(&t->l1i[i]);
		l1_free(&t->l1d[i]);
		l2_free(&t->l2[i]);
	}
	eventq_free(&t->events);
	sharing_free(t->sharing);
	profile_free(t->profile);
}

int timing_profile(struct timing *t)
{
	struct sharing *sh = sharing_new(t->l1d[0].cfg.line, t->ncores, 1);

	t->profile = profile_new(t->ncores);
	if (!sh || !t->profile) {
		sharing_free(sh);
		return -1;
	}
	/* A tracker that also keeps who wrote and read each word, for the profile. */
	sharing_free(t->sharing);
	t->sharing = sh;
	for (int i = 0; i < t->ncores; i++) {
		l1_track_sharing(&t->l1d[i], sh, i);
		core_set_profile(&t->core[i], t->profile, i);
	}
	return 0;
}

void timing_attach_dma(struct timing *t, struct dmactl *dma)
{
	dmactl_attach_bus(dma, &t->bus);
	t->dma = dma;
}

/* The kinds of the cores' pass (cores_pass). */
enum pass_kind {
	PASS_COMMON,	/* every core's due */
	PASS_GENERAL,	/* every core's, with the run's budget and the prefetchers */
	PASS_AWAKE,	/* the cores not asleep in WFI only (SCHED_SPARSE) */
};

/*
 * Core @c's turn in cycle @now, in a pass of @kind; lowers *@soonest to the
 * cycle it acts next, adds what it retired to *@retired. 1 when the pass
 * stops at it (the run's instruction budget).
 */
static inline __attribute__((always_inline)) int core_turn(struct timing *t, struct core *c,
							   uint64_t now, enum pass_kind kind,
							   uint64_t *soonest, int *retired)
{
	uint64_t next = core_next(c);

	/*
	 * Due now; or asleep in WFI since before a device raised an interrupt
	 * line, and it may wake (core_step polls it).
	 */
	if (next <= now) {
		*retired += core_step(c, now);
		if (kind == PASS_GENERAL && *retired >= t->budget)
			return 1;	/* the run's instruction limit: it stops here */
		next = core_next(c);
	}
	if (kind == PASS_GENERAL && c->pf.busy) {
		int pf = pf_set_step(&c->pf, now);

		t->stuck |= c->pf.failed != NULL;
		/*
		 * The prefetchers may have woken the core after its turn (a line
		 * it waits for arrived in a stream buffer): it acts next cycle.
		 */
		if (pf)
			next = pf & PF_DUE_NEXT ? now + 1 : core_next(c);
	}
	*soonest = next < *soonest ? next : *soonest;
	return 0;
}

/*
 * The cores' turns in cycle @now; returns the instructions they retired and
 * sets t->busy_next. @kind (a constant): the general pass when the rare
 * duties are on (SCHED_GENERAL), the run's instruction budget and the
 * prefetchers' steps; the awake pass when enough cores sleep in WFI
 * (SCHED_SPARSE); else the common one, which tests neither. cores_cycle
 * picks it once a cycle. The awake pass visits the cores of
 * t->sched.awake in the same order, reading the mask again after each: a
 * step may wake a later core, which then acts in this cycle as in a pass
 * over all. A core it skips is asleep: it would neither step nor lower
 * soonest. What the loop keeps across a core's step fits in the host's
 * callee-saved registers. A core's step that stops the run sets t->stuck
 * itself (its halt pointer, as its fetch unit's and L1I controller's twins
 * do).
 */
static inline __attribute__((always_inline)) int cores_pass(struct timing *t, uint64_t now,
							    enum pass_kind kind)
{
	uint64_t soonest = UINT64_MAX;
	int retired = 0;

	if (kind == PASS_AWAKE) {
		for (uint32_t left = t->sched.awake; left;) {
			struct core *c = t->core + __builtin_ctz(left);

			core_turn(t, c, now, kind, &soonest, &retired);
			left = t->sched.awake & c->sched_later;
		}
	} else {
		for (struct core *c = t->core, *end = t->core_end; c < end; c++)
			if (core_turn(t, c, now, kind, &soonest, &retired))
				break;
	}
	t->busy_next = soonest;
	return retired;
}

/*
 * The general pass and the awake one, out of the common one's way (a
 * second copy of the cores' step inline costs the common pass more than
 * the calls cost these).
 */
static __attribute__((noinline)) int cores_general(struct timing *t, uint64_t now)
{
	return cores_pass(t, now, PASS_GENERAL);
}

static __attribute__((noinline)) int cores_awake(struct timing *t, uint64_t now)
{
	return cores_pass(t, now, PASS_AWAKE);
}

static inline int cores_cycle(struct timing *t, uint64_t now)
{
	if (__builtin_expect(t->sched.pass != 0, 0))
		return t->sched.pass & SCHED_GENERAL ? cores_general(t, now) : cores_awake(t, now);
	return cores_pass(t, now, PASS_COMMON);
}

void timing_set_budget(struct timing *t, int budget)
{
	t->budget = budget;
	t->sched.pass |= SCHED_GENERAL;
}

/*
 * A parked core that caught up outside its turn (core.h, caught_due) is due
 * when busy_next, which the cores' pass found, did not know it.
 */
static inline void timing_fold_caught(struct timing *t)
{
	if (__builtin_expect(t->sched.caught_due != UINT64_MAX, 0)) {
		if (t->sched.caught_due < t->busy_next)
			t->busy_next = t->sched.caught_due;
		t->sched.caught_due = UINT64_MAX;
	}
}

int timing_cycle(struct timing *t, uint64_t now)
{
	int retired;

	/* Fills and bus completions first, so a woken core uses its line this cycle. */
	if (eventq_next(&t->events) <= now)
		eventq_run(&t->events, now);
	retired = cores_cycle(t, now);
	/* The DMA engine after the cores: a start they wrote this cycle counts now. */
	if (t->dma && dmactl_busy(t->dma)) {
		dmactl_cycle(t->dma, now);
		t->stuck |= t->dma->tap.failed;	/* its twin disagreed: the run stops */
		if (dmactl_busy(t->dma)) {
			if (!dmactl_working(t->dma) && t->busy_next > now + 1)
				t->stuck |= TIMING_TAP_IDLE;	/* only its watchers */
			t->busy_next = now + 1;
		}
	}
	/*
	 * The bus grants on its clock edges only, and once its sequencer is
	 * free (bus_tick's own first test, made here: the bus is mostly busy
	 * while requests queue).
	 */
	if (t->bus.queued && now >= bus_seq_free_at(&t->bus.seq) && bus_edge(&t->bus, now)) {
		bus_tick(&t->bus, now);
		t->stuck |= t->bus.seq_tap.failed;	/* its sequencer's twin disagreed */
	}
	if (__builtin_expect(t->sched.caught_due != UINT64_MAX, 0)) {
		retired += (int)t->sched.late_retired;	/* parked cores' catching up */
		t->sched.late_retired = 0;
		timing_fold_caught(t);
	}
	return retired;
}

uint64_t timing_next(struct timing *t, uint64_t now)
{
	uint64_t next, e, b;

	timing_fold_caught(t);	/* a parked core caught up after the cycle (after_cycle) */
	next = t->busy_next;

	if (next <= now + 1)
		return now + 1;	/* the common case: some core runs next cycle */
	/*
	 * A core woken in this cycle after its turn goes next. Only those in
	 * t->sched.raised can be: a core asleep in WFI wakes only when a
	 * device raises one of its hart's interrupt lines, which marks it
	 * there (and puts it back in t->sched.awake, for core_step's poll).
	 */
	for (uint32_t left = t->sched.raised; left; left &= left - 1)
		if (core_woken(&t->core[__builtin_ctz(left)]))
			return now + 1;
	t->sched.raised = 0;
	e = eventq_next(&t->events);
	if (e < next)
		next = e;
	b = bus_next(&t->bus, now + 1);
	if (b < next)
		next = b;
	return next <= now ? now + 1 : next;
}

int timing_all_idle(const struct timing *t)
{
	for (int i = 0; i < t->ncores; i++)
		if (!core_idle(&t->core[i]))
			return 0;
	return 1;
}

void timing_sync_retired(struct timing *t)
{
	for (int i = 0; i < t->ncores; i++)
		core_sync_retired(&t->core[i]);
}

void timing_sync_counts(struct timing *t)
{
	for (int i = 0; i < t->ncores; i++)
		core_sync_counts(&t->core[i]);
}

void timing_account(struct timing *t, uint64_t now)
{
	for (int i = 0; i < t->ncores; i++)
		core_account(&t->core[i], now);
	bus_account(&t->bus, now);
}

int timing_taps(struct timing *t, struct unit_tap **taps)
{
	int n = 0;

	for (int i = 0; i < t->ncores; i++) {
		int first = n;

		taps[n++] = &t->core[i].fu.tap;
		taps[n++] = &t->l1i[i].tap;
		n += pf_set_taps(&t->core[i].pf, taps + n);
		for (int k = first; k < n; k++)
			taps[k]->core = i;
	}
	t->bus.arb_tap.core = 0;	/* the machine's one bus: with core 0's units */
	taps[n++] = &t->bus.arb_tap;
	t->bus.seq_tap.core = 0;
	taps[n++] = &t->bus.seq_tap;
	if (t->dma) {
		t->dma->tap.core = 0;	/* the machine's one engine: with core 0's too */
		taps[n++] = &t->dma->tap;
	}
	return n;
}

int timing_twin_failed(const struct timing *t, int core)
{
	return t->core[core].fu.tap.failed || t->l1i[core].tap.failed || t->core[core].pf.failed ||
	       (core == 0 && (t->bus.arb_tap.failed || t->bus.seq_tap.failed ||
			     (t->dma && t->dma->tap.failed)));
}

int timing_stuck(const struct timing *t)
{
	for (int i = 0; i < t->ncores; i++)
		if (t->core[i].stuck || timing_twin_failed(t, i))
			return i;
	return -1;
}
