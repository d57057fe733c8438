/* SPDX-License-Identifier: MIT */
/* sleeplock.h - a lock whose waiters sleep; may be held across sleeps. */
#ifndef KERNEL_SLEEPLOCK_H
#define KERNEL_SLEEPLOCK_H

#include "spinlock.h"

struct sleeplock {
	struct spinlock lk;	/* guards the two fields below */
	int locked;		/* lk: 1 while held */
	int pid;		/* lk: holder, for holdingsleep() */
	int waiters;		/* lk: processes sleeping in acquiresleep() */
	const char *name;
};

#endif
