// SPDX-License-Identifier: MIT
#include "sys/timeline.h"

#include <string.h>

#include "cpu/hart.h"
#include "sys/machine.h"

enum { PID_HARTS = 1, PID_MODES = 2, PID_COUNTERS = 3 };

static double ts(const struct timeline *tl, uint64_t cycle)
{
	return (double)cycle * tl->us_per_cycle;
}

/* Starts an event object: the separator, then '{'. */
static FILE *begin(struct timeline *tl)
{
	fputs(tl->first ? "\n" : ",\n", tl->f);
	tl->first = 0;
	return tl->f;
}

static void meta(struct timeline *tl, const char *what, int pid, int tid, const char *name)
{
	fprintf(begin(tl), "{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,"
		"\"args\":{\"name\":\"%s\"}}", what, pid, tid, name);
}

static void span(struct timeline *tl, int pid, int tid, const char *cat, const char *name,
		 uint32_t proc, uint64_t from, uint64_t to)
{
	fprintf(begin(tl), "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,"
		"\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"cycle\":%llu,\"cycles\":%llu", cat, name, pid,
		tid, ts(tl, from), ts(tl, to - from), (unsigned long long)from,
		(unsigned long long)(to - from));
	if (proc)
		fprintf(tl->f, ",\"pid\":%u", proc);
	fputs("}}", tl->f);
}

/* An instant on hart @h's track; @args: the JSON members of its args, or "". */
static void instant(struct timeline *tl, int h, const char *cat, const char *name,
		    uint64_t cycle, const char *args)
{
	if (tl->instants >= TIMELINE_MAX_INSTANTS) {
		tl->dropped++;
		return;
	}
	tl->instants++;
	fprintf(begin(tl), "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":%d,"
		"\"tid\":%d,\"ts\":%.3f,\"args\":{\"cycle\":%llu%s%s}}", cat, name, PID_HARTS, h,
		ts(tl, cycle), (unsigned long long)cycle, args[0] ? "," : "", args);
}

static void counter(struct timeline *tl, const char *name, uint64_t cycle, const char *args)
{
	fprintf(begin(tl), "{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,"
		"\"args\":{%s}}", name, PID_COUNTERS, ts(tl, cycle), args);
}

void timeline_init(struct timeline *tl, FILE *f, const struct machine *m, uint64_t interval)
{
	char name[32];

	memset(tl, 0, sizeof(*tl));
	tl->f = f;
	tl->nharts = m->nharts;
	tl->interval = interval;
	tl->us_per_cycle = 1e6 / (double)m->cfg.core_hz;
	tl->first = 1;
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
	meta(tl, "process_name", PID_HARTS, 0, "harts");
	meta(tl, "process_name", PID_MODES, 0, "modes");
	meta(tl, "process_name", PID_COUNTERS, 0, "counters");
	for (int h = 0; h < m->nharts; h++) {
		snprintf(name, sizeof(name), "hart %d", h);
		meta(tl, "thread_name", PID_HARTS, h, name);
		snprintf(name, sizeof(name), "hart %d mode", h);
		meta(tl, "thread_name", PID_MODES, h, name);
	}
}

/* ---- the kernel's events -------------------------------------------------------- */

static void on_simctl(void *ctx, const struct simctl_event *ev)
{
	struct timeline *tl = ctx;
	struct timeline_hart *th = &tl->hart[ev->hart];
	char args[160];

	switch (ev->code) {
	case SIMCTL_SWITCH:
		if (th->pid)
			span(tl, PID_HARTS, ev->hart, "process", th->name, th->pid, th->run_from,
			     ev->cycle);
		th->pid = ev->a[1];
		th->run_from = ev->cycle;
		if (ev->a[1])
			snprintf(th->name, sizeof(th->name), "%s", ev->name[0] ? ev->name : "?");
		break;
	case SIMCTL_ENQUEUE:
	case SIMCTL_DEQUEUE: {
		int n = 0;

		if (ev->a[1] >= (uint32_t)tl->nharts)
			break;
		tl->rq[ev->a[1]] = ev->a[2];
		for (int h = 0; h < tl->nharts; h++)
			n += snprintf(args + n, sizeof(args) - (size_t)n, "%s\"hart %d\":%u",
				      h ? "," : "", h, tl->rq[h]);
		counter(tl, "run queues", ev->cycle, args);
		break;
	}
	case SIMCTL_MIGRATE:
		snprintf(args, sizeof(args), "\"pid\":%u,\"from\":%u,\"to\":%u", ev->a[0], ev->a[1],
			 ev->a[2]);
		instant(tl, ev->hart, "sched", "migrate", ev->cycle, args);
		break;
	case SIMCTL_IDLE_ENTER:
		th->idle = 1;
		th->idle_from = ev->cycle;
		break;
	case SIMCTL_IDLE_EXIT:
		if (th->idle)
			span(tl, PID_HARTS, ev->hart, "idle", "idle", 0, th->idle_from, ev->cycle);
		th->idle = 0;
		break;
	default:
		break;
	}
}

static const char *const priv_letters[SM_MODES] = { "U", "S", "M" };

