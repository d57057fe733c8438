/* SPDX-License-Identifier: MIT */
/*
 * csr.h - CSR access macros and the machine/supervisor bit layouts that
 * bare-metal programs need.  Plain #defines (not enums) because crt0.S and
 * trap.S include this header too.
 */
#ifndef FW_CSR_H
#define FW_CSR_H

/* mstatus / sstatus fields */
#define MSTATUS_SIE	(1u << 1)
#define MSTATUS_MIE	(1u << 3)
#define MSTATUS_SPIE	(1u << 5)
#define MSTATUS_MPIE	(1u << 7)
#define MSTATUS_SPP	(1u << 8)
#define MSTATUS_MPP	(3u << 11)
#define MSTATUS_MPRV	(1u << 17)
#define MSTATUS_SUM	(1u << 18)
#define MSTATUS_MXR	(1u << 19)
#define MSTATUS_TVM	(1u << 20)
#define MSTATUS_TW	(1u << 21)
#define MSTATUS_TSR	(1u << 22)

/* privilege levels, as in mstatus.MPP */
#define PRV_U		0
#define PRV_S		1
#define PRV_M		3

/* interrupt numbers (bits of mip/mie, mcause with the top bit set) */
#define IRQ_S_SOFT	1
#define IRQ_M_SOFT	3
#define IRQ_S_TIMER	5
#define IRQ_M_TIMER	7
#define IRQ_S_EXT	9
#define IRQ_M_EXT	11
#define MIP_SSIP	(1u << IRQ_S_SOFT)
#define MIP_MSIP	(1u << IRQ_M_SOFT)
#define MIP_STIP	(1u << IRQ_S_TIMER)
#define MIP_MTIP	(1u << IRQ_M_TIMER)
#define MCAUSE_IRQ	0x80000000u

/* exception causes */
#define CAUSE_FETCH_MISALIGNED	0
#define CAUSE_FETCH_ACCESS	1
#define CAUSE_ILLEGAL		2
#define CAUSE_BREAKPOINT	3
#define CAUSE_LOAD_MISALIGNED	4
#define CAUSE_LOAD_ACCESS	5
#define CAUSE_STORE_MISALIGNED	6
#define CAUSE_STORE_ACCESS	7
#define CAUSE_ECALL_U		8
#define CAUSE_ECALL_S		9
#define CAUSE_ECALL_M		11
#define CAUSE_FETCH_PAGE	12
#define CAUSE_LOAD_PAGE		13
#define CAUSE_STORE_PAGE	15

/* satp (Sv32) */
#define SATP_MODE_SV32	0x80000000u

#ifndef __ASSEMBLER__
#include <stdint.h>

#define csr_read(csr)                                                   \
	({                                                              \
		uint32_t __v;                                           \
		asm volatile("csrr %0, " #csr : "=r"(__v) : : "memory"); \
		__v;                                                    \
	})
#define csr_write(csr, val) \
	asm volatile("csrw " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#define csr_set(csr, val) \
	asm volatile("csrs " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#define csr_clear(csr, val) \
	asm volatile("csrc " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#define csr_swap(csr, val)                                                \
	({                                                                \
		uint32_t __v = (uint32_t)(val);                           \
		asm volatile("csrrw %0, " #csr ", %0" : "+r"(__v) : : "memory"); \
		__v;                                                      \
	})

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
