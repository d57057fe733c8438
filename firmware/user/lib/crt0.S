/* SPDX-License-Identifier: MIT */
/* crt0.S - user program entry: a0 = argc, a1 = argv, sp set by the kernel. */
	.section .text.start, "ax"
	.globl _start
_start:
	andi	sp, sp, -16
	call	__libc_start
1:	j	1b
