// SPDX-License-Identifier: MIT
/*
 * Random replacement from a free-running generator, as hardware uses an LFSR:
 * the generator steps on every touch (hit or fill) and the victim is drawn
 * from its current value. So victim() has no side effect (asking twice names
 * the same way), and a run is deterministic for a given seed and access order.
 * The generator is xorshift64* (Vigna), seeded through splitmix64 so that
 * any seed, 0 included, gives a good nonzero state.
 */
#include "mem/cache_array.h"

#include <stdlib.h>

#include "sys/splitmix.h"

struct rnd {
	uint32_t ways;		/* ways per set */
	uint64_t x;		/* generator state, never 0 */
};

static void *rnd_create(uint32_t sets, uint32_t ways, uint64_t seed)
{
	struct rnd *r = malloc(sizeof(*r));

	if (!r)
		return NULL;
	r->ways = ways;
	r->x = splitmix64_next(&seed);
	if (!r->x)
		r->x = 1;
	return r;
}

static void rnd_destroy(void *p)
{
	free(p);
}

static void rnd_touch(void *p, uint32_t set, uint32_t way)
{
	struct rnd *r = p;

	r->x ^= r->x >> 12;
	r->x ^= r->x << 25;
	r->x ^= r->x >> 27;
}

/* The high 32 bits of the scrambled state, scaled to [0, ways) without a divide. */
static uint32_t rnd_victim(void *p, uint32_t set)
{
	struct rnd *r = p;
	uint32_t hi = (uint32_t)((r->x * 0x2545f4914f6cdd1dull) >> 32);

	return (uint32_t)(((uint64_t)hi * r->ways) >> 32);
}

const struct repl_ops repl_random = {
	.name = "random",
	.create = rnd_create,
	.destroy = rnd_destroy,
	.touch = rnd_touch,
	.victim = rnd_victim,
};
