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
 * The small core of heavily shared kernel variables can be gathered in this
 * page-aligned section (kernel.ld), so that hardware policy (e.g. update
 * coherence via PTE bit 9) can be applied to exactly those pages.  Nothing
 * is moved there yet: hot variables stay where they are for now.
 */
#define __shared_hot __attribute__((section(".data.shared_hot")))

/*
 * Zicbop prefetch hints: `ori x0, rs1, imm` with imm[4:0] = 1 (prefetch.r)
 * or 3 (prefetch.w); imm[11:5] is an offset in multiples of 32 bytes, left 0
 * here.  A no-op on harts without Zicbop (QEMU).
 */
#define prefetch_r(addr) asm volatile("ori x0, %0, 1" : : "r"(addr))
#define prefetch_w(addr) asm volatile("ori x0, %0, 3" : : "r"(addr))

#endif
