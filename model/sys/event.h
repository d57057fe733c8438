/* SPDX-License-Identifier: MIT */
/*
 * The timing model's calendar: actions due at a future core cycle (a cache
 * fill after its latency, a bus transaction's completion). Events at the same
 * cycle run in the order they were scheduled, so runs are deterministic.
 */
#ifndef OSPREY_EVENT_H
#define OSPREY_EVENT_H

#include <stdint.h>

typedef void event_fn(void *ctx, uint64_t arg, uint64_t now);

struct event {
	uint64_t when;		/* core cycle */
	uint64_t seq;		/* scheduling order, breaks ties */
	event_fn *fn;
	void *ctx;
	uint64_t arg;
};

struct event_queue {
	struct event *heap;	/* binary min-heap on (when, seq) */
	uint32_t n, cap;
	uint64_t seq;
	uint64_t first;		/* heap[0].when, or UINT64_MAX when empty: the timing loop's one load */
};

void eventq_init(struct event_queue *q);
void eventq_free(struct event_queue *q);

/* Schedules @fn(@ctx, @arg, when) at cycle @when. */
void eventq_at(struct event_queue *q, uint64_t when, event_fn *fn, void *ctx, uint64_t arg);

/* The cycle of the earliest event, or UINT64_MAX when there is none. */
static inline uint64_t eventq_next(const struct event_queue *q)
{
	return q->first;
}

/* Runs every event due at or before @now, including ones they schedule for @now. */
void eventq_run(struct event_queue *q, uint64_t now);

#endif
