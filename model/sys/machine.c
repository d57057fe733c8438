// SPDX-License-Identifier: MIT
#include "sys/machine.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/elf_load.h"
#include "sys/report.h"

/* Core cycles between polls of the UART's receive source. */
#define UART_POLL_CYCLES 65536

static uint64_t read_mtime(void *ctx)
{
	return clint_mtime(&((struct machine *)ctx)->clint);
}

/* hart_env.on_trap: the trap with its cycle, to the observer. */
static void trap_taken(void *ctx, int hart, uint32_t cause, int from_priv)
{
	struct machine *m = ctx;

	m->trap_observer(m->trap_ctx, hart, cause, from_priv, m->now);
}

void machine_observe_traps(struct machine *m,
			   void (*fn)(void *ctx, int hart, uint32_t cause, int from_priv,
				      uint64_t now), void *ctx)
{
	m->trap_observer = fn;
	m->trap_ctx = ctx;
	for (int i = 0; i < m->nharts; i++)
		hart_set_trap_hook(m->harts[i], trap_taken);
}

/* The HTIF's check or the timer's next event moved: the timing loop reads them again. */
static void bounds_moved(void *ctx)
{
	struct machine *m = ctx;

	if (m->timing)
		m->timing->stuck |= TIMING_BOUNDS;
}

static void watch_store(void *ctx, uint32_t paddr, int size, uint32_t val)
{
	struct machine *m = ctx;

	htif_store(&m->htif, paddr, size, val, m->retired);
	bounds_moved(m);
}

/*
 * The watchdog's bound: sys.watchdog cycles, or more where the memory is so
 * slow that one core's misses queued behind every other core's could take
 * longer (1024 accesses per hart at the memory's latency plus bank time).
 */
static uint64_t watchdog_bound(const struct config *cfg)
{
	uint64_t slow = 1024ull * cfg->cores *
			(cfg->mem.latency + cfg->mem.jitter + cfg->mem.bank_busy);

	if (!cfg->watchdog)
		return UINT64_MAX;
	return cfg->watchdog > slow ? cfg->watchdog : slow;
}

/* Points every hart's performance counters at its statistics (again, once timing exists). */
static void bind_counters(struct machine *m)
{
	for (int i = 0; i < m->nharts; i++) {
		struct stat_group g[MAX_GROUPS];

		hart_bind_counters(m->harts[i], g, report_stat_groups(m, i, g));
	}
}

int machine_init(struct machine *m, const struct config *cfg, const struct machine_opts *opts,
		 char *err, size_t errlen)
{
	struct hart_env env;

	memset(m, 0, sizeof(*m));
	m->cfg = *cfg;
	m->opts = *opts;
	m->insn_limit = opts->max_insns ? opts->max_insns : UINT64_MAX;
	m->cycle_limit = opts->max_cycles ? opts->max_cycles : UINT64_MAX;
	m->watchdog = watchdog_bound(cfg);
	m->watch_at = m->watchdog == UINT64_MAX ? UINT64_MAX : m->watchdog / 4;
	m->sample_at = UINT64_MAX;	/* no sampler yet */
	m->nharts = (int)cfg->cores;
	symtab_init(&m->syms);
	if (cfg->mode == MODE_TIMING && timing_host_bytes(cfg) > MAX_TIMING_HOST_BYTES) {
		snprintf(err, errlen, "the timing model of this configuration would take %llu MiB "
			 "of host memory, more than the %llu MiB osprey allows: use larger cache "
			 "lines, smaller caches or fewer cores",
			 (unsigned long long)(timing_host_bytes(cfg) >> 20),
			 (unsigned long long)(MAX_TIMING_HOST_BYTES >> 20));
		return -1;
	}
	if (memmap_init(&m->mm, RAM_BASE, cfg->mem_size)) {
		snprintf(err, errlen, "cannot allocate %u bytes of guest RAM", cfg->mem_size);
		return -1;
	}
	memset(&env, 0, sizeof(env));
	env.mm = &m->mm;
	env.lr = &m->lr;
	env.read_mtime = read_mtime;
	env.watch_store = watch_store;
	env.ctx = m;
	env.slow_page = ~0u;
	env.syms = &m->syms;
	env.trace = opts->trace;
	env.dcache = m->dcache = decode_cache_new();
	if (!m->dcache) {
		snprintf(err, errlen, "out of host memory for the decoded-instruction cache");
		return -1;
	}
	for (int i = 0; i < m->nharts; i++) {
		m->harts[i] = hart_new(i, cfg, &env);
		if (!m->harts[i]) {
			snprintf(err, errlen, "out of host memory creating hart %d", i);
			return -1;
		}
	}
	clint_init(&m->clint, m->harts, m->nharts, &m->now, cfg->core_hz / cfg->timebase_hz);
	m->clint.moved = bounds_moved;
	m->clint.moved_ctx = m;
	plic_init(&m->plic, m->harts, m->nharts);
	uart_init(&m->uart, opts->uart_out, opts->uart_in_fd, &m->plic, UART_IRQ);
	m->finisher.stop = &m->stop;
	htif_init(&m->htif, &m->mm, &m->stop, opts->uart_out, 0, 0);
	memmap_add(&m->mm, "finisher", FINISHER_BASE, FINISHER_SIZE, &finisher_ops, &m->finisher);
	memmap_add(&m->mm, "clint", CLINT_BASE, CLINT_SIZE, &clint_ops, &m->clint);
	memmap_add(&m->mm, "plic", PLIC_BASE, PLIC_SIZE, &plic_ops, &m->plic);
	memmap_add(&m->mm, "uart", UART_BASE, UART_SIZE, &uart_ops, &m->uart);
	/* The osprey window: one page per device. */
	if (cfg->simctl) {
		uint32_t ratio[MAX_HARTS];

		for (int i = 0; i < m->nharts; i++)
			ratio[i] = config_clock_ratio(cfg, i);
		simctl_init(&m->simctl, m->nharts, &m->now, ratio, cfg->boot_flags);
		memmap_add(&m->mm, "simctl", SIMCTL_BASE, SIMCTL_SIZE, &simctl_ops, &m->simctl);
	}
	if (cfg->dma.enabled) {
		dmactl_init(&m->dma, cfg, &m->mm, &m->plic, m->harts, &m->lr, &m->now);
		memmap_add(&m->mm, "dma", DMA_BASE, DMA_SIZE, &dmactl_ops, &m->dma);
	}
	bind_counters(m);
	return 0;
}

