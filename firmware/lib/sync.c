// SPDX-License-Identifier: MIT
/* sync.c - spinlock, barrier and the start-up join. */
#include "csr.h"
#include "platform.h"
#include "sync.h"

void spin_lock(struct spinlock *l)
{
	for (;;) {
		uint32_t old;

		asm volatile("amoswap.w.aq %0, %2, (%1)"
			     : "=r"(old) : "r"(&l->locked), "r"(1) : "memory");
		if (!old)
			return;
		while (l->locked)	/* spin on a plain load, not on the AMO */
			;
	}
}

void spin_unlock(struct spinlock *l)
{
	asm volatile("amoswap.w.rl zero, zero, (%0)" : : "r"(&l->locked) : "memory");
}

void barrier_wait(struct barrier *b, uint32_t nharts)
{
	/* read the generation before arriving: it cannot move until we do */
	uint32_t gen = b->gen;

	fence();
	if (amoadd_w(&b->count, 1) == nharts - 1) {
		b->count = 0;
		fence();	/* the reset count is visible before the release */
		b->gen = gen + 1;
	} else {
		while (b->gen == gen)
			;
	}
	fence();
}

/* Bit i set once hart i called harts_join(). Guarded by: AMO only. */
static volatile uint32_t join_mask;
/* The published hart count plus one; 0 until hart 0 decides. */
static volatile uint32_t join_result;

uint32_t harts_join(uint32_t hartid, uint32_t want)
{
	uint32_t n;

	amoor_w(&join_mask, 1u << hartid);
	if (hartid == 0) {
		n = want < fw_nharts ? want : fw_nharts;

		uint32_t all = (1u << n) - 1;

		while ((join_mask & all) != all)
			;
		fence();
		join_result = n + 1;
	} else {
		while (!join_result)
			;
		fence();
		n = join_result - 1;
	}
	return hartid < n ? n : 0;
}

void park(void)
{
	csr_clear(mstatus, MSTATUS_MIE);
	csr_write(mie, 0);
	for (;;)
		wfi();
}
