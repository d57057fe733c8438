/* SPDX-License-Identifier: MIT */
/*
 * csr.h - CSR accessors and the privileged-architecture bit layouts used by
 * the M-mode layer and the kernel.  Plain #defines because assembly files
 * include this header too.
 */
#ifndef OSPREY_CSR_H
#define OSPREY_CSR_H

/* mstatus / sstatus fields */
#define SSTATUS_SIE	(1u << 1)
#define MSTATUS_MIE	(1u << 3)
#define SSTATUS_SPIE	(1u << 5)
#define MSTATUS_MPIE	(1u << 7)
#define SSTATUS_SPP	(1u << 8)
#define MSTATUS_MPP	(3u << 11)
#define MSTATUS_MPP_S	(1u << 11)
#define SSTATUS_SUM	(1u << 18)

/* interrupt numbers: bits of mip/mie/sip/sie, and scause/mcause codes */
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
#define MIP_SEIP	(1u << IRQ_S_EXT)
#define CAUSE_IRQ	0x80000000u

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
#define CAUSE_FETCH_PAGE	12
#define CAUSE_LOAD_PAGE		13
#define CAUSE_STORE_PAGE	15

/* satp (Sv32) */
#define SATP_SV32	0x80000000u

#ifndef __ASSEMBLER__
#include <stdint.h>

#define csr_read(csr)                                                    \
	({                                                               \
		uint32_t __v;                                            \
		asm volatile("csrr %0, " #csr : "=r"(__v) : : "memory"); \
		__v;                                                     \
	})
#define csr_write(csr, val) \
	asm volatile("csrw " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#define csr_set(csr, val) \
	asm volatile("csrs " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#define csr_clear(csr, val) \
	asm volatile("csrc " #csr ", %0" : : "rK"((uint32_t)(val)) : "memory")
#endif

#endif /* OSPREY_CSR_H */
