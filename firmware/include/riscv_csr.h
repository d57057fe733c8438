/* SPDX-License-Identifier: MIT */
/*
 * riscv_csr.h - the privileged architecture's CSR bit layouts and cause
 * codes, and the CSR access macros, for every guest program: the bare-metal
 * runtime (firmware/lib), the M-mode layer and the kernel. Plain #defines,
 * because assembly files include this header too.
 */
#ifndef OSPREY_RISCV_CSR_H
#define OSPREY_RISCV_CSR_H

/* mstatus / sstatus fields */
#define MSTATUS_SIE	(1u << 1)
#define MSTATUS_MIE	(1u << 3)
#define MSTATUS_SPIE	(1u << 5)
#define MSTATUS_MPIE	(1u << 7)
#define MSTATUS_SPP	(1u << 8)
#define MSTATUS_MPP	(3u << 11)
#define MSTATUS_MPP_S	(1u << 11)	/* MPP = S */
#define MSTATUS_MPRV	(1u << 17)
#define MSTATUS_SUM	(1u << 18)
#define MSTATUS_MXR	(1u << 19)
#define MSTATUS_TVM	(1u << 20)
#define MSTATUS_TW	(1u << 21)
#define MSTATUS_TSR	(1u << 22)
/* sstatus is a view of mstatus: its fields have the same positions */
#define SSTATUS_SIE	MSTATUS_SIE
#define SSTATUS_SPIE	MSTATUS_SPIE
#define SSTATUS_SPP	MSTATUS_SPP
#define SSTATUS_SUM	MSTATUS_SUM

/* privilege levels, as in mstatus.MPP */
#define PRV_U		0
#define PRV_S		1
#define PRV_M		3

/* interrupt numbers: bits of mip/mie (sip/sie), and mcause/scause codes with CAUSE_IRQ */
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
#define MIP_MEIP	(1u << IRQ_M_EXT)
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
#endif /* __ASSEMBLER__ */

#endif /* OSPREY_RISCV_CSR_H */
