// SPDX-License-Identifier: MIT
#include "sys/event.h"

#include <stdlib.h>
#include <string.h>

#include "sys/stop.h"

void eventq_init(struct event_queue *q)
{
	memset(q, 0, sizeof(*q));
}

void eventq_free(struct event_queue *q)
{
	free(q->heap);
	eventq_init(q);
}

static int before(const struct event *a, const struct event *b)
{
	return a->when < b->when || (a->when == b->when && a->seq < b->seq);
}

void eventq_at(struct event_queue *q, uint64_t when, event_fn *fn, void *ctx, uint64_t arg)
{
	uint32_t i;

	if (q->n == q->cap) {
		uint32_t cap = q->cap ? 2 * q->cap : 256;
		struct event *h = realloc(q->heap, cap * sizeof(*h));

		if (!h)
			host_out_of_memory("event calendar");
		q->heap = h;
		q->cap = cap;
	}
	i = q->n++;
	q->heap[i] = (struct event){ when, q->seq++, fn, ctx, arg };
	while (i && before(&q->heap[i], &q->heap[(i - 1) / 2])) {
		struct event t = q->heap[i];

		q->heap[i] = q->heap[(i - 1) / 2];
		q->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static struct event pop(struct event_queue *q)
{
	struct event top = q->heap[0];
	uint32_t i = 0;

	q->heap[0] = q->heap[--q->n];
	for (;;) {
		uint32_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < q->n && before(&q->heap[l], &q->heap[m]))
			m = l;
		if (r < q->n && before(&q->heap[r], &q->heap[m]))
			m = r;
		if (m == i)
			break;
		struct event t = q->heap[i];

		q->heap[i] = q->heap[m];
		q->heap[m] = t;
		i = m;
	}
	return top;
}

void eventq_run(struct event_queue *q, uint64_t now)
{
	while (q->n && q->heap[0].when <= now) {
		struct event e = pop(q);

		e.fn(e.ctx, e.arg, e.when);
	}
}
