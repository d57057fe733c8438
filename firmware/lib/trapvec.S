/* SPDX-License-Identifier: MIT */
/* trapvec.S - M and S trap entry; mode_run / smode_run and their returns.  See trap.h. */
#include "csr.h"
#include "gpr_frame.h"

#define FRAME_SIZE	(36 * 4)	/* struct trap_frame, a multiple of 16 */
#define F_EPC		(32 * 4)
#define F_CAUSE		(33 * 4)
#define F_TVAL		(34 * 4)
#define F_STATUS	(35 * 4)

/* One entry per mode; p is m or s. */
.macro TRAP_ENTRY p, ret
	.section .text
	.balign 4
	.globl \p\()trap_entry
\p\()trap_entry:
	csrrw sp, \p\()scratch, sp	/* sp = trap stack top, scratch = old sp */
	addi sp, sp, -FRAME_SIZE
	SAVE_REGS
	csrr t0, \p\()scratch
	sw t0, 2*4(sp)
	csrr t0, \p\()epc
	sw t0, F_EPC(sp)
	csrr t0, \p\()cause
	sw t0, F_CAUSE(sp)
	csrr t0, \p\()tval
	sw t0, F_TVAL(sp)
	csrr t0, \p\()status
	sw t0, F_STATUS(sp)
	mv a0, sp
	call \p\()trap_dispatch
	lw t0, F_EPC(sp)
	csrw \p\()epc, t0
	lw t0, F_STATUS(sp)
	csrw \p\()status, t0
	addi t0, sp, FRAME_SIZE		/* the trap stack top again */
	csrw \p\()scratch, t0
	RESTORE_REGS
	lw sp, 2*4(sp)
	\ret
.endm

	TRAP_ENTRY m, mret
	TRAP_ENTRY s, sret

/* Context layout: struct mode_ctx in trap.h. */
.macro SAVE_CTX p
	sw ra, 0*4(a0)
	sw sp, 1*4(a0)
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11
	sw s\n, (2+\n)*4(a0)
	.endr
	csrr t0, \p\()scratch
	sw t0, 14*4(a0)
	csrr t0, \p\()status
	sw t0, 15*4(a0)
.endm

/* Restores the context at a0 and returns a1 from the *_run call that saved it. */
.macro RETURN_CTX p
	lw t0, 14*4(a0)
	csrw \p\()scratch, t0
	lw t0, 15*4(a0)
	csrw \p\()status, t0
	lw ra, 0*4(a0)
	lw sp, 1*4(a0)
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11
	lw s\n, (2+\n)*4(a0)
	.endr
	mv a0, a1
	ret
.endm

/* uint32_t mode_run(ctx, prv, entry, sp, arg): M mode to prv via mret */
	.globl mode_run
mode_run:
	SAVE_CTX m
	li t1, MSTATUS_MPP
	not t1, t1
	and t0, t0, t1			/* t0 = mstatus from SAVE_CTX */
	slli a1, a1, 11
	or t0, t0, a1
	csrw mstatus, t0
	csrw mepc, a2
	mv sp, a3
	mv a0, a4
	li ra, 0
	mret

/* void mode_return(ctx, val) */
	.globl mode_return
mode_return:
	RETURN_CTX m

/* uint32_t smode_run(ctx, entry, sp, arg): S mode to U via sret */
	.globl smode_run
smode_run:
	SAVE_CTX s
	li t1, MSTATUS_SPP
	not t1, t1
	and t0, t0, t1			/* t0 = sstatus from SAVE_CTX */
	csrw sstatus, t0
	csrw sepc, a1
	mv sp, a2
	mv a0, a3
	li ra, 0
	sret

/* void smode_return(ctx, val) */
	.globl smode_return
smode_return:
	RETURN_CTX s
