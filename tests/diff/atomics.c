// SPDX-License-Identifier: MIT
/*
 * atomics.c - A extension on 4 harts: an amoadd counter, an amoswap spinlock,
 * an LR/SC lock and an LR/SC increment loop, plus single-hart AMO and SC
 * corner cases.  Only totals are printed, after all harts join, so the
 * output does not depend on the interleaving.
 */
#include "fw.h"

#define NHARTS	4	/* harts the test needs; it fails with fewer */
#define ITERS	2000	/* increments per hart in each phase */

static volatile uint32_t amo_counter;		/* amoadd.w only */
static volatile uint32_t swap_lock;		/* amoswap lock word */
static volatile uint32_t swap_counter;		/* guarded by swap_lock */
static volatile uint32_t lrsc_lock;		/* LR/SC lock word */
static volatile uint32_t lrsc_counter;		/* guarded by lrsc_lock */
static volatile uint32_t lrsc_inc;		/* LR/SC increment loop only */
static volatile uint32_t sc_failures;		/* failed SCs over all harts (not printed) */
static volatile uint32_t max_val, min_val = 0xffffffff, or_val, xor_val;
static struct barrier bar;

static void swap_acquire(volatile uint32_t *l)
{
	uint32_t old;

	do {
		asm volatile("amoswap.w.aq %0, %2, (%1)" : "=r"(old) : "r"(l), "r"(1) : "memory");
	} while (old);
}

static void swap_release(volatile uint32_t *l)
{
	asm volatile("amoswap.w.rl zero, zero, (%0)" : : "r"(l) : "memory");
}

/* Takes the lock with an LR/SC pair; counts failed SCs. */
static void lrsc_acquire(volatile uint32_t *l)
{
	uint32_t old, fail;

	for (;;) {
		asm volatile("lr.w.aq %0, (%1)" : "=r"(old) : "r"(l) : "memory");
		if (old)
			continue;
		asm volatile("sc.w %0, %2, (%1)" : "=r"(fail) : "r"(l), "r"(1) : "memory");
		if (!fail)
			return;
		amoadd_w(&sc_failures, 1);
	}
}

static void lrsc_release(volatile uint32_t *l)
{
	asm volatile("fence rw, w\n\tsw zero, 0(%0)" : : "r"(l) : "memory");
}

static void lrsc_increment(volatile uint32_t *p)
{
	uint32_t v, fail;

	do {
		asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
		v++;
		asm volatile("sc.w %0, %2, (%1)" : "=r"(fail) : "r"(p), "r"(v) : "memory");
	} while (fail);
}

static void parallel(uint32_t h)
{
	for (int i = 0; i < ITERS; i++)
		amoadd_w(&amo_counter, 1);

	for (int i = 0; i < ITERS; i++) {
		swap_acquire(&swap_lock);
		swap_counter = swap_counter + 1;	/* plain load and store */
		swap_release(&swap_lock);
	}

	for (int i = 0; i < ITERS; i++) {
		lrsc_acquire(&lrsc_lock);
		lrsc_counter = lrsc_counter + 1;
		lrsc_release(&lrsc_lock);
	}

	for (int i = 0; i < ITERS; i++)
		lrsc_increment(&lrsc_inc);

	/* order-independent combinations of per-hart values */
	uint32_t v = 0x1000 * (h + 1) + 7 * h;

	asm volatile("amomaxu.w zero, %1, (%0)" : : "r"(&max_val), "r"(v) : "memory");
	asm volatile("amominu.w zero, %1, (%0)" : : "r"(&min_val), "r"(v) : "memory");
	asm volatile("amoor.w zero, %1, (%0)" : : "r"(&or_val), "r"(1u << (h * 3)) : "memory");
	asm volatile("amoxor.w zero, %1, (%0)" : : "r"(&xor_val), "r"(v * 2654435761u) : "memory");
}

/* AMO semantics on one hart: each returns the old value and stores op(old, v). */
#define AMO(op, init, v)                                                                 \
	do {                                                                             \
		volatile uint32_t m = (init);                                            \
		uint32_t old;                                                            \
		asm volatile(#op " %0, %2, (%1)" : "=r"(old) : "r"(&m), "r"(v) : "memory"); \
		printf("%-10s %08x, %08x -> old %08x new %08x\n", #op, (uint32_t)(init),   \
		       (uint32_t)(v), old, m);                                           \
	} while (0)

static void single(void)
{
	AMO(amoadd.w, 0x7fffffff, 1);
	AMO(amoswap.w, 0x12345678, 0x9abcdef0);
	AMO(amoand.w, 0xff00ff00, 0x0ff00ff0);
	AMO(amoor.w, 0xff00ff00, 0x0ff00ff0);
	AMO(amoxor.w, 0xff00ff00, 0x0ff00ff0);
	AMO(amomin.w, 0xfffffffe, 1);
	AMO(amomax.w, 0xfffffffe, 1);
	AMO(amominu.w, 0xfffffffe, 1);
	AMO(amomaxu.w, 0xfffffffe, 1);
	AMO(amomin.w, 0x80000000, 0x7fffffff);
	AMO(amomax.w, 0x80000000, 0x7fffffff);

	/* SC results: success 0, failure nonzero (printed as ok/fail) */
	volatile uint32_t a = 5, b = 9;
	uint32_t v, r1, r2, r3;

	asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(&a) : "memory");
	asm volatile("sc.w %0, %2, (%1)" : "=r"(r1) : "r"(&a), "r"(v + 1) : "memory");
	/* the reservation is gone after an SC, successful or not */
	asm volatile("sc.w %0, %2, (%1)" : "=r"(r2) : "r"(&a), "r"(100) : "memory");
	/* an SC to an address other than the LR's must fail */
	asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(&a) : "memory");
	asm volatile("sc.w %0, %2, (%1)" : "=r"(r3) : "r"(&b), "r"(200) : "memory");
	printf("lr/sc: first sc %s, second sc %s, other-address sc %s; a %u b %u\n",
	       r1 ? "fail" : "ok", r2 ? "fail" : "ok", r3 ? "fail" : "ok", a, b);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, NHARTS);

	if (!n)
		return 0;
	if (n != NHARTS) {
		printf("atomics: only %u harts arrived\n", n);
		return 1;
	}
	if (h == 0)
		single();
	barrier_wait(&bar, n);
	parallel(h);
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;

	printf("amoadd counter:     %u (expect %u)\n", amo_counter, NHARTS * ITERS);
	printf("amoswap lock count: %u (expect %u)\n", swap_counter, NHARTS * ITERS);
	printf("lr/sc lock count:   %u (expect %u)\n", lrsc_counter, NHARTS * ITERS);
	printf("lr/sc increments:   %u (expect %u)\n", lrsc_inc, NHARTS * ITERS);
	printf("amomaxu %08x amominu %08x amoor %08x amoxor %08x\n", max_val, min_val, or_val,
	       xor_val);
	if (amo_counter != NHARTS * ITERS || swap_counter != NHARTS * ITERS ||
	    lrsc_counter != NHARTS * ITERS || lrsc_inc != NHARTS * ITERS)
		return 1;
	printf("atomics: pass\n");
	return 0;
}
