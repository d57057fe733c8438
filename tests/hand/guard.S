/*
 * A guarded jump in the middle of a sequence, in U-mode with guarded
 * prefetching enabled by mpfctl (no translation). Lines, 32 bytes each:
 *   seq+0:  8 instructions          (its miss triggers the prefetcher)
 *   seq+1:  8 instructions
 *   seq+2:  7 instructions, then `j far` (a guarded transfer)
 *   seq+3 .. seq+7: never executed
 *   far:    a line that ends in a guarded ecall, so it starts no run
 * With pf.guard_depth = 4: skip prefetches seq+1 only; fetch also seq+2;
 * without guard bits (-DNO_GUARDS) it runs on to seq+4 past the jump.
 */
#include "common.S"

	.data
	.align	2
	.globl	pfctl, nusers
pfctl:	.word	1		/* MPFCTL_GUARD */
nusers:	.word	1
user_entry:
	.word	seq, 0

	.text
	.align	6
	.globl	seq, far
seq:
	.rept	8 + 8 + 7
	addi	t0, t0, 1
	.endr
guarded_jump:
	j	far
	.rept	8 * 5		/* dead code after the jump */
	addi	t1, t1, 1
	.endr

	.align	12		/* far away: another page */
far:
	.rept	7
	addi	t2, t2, 1
	.endr
guarded_ecall:
	ecall

#ifndef NO_GUARDS
	.section .osprey.guard, ""
	.word	guarded_jump, guarded_ecall
#endif
