// SPDX-License-Identifier: MIT
/*
 * spinlock.c - test-and-test-and-set locks on amoswap.  Holding a spinlock
 * keeps interrupts off on the holding hart (push_off), so an interrupt
 * handler never spins on a lock its own hart holds.
 */
#include "defs.h"
#include "proc.h"
#include "spinlock.h"

void initlock(struct spinlock *lk, const char *name)
{
	lk->locked = 0;
	lk->name = name;
	lk->cpu = NULL;
}

void acquire(struct spinlock *lk)
{
	push_off();
	if (holding(lk))
		panic("acquire: %s already held", lk->name);
	for (;;) {
		/* amoswap.w.aq: later loads and stores stay inside the section */
		if (!__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE))
			break;
		while (__atomic_load_n(&lk->locked, __ATOMIC_RELAXED))
			;
	}
	lk->cpu = mycpu();
}

void release(struct spinlock *lk)
{
	if (!holding(lk))
		panic("release: %s not held", lk->name);
	lk->cpu = NULL;
	/* amoswap.w.rl: earlier stores are visible before the lock is free */
	__atomic_store_n(&lk->locked, 0, __ATOMIC_RELEASE);
	pop_off();
}

/* Whether this hart holds lk; call with interrupts off. */
int holding(struct spinlock *lk)
{
	return lk->locked && lk->cpu == mycpu();
}

/* Nestable interrupt disable: pop_off() restores what the first push_off() saw. */
void push_off(void)
{
	int old = intr_get();

	intr_off();
	if (mycpu()->noff == 0)
		mycpu()->intena = old;
	mycpu()->noff++;
}

void pop_off(void)
{
	struct cpu *c = mycpu();

	if (intr_get())
		panic("pop_off: interrupts enabled");
	if (c->noff < 1)
		panic("pop_off: unbalanced");
	c->noff--;
	if (c->noff == 0 && c->intena)
		intr_on();
}
