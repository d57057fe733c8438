/* SPDX-License-Identifier: MIT */
/*
 * The scheduler invariant checker (--check-sched): it listens to the
 * kernel's events on the sim-control port (dev/simctl.h) and finds every
 * interval in which a hart sat idle (in the kernel's idle wait) while a
 * runnable process waited in another hart's run queue, for longer than a
 * threshold. Each such interval is reported with the idle hart, the waiting
 * process and its queue's hart, and the cycles; the summary adds up the
 * hart-cycles wasted so.
 */
#ifndef OSPREY_SCHEDCHECK_H
#define OSPREY_SCHEDCHECK_H

#include <stdint.h>
#include <stdio.h>

#include "dev/simctl.h"
#include "sys/param.h"

#define SCHEDCHECK_QUEUE_MAX	64	/* waiting processes tracked per queue */
#define SCHEDCHECK_NAMES	256	/* process names remembered (by pid modulo) */
#define SCHEDCHECK_PRINT_MAX	40	/* intervals printed; the rest are counted */

struct schedcheck_wait {
	uint32_t pid;
	uint64_t since;		/* cycle it entered the queue */
};

/* One hart: its idle state and its run queue as the kernel reported them. */
struct schedcheck_hart {
	int idle;
	struct schedcheck_wait queue[SCHEDCHECK_QUEUE_MAX];
	int queued;
	/* The current interval in which this hart is idle with work waiting elsewhere. */
	int starved;		/* such an interval is open */
	uint64_t starved_from;	/* its first cycle */
	uint32_t victim_pid;	/* the process that had waited longest when it opened */
	int victim_queue;	/* ... and the hart whose queue it was in */
};

struct schedcheck {
	int nharts;
	uint64_t threshold;	/* cycles an interval must exceed to count */
	FILE *out;		/* where intervals are reported as they close */
	struct schedcheck_hart hart[MAX_HARTS];
	struct {
		uint32_t pid;
		char name[17];
	} names[SCHEDCHECK_NAMES];
	uint64_t intervals;	/* intervals over the threshold */
	uint64_t wasted;	/* hart-cycles in them */
	uint64_t lost_events;	/* queue entries beyond SCHEDCHECK_QUEUE_MAX, unmatched dequeues */
	uint64_t events;	/* events seen */
};

void schedcheck_init(struct schedcheck *sc, int nharts, uint64_t threshold, FILE *out);

/* The sim-control listener (simctl_listen(s, schedcheck_event, sc)). */
void schedcheck_event(void *ctx, const struct simctl_event *ev);

/* Closes the intervals still open at @now and prints the summary on @out. */
void schedcheck_finish(struct schedcheck *sc, uint64_t now);

#endif
