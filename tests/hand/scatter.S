/*
 * Loops that call scattered routines: 16 small routines, each in its own
 * page-aligned 4 KiB slot so they conflict in the direct-mapped L1I, called
 * in turn from a loop, 200 times, in U-mode. Sequential prefetching past a
 * routine's return fetches lines that are never used.
 */
#include "common.S"

	.data
	.align	2
	.globl	pfctl, nusers
pfctl:	.word	0
nusers:	.word	1
user_entry:
	.word	scatter, 0

	.text
	.align	6
scatter:
	li	s1, 200
1:	la	s2, routines
	li	s3, 16
2:	lw	t0, 0(s2)
	jalr	t0
	addi	s2, s2, 4
	addi	s3, s3, -1
	bnez	s3, 2b
	addi	s1, s1, -1
	bnez	s1, 1b
	ecall

	.macro	routine n
	.align	12
r\n:
	.rept	20
	addi	t1, t1, 1
	.endr
	ret
	.endm

	routine	0
	routine	1
	routine	2
	routine	3
	routine	4
	routine	5
	routine	6
	routine	7
	routine	8
	routine	9
	routine	10
	routine	11
	routine	12
	routine	13
	routine	14
	routine	15

	.data
	.align	2
routines:
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.word	r\n
	.endr
