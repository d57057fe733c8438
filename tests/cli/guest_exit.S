/*
 * guest_exit.S: hart 0 ends the run with one value, written either to HTIF
 * tohost as two 32-bit halves (TOHOST_HI, then TOHOST_LO, as an RV32 guest
 * does) or to the SiFive test finisher (FINISHER), or with SPIN never ends
 * it, or with STUCK waits in WFI as well, where nothing can wake it; the
 * other harts wait in WFI. With TIMER, hart 0 warms its caches,
 * arms its timer one tick ahead and runs a block of ALU instructions until
 * the interrupt, whose handler writes tohost (TOHOST_HI, TOHOST_LO) and runs
 * on; the other harts (three of them, for what follows) run the block too,
 * each from its own place in it, so that one at most is in a jump's bubble
 * at a time and the timing model's cycles follow one another with no cycle
 * in which no core acts, past the timer's event and the HTIF's check.
 * cli.mk builds one ELF per value for the cases of tests/cli/cases.
 */
	.section .text.init, "ax"
	.globl _start
_start:
#if defined(TIMER)
	bnez	a0, other
	li	t3, 50			/* hart 0 warms its caches first */
warm:
	.rept	64
	addi	t2, t2, 1
	.endr
	addi	t3, t3, -1
	bnez	t3, warm
	la	t0, on_timer
	csrw	mtvec, t0
	li	t0, 0x0200bff8		/* CLINT mtime */
	lw	t1, 0(t0)
	addi	t1, t1, TIMER_TICKS
	li	t0, 0x02004000		/* CLINT mtimecmp, hart 0 */
	sw	t1, 0(t0)
	sw	zero, 4(t0)
	li	t0, 0x80		/* mie.MTIE */
	csrs	mie, t0
	csrsi	mstatus, 8		/* mstatus.MIE */
busy:
	.rept	64
	addi	t2, t2, 1
	.endr
	j	busy
other:					/* hart i enters the block 16 * i instructions in */
	la	t0, busy
	slli	t1, a0, 6
	add	t0, t0, t1
	jr	t0
on_timer:
	la	t0, tohost
	li	t1, TOHOST_HI
	sw	t1, 4(t0)
	li	t1, TOHOST_LO
	sw	t1, 0(t0)
	j	busy
#else
	bnez	a0, park
#endif
#if defined(TIMER)
#elif defined(SPIN)
1:	addi	t1, t1, 1
	j	1b
#elif defined(STUCK)
	/* nothing: hart 0 waits in WFI too, with no interrupt that could wake it */
#elif defined(FINISHER)
	li	t0, 0x100000
	li	t1, FINISHER
	sw	t1, 0(t0)
#else
	la	t0, tohost
	li	t1, TOHOST_HI
	sw	t1, 4(t0)
	li	t1, TOHOST_LO
	sw	t1, 0(t0)
#endif
#if !defined(TIMER)
park:
	wfi
	j	park
#endif

#ifndef FINISHER
	.section .tohost, "aw", @progbits
	.balign	64
	.globl	tohost
tohost:
	.dword	0
	.balign	64
	.globl	fromhost
fromhost:
	.dword	0
#endif
