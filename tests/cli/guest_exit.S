/*
 * guest_exit.S: hart 0 ends the run with one value, written either to HTIF
 * tohost as two 32-bit halves (TOHOST_HI, then TOHOST_LO, as an RV32 guest
 * does) or to the SiFive test finisher (FINISHER), or with SPIN never ends
 * it; the other harts wait in WFI. cli.mk builds one ELF per value for the
 * cases of tests/cli/cases.
 */
	.section .text.init, "ax"
	.globl _start
_start:
	bnez	a0, park
#if defined(SPIN)
1:	addi	t1, t1, 1
	j	1b
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
park:
	wfi
	j	park

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
