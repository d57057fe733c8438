/* SPDX-License-Identifier: MIT */
/*
 * trapvec.S - the S-mode trap vector and the return path.
 *
 * sscratch is 0 while the hart runs kernel code, and points to the current
 * process's trap frame (top of its kernel stack) while it runs user code.
 * From user mode, the frame is that trap frame and tp (the hart's struct
 * cpu) comes back from its x0 slot; from the kernel, a frame is pushed on
 * the current stack.  Either way trap(frame) runs, then trapret(frame)
 * restores it; returning to user mode re-arms sscratch and stores tp.
 * Interrupts stay disabled from the trap to the sret.
 */
#include "riscv_csr.h"

#define TF_SIZE 144

.macro SAVE_GPRS
	sw	x1, 4(sp)
	sw	x3, 12(sp)
	sw	x4, 16(sp)
	sw	x5, 20(sp)
	sw	x6, 24(sp)
	sw	x7, 28(sp)
	sw	x8, 32(sp)
	sw	x9, 36(sp)
	sw	x10, 40(sp)
	sw	x11, 44(sp)
	sw	x12, 48(sp)
	sw	x13, 52(sp)
	sw	x14, 56(sp)
	sw	x15, 60(sp)
	sw	x16, 64(sp)
	sw	x17, 68(sp)
	sw	x18, 72(sp)
	sw	x19, 76(sp)
	sw	x20, 80(sp)
	sw	x21, 84(sp)
	sw	x22, 88(sp)
	sw	x23, 92(sp)
	sw	x24, 96(sp)
	sw	x25, 100(sp)
	sw	x26, 104(sp)
	sw	x27, 108(sp)
	sw	x28, 112(sp)
	sw	x29, 116(sp)
	sw	x30, 120(sp)
	sw	x31, 124(sp)
.endm

	.text
	.align	4
	.globl	trap_vector
trap_vector:
	csrrw	sp, sscratch, sp
	bnez	sp, from_user
	/* from the kernel: sscratch was 0, take the stack back */
	csrrw	sp, sscratch, sp
	addi	sp, sp, -TF_SIZE
	SAVE_GPRS
	addi	t0, sp, TF_SIZE
	sw	t0, 8(sp)
	j	save_csrs
from_user:
	SAVE_GPRS
	csrr	t0, sscratch
	sw	t0, 8(sp)
	csrw	sscratch, zero
	lw	tp, 0(sp)
	li	s0, 0			/* the user's fp must not seed backtraces */
save_csrs:
	csrr	t0, sepc
	sw	t0, 128(sp)
	csrr	t0, sstatus
	sw	t0, 132(sp)
	csrr	t0, scause
	sw	t0, 136(sp)
	csrr	t0, stval
	sw	t0, 140(sp)
	mv	a0, sp
	call	trap
	mv	a0, sp

	/* trapret(frame): also where a new process first enters user mode */
	.globl	trapret
trapret:
	csrci	sstatus, SSTATUS_SIE
	mv	sp, a0
	lw	t0, 128(sp)
	csrw	sepc, t0
	lw	t0, 132(sp)
	csrw	sstatus, t0
	andi	t0, t0, SSTATUS_SPP
	bnez	t0, 1f
	sw	tp, 0(sp)
	csrw	sscratch, sp
1:	lw	x1, 4(sp)
	lw	x3, 12(sp)
	lw	x4, 16(sp)
	lw	x5, 20(sp)
	lw	x6, 24(sp)
	lw	x7, 28(sp)
	lw	x8, 32(sp)
	lw	x9, 36(sp)
	lw	x10, 40(sp)
	lw	x11, 44(sp)
	lw	x12, 48(sp)
	lw	x13, 52(sp)
	lw	x14, 56(sp)
	lw	x15, 60(sp)
	lw	x16, 64(sp)
	lw	x17, 68(sp)
	lw	x18, 72(sp)
	lw	x19, 76(sp)
	lw	x20, 80(sp)
	lw	x21, 84(sp)
	lw	x22, 88(sp)
	lw	x23, 92(sp)
	lw	x24, 96(sp)
	lw	x25, 100(sp)
	lw	x26, 104(sp)
	lw	x27, 108(sp)
	lw	x28, 112(sp)
	lw	x29, 116(sp)
	lw	x30, 120(sp)
	lw	x31, 124(sp)
	lw	sp, 8(sp)
	sret
