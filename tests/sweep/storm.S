/* SPDX-License-Identifier: MIT */
/*
 * storm.S - a trap storm: the trap vector's first instruction traps again,
 * so the hart takes traps for ever and retires nothing. With STORM_ECALL the
 * vector holds an ecall; without, a zero word (an illegal instruction), as
 * when mtvec points at RAM nobody filled. osprey's watchdog must stop it
 * (status 4), in both modes, whatever --max-insns says (traps retire nothing).
 */
	.section .text.init, "ax"
	.globl _start
_start:
	la	t0, vector
	csrw	mtvec, t0
	ecall			/* the first trap */
	j	_start		/* never reached */

	.balign 4
vector:
#ifdef STORM_ECALL
	ecall
#else
	.word	0
#endif
