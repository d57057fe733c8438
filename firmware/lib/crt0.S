/* SPDX-License-Identifier: MIT */
/*
 * crt0.S - entry of every hart (a0 = hart id, M mode, as after QEMU's -bios
 * none reset).  Each hart takes its own stack; hart 0 clears .bss and then
 * releases the others through boot_released; all call fw_start(hartid).
 *
 * The others wait in wfi, not in a load loop, so that a simulator does not
 * count thousands of spinning instructions.  Hart 0 raises the msip of harts
 * 1, 2, ... before it sets boot_released; an absent hart's msip reads back 0
 * (QEMU virt and osprey alike), which gives the hart count, fw_nharts.  Each
 * hart clears its own msip only after it has seen the flag, so its wake-up
 * cannot be lost and no software interrupt is left pending afterwards.
 */
#include "csr.h"
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
	bgeu a0, t0, 5f			/* no stack for this hart */

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
1:	li t0, CLINT_BASE + 4		/* msip of hart 1 */
	li t1, FW_MAX_HARTS
	li t2, 1
	li t3, 1			/* harts found so far */
1:	bgeu t3, t1, 1f
	sw t2, 0(t0)
	lw t4, 0(t0)
	beqz t4, 1f			/* absent: ids are contiguous, stop */
	addi t3, t3, 1
	addi t0, t0, 4
	j 1b
1:	la t0, fw_nharts
	sw t3, 0(t0)
	fence rw, rw
	la t0, boot_released
	sw t2, 0(t0)
	j 4f

2:	li t0, MIP_MSIP			/* other harts: sleep until hart 0 is done */
	csrw mie, t0			/* wake wfi on msip; mstatus.MIE = 0: no trap */
	la t0, boot_released
3:	lw t1, 0(t0)
	bnez t1, 1f
	wfi
	j 3b
1:	fence rw, rw
	csrw mie, zero
	slli t0, a0, 2			/* clear our own msip */
	li t1, CLINT_BASE
	add t0, t0, t1
	sw zero, 0(t0)
4:	call fw_start

5:	wfi				/* parked for good */
	j 5b

	/* in .data, not .bss: it must be 0 before hart 0 clears .bss */
	.section .data
	.balign 4
boot_released:
	.word 0
	/* harts present (at most FW_MAX_HARTS), found by hart 0 at boot */
	.globl fw_nharts
fw_nharts:
	.word 1
