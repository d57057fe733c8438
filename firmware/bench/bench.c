// SPDX-License-Identifier: MIT
/*
 * A compute loop for `make bench`: every hart runs the same mix of integer
 * arithmetic, multiplies, loads, stores and branches over its own 4 KiB
 * array, then hart 0 waits for all harts and passes through the finisher.
 * The instruction count does not depend on timing, so MIPS figures compare.
 * Built with BENCH_SAME_DATA=1, every hart computes the same values (its own
 * array, the same contents): its branches go the same way as the others',
 * so a simulator that interleaves the harts sees the same decisions once
 * per hart in a row (make bench's measure of what interleaving costs it).
 */
#include <stdint.h>

#ifndef BENCH_SAME_DATA
#define BENCH_SAME_DATA 0	/* 1: every hart computes the same values */
#endif

#define FINISHER ((volatile uint32_t *)0x00100000)
#define WORDS 1024
#ifndef ROUNDS
/*
 * Passes over the array: 2000 make about 27.7 M instructions a hart. make
 * bench's functional figures build the loop with ten times as many, so that
 * a run lasts long enough (a few tenths of a second) to be timed.
 */
#define ROUNDS 2000
#endif

static uint32_t data[16][WORDS];
static volatile uint32_t done;
volatile uint32_t result[16];

static uint32_t nharts(void)
{
	/* The number of harts is passed in by the build (default 1). */
	return BENCH_HARTS;
}

void bench_main(uint32_t hart)
{
	uint32_t *a = data[hart], acc = BENCH_SAME_DATA ? 1 : hart + 1;

	if (hart >= nharts())
		return;
	for (int i = 0; i < WORDS; i++)
		a[i] = i * 2654435761u;
	for (int r = 0; r < ROUNDS; r++) {
		for (int i = 0; i < WORDS; i++) {
			uint32_t v = a[i];

			acc = acc * 31 + (v ^ (acc >> 3));
			if (v & 1)
				a[i] = v + acc;
			else
				a[i] = v - (acc >> 1);
		}
	}
	result[hart] = acc;
	__atomic_fetch_add(&done, 1, __ATOMIC_SEQ_CST);
	if (hart == 0) {
		while (done != nharts())
			;
		*FINISHER = 0x5555;
	}
}