void machine_free(struct machine *m)
{
	if (m->timing) {
		timing_free(m->timing);
		free(m->timing);
		m->timing = NULL;
	}
	for (int i = 0; i < m->nharts; i++)
		hart_free(m->harts[i]);
	decode_cache_free(m->dcache);
	memmap_free(&m->mm);
	symtab_free(&m->syms);
}

int machine_load(struct machine *m, const char *path, char *err, size_t errlen)
{
	uint32_t tohost, fromhost = 0;

	if (elf_load(path, &m->mm, &m->syms, &m->entry, err, errlen))
		return -1;
	if (!symtab_find(&m->syms, "tohost", &tohost)) {
		if (!memmap_is_ram(&m->mm, tohost, 8) || (tohost & 7)) {
			snprintf(err, errlen, "%s: symbol tohost at 0x%08x is not an aligned "
				 "64-bit word in RAM", path, tohost);
			return -1;
		}
		symtab_find(&m->syms, "fromhost", &fromhost);
		htif_init(&m->htif, &m->mm, &m->stop, m->opts.uart_out, tohost, fromhost);
		/* Keep tohost's page off the harts' fast store path so stores reach HTIF. */
		for (int i = 0; i < m->nharts; i++)
			hart_watch_page(m->harts[i], tohost >> 12);
	}
	for (int i = 0; i < m->nharts; i++)
		hart_reset(m->harts[i], m->entry, 0);
	return 0;
}

int machine_load_disk(struct machine *m, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	size_t size;
	int ret = -1;

	if (!f) {
		snprintf(err, errlen, "--disk %s: %s", path, strerror(errno));
		return -1;
	}
	/* A directory opens too, and a device or pipe has no size to copy. */
	if (fstat(fileno(f), &st)) {
		snprintf(err, errlen, "--disk %s: %s", path, strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "--disk %s: not a regular file (a disk image is one)", path);
		goto out;
	}
	if ((uint64_t)st.st_size > DISK_MAX) {
		snprintf(err, errlen, "--disk %s: %llu bytes is larger than the %u-byte disk "
			 "window", path, (unsigned long long)st.st_size, DISK_MAX);
		goto out;
	}
	size = (size_t)st.st_size;
	if (!memmap_is_ram(&m->mm, DISK_BASE, DISK_MAX)) {
		snprintf(err, errlen, "--disk needs RAM up to 0x%08x (sys.mem_size of at least %u MiB)",
			 DISK_BASE + DISK_MAX, (DISK_BASE + DISK_MAX - RAM_BASE) >> 20);
		goto out;
	}
	if (m->mm.image_hi > DISK_BASE && m->mm.image_lo < DISK_BASE + DISK_MAX) {
		snprintf(err, errlen, "--disk %s: the ELF image [0x%08llx, 0x%08llx) overlaps the "
			 "disk window at 0x%08x", path, (unsigned long long)m->mm.image_lo,
			 (unsigned long long)m->mm.image_hi, DISK_BASE);
		goto out;
	}
	if (size && fread(memmap_host(&m->mm, DISK_BASE), 1, size, f) != size) {
		snprintf(err, errlen, "--disk %s: %s", path,
			 ferror(f) ? strerror(errno) : "shorter than its size (changed as read)");
		goto out;
	}
	ret = 0;
out:
	fclose(f);
	return ret;
}

