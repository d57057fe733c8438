/*
 * fence_i: self-modifying code. A store to an instruction that has already run,
 * then fence.i, then executing it, runs the new instruction.
 */
#include "env.h"

#define NEW_ADDI_100 0x06450513	/* addi a0, a0, 100 */
#define NEW_ADDI_M7 0xff950513	/* addi a0, a0, -7 */
#define NEW_JAL_SKIP 0x0080006f	/* jal x0, .+8 */

TEST_BEGIN
	/* The original code runs. */
	TEST_CASE(2, a0, 1, li a0, 0; jal ra, fi_slot)
	/* Patch with sw, fence.i, run the new instruction (twice, to be sure). */
	TEST_CASE(3, a0, 200, la t0, fi_slot; li t1, NEW_ADDI_100; sw t1, 0(t0); fence.i;
		  li a0, 0; jal ra, fi_slot; jal ra, fi_slot)
	/* Patch with two sh halves. */
	TEST_CASE(4, a0, 93, la t0, fi_slot; li t1, NEW_ADDI_M7; sh t1, 0(t0); srli t1, t1, 16;
		  sh t1, 2(t0); fence.i; li a0, 100; jal ra, fi_slot)
	/* Patch the middle of a sequence into a jump over the rest (1 + 16 + 2 becomes 1). */
	TEST_CASE(5, a0, 1, la t0, fi_seq1; li t1, NEW_JAL_SKIP; sw t1, 0(t0); fence.i;
		  li a0, 0; jal ra, fi_seq)
	/* Code copied to a fresh buffer and run from there. */
	TEST_CASE(6, a0, 100, la t0, fi_buf; li t1, NEW_ADDI_100; sw t1, 0(t0);
		  li t1, 0x00008067; sw t1, 4(t0); fence.i; li a0, 0; jalr ra, 0(t0))
	j 1f

	.balign 64
fi_slot:
	addi a0, a0, 1
	ret
fi_seq:
	addi a0, a0, 1
fi_seq1:
	addi a0, a0, 16
	addi a0, a0, 2
	ret
	.balign 64
fi_buf:
	.word 0, 0, 0, 0
1:	nop
TEST_END
