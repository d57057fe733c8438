// SPDX-License-Identifier: MIT
#include "sys/event.h"

#include <stdlib.h>
#include <string.h>

#include "sys/stop.h"

void eventq_init(struct event_queue *q)
{
	memset(q, 0, sizeof(*q));
	q->first = UINT64_MAX;
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
	struct event e = { when, q->seq++, fn, ctx, arg };
	uint32_t i;

	if (q->n == q->cap) {
		uint32_t cap = q->cap ? 2 * q->cap : 256;
		struct event *h = realloc(q->heap, cap * sizeof(*h));

		if (!h)
			host_out_of_memory("event calendar");
		q->heap = h;
		q->cap = cap;
	}
	/* Sift up: parents later than the new event move down into the hole. */
	for (i = q->n++; i && before(&e, &q->heap[(i - 1) / 2]); i = (i - 1) / 2)
		q->heap[i] = q->heap[(i - 1) / 2];
	q->heap[i] = e;
	q->first = q->heap[0].when;
}

static struct event pop(struct event_queue *q)
{
	struct event top = q->heap[0], last = q->heap[--q->n];
	uint32_t i = 0;

	/* Sift down: the earlier child moves up into the hole until last fits. */
	for (;;) {
		uint32_t c = 2 * i + 1;

		if (c >= q->n)
			break;
		if (c + 1 < q->n && before(&q->heap[c + 1], &q->heap[c]))
			c++;
		if (!before(&q->heap[c], &last))
			break;
		q->heap[i] = q->heap[c];
		i = c;
	}
	q->heap[i] = last;
	q->first = q->n ? q->heap[0].when : UINT64_MAX;
	return top;
}

void eventq_run(struct event_queue *q, uint64_t now)
{
	while (q->first <= now) {
		struct event e = pop(q);

		e.fn(e.ctx, e.arg, e.when);
	}
}
