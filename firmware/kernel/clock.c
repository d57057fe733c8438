// SPDX-License-Identifier: MIT
/*
 * clock.c - timekeeping.  Every hart takes a timer interrupt HZ times a
 * second (for preemption and load balancing); hart 0 is the timekeeper and
 * alone advances jiffies, waking sleepers.
 */
#include "defs.h"
#include "kdata.h"
#include "memlayout.h"
#include "proc.h"

#define TICK_MTIME (TIMEBASE_HZ / HZ)	/* mtime ticks per jiffy */

volatile uint32_t jiffies __kopt_hot;	/* tickslock for writers; read without it */
struct spinlock tickslock __kopt_line;

uint64_t mtime(void)
{
	volatile uint32_t *m = (volatile uint32_t *)CLINT_MTIME;
	uint32_t hi, lo;

	do {
		hi = m[1];
		lo = m[0];
	} while (hi != m[1]);
	return ((uint64_t)hi << 32) | lo;
}

void delay_us(uint32_t us)
{
	uint64_t end = mtime() + (uint64_t)us * (TIMEBASE_HZ / 1000000);

	while (mtime() < end)
		;
}

void clock_init_hart(void)
{
	struct cpu *c = mycpu();

	c->next_timer = mtime() + TICK_MTIME;
	sbi_set_timer(c->next_timer);
}

void clock_intr(void)
{
	struct cpu *c = mycpu();
	uint64_t now = mtime();

	c->stats.ticks++;
	c->next_timer += TICK_MTIME;
	if (c->next_timer <= now)	/* fell behind (e.g. a long wfi skip): no burst */
		c->next_timer = now + TICK_MTIME;
	sbi_set_timer(c->next_timer);
	if (c->id == 0) {
		acquire(&tickslock);
		jiffies++;
		wakeup((void *)&jiffies);
		release(&tickslock);
	}
	sched_tick();
}
