/*
 * ma_fetch: without C, a taken jump or branch to an address that is 2 mod 4 raises
 * cause 0 on the jump itself (mepc = the jump), mtval = the target; rd is not written.
 * This file covers jalr; jal and branches are in ma_fetch_jal.
 */
#include "env.h"

TEST_BEGIN
	/* jalr to +2. */
	TEST_CASE(2, s9, 1, li s9, 0; la x1, ma_target; addi x1, x1, 2; mv s11, x1; li s10, 0;
		  li s8, 1; la s7, 1f; 1: jalr x0, 0(x1))
	/* rd unchanged by the trapping jalr. */
	TEST_CASE(3, x5, 0x5a5a, li s9, 0; li x5, 0x5a5a; la x1, ma_target; mv s11, x1; addi s11, s11, 2;
		  li s10, 0; li s8, 1; la s7, 1f; 1: jalr x5, 2(x1); CHECK(s9, 1))
	/* jalr offset +3 clears bit 0 only: target 2 mod 4. */
	TEST_CASE(4, s9, 1, li s9, 0; la x1, ma_target; mv s11, x1; addi s11, s11, 2; li s10, 0;
		  li s8, 1; la s7, 1f; 1: jalr x0, 3(x1))
	j 1f
	.balign 16
ma_target:
	j env_fail
	j env_fail
1:	nop
TEST_END
