/*
 * Idle skipping for `make bench`: hart 0 arms its timer IDLE_TICKS mtime
 * ticks ahead and waits in WFI; the timer interrupt ends the run. The other
 * harts wait in WFI with no interrupt enabled. Nothing happens in between,
 * so the simulator should jump straight to the timer.
 */
	.equ CLINT_MTIMECMP, 0x02004000
	.equ CLINT_MTIME, 0x0200bff8
	.equ FINISHER, 0x00100000
	.equ IDLE_TICKS, 100000000	/* 10 s of mtime: 1e9 core cycles by default */

	.section .text.start, "ax"
	.globl _start
_start:
	bnez	a0, park
	la	t0, done
	csrw	mtvec, t0
	li	t0, CLINT_MTIME
	lw	t1, 0(t0)		/* low word; the high word is 0 this early */
	li	t2, IDLE_TICKS
	add	t1, t1, t2
	li	t0, CLINT_MTIMECMP
	sw	t1, 0(t0)
	sw	zero, 4(t0)
	li	t0, 0x80		/* MTIE */
	csrw	mie, t0
	csrsi	mstatus, 8		/* MIE: the interrupt traps to done */
1:	wfi
	j	1b
done:
	li	t0, FINISHER
	li	t1, 0x5555
	sw	t1, 0(t0)
park:
	csrw	mie, zero
	wfi
	j	park
