/* SPDX-License-Identifier: MIT */
/* sync.h - spinlock, barrier and hart start-up coordination. */
#ifndef FW_SYNC_H
#define FW_SYNC_H

#include <stdint.h>

/* Test-and-test-and-set lock on amoswap.w.aq / amoswap.w.rl. */
struct spinlock {
	volatile uint32_t locked;	/* 1 while held */
};

void spin_lock(struct spinlock *l);
void spin_unlock(struct spinlock *l);

/* Reusable barrier for a fixed number of harts; zero-initialised is ready. */
struct barrier {
	volatile uint32_t count;	/* harts arrived in this generation */
	volatile uint32_t gen;		/* bumped by the last arrival to release */
};

void barrier_wait(struct barrier *b, uint32_t nharts);

/* Harts present, counted by crt0.S at boot (at most FW_MAX_HARTS). */
extern volatile uint32_t fw_nharts;

/*
 * Every hart calls this once, early, with the same want.  Hart 0 takes
 * n = min(want, fw_nharts), waits until harts 0..n-1 have all called it and
 * publishes n.  Returns n to harts below n and 0 to the others, which should
 * park().  No timeouts: the result depends only on the hart count, never on
 * timing.
 */
uint32_t harts_join(uint32_t hartid, uint32_t want);

/* Stops this hart for good (wfi loop with interrupts masked). */
void park(void) __attribute__((noreturn));

/* Atomic helpers, named after the instructions they issue. */
static inline uint32_t amoadd_w(volatile uint32_t *p, uint32_t v)
{
	uint32_t old;

	asm volatile("amoadd.w.aqrl %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory");
	return old;
}

static inline uint32_t amoswap_w(volatile uint32_t *p, uint32_t v)
{
	uint32_t old;

	asm volatile("amoswap.w.aqrl %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory");
	return old;
}

static inline uint32_t amoor_w(volatile uint32_t *p, uint32_t v)
{
	uint32_t old;

	asm volatile("amoor.w.aqrl %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory");
	return old;
}

/* Reserves the word at @p (lr.w) and returns it. */
static inline uint32_t lr_w(volatile uint32_t *p)
{
	uint32_t v;

	asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
	return v;
}

/* Stores @v at @p if this hart still holds its reservation (sc.w): 0 when it did. */
static inline uint32_t sc_w(volatile uint32_t *p, uint32_t v)
{
	uint32_t failed;

	asm volatile("sc.w %0, %2, (%1)" : "=r"(failed) : "r"(p), "r"(v) : "memory");
	return failed;
}

#endif /* FW_SYNC_H */
