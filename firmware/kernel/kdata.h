/* SPDX-License-Identifier: MIT */
/*
 * kdata.h - data-layout hooks: cache-line alignment, the shared-hot
 * section and Zicbop prefetch hints.
 */
#ifndef KERNEL_KDATA_H
#define KERNEL_KDATA_H

#define CACHE_LINE	64	/* bytes; the alignment unit for per-CPU and contended data */

/* Give a variable or struct its own cache line(s) to avoid false sharing. */
#define __cacheline_aligned __attribute__((aligned(CACHE_LINE)))

/*
 * The small core of heavily shared kernel variables is gathered in this
 * page-aligned section (kernel.ld), which vm.c maps with PTE bit 9 so that
 * the hardware may keep it coherent by update instead of invalidation
 * (osprey's coh.selective_update). Only the optimized data placement
 * (KOPT_PRIV) puts anything there.
 */
#define __shared_hot __attribute__((section(".data.shared_hot")))

/*
 * The kernel's data placement, chosen at build time (make kernel
 * KERNEL_OPT=priv defines KOPT_PRIV): the original placement, where the
 * linker packs variables as they come, or privatization and relocation:
 *   __kopt_line  the variable (or member) starts a cache line of its own,
 *                so that data written by one hart does not share a line
 *                with data others write (per-hart counters, locks and
 *                what they guard, read-mostly tables);
 *   __kopt_hot   the same, in the shared-hot page: the tick counter, the
 *                per-hart run queues and their load hints.
 * Both are empty in the original build: the same source gives both.
 */
#ifdef KOPT_PRIV
#define __kopt_line __cacheline_aligned
#define __kopt_hot __shared_hot __cacheline_aligned
#else
#define __kopt_line
#define __kopt_hot
#endif

/*
 * Zicbop prefetch hints: `ori x0, rs1, imm` with imm[4:0] = 1 (prefetch.r)
 * or 3 (prefetch.w); imm[11:5] is an offset in multiples of 32 bytes, left 0
 * here.  A no-op on harts without Zicbop (QEMU).
 */
#define prefetch_r(addr) asm volatile("ori x0, %0, 1" : : "r"(addr))
#define prefetch_w(addr) asm volatile("ori x0, %0, 3" : : "r"(addr))

#endif