static void on_trap(void *ctx, int hart, uint32_t cause, int from_priv, uint64_t now)
{
	struct timeline *tl = ctx;
	int irq = (cause & 0x80000000u) != 0;
	uint32_t code = cause & 0x7fffffffu;
	char args[96];

	snprintf(args, sizeof(args), "\"cause\":%u,\"interrupt\":%d,\"from\":\"%s\"", code, irq,
		 from_priv == PRIV_M ? "M" : from_priv == PRIV_S ? "S" : "U");
	/* software interrupts (SSI 1, MSI 3) are the inter-processor interrupts */
	if (irq && (code == 1 || code == 3))
		instant(tl, hart, "ipi", "ipi", now, args);
	else
		instant(tl, hart, "trap", irq ? "interrupt" : "exception", now, args);
}

static void on_dma(void *ctx, int chan, int finished, uint32_t op, uint32_t len, uint64_t now)
{
	struct timeline *tl = ctx;
	char args[64];

	if (finished) {
		instant(tl, chan, "dma", "dma done", now, "");
		return;
	}
	snprintf(args, sizeof(args), "\"op\":%u,\"bytes\":%u", op, len);
	instant(tl, chan, "dma", "dma start", now, args);
}

/* ---- samples -------------------------------------------------------------------- */

static void mode_sample(struct timeline *tl, struct machine *m)
{
	for (int h = 0; h < tl->nharts; h++) {
		struct timeline_hart *th = &tl->hart[h];
		const struct hart_stats *st = hart_stats(m->harts[h]);
		uint64_t insns = hart_retired(m->harts[h]);
		const char *mode = "idle";
		uint64_t best = 0;

		for (int k = 0; k < SM_MODES; k++) {
			uint64_t d = st->cycles.v[k] - th->cycles[k];

			if (insns != th->insns && d > best) {
				best = d;
				mode = priv_letters[k];
			}
			th->cycles[k] = st->cycles.v[k];
		}
		th->insns = insns;
		if (th->mode != mode) {
			if (th->mode)
				span(tl, PID_MODES, h, "mode", th->mode, 0, th->mode_from,
				     tl->last_sample);
			th->mode = mode;
			th->mode_from = tl->last_sample;
		}
	}
}

static uint64_t rate_pct100(uint64_t miss, uint64_t acc)
{
	return acc ? miss * 10000 / acc : 0;
}

static void memory_sample(struct timeline *tl, struct machine *m)
{
	const struct timing *t = m->timing;
	uint64_t span_cycles = m->now - tl->last_sample, acc[2] = { 0 }, miss[2] = { 0 };
	uint64_t l2a = 0, l2m = 0;
	char args[160];

	if (!t || !span_cycles)
		return;
	for (int h = 0; h < tl->nharts; h++) {
		acc[0] += mctr_total(&t->l1i[h].stats.accesses);
		miss[0] += mctr_total(&t->l1i[h].stats.misses);
		acc[1] += mctr_total(&t->l1d[h].stats.accesses);
		miss[1] += mctr_total(&t->l1d[h].stats.misses);
		l2a += mctr_total(&t->l2[h].stats.accesses);
		l2m += mctr_total(&t->l2[h].stats.misses);
	}
	snprintf(args, sizeof(args), "\"percent\":%.1f",
		 100.0 * (double)(t->bus.busy_total - tl->bus_busy) / (double)span_cycles);
	counter(tl, "bus utilization", m->now, args);
	snprintf(args, sizeof(args), "\"l1i\":%.2f,\"l1d\":%.2f,\"l2\":%.2f",
		 rate_pct100(miss[0] - tl->l1_miss[0], acc[0] - tl->l1_accs[0]) / 100.0,
		 rate_pct100(miss[1] - tl->l1_miss[1], acc[1] - tl->l1_accs[1]) / 100.0,
		 rate_pct100(l2m - tl->l2_miss, l2a - tl->l2_acc) / 100.0);
	counter(tl, "miss rate", m->now, args);
	tl->bus_busy = t->bus.busy_total;
	for (int k = 0; k < 2; k++) {
		tl->l1_accs[k] = acc[k];
		tl->l1_miss[k] = miss[k];
	}
	tl->l2_acc = l2a;
	tl->l2_miss = l2m;
}

static void sample(struct timeline *tl, struct machine *m)
{
	mode_sample(tl, m);
	memory_sample(tl, m);
	tl->last_sample = m->now;
}

static uint64_t on_sample(void *ctx, struct machine *m)
{
	struct timeline *tl = ctx;

	sample(tl, m);
	return tl->interval;
}

void timeline_attach(struct timeline *tl, struct machine *m)
{
	if (m->cfg.simctl)
		simctl_listen(&m->simctl, on_simctl, tl);
	machine_observe_traps(m, on_trap, tl);
	if (m->cfg.dma.enabled) {
		m->dma.observer = on_dma;
		m->dma.observer_ctx = tl;
	}
	machine_add_sampler(m, tl->interval, on_sample, tl);
}

void timeline_finish(struct timeline *tl, struct machine *m)
{
	sample(tl, m);
	for (int h = 0; h < tl->nharts; h++) {
		struct timeline_hart *th = &tl->hart[h];

		if (th->pid)
			span(tl, PID_HARTS, h, "process", th->name, th->pid, th->run_from, m->now);
		if (th->idle)
			span(tl, PID_HARTS, h, "idle", "idle", 0, th->idle_from, m->now);
		if (th->mode)
			span(tl, PID_MODES, h, "mode", th->mode, 0, th->mode_from, m->now);
	}
	fprintf(tl->f, "\n],\"otherData\":{\"cycles\":%llu,\"instants_dropped\":%llu}}\n",
		(unsigned long long)m->now, (unsigned long long)tl->dropped);
}