void machine_interrupt(struct machine *m, int status)
{
	sim_stop(&m->stop, STOP_INTERRUPTED, status, "interrupted by a signal");
}

/*
 * The cycle at which the cycle limit stops the run (UINT64_MAX - 1 or more
 * without one). Timing mode counts the cycle it runs after after_cycle, so
 * it stops one cycle earlier and lands on the limit all the same.
 */
static uint64_t last_cycle(const struct machine *m)
{
	return m->cycle_limit - (m->timing != NULL);
}

static void stop_stuck(struct machine *m)
{
	sim_stop(&m->stop, STOP_STUCK, EXIT_STUCK,
		 "no hart can make progress: each waits in WFI or loops on a jump to itself, "
		 "and no interrupt that would end it can arrive");
}

/*
 * Of harts that all wait: 1 if one is woken already (by this cycle's
 * clint_update); else 0, with the interrupts that could wake them in *@wake.
 */
static int harts_woken(const struct machine *m, uint32_t *wake)
{
	*wake = 0;
	for (int i = 0; i < m->nharts; i++) {
		if (hart_wakeable(m->harts[i]))
			return 1;
		*wake |= hart_wake_mask(m->harts[i]);
	}
	return 0;
}

/* Whether console input could wake a hart that waits for one of @wake. */
static int console_may_wake(struct machine *m, uint32_t wake)
{
	return uart_rx_open(&m->uart) && (wake & ((1u << IRQ_MEI) | (1u << IRQ_SEI)));
}

/*
 * No hart made progress this round: each waits in WFI or spins in a
 * jump-to-self. Jump to the next timer event, or wait for console input when
 * some hart could be woken by the UART's interrupt, or conclude that nothing
 * can ever wake the machine. @spinning harts retire their jump every cycle.
 */
static void idle_skip(struct machine *m, int spinning)
{
	uint64_t next = m->clint.next_event;
	uint32_t wake;

	if (harts_woken(m, &wake))
		return;
	if (m->htif.armed) {
		htif_poll(&m->htif);	/* no more instructions will retire to trigger it */
		return;
	}
	if (next == UINT64_MAX) {
		if (console_may_wake(m, wake)) {
			uart_poll(&m->uart, -1);	/* the guest waits for its console */
			return;
		}
		stop_stuck(m);
		return;
	}
	if (next > m->check_at)
		next = m->check_at;
	if (spinning && m->opts.max_insns) {
		/* Stop skipping where the spinning harts reach the instruction limit. */
		uint64_t left = (m->opts.max_insns - m->retired + spinning - 1) / spinning;

		if (next > m->now + left)
			next = m->now + left;
	}
	if (next <= m->now)
		return;
	/* In timing mode the cores charge the skipped cycles themselves. */
	for (int i = 0; !m->timing && i < m->nharts; i++)
		hart_idle(m->harts[i], next - m->now);
	m->retired += (next - m->now) * spinning;
	m->now = next;
}

static void check_stuck(struct machine *m, struct hart *h)
{
	sim_stop(&m->stop, STOP_STUCK, EXIT_STUCK, "hart %d: %s", hart_id(h),
		 hart_stuck_reason(h));
}

/* Sets check_at after the limit or the watchdog's next look changed. */
static void update_check(struct machine *m)
{
	uint64_t last = last_cycle(m);

	m->check_at = m->watch_at < last ? m->watch_at : last;
	if (m->sample_at < m->check_at)
		m->check_at = m->sample_at;
}

/* Runs the samplers whose cycle has come, and finds the next one's. */
static void run_samplers(struct machine *m)
{
	if (m->timing)
		timing_sync_counts(m->timing);	/* the samplers read the harts' counts and cycles */
	m->sample_at = UINT64_MAX;
	for (int i = 0; i < m->nsamplers; i++) {
		struct machine_sampler *s = &m->sampler[i];

		if (m->now >= s->at) {
			uint64_t n = s->fn(s->ctx, m);

			s->at = m->now + (n ? n : 1);
		}
		if (s->at < m->sample_at)
			m->sample_at = s->at;
	}
	update_check(m);
}

int machine_add_sampler(struct machine *m, uint64_t first,
			uint64_t (*fn)(void *ctx, struct machine *m), void *ctx)
{
	struct machine_sampler *s;

	if (m->nsamplers == MACHINE_SAMPLERS)
		return -1;
	s = &m->sampler[m->nsamplers++];
	s->at = first;
	s->fn = fn;
	s->ctx = ctx;
	if (first < m->sample_at)
		m->sample_at = first;
	update_check(m);
	return 0;
}

