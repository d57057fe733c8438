/*
 * Strided sweep: hart 0 reads one word per 32-byte line of an array twice
 * the size of the default L1D (2 x 32 KiB), twice over, in U-mode.
 * The default preset's L1D is direct-mapped, 32 KiB, 32-byte lines; the L2
 * is 256 KiB, 2-way, 64-byte lines. Expected, in U-mode:
 *   L1D: 2048 misses per pass (the second half of the array evicts the first
 *        and back again) = 4096; the first pass's 2048 compulsory, the
 *        second's 2048 capacity;
 *   L2:  the array fits: 1024 misses on the first pass (one per 64-byte line,
 *        the second 32-byte half hits), none on the second; plus the sweep
 *        code's own line = 1025.
 *   L1I: the sweep code, 12 instructions aligned to 64 bytes, spans two
 *        32-byte lines in one L2 line: 2 misses, 2 more L2 accesses.
 */
#include "common.S"

	.equ ARRAY_BYTES, 65536
	.equ STRIDE, 32

	.data
	.align	2
	.globl	pfctl
pfctl:	.word	0
	.globl	nusers
nusers:	.word	1
user_entry:
	.word	sweep, 0

	.text
	.align	6	/* the code lies in one 64-byte L2 line */
sweep:
	la	a0, array
	li	a1, ARRAY_BYTES
	li	a3, 2			/* passes */
1:	add	a2, a0, a1
2:	lw	zero, 0(a0)
	addi	a0, a0, STRIDE
	bne	a0, a2, 2b
	sub	a0, a0, a1
	addi	a3, a3, -1
	bnez	a3, 1b
	ecall

	.bss
	.align	12
array:	.space	ARRAY_BYTES
