/* SPDX-License-Identifier: MIT */
/*
 * A core parked on a spin loop (sys.run_ahead): the memory a loop's
 * iteration can change (the core, its hart, its L1s and their miss
 * classifiers, its predictor's tables), taken as byte images at the loop's
 * head in three successive iterations of one run ahead. When the second
 * image is the first moved by some amount in every 64-bit word, and the
 * third the second moved by the same amounts, the iteration only adds to
 * counters and times: the state after k more iterations is the third
 * image plus k times those amounts (park_advance), and the core need not
 * run them one by one. core.c decides when that holds for the machine
 * (nothing outside the core may act on it meanwhile) and what brings it
 * back; this unit keeps the images and the amounts.
 */
#ifndef OSPREY_PARK_H
#define OSPREY_PARK_H

#include <stddef.h>
#include <stdint.h>

#define PARK_REGIONS 16

struct park_region {
	void *base;
	size_t bytes;		/* a multiple of 8 */
};

/* The words an iteration moves, and by how much (park_linear). */
struct park_delta {
	void *word;
	uint64_t by;
};

struct park {
	struct park_region region[PARK_REGIONS];
	int nregions;
	size_t bytes;			/* all regions' */
	uint64_t *image[2];		/* the first two images (the third is the live state) */
	struct park_delta *delta;	/* at most bytes / 8 */
	size_t ndelta;
};

/* Empty: no region, nothing allocated. */
void park_init(struct park *p);
void park_free(struct park *p);

/* Adds @bytes at @base (8-byte aligned, a multiple of 8) to what the images hold. 0, or -1. */
int park_add_region(struct park *p, void *base, size_t bytes);

/* Allocates the images for the regions added. 0, or -1 out of memory. */
int park_ready(struct park *p);

/* Takes image @i (0 or 1) of the regions now. */
void park_take(struct park *p, int i);

/*
 * Whether the live state is image 1 moved by the same amount in every word
 * as image 1 was image 0 (mod 2^64); then those amounts are the delta list.
 */
int park_linear(struct park *p);

/* Moves the live state by @k iterations: every word of the delta list by k times its amount. */
void park_advance(struct park *p, uint64_t k);

#endif
