/* SPDX-License-Identifier: MIT */
/*
 * platform.h - addresses of the QEMU-virt-compatible devices and the limits
 * of this runtime, one per line (xv6 param.h style).  Shared with the
 * assembly start-up code, hence #defines.
 */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#define FINISHER_BASE	0x00100000	/* SiFive test finisher */
#define CLINT_BASE	0x02000000	/* msip, mtimecmp, mtime */
#define PLIC_BASE	0x0c000000	/* platform-level interrupt controller */
#define UART_BASE	0x10000000	/* ns16550a */
#define RAM_BASE	0x80000000	/* start of RAM */
#define RAM_SIZE	0x08000000	/* bytes (128 MiB) */

#define CLINT_TIMEBASE_HZ 10000000	/* mtime ticks per second */

#define FW_MAX_HARTS	16		/* harts with a stack; others park at once */
#define FW_STACK_SHIFT	14		/* log2 of each hart's stack (16 KiB) */
#define FW_TSTACK_SHIFT	12		/* log2 of each hart's trap stack, per mode (4 KiB) */

#endif /* FW_PLATFORM_H */