/*
 * The watchdog's look: a hart that retired nothing since its last progress,
 * and is not asleep in WFI, for watchdog cycles or more, stops the run.
 */
static void watchdog_look(struct machine *m)
{
	if (m->timing)
		timing_sync_retired(m->timing);	/* progress is the harts' count */
	for (int i = 0; i < m->nharts && m->stop.kind == STOP_NONE; i++) {
		struct hart *h = m->harts[i];
		const struct hart_stats *st = hart_stats(h);
		uint64_t insns = hart_retired(h);
		uint64_t traps = mctr_total(&st->traps) + mctr_total(&st->interrupts);
		char pc[96], why[400], trap[160];

		if (insns != m->seen_insns[i] || hart_in_wfi(h)) {
			m->seen_insns[i] = insns;
			m->quiet_since[i] = m->now;
			m->traps_since[i] = traps;
			continue;
		}
		if (m->now - m->quiet_since[i] < m->watchdog)
			continue;
		hart_describe_last_trap(h, trap, sizeof(trap));
		if (traps != m->traps_since[i]) {
			snprintf(why, sizeof(why), "it only takes traps (%llu since), the last: %s",
				 (unsigned long long)(traps - m->traps_since[i]), trap);
			symtab_format(&m->syms, hart_pc(h), pc, sizeof(pc));
		} else if (m->timing) {
			const struct core *c = &m->timing->core[i];

			core_describe_wait(c, m->now, trap, sizeof(trap));
			snprintf(why, sizeof(why), "it waits for %s", trap);
			symtab_format(&m->syms, core_pc(c), pc, sizeof(pc));
		} else {
			snprintf(why, sizeof(why), "it neither retires nor traps");
			symtab_format(&m->syms, hart_pc(h), pc, sizeof(pc));
		}
		sim_stop(&m->stop, STOP_STUCK, EXIT_STUCK,
			 "hart %d made no progress for %llu cycles (sys.watchdog) at pc %s: %s", i,
			 (unsigned long long)(m->now - m->quiet_since[i]), pc, why);
	}
	m->watch_at = m->now + (m->watchdog / 4 ? m->watchdog / 4 : 1);
	update_check(m);
}

/* The run reached check_at or the instruction limit: a limit, or the watchdog's turn. */
static __attribute__((noinline, cold)) void at_check(struct machine *m)
{
	/* What follows reads the cores' state and counts: the parked ones' first. */
	if (m->timing && m->timing->sched.parked)
		m->retired += core_catch_up_all(&m->timing->sched, m->now);
	if (m->opts.max_insns && m->retired >= m->opts.max_insns)
		sim_stop(&m->stop, STOP_LIMIT, EXIT_LIMIT,
			 "instruction limit reached: %llu instructions retired",
			 (unsigned long long)m->retired);
	else if (m->now >= last_cycle(m))
		sim_stop(&m->stop, STOP_LIMIT, EXIT_LIMIT, "cycle limit reached: %llu cycles",
			 (unsigned long long)m->opts.max_cycles);
	else if (m->now >= m->watch_at)
		watchdog_look(m);
	if (m->now >= m->sample_at)
		run_samplers(m);
}

/*
 * Devices that act on time or retired instructions, the run's limits and
 * the watchdog. Both loops call it every cycle they run, so it is inline,
 * and the limits are one compare each (a limit of 0 is none: UINT64_MAX).
 */
static inline void after_cycle(struct machine *m)
{
	if (m->now >= m->clint.next_event)
		clint_update(&m->clint);
	if (m->retired >= m->htif.check_at)
		htif_poll(&m->htif);
	if (m->now % UART_POLL_CYCLES == 0 && uart_rx_open(&m->uart))
		uart_poll(&m->uart, 0);
	if (m->retired >= m->insn_limit || m->now >= m->check_at)
		at_check(m);
}

/*
 * Functional mode: one instruction per hart per cycle, until @until
 * instructions retired. The round stops at the hart that reaches @until or
 * the instruction limit, so a limit is exact. Under a debugger
 * (machine_debug_run) a hart may stop before an instruction (HART_DEBUG):
 * the run pauses there, and resumes the same round at that hart.
 */
