/* SPDX-License-Identifier: MIT */
/*
 * splitmix64 (Steele, Lea and Flood, 2014): a 64-bit counter scrambled into
 * well-spread values, one step per call. Used where the model draws
 * pseudo-random choices from sys.seed (random replacement's seeding,
 * mem.jitter) and by the tests' configuration generator: every seed, 0
 * included, gives a good sequence, and the same seed the same one.
 */
#ifndef OSPREY_SPLITMIX_H
#define OSPREY_SPLITMIX_H

#include <stdint.h>

/* The next value of the sequence whose state is *@state (which it advances). */
static inline uint64_t splitmix64_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

#endif
