/* SPDX-License-Identifier: MIT */
/*
 * mstart.S - reset entry of the whole image and the M-mode trap vector.
 *
 * Every hart starts here in M-mode.  Hart 0 clears .bss (kernel and layer
 * alike) and releases the others through mboot_ready (in .data, so it is
 * not cleared under their feet).  Each hart then runs mstart() on its own
 * M-mode stack and drops to S-mode at kentry with a0 = hart id.
 */
#include "gpr_frame.h"
#include "sbi.h"

	.section .text.mstart, "ax"
	.globl _start
_start:
	csrw	mie, zero
	csrr	a0, mhartid
	li	t0, MMODE_MAX_HARTS
	bgeu	a0, t0, park

	/* sp = top of this hart's M stack; mscratch keeps it for traps */
	la	sp, mstacks
	addi	t0, a0, 1
	slli	t0, t0, MSTACK_SHIFT
	add	sp, sp, t0
	csrw	mscratch, sp
	la	t0, mtrap_vector
	csrw	mtvec, t0

	bnez	a0, wait_bss
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	1b
2:	fence	rw, rw
	la	t0, mboot_ready
	li	t1, 1
	sw	t1, 0(t0)
	j	go
wait_bss:
	la	t0, mboot_ready
3:	lw	t1, 0(t0)
	beqz	t1, 3b
	fence	rw, rw
go:
	csrr	a0, mhartid
	call	mstart
	csrr	a0, mhartid
	li	a1, 0
	mret

park:
	wfi
	j	park

/*
 * M-mode trap vector.  mscratch holds the top of this hart's M stack while
 * a lower mode runs.  The frame is 32 words indexed by register number
 * (slot 2 holds the interrupted sp); mtrap() may change a0 (slot 10).
 */
	.align	4
	.globl	mtrap_vector
mtrap_vector:
	csrrw	sp, mscratch, sp
	addi	sp, sp, -128
	SAVE_REGS
	csrr	t0, mscratch
	sw	t0, 8(sp)
	mv	a0, sp
	call	mtrap
	addi	t0, sp, 128
	csrw	mscratch, t0
	RESTORE_REGS
	lw	sp, 8(sp)
	mret

/*
 * uint32_t m_probe_word(uint32_t pa): the word at pa, or 0 when reading it
 * faults (an absent device). A trap vector of its own catches the fault
 * without touching the stack; the caller saves and restores the trap CSRs
 * the nested trap overwrites (mepc, mcause, mtval, mstatus).
 */
	.globl	m_probe_word
m_probe_word:
	csrr	t1, mtvec
	la	t0, m_probe_fault
	csrw	mtvec, t0
	lw	a0, 0(a0)
	csrw	mtvec, t1
	ret

	.align	2
m_probe_fault:
	li	a0, 0
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	mret

	.data
	.align	2
mboot_ready:
	.word	0

	/* M-mode stacks: not cleared, the harts run on them while hart 0 clears .bss */
	.section .noinit, "aw", @nobits
	.align	4
mstacks:
	.space	MMODE_MAX_HARTS << MSTACK_SHIFT
