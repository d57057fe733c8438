/* SPDX-License-Identifier: MIT */
/*
 * exit7.S - a program that fails: every hart writes "fail with code 7" to
 * the test finisher, so osprey exits with status 7. osweep's test runs it as
 * a workload to check that a failed point is reported with its log and
 * never counted as a result.
 */
	.section .text.init, "ax"
	.globl _start
_start:
	li	t0, 0x100000		/* the SiFive test finisher */
	li	t1, (7 << 16) | 0x3333	/* fail, code 7 */
	sw	t1, 0(t0)
1:	j	1b
