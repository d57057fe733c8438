/* SPDX-License-Identifier: MIT */
/* spinlock.h - mutual exclusion between harts; interrupts stay off while held. */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <stdint.h>

struct spinlock {
	uint32_t locked;	/* 1 while held; changed only by AMOs */
	const char *name;	/* for panics */
	struct cpu *cpu;	/* the holder, valid while locked */
};

#endif