/* flatten: hart_step, called from more than one loop now, is inlined here all the same. */
static __attribute__((flatten)) void run_functional(struct machine *m, uint64_t until)
{
	uint64_t stop_at = until < m->insn_limit ? until : m->insn_limit;
	uint32_t rounds = 0;

	update_check(m);
	while (m->stop.kind == STOP_NONE && m->retired < until) {
		int ran = m->dbg_ran, spinning = 0;

		/* A debugger asks between rounds whether the user interrupted. */
		if (__builtin_expect(m->debug, 0) && !m->rr_next && !(++rounds & 0xfff) &&
		    m->dbg_interrupt(m->dbg_ctx)) {
			m->paused = -2;
			return;
		}
		for (int i = m->rr_next; i < m->nharts; i++) {
			switch (hart_step(m->harts[i])) {
			case HART_RETIRED:
				ran++;
				m->retired++;
				break;
			case HART_TRAPPED:
				ran++;
				break;
			case HART_SPINNING:
				spinning++;
				m->retired++;
				break;
			case HART_WAITING:
				break;
			case HART_STUCK:
				check_stuck(m, m->harts[i]);
				break;
			case HART_DEBUG:
				/*
				 * The round resumes at this hart, which has not
				 * run; stop_at 0 ends the round here at no cost
				 * to the other cases.
				 */
				m->paused = i;
				m->rr_next = i;
				m->dbg_ran = ran;
				stop_at = 0;
				break;
			}
			if (__builtin_expect(m->retired >= stop_at, 0))
				break;
		}
		if (__builtin_expect(!stop_at, 0))
			return;	/* a debugger's stop (no limit is 0) */
		m->rr_next = 0;
		m->dbg_ran = 0;
		m->now++;
		if (m->stop.kind != STOP_NONE)
			break;
		after_cycle(m);
		if (!ran && m->stop.kind == STOP_NONE) {
			idle_skip(m, spinning);
			after_cycle(m);	/* the jump may land on a limit or a timer */
		}
	}
}

/*
 * The cycles of the next slice of functional mode in quanta: sys.quantum,
 * cut at the next timer event, limit or watchdog look (check_at) and console
 * poll, so that the devices act at the same cycles as with a quantum of 1.
 */
static uint64_t slice_cycles(const struct machine *m)
{
	uint64_t k = m->cfg.quantum, now = m->now;
	uint64_t poll = UART_POLL_CYCLES - now % UART_POLL_CYCLES;

	if (m->clint.next_event - now < k)
		k = m->clint.next_event > now ? m->clint.next_event - now : 1;
	if (m->check_at - now < k)
		k = m->check_at > now ? m->check_at - now : 1;
	return poll < k ? poll : k;
}

/*
 * Functional mode in quanta (sys.quantum > 1): in each slice of k cycles,
 * hart 0 runs its k cycles, then hart 1 its k, and so on; then the devices
 * act (after_cycle) once at the slice's end. A hart's turn ends early when
 * it waits in WFI or spins in a jump-to-self (the rest of the turn idles, as
 * the quantum of 1 would), or when it shows that it waits for another hart
 * (hart_take_yield_hint: the rest of the turn passes as stall cycles, with no
 * instruction). The run stops at the exact instruction that reaches @until,
 * the instruction limit or a stop (the finisher), with now at that hart's
 * cycle. Deterministic: the order depends on nothing but the guest.
 */
