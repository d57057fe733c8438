// SPDX-License-Identifier: MIT
/*
 * First in, first out, as hardware builds it: a round-robin pointer per set.
 * Fills after reset take the invalid ways in way order (carray_victim), so
 * once a set is full its pointer, starting at way 0, names the oldest fill;
 * each replacement advances it. Hits never move it.
 *
 * The ops tell a fill from a hit only by context: victim() marks its set as
 * waiting for a fill, and the next touch of the named way is that fill. So
 * victim() has no side effect until the fill happens: asking twice (a cache
 * stalled on the bus) names the same way.
 */
#include "mem/cache_array.h"

#include <stdlib.h>

struct fifo_set {
	uint32_t next;		/* way to replace next */
	uint32_t pending;	/* victim() named next and its fill has not come yet */
};

struct fifo {
	uint32_t ways;		/* ways per set */
	struct fifo_set set[];	/* one per set */
};

static void *fifo_create(uint32_t sets, uint32_t ways, uint64_t seed)
{
	struct fifo *p = calloc(1, sizeof(*p) + (size_t)sets * sizeof(p->set[0]));

	if (!p)
		return NULL;
	p->ways = ways;
	return p;
}

static void fifo_destroy(void *p)
{
	free(p);
}

static void fifo_touch(void *p, uint32_t set, uint32_t way)
{
	struct fifo *f = p;
	struct fifo_set *s = &f->set[set];

	if (s->pending && way == s->next) {
		s->pending = 0;
		if (++s->next == f->ways)
			s->next = 0;
	}
}

static uint32_t fifo_victim(void *p, uint32_t set)
{
	struct fifo *f = p;
	struct fifo_set *s = &f->set[set];

	s->pending = 1;
	return s->next;
}

const struct repl_ops repl_fifo = {
	.name = "fifo",
	.create = fifo_create,
	.destroy = fifo_destroy,
	.touch = fifo_touch,
	.victim = fifo_victim,
};
