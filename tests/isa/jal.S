/*
 * jal: rd = pc + 4; pc += offset.
 */
#include "env.h"

TEST_BEGIN
	/* Link register holds the address after the jal. */
	TEST_CASE(2, x2, 0, jal x1, 1f; 2: j env_fail; 1: la x2, 2b; sub x2, x2, x1)
	/* Backward jump. */
	test_3:
	li TESTNUM, 3
	li x14, 0
	j 2f
1:	addi x14, x14, 1
	j 3f
2:	jal x1, 1b
	j env_fail
3:	CHECK(x14, 1)
	/* x0 link: a plain jump, x0 stays zero. */
	TEST_CASE(4, x0, 0, jal x0, 1f; j env_fail; 1: nop)
	/* Instructions after the jal are skipped. */
	TEST_CASE(5, x14, 3, li x14, 3; jal x1, 1f; addi x14, x14, 1; addi x14, x14, 1; 1: nop)
	/* Link into a register that is then used immediately. */
	TEST_CASE(6, x14, 0, jal x5, 1f; 2: nop; 1: la x6, 2b; sub x14, x5, x6)
	/* Long jumps (over 2 KiB of code) forward and backward. */
	test_7:
	li TESTNUM, 7
	li x14, 0
	jal x1, far_fwd
	addi x14, x14, 2
	CHECK(x14, 3)
	test_8:
	li TESTNUM, 8
	li x14, 0
	j 8f
far_back:
	addi x14, x14, 4
	jr x1
8:	j far_mid
far_ret:
	CHECK(x14, 4)
	j 9f
	.rept 600
	nop
	.endr
far_fwd:
	addi x14, x14, 1
	jr x1
far_mid:
	jal x1, far_back
	j far_ret
9:	nop
TEST_END
