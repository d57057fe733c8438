/* SPDX-License-Identifier: MIT */
/*
 * entry.S - every hart enters the kernel here from the M-mode layer, in
 * S-mode with a0 = hart id, translation off and interrupts disabled.  Each
 * hart gets its own boot stack (later its scheduler stack); fp = 0 ends
 * backtraces.
 */
#include "param.h"

	.text
	.globl	kentry
kentry:
	li	t0, NCPU
	bgeu	a0, t0, 2f
	la	sp, cpu_stacks
	addi	t0, a0, 1
	li	t1, CPU_STACK_SIZE
	mul	t0, t0, t1
	add	sp, sp, t0
	li	s0, 0
	call	kmain
2:	wfi
	j	2b
