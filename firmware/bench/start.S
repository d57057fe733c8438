/* Start-up of the benchmark: a stack per hart, then bench_main(hartid). */
	.section .text.start
	.globl _start
_start:
	la	sp, stacks_top
	slli	t0, a0, 12		/* 4 KiB of stack per hart */
	sub	sp, sp, t0
	call	bench_main
1:	wfi
	j	1b

	.bss
	.align	4
	.space	4096 * 16
stacks_top:
