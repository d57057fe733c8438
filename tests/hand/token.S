/*
 * Token passing: harts 0 and 1 hand a counter back and forth through one
 * shared word, `rounds` times each, in U-mode: hart 0 waits for an even
 * value 2k and writes 2k+1; hart 1 waits for 2k+1 and writes 2k+2. Each
 * hand-off in steady state is one BusUpgr by the writer (its polled copy is
 * shared), which invalidates the other copy, and one BusRd by the poller,
 * which the writer's modified copy supplies cache-to-cache. The test runs
 * it with two round counts and checks the difference: exactly 2 upgrades,
 * 2 invalidations and 2 cache-to-cache transfers per extra round.
 */
#include "common.S"

	.data
	.align	2
	.globl	pfctl
pfctl:	.word	0
	.globl	nusers, rounds
nusers:	.word	2
rounds:	.word	100
user_entry:
	.word	hart0, hart1

	.text
	.align	6
hart0:
	la	a0, token
	la	t0, rounds
	lw	a1, 0(t0)
	li	a2, 0			/* the value to wait for: 2k */
1:	lw	t0, 0(a0)
	bne	t0, a2, 1b
	addi	t0, a2, 1
	sw	t0, 0(a0)
	addi	a2, a2, 2
	addi	a1, a1, -1
	bnez	a1, 1b
	ecall

	.align	6
hart1:
	la	a0, token
	la	t0, rounds
	lw	a1, 0(t0)
	li	a2, 1			/* the value to wait for: 2k+1 */
1:	lw	t0, 0(a0)
	bne	t0, a2, 1b
	addi	t0, a2, 1
	sw	t0, 0(a0)
	addi	a2, a2, 2
	addi	a1, a1, -1
	bnez	a1, 1b
	ecall

	.data
	.align	6
token:	.word	0
	.space	60		/* the token has its line to itself */
