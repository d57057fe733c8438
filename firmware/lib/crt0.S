/* SPDX-License-Identifier: MIT */
/*
 * crt0.S - entry of every hart (a0 = hart id, M mode, as after QEMU's -bios
 * none reset).  Each hart takes its own stack; hart 0 clears .bss and then
 * releases the others through boot_released; all call fw_start(hartid).
 */
#include "platform.h"

	.section .text.init, "ax"
	.globl _start
_start:
	csrw mie, zero
	csrw mstatus, zero
	.option push
	.option norelax
	la gp, __global_pointer$
	.option pop
	mv tp, a0			/* tp = hart id, also readable from S mode */
	li t0, FW_MAX_HARTS
	bgeu a0, t0, 3f			/* no stack for this hart */

	/* sp = __stack_top - hartid * stack size */
	la sp, __stack_top
	slli t0, a0, FW_STACK_SHIFT
	sub sp, sp, t0

	bnez a0, 2f
	la t0, __bss_start
	la t1, __bss_end
1:	bgeu t0, t1, 1f
	sw zero, 0(t0)
	addi t0, t0, 4
	j 1b
1:	fence rw, rw
	la t0, boot_released
	li t1, 1
	sw t1, 0(t0)
	j 4f

2:	la t0, boot_released		/* other harts: wait for hart 0 */
	lw t1, 0(t0)
	beqz t1, 2b
	fence rw, rw
4:	call fw_start

3:	wfi				/* parked for good */
	j 3b

	/* in .data, not .bss: it must be 0 before hart 0 clears .bss */
	.section .data
	.balign 4
boot_released:
	.word 0
