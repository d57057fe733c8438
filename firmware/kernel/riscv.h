/* SPDX-License-Identifier: MIT */
/* riscv.h - Sv32 page tables, interrupt enables and small hart helpers. */
#ifndef KERNEL_RISCV_H
#define KERNEL_RISCV_H

#include <stdint.h>
#include "riscv_csr.h"

#define PGSIZE		4096u
#define PGSHIFT		12
#define MEGAPAGE	(1u << 22)
#define PGROUNDUP(a)	(((a) + PGSIZE - 1) & ~(PGSIZE - 1))
#define PGROUNDDOWN(a)	((a) & ~(PGSIZE - 1))

#define PTE_V		(1u << 0)
#define PTE_R		(1u << 1)
#define PTE_W		(1u << 2)
#define PTE_X		(1u << 3)
#define PTE_U		(1u << 4)
#define PTE_G		(1u << 5)
#define PTE_A		(1u << 6)
#define PTE_D		(1u << 7)
#define PTE_GUARD	(1u << 8)	/* RSW[0], osprey: guarded sequential prefetching */
#define PTE_UPDATE	(1u << 9)	/* RSW[1], osprey: selective-update coherence */

#define PA2PTE(pa)	(((uint32_t)(pa) >> 12) << 10)
#define PTE2PA(pte)	(((uint32_t)(pte) >> 10) << 12)
#define PTE_FLAGS(pte)	((pte) & 0x3ff)
#define VPN1(va)	(((uint32_t)(va) >> 22) & 0x3ff)
#define VPN0(va)	(((uint32_t)(va) >> 12) & 0x3ff)

typedef uint32_t pte_t;
typedef pte_t *pagetable_t;	/* 1024 PTEs, one page */

static inline void intr_on(void)
{
	csr_set(sstatus, SSTATUS_SIE);
}

static inline void intr_off(void)
{
	csr_clear(sstatus, SSTATUS_SIE);
}

static inline int intr_get(void)
{
	return (csr_read(sstatus) & SSTATUS_SIE) != 0;
}

static inline void sfence_vma(void)
{
	asm volatile("sfence.vma zero, zero" ::: "memory");
}

static inline uint32_t r_fp(void)
{
	uint32_t fp;
	asm volatile("mv %0, s0" : "=r"(fp));
	return fp;
}

#endif
