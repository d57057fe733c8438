// SPDX-License-Identifier: MIT
#include "sys/schedcheck.h"

#include <string.h>

void schedcheck_init(struct schedcheck *sc, int nharts, uint64_t threshold, FILE *out)
{
	memset(sc, 0, sizeof(*sc));
	sc->nharts = nharts;
	sc->threshold = threshold;
	sc->out = out;
}

static const char *name_of(const struct schedcheck *sc, uint32_t pid)
{
	const char *n = sc->names[pid % SCHEDCHECK_NAMES].name;

	return sc->names[pid % SCHEDCHECK_NAMES].pid == pid && n[0] ? n : "?";
}

/*
 * The process that has waited longest in a queue other than @h's, or -1
 * for none; its queue's hart in *@queue and its position in *@slot.
 */
static int oldest_elsewhere(const struct schedcheck *sc, int h, int *queue, int *slot)
{
	int found = 0;
	uint64_t since = 0;

	for (int q = 0; q < sc->nharts; q++) {
		const struct schedcheck_hart *o = &sc->hart[q];

		/* each queue is FIFO: its oldest waiter is first */
		if (q == h || !o->queued || (found && o->queue[0].since >= since))
			continue;
		found = 1;
		since = o->queue[0].since;
		*queue = q;
		*slot = 0;
	}
	return found ? 0 : -1;
}

static void close_interval(struct schedcheck *sc, int h, uint64_t now)
{
	struct schedcheck_hart *hs = &sc->hart[h];
	uint64_t len = now - hs->starved_from;

	hs->starved = 0;
	if (len <= sc->threshold)
		return;
	sc->intervals++;
	sc->wasted += len;
	if (sc->intervals <= SCHEDCHECK_PRINT_MAX)
		fprintf(sc->out, "check-sched: hart %d idle for cycles %llu-%llu (%llu cycles) "
			"while pid %u (%s) waited in hart %d's run queue\n", h,
			(unsigned long long)hs->starved_from, (unsigned long long)now,
			(unsigned long long)len, hs->victim_pid, name_of(sc, hs->victim_pid),
			hs->victim_queue);
}

/* After an event at @now: opens and closes each hart's starved interval. */
static void update(struct schedcheck *sc, uint64_t now)
{
	for (int h = 0; h < sc->nharts; h++) {
		struct schedcheck_hart *hs = &sc->hart[h];
		int q = -1, slot = 0;
		int waiting = hs->idle && oldest_elsewhere(sc, h, &q, &slot) == 0;

		if (waiting && !hs->starved) {
			const struct schedcheck_wait *w = &sc->hart[q].queue[slot];

			hs->starved = 1;
			/* from when both held: the hart idle and the process waiting */
			hs->starved_from = now;
			hs->victim_pid = w->pid;
			hs->victim_queue = q;
		} else if (!waiting && hs->starved) {
			close_interval(sc, h, now);
		}
	}
}

static void enqueue(struct schedcheck *sc, int q, uint32_t pid, uint64_t now)
{
	struct schedcheck_hart *hs = &sc->hart[q];

	if (hs->queued == SCHEDCHECK_QUEUE_MAX) {
		sc->lost_events++;
		return;
	}
	hs->queue[hs->queued++] = (struct schedcheck_wait){ pid, now };
}

static void dequeue(struct schedcheck *sc, int q, uint32_t pid)
{
	struct schedcheck_hart *hs = &sc->hart[q];

	for (int i = 0; i < hs->queued; i++) {
		if (hs->queue[i].pid != pid)
			continue;
		memmove(&hs->queue[i], &hs->queue[i + 1],
			(size_t)(hs->queued - i - 1) * sizeof(hs->queue[0]));
		hs->queued--;
		return;
	}
	sc->lost_events++;
}

void schedcheck_event(void *ctx, const struct simctl_event *ev)
{
	struct schedcheck *sc = ctx;
	int q = (int)ev->a[1];

	sc->events++;
	switch (ev->code) {
	case SIMCTL_SWITCH:
		if (ev->a[1]) {
			sc->names[ev->a[1] % SCHEDCHECK_NAMES].pid = ev->a[1];
			memcpy(sc->names[ev->a[1] % SCHEDCHECK_NAMES].name, ev->name,
			       sizeof(ev->name));
		}
		return;
	case SIMCTL_ENQUEUE:
		if (q < 0 || q >= sc->nharts) {
			sc->lost_events++;
			return;
		}
		enqueue(sc, q, ev->a[0], ev->cycle);
		break;
	case SIMCTL_DEQUEUE:
		if (q < 0 || q >= sc->nharts) {
			sc->lost_events++;
			return;
		}
		dequeue(sc, q, ev->a[0]);
		break;
	case SIMCTL_IDLE_ENTER: sc->hart[ev->hart].idle = 1; break;
	case SIMCTL_IDLE_EXIT: sc->hart[ev->hart].idle = 0; break;
	default: return;	/* migrations change no queue by themselves */
	}
	update(sc, ev->cycle);
}

void schedcheck_finish(struct schedcheck *sc, uint64_t now)
{
	for (int h = 0; h < sc->nharts; h++)
		if (sc->hart[h].starved)
			close_interval(sc, h, now);
	if (sc->intervals > SCHEDCHECK_PRINT_MAX)
		fprintf(sc->out, "check-sched: ... %llu more intervals not listed\n",
			(unsigned long long)(sc->intervals - SCHEDCHECK_PRINT_MAX));
	fprintf(sc->out, "check-sched: %llu interval%s over the threshold of %llu cycles, "
		"%llu wasted hart-cycles (%.2f%% of %llu hart-cycles), %llu kernel events%s\n",
		(unsigned long long)sc->intervals, sc->intervals == 1 ? "" : "s",
		(unsigned long long)sc->threshold, (unsigned long long)sc->wasted,
		now ? 100.0 * (double)sc->wasted / ((double)now * sc->nharts) : 0.0,
		(unsigned long long)(now * (uint64_t)sc->nharts), (unsigned long long)sc->events,
		sc->events ? "" : " (none: is the guest a kernel that reports to sys.simctl?)");
	if (sc->lost_events)
		fprintf(sc->out, "check-sched: %llu events did not match the queues as tracked\n",
			(unsigned long long)sc->lost_events);
}
