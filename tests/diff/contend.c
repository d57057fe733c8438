// SPDX-License-Identifier: MIT
/*
 * contend.c - every hart present (up to 16) hammers one small block of
 * words with the A extension's three kinds of update at once: an LR/SC
 * increment loop on a shared counter, an amoadd on its neighbour, and an
 * LR/SC increment of the hart's own word next to them (false sharing
 * wherever a cache line holds more than one of them). The A extension
 * promises that such constrained LR/SC loops eventually succeed; the totals
 * show that every increment happened exactly once. Only totals are printed,
 * so the output does not depend on the interleaving.
 */
#include "fw.h"

#define MAX_HARTS_USED	16	/* harts that take part, at most */
#define ITERS		300	/* updates of each kind per hart */

/* The contended block: 8-byte cache lines split it, 32-byte lines hold it whole. */
static struct {
	volatile uint32_t lrsc;			/* LR/SC increments of every hart */
	volatile uint32_t amo;			/* amoadd increments of every hart */
	volatile uint32_t own[MAX_HARTS_USED];	/* LR/SC increments of one hart each */
} block __attribute__((aligned(64)));
static struct barrier bar;

/* A constrained LR/SC loop: lr, add, sc, and a branch back on failure. */
static void lrsc_increment(volatile uint32_t *p)
{
	uint32_t v, fail;

	do {
		asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
		v++;
		asm volatile("sc.w %0, %2, (%1)" : "=r"(fail) : "r"(p), "r"(v) : "memory");
	} while (fail);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, MAX_HARTS_USED), own = 0;

	if (!n)
		return 0;
	barrier_wait(&bar, n);
	for (int i = 0; i < ITERS; i++) {
		lrsc_increment(&block.lrsc);
		amoadd_w(&block.amo, 1);
		lrsc_increment(&block.own[h]);
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;

	for (uint32_t i = 0; i < n; i++)
		own += block.own[i] == ITERS;
	printf("contend: %u harts; lr/sc %u (expect %u), amoadd %u (expect %u), "
	       "own words complete %u (expect %u)\n", n, block.lrsc, n * ITERS, block.amo,
	       n * ITERS, own, n);
	return block.lrsc == n * ITERS && block.amo == n * ITERS && own == n ? 0 : 1;
}
