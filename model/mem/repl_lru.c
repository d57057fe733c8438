// SPDX-License-Identifier: MIT
/*
 * Least recently used: each way carries the time of its last touch, and the
 * victim is the way with the oldest. A touch is O(1); a victim scans the set.
 * Time is a 64-bit count of touches, so it never wraps.
 */
#include "mem/cache_array.h"

#include <stdlib.h>

struct lru {
	uint32_t ways;		/* ways per set */
	uint64_t now;		/* touches so far */
	uint64_t stamp[];	/* sets * ways: value of now at the way's last touch, 0 if never */
};

static void *lru_create(uint32_t sets, uint32_t ways, uint64_t seed)
{
	struct lru *p = calloc(1, sizeof(*p) + (size_t)sets * ways * sizeof(p->stamp[0]));

	if (!p)
		return NULL;
	p->ways = ways;
	return p;
}

static void lru_destroy(void *p)
{
	free(p);
}

static void lru_touch(void *p, uint32_t set, uint32_t way)
{
	struct lru *s = p;

	s->stamp[(size_t)set * s->ways + way] = ++s->now;
}

/* The oldest way; on a tie (ways never touched) the lowest. */
static uint32_t lru_victim(void *p, uint32_t set)
{
	struct lru *s = p;
	const uint64_t *st = &s->stamp[(size_t)set * s->ways];
	uint32_t w, best = 0;

	for (w = 1; w < s->ways; w++)
		if (st[w] < st[best])
			best = w;
	return best;
}

const struct repl_ops repl_lru = {
	.name = "lru",
	.create = lru_create,
	.destroy = lru_destroy,
	.touch = lru_touch,
	.victim = lru_victim,
};
