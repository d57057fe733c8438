/* SPDX-License-Identifier: MIT */
/* param.h - the kernel's limits and tunables, one per line. */
#ifndef KERNEL_PARAM_H
#define KERNEL_PARAM_H

#define NCPU		16		/* harts the kernel can run on */
#define NPROC		64		/* process slots */
#define NFILE		128		/* open files, system-wide */
#define NINODE		64		/* in-memory inodes */
#define NBUF		64		/* buffer cache blocks */
#define KSTACK_SIZE	8192		/* bytes of kernel stack per process */
#define CPU_STACK_SIZE	8192		/* bytes of boot/scheduler stack per hart */
#define PIPESIZE	1024		/* bytes buffered in a pipe */
#define CONS_BUF	256		/* bytes of console input line buffer */
#define HZ		100		/* timer ticks (jiffies) per second */
#define TIMEBASE_HZ	10000000	/* mtime ticks per second */
#define BALANCE_TICKS	5		/* ticks between periodic load-balancing passes */
#define SPEED_FULL	1024		/* a hart's speed at the machine clock (clock ratio 1);
					 * a hart at ratio r has SPEED_FULL / r */
#define BOOT_SETTLE_US	5000		/* microseconds without a new hart before hart 0 goes on */
#define BOOT_WAIT_US	200000		/* microseconds hart 0 waits for the others at most */
#define PHYSTOP		0x86000000u	/* end of allocatable RAM: the disk window follows */
#define DISK_BASE	0x86000000u	/* physical address of the RAM disk image */
#define DISK_MAX	(32u << 20)	/* bytes in the disk window */
#define RAM_END		0x88000000u	/* end of RAM (128 MiB, QEMU -m 128M and osprey default) */
#define MAXOPEN_DEPTH	32		/* path components walked for getcwd */
#define DMA_MIN_BYTES	2048		/* bytes: smaller blocks stay on the CPU (blk.c; measured, README) */

#endif
