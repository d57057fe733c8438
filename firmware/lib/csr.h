/* SPDX-License-Identifier: MIT */
/*
 * csr.h - the CSR layouts and accessors (riscv_csr.h) and the small hart
 * helpers that bare-metal programs use. crt0.S and trap.S include it too.
 */
#ifndef FW_CSR_H
#define FW_CSR_H

#include "riscv_csr.h"

#ifndef __ASSEMBLER__
static inline uint32_t hart_id(void)
{
	return csr_read(mhartid);
}

static inline void wfi(void)
{
	asm volatile("wfi" : : : "memory");
}

/*
 * Waiting for an interrupt without losing it: the caller keeps the global
 * enable (mstatus.MIE, sstatus.SIE) clear while it tests its condition, so
 * the interrupt cannot be taken between the test and the wfi and leave the
 * hart asleep. wfi wakes for a pending interrupt whatever the global
 * enable; opening the enable for one instruction then takes it.
 *	while (!cond) wfi_take_m();
 */
static inline void wfi_take_m(void)
{
	wfi();
	csr_set(mstatus, MSTATUS_MIE);
	csr_clear(mstatus, MSTATUS_MIE);
}

static inline void wfi_take_s(void)
{
	wfi();
	csr_set(sstatus, MSTATUS_SIE);
	csr_clear(sstatus, MSTATUS_SIE);
}

static inline void fence(void)
{
	asm volatile("fence rw, rw" : : : "memory");
}

static inline void sfence_vma(void)
{
	asm volatile("sfence.vma zero, zero" : : : "memory");
}

/* Open all of memory to S and U mode: QEMU enforces PMP, osprey does not. */
static inline void pmp_allow_all(void)
{
	csr_write(pmpaddr0, 0xffffffffu);
	csr_write(pmpcfg0, 0x1f);	/* NAPOT, R W X */
}
#endif /* __ASSEMBLER__ */

#endif /* FW_CSR_H */