static void run_quanta(struct machine *m, uint64_t until)
{
	uint64_t stop_at = until < m->insn_limit ? until : m->insn_limit;
	struct quanta_slice *sl = &m->slice;
	struct hart_turn turn = {
		.retired = &m->retired, .stop_at = stop_at,
		.poll_at = &m->htif.check_at, .stop = &m->stop,
	};
	uint32_t slices = 0;

	update_check(m);
	while (m->stop.kind == STOP_NONE && (sl->active || m->retired < until)) {
		int halt = 0;

		if (!sl->active) {
			/* A debugger asks between slices whether the user interrupted. */
			if (__builtin_expect(m->debug, 0) && !(++slices & 0x3f) &&
			    m->dbg_interrupt(m->dbg_ctx)) {
				m->paused = -2;
				return;
			}
			sl->active = 1;
			sl->hart = 0;
			sl->j = 0;
			sl->ran = sl->spinning = 0;
			sl->base = m->now;
			sl->k = slice_cycles(m);
			sl->end = sl->base + sl->k;
			hart_take_yield_hint(m->harts[0]);	/* from before this turn */
		}
		while (sl->hart < m->nharts && !halt) {
			struct hart *h = m->harts[sl->hart];
			uint64_t base = sl->base, k = sl->k;

			while (sl->j < k) {
				uint64_t rest;

				/* Plain instructions in a run, then one step of anything else. */
				m->now = base + sl->j;
				rest = hart_run_fast(h, k - sl->j, &turn);
				if (rest) {
					sl->ran = 1;
					sl->j += rest;
					if (m->retired >= m->htif.check_at)
						htif_poll(&m->htif);
					if (m->retired >= stop_at || m->stop.kind != STOP_NONE) {
						halt = 1;
						sl->end = base + sl->j;
						break;
					}
					if (sl->j == k)
						break;
					m->now = base + sl->j;
				}
				rest = k - sl->j - 1;
				switch (hart_step(h)) {
				case HART_RETIRED:
					sl->j++;
					sl->ran = 1;
					m->retired++;
					if (__builtin_expect(m->retired >= m->htif.check_at, 0))
						htif_poll(&m->htif);
					if (__builtin_expect(m->retired >= stop_at ||
							     m->stop.kind != STOP_NONE, 0)) {
						halt = 1;
						sl->end = base + sl->j;
					} else if (__builtin_expect(hart_take_yield_hint(h), 0)) {
						hart_count_cycles(h, rest, hart_priv(h));
					} else {
						continue;
					}
					break;
				case HART_TRAPPED:
					sl->j++;
					sl->ran = 1;
					if (m->stop.kind != STOP_NONE) {
						halt = 1;
						sl->end = base + sl->j;
						break;
					}
					continue;
				case HART_SPINNING:
					/* The jump retires each cycle until the limit or the turn's end. */
					sl->j++;
					sl->spinning++;
					m->retired++;
					if (rest > stop_at - m->retired)
						rest = stop_at - m->retired;
					hart_idle(h, rest);
					m->retired += rest;
					if (m->retired >= stop_at) {
						halt = 1;
						sl->end = base + sl->j + rest;
					}
					break;
				case HART_WAITING:
					hart_idle(h, rest);
					break;
				case HART_STUCK:
					check_stuck(m, h);
					halt = 1;
					sl->end = base + sl->j + 1;
					break;
				case HART_DEBUG:
					/* The instruction did not run: the turn resumes with it. */
					m->paused = sl->hart;
					return;
				}
				break;
			}
			if (!halt && ++sl->hart < m->nharts) {
				sl->j = 0;
				hart_take_yield_hint(m->harts[sl->hart]);
			}
		}
		sl->active = 0;
		m->now = sl->end;
		if (m->stop.kind != STOP_NONE)
			break;
		after_cycle(m);
		if (!sl->ran && m->stop.kind == STOP_NONE) {
			idle_skip(m, sl->spinning);
			after_cycle(m);	/* the jump may land on a limit or a timer */
		}
	}
}

/* The earliest cycle a device needs the loop: the timer, the console poll. */
static uint64_t device_next(const struct machine *m)
{
	uint64_t next = m->clint.next_event;

	if (uart_rx_open(&m->uart)) {
		uint64_t poll = (m->now / UART_POLL_CYCLES + 1) * UART_POLL_CYCLES;

		if (poll < next)
			next = poll;
	}
	return next;
}

/*
 * The first cycle from @m->now on at which after_cycle has work that its
 * inputs moved only by the machine itself decide: the limits' and the
 * watchdog's check_at, the console poll. (The timer's next event and the
 * HTIF's check can move within a cycle: the loop reads those afresh.)
 */
static uint64_t machine_quiet_until(const struct machine *m)
{
	uint64_t until = m->check_at;

	if (uart_rx_open(&m->uart)) {
		uint64_t poll = (m->now + UART_POLL_CYCLES - 1) / UART_POLL_CYCLES * UART_POLL_CYCLES;

		if (poll < until)
			until = poll;
	}
	return until;
}

/*
 * The last cycle a core may run ahead to (core_sched's ahead_limit) in the
 * run of cycles from m->now that ends at @cycle_bound (a device's event or
 * a check, after which the cycle's effects are seen) or when
 * @retired_bound instructions have retired (the HTIF's check, the run's
 * limit); 0 for none. Within it, no instruction run ahead can move the
 * cycle the run ends in: the instructions of the cycles up to the limit,
 * at most one per core and cycle beyond those retired so far, stay under
 * @retired_bound. On a machine of one core too: a run spares the cycle
 * loop's visit of each cycle in which nothing else acts (speed-history,
 * seventeenth round). None with prefetchers (they step with their cores
 * each cycle), the DMA engine busy (it raises its interrupt in a cycle of
 * its own), a program that talks to the HTIF (any hart's store to tohost
 * moves its check), or twins or a pipeline log watching the cores'
 * cycles.
 */
static uint64_t ahead_limit(const struct machine *m, uint64_t cycle_bound,
			    uint64_t retired_bound)
{
	const struct timing *t = m->timing;
	uint64_t per_cycle = (uint64_t)t->ncores, room;

	/* Parked cores' instructions not counted yet: at most one a cycle each. */
	uint64_t retired = m->retired + (t->sched.parked ? core_parked_lag(&t->sched, m->now) : 0);

	if (!m->cfg.run_ahead || (t->sched.pass & SCHED_GENERAL) ||
	    m->htif.tohost || (t->dma && dmactl_busy(t->dma)) || m->opts.timing_ready ||
	    cycle_bound <= m->now || retired_bound <= retired + per_cycle)
		return 0;
	room = (retired_bound - retired - 1) / per_cycle;	/* whole cycles, from now */
	if (room > cycle_bound - m->now)
		return cycle_bound;
	return m->now + room - 1;
}

