/* SPDX-License-Identifier: MIT */
/* crt0.S - x86-64 Linux entry for the host check build: argc at (%rsp). */
	.text
	.globl _start
_start:
	mov	(%rsp), %rdi
	lea	8(%rsp), %rsi
	and	$-16, %rsp
	call	__libc_start
	hlt
	.section .note.GNU-stack,"",@progbits
