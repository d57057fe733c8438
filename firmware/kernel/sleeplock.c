// SPDX-License-Identifier: MIT
/* sleeplock.c - long-held locks (inodes, buffers): waiters sleep. */
#include "defs.h"
#include "proc.h"
#include "sleeplock.h"

void initsleeplock(struct sleeplock *lk, const char *name)
{
	initlock(&lk->lk, "sleeplock");
	lk->name = name;
	lk->locked = 0;
	lk->pid = 0;
	lk->waiters = 0;
}

void acquiresleep(struct sleeplock *lk)
{
	acquire(&lk->lk);
	while (lk->locked) {
		lk->waiters++;
		sleep(lk, &lk->lk);
		lk->waiters--;
	}
	lk->locked = 1;
	lk->pid = myproc()->pid;
	release(&lk->lk);
}

void releasesleep(struct sleeplock *lk)
{
	acquire(&lk->lk);
	lk->locked = 0;
	lk->pid = 0;
	if (lk->waiters)
		wakeup(lk);
	release(&lk->lk);
}

int holdingsleep(struct sleeplock *lk)
{
	int r;

	acquire(&lk->lk);
	r = lk->locked && lk->pid == myproc()->pid;
	release(&lk->lk);
	return r;
}
