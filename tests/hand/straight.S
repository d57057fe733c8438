/*
 * Straight-line code three times the size of the default L1I (48 KiB of
 * one-instruction-per-word code, 16 KiB direct-mapped L1I), run twice in
 * U-mode. The region [straight, straight_end) is 32-byte aligned and every
 * line of it misses on both passes without prefetching: the test computes
 * the exact count from the two symbols.
 */
#include "common.S"

	.equ	WORDS, 12288		/* 48 KiB */

	.data
	.align	2
	.globl	pfctl, nusers
pfctl:	.word	0
nusers:	.word	1
user_entry:
	.word	straight, 0

	.text
	.align	6
	.globl	straight, straight_end
straight:
	li	s1, 2
1:	.rept	WORDS
	addi	t0, t0, 1
	.endr
	addi	s1, s1, -1
	bnez	s1, 1b
	.align	5		/* ecall starts a line: fetching it looks no further */
	ecall
	.align	5
straight_end:
