/* SPDX-License-Identifier: MIT */
/*
 * Limits and defaults of the simulated machine, one per line, each with its
 * unit. Anything a user may change is a configuration key (sys/config.c); the
 * numbers here are its defaults and hard bounds.
 */
#ifndef OSPREY_PARAM_H
#define OSPREY_PARAM_H

#define MAX_HARTS		16		/* harts: the CLI accepts 1..MAX_HARTS */
#define DEFAULT_HARTS		4		/* harts */

#define RAM_BASE		0x80000000u	/* physical address of RAM */
#define DEFAULT_RAM_SIZE	(128u << 20)	/* bytes */
#define MIN_RAM_SIZE		(4u << 10)	/* bytes: one page */
#define MAX_RAM_SIZE		(2048u << 20)	/* bytes: RAM must fit below 4 GiB */

#define FINISHER_BASE		0x00100000u	/* SiFive test finisher */
#define FINISHER_SIZE		0x1000u		/* bytes */
#define CLINT_BASE		0x02000000u	/* core-local interruptor */
#define CLINT_SIZE		0x10000u	/* bytes */
#define PLIC_BASE		0x0c000000u	/* platform-level interrupt controller */
#define PLIC_SIZE		0x4000000u	/* bytes */
#define UART_BASE		0x10000000u	/* ns16550a */
#define UART_SIZE		0x100u		/* bytes */
#define UART_IRQ		10		/* PLIC source of the UART, as on QEMU virt */
#define PLIC_SOURCES		32		/* interrupt sources, source 0 unused */

#define DISK_BASE		0x86000000u	/* where --disk places its image (in RAM) */
#define DISK_MAX		(32u << 20)	/* bytes: the image ends by RAM_BASE + 128 MiB */

#define DEFAULT_CORE_HZ		100000000u	/* core clock, Hz */
#define DEFAULT_TIMEBASE_HZ	10000000u	/* mtime frequency, Hz (QEMU virt's) */
/*
 * Functional mode's harts take turns of up to this many cycles (sys.quantum);
 * 1 is one instruction per hart in turn. The default is what `make
 * measure-quantum` chose: the 4-hart compute loop within a few percent of
 * one hart's speed from here on (each change of hart costs the host a few
 * hundred cycles), while the kernel workloads' cycles stay within the spread that
 * any change of interleaving gives (from 4096 on they grow, the harts'
 * hand-offs waiting a turn). A turn never crosses a console poll (every
 * 65536 cycles), so larger values would change nothing.
 */
#define DEFAULT_QUANTUM		1024
#define MAX_QUANTUM		65536
#define MAX_CLOCK_RATIO		16		/* machine cycles per core cycle of the slowest core
						 * core.speeds allows */
#define DEFAULT_WATCHDOG	10000000u	/* core cycles without a retired instruction */

#define PAGE_SIZE		4096u		/* bytes */
#define LR_HOLD_INSNS		16		/* instructions after an LR that its line is held
						 * (the A extension's constrained loop: 16) */
#define MAX_TIMING_HOST_BYTES	(4ull << 30)	/* host bytes the timing model may take */
#define PMP_ENTRIES		16		/* PMP address registers, as on QEMU virt */
#define DEFAULT_TLB_ENTRIES	32		/* entries in each of the I-TLB and D-TLB */
#define DEFAULT_TLB_WAYS	32		/* ways: fully associative by default */
/*
 * Decoded instructions cached per hart (2 MiB at 32 bytes each): on the
 * kernel workloads 4096 entries hit 96-97% of lookups, 16384 98.9-99.4%,
 * 65536 99.9% (make bench, callgrind: 3.7% fewer host instructions than 4096).
 */
#define DECODE_CACHE_ENTRIES	65536
#define FAST_PAGES		256		/* host-pointer page entries per hart */
#define FETCH_PAGES		64		/* host-pointer code page entries per hart */

#define CONFIG_FILE_MAX		(1u << 20)	/* bytes: the largest --config file read */

#endif