/*
 * Whether parked cores must catch up before cycle @now: with their
 * uncounted instructions (one a cycle each at most), the instruction limit
 * is within a cycle's reach of the cores.
 */
static inline int parked_near_limit(const struct machine *m, uint64_t now)
{
	const struct core_sched *s = &m->timing->sched;

	return s->parked && m->insn_limit - m->retired <
				    (uint64_t)m->timing->ncores + core_parked_lag(s, now);
}

/*
 * Timing mode, the DMA engine stepped every cycle for its twin or its waves
 * (dmactl_busy): the cycles never look idle, so idle_skip, which finds a
 * machine that nothing can wake, never ran, and such a run went on for
 * ever. Whether nothing is under way but the watched engine's cycles: it
 * has no work, every core waits in WFI, no event, bus transaction, timer
 * event or HTIF command is pending.
 */
static int idle_behind_tap(struct machine *m)
{
	struct timing *t = m->timing;

	return !dmactl_working(t->dma) && timing_all_idle(t) && !t->sched.raised &&
	       eventq_next(&t->events) == UINT64_MAX && !t->bus.queued &&
	       bus_next(&t->bus, m->now + 1) == UINT64_MAX && !m->htif.armed &&
	       m->clint.next_event == UINT64_MAX;
}

/*
 * Then, the stop idle_skip would make if nothing can wake a hart, in the
 * same cycle, without its skip (the watchers see every cycle).
 */
static void stop_if_stuck_behind_tap(struct machine *m)
{
	uint32_t wake;

	/* Console input may wake it: the loop's checks poll the console. */
	if (!idle_behind_tap(m) || harts_woken(m, &wake) || console_may_wake(m, wake))
		return;
	stop_stuck(m);
}

/* Timing mode: every unit each cycle, jumping over cycles in which nothing happens. */
static void run_timing(struct machine *m)
{
	struct timing *t = m->timing;
	uint64_t ncores = (uint64_t)t->ncores;
	/*
	 * Below this many instructions retired, a cycle's cores cannot reach
	 * the instruction limit (no budget, no at_check for it).
	 */
	uint64_t retired_quiet = m->insn_limit >= ncores ? m->insn_limit - ncores + 1 : 0;

	update_check(m);
	while (m->stop.kind == STOP_NONE) {
		uint64_t next, dev, quiet_until = machine_quiet_until(m);
		int tap_idle;

		/*
		 * Near the instruction limit, the cores stop at it (t->budget),
		 * the parked ones brought up to date to count.
		 */
		if (__builtin_expect(parked_near_limit(m, m->now), 0))
			m->retired += core_catch_up_all(&t->sched, m->now - 1);
		if (__builtin_expect(m->insn_limit - m->retired < ncores, 0))
			timing_set_budget(t, (int)(m->insn_limit - m->retired));
		/*
		 * Cycles back to back, or on to the next in which something
		 * acts, while nothing stops the run and after_cycle would do
		 * nothing: all that the steps below would do then is count the
		 * cycles. The timer's next event and the HTIF's check are folded
		 * into the bounds here; a device that moves one (a store to
		 * mtimecmp, to tohost) sets TIMING_BOUNDS (bounds_moved), which
		 * ends the run of cycles, and is cleared after it. (One set
		 * between runs, by after_cycle's timer update, only ends the next
		 * run early, which is always exact.)
		 */
		uint64_t cycle_bound = quiet_until < m->clint.next_event ? quiet_until
									 : m->clint.next_event;
		uint64_t retired_bound = retired_quiet < m->htif.check_at ? retired_quiet
									  : m->htif.check_at;

		t->sched.ahead_limit = ahead_limit(m, cycle_bound, retired_bound);

		for (uint64_t now = m->now;;) {
			m->retired += (uint64_t)timing_cycle(t, now);
			if ((timing_any_stuck(t) | (int)m->stop.kind) || now >= cycle_bound ||
			    m->retired >= retired_bound)
				break;
			if (t->busy_next > now + 1) {
				/*
				 * No core acts next cycle: on to the cycle something
				 * does, within the run when it is not past its bound,
				 * since this loop's start would find the same bounds
				 * there (the limit's catch-up of parked cores aside),
				 * and after_cycle has nothing to do before them. The
				 * cores may run further ahead from there.
				 */
				uint64_t next = timing_next(t, now);

				if (next > cycle_bound || parked_near_limit(m, next))
					break;
				m->now = now = next;
				/*
				 * A limit at the cycle bound stays there (the cores
				 * retire at most one instruction a cycle each); one
				 * short of it, or 0 after a device access, is made
				 * again as the loop's start would.
				 */
				if (t->sched.ahead_limit < cycle_bound)
					t->sched.ahead_limit =
						ahead_limit(m, cycle_bound, retired_bound);
				continue;
			}
			m->now = ++now;	/* the devices read the time from m->now */
		}
		tap_idle = t->stuck & TIMING_TAP_IDLE;
		t->stuck &= ~(TIMING_BOUNDS | TIMING_TAP_IDLE);
		/* After a stop in this cycle, now counts it, as in functional mode. */
		if (__builtin_expect(timing_any_stuck(t), 0)) {
			int i = timing_stuck(t);

			if (timing_twin_failed(t, i))
				sim_stop(&m->stop, STOP_COSIM, EXIT_COSIM,
					 "co-simulation mismatch in core %d's RTL twins (cycle "
					 "%llu): see the report above", i, (unsigned long long)m->now);
			else
				check_stuck(m, m->harts[i]);
		}
		if (m->stop.kind != STOP_NONE) {
			m->now++;
			break;
		}
		after_cycle(m);
		if (m->stop.kind != STOP_NONE) {
			m->now++;
			break;
		}
		if (t->busy_next <= m->now + 1) {
			if (__builtin_expect(tap_idle, 0)) {
				stop_if_stuck_behind_tap(m);
				if (m->stop.kind != STOP_NONE) {
					m->now++;
					break;
				}
			}
			m->now++;	/* some core acts next cycle */
			continue;
		}
		next = timing_next(t, m->now);
		dev = device_next(m);
		if (next == UINT64_MAX && timing_all_idle(t)) {
			/* Every core waits in WFI: the functional rules decide what can wake them. */
			m->now++;
			idle_skip(m, 0);
			continue;
		}
		if (next == UINT64_MAX) {
			sim_stop(&m->stop, STOP_INTERNAL, EXIT_INTERNAL,
				 "internal error (please report): every core waits for a memory "
				 "event that is not scheduled (cycle %llu)", (unsigned long long)m->now);
			break;
		}
		if (dev < next)
			next = dev;
		if (next > m->check_at)
			next = m->check_at;
		m->now = next > m->now ? next : m->now + 1;
	}
	m->retired += core_catch_up_all(&t->sched, m->now - 1);	/* before anything reads the cores */
	timing_account(t, m->now);
}

