/*
 * Shared start-up for the hand-computable checks: every hart gets a stack,
 * PMP is opened for U-mode, and hart h runs `user_main_h` in U-mode, whose
 * `ecall` ends it. Hart 0 then waits for the others and passes through the
 * test finisher. The code measured runs in U-mode only, so the U-mode
 * counters hold exactly its cache behaviour.
 */
	.equ FINISHER, 0x00100000

	.section .text.start, "ax"
	.globl _start
_start:
	la	sp, stacks_top
	slli	t0, a0, 12
	sub	sp, sp, t0
	li	t0, -1
	csrw	pmpaddr0, t0
	li	t0, 0x1f		/* NAPOT over everything, RWX */
	csrw	pmpcfg0, t0
	la	t0, m_trap
	csrw	mtvec, t0
	mv	s0, a0			/* hart id */
	li	t0, 2
	bgeu	a0, t0, park		/* the checks use harts 0 and 1 */
	la	t0, user_entry
	slli	t1, a0, 2
	add	t0, t0, t1
	lw	t0, 0(t0)
	beqz	t0, park		/* no user code for this hart */
	csrw	mepc, t0
	li	t0, 0x1800		/* MPP = U */
	csrc	mstatus, t0
	la	t0, pfctl		/* each program says which osprey prefetch enables it wants */
	lw	t0, 0(t0)
	csrw	0x7c0, t0		/* mpfctl (osprey): bit 0 = guarded prefetch without translation */
	mret

	/* Back from U-mode through ecall: count it and, on hart 0, finish. */
m_trap:
	csrr	t0, mcause
	li	t1, 8			/* ecall from U */
	bne	t0, t1, fail
	la	t0, finished
	li	t1, 1
	amoadd.w zero, t1, (t0)
	bnez	s0, park
	la	t2, nusers
	lw	t2, 0(t2)
1:	lw	t1, 0(t0)
	bne	t1, t2, 1b
	li	t0, FINISHER
	li	t1, 0x5555
	sw	t1, 0(t0)
park:
	wfi
	j	park
fail:
	li	t0, FINISHER
	li	t1, 0x13333		/* failure code 1 */
	sw	t1, 0(t0)
	j	park

	.data
	.align	2
finished:
	.word	0

	.bss
	.align	4
	.space	4096 * 4
stacks_top:
