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
#include "gpr_frame.h"

#define TF_SIZE 144


	.text
	.align	4
	.globl	trap_vector
trap_vector:
	csrrw	sp, sscratch, sp
	bnez	sp, from_user
	/* from the kernel: sscratch was 0, take the stack back */
	csrrw	sp, sscratch, sp
	addi	sp, sp, -TF_SIZE
	SAVE_REGS
	addi	t0, sp, TF_SIZE
	sw	t0, 8(sp)
	j	save_csrs
from_user:
	SAVE_REGS
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
1:	RESTORE_REGS
	lw	sp, 8(sp)
	sret