/* Builds the timing model around the harts (and the DMA engine). 0, or -1 out of memory. */
static int build_timing(struct machine *m)
{
	m->timing = calloc(1, sizeof(*m->timing));
	if (!m->timing || timing_init(m->timing, &m->cfg, m->harts, m->nharts, &m->mm) ||
	    (m->opts.profile && timing_profile(m->timing))) {
		if (m->timing)
			timing_free(m->timing);
		free(m->timing);
		m->timing = NULL;
		return -1;
	}
	if (m->cfg.dma.enabled)
		timing_attach_dma(m->timing, &m->dma);
	bind_counters(m);
	return 0;
}

static void run_untimed(struct machine *m, uint64_t until);

int machine_debug_run(struct machine *m, int (*interrupted)(void *ctx), void *ctx)
{
	m->debug = 1;
	m->dbg_interrupt = interrupted;
	m->dbg_ctx = ctx;
	m->paused = -1;
	run_untimed(m, UINT64_MAX);
	fflush(m->opts.uart_out);
	return m->paused;
}

/* Functional mode, in quanta when sys.quantum asks for more than one cycle per turn. */
static void run_untimed(struct machine *m, uint64_t until)
{
	if (m->cfg.quantum > 1)
		run_quanta(m, until);
	else
		run_functional(m, until);
}

void machine_run(struct machine *m)
{
	if (m->cfg.mode == MODE_FUNCTIONAL) {
		run_untimed(m, UINT64_MAX);
	} else {
		if (m->opts.fast_forward)
			run_untimed(m, m->opts.fast_forward);
		if (m->stop.kind == STOP_NONE) {
			if (build_timing(m))
				sim_stop(&m->stop, STOP_INTERNAL, EXIT_INTERNAL,
					 "out of host memory building the timing model (it needs "
					 "about %llu MiB)",
					 (unsigned long long)(timing_host_bytes(&m->cfg) >> 20));
			else if (m->opts.timing_ready && m->opts.timing_ready(m, m->opts.timing_ctx))
				sim_stop(&m->stop, STOP_COSIM, EXIT_USAGE,
					 "cannot set up co-simulation (see above)");
			else
				run_timing(m);
		}
	}
	fflush(m->opts.uart_out);
}
