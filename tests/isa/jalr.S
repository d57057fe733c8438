/*
 * jalr: rd = pc + 4; pc = (rs1 + sext(imm)) & ~1.
 */
#include "env.h"

TEST_BEGIN
	/* Basic indirect call and link. */
	TEST_CASE(2, x14, 0, la x2, 1f; jalr x1, 0(x2); 2: j env_fail; 1: la x13, 2b; sub x14, x1, x13)
	/* Offsets added to rs1, positive and negative. */
	TEST_CASE(3, x14, 1, li x14, 0; la x2, 1f - 8; jalr x1, 8(x2); j env_fail; 1: li x14, 1)
	TEST_CASE(4, x14, 1, li x14, 0; la x2, 1f + 12; jalr x1, -12(x2); j env_fail; 1: li x14, 1)
	/* Bit 0 of the target is cleared (not a misaligned fetch). */
	TEST_CASE(5, x14, 1, li x14, 0; la x2, 1f; addi x2, x2, 1; jalr x1, 0(x2); j env_fail; 1: li x14, 1)
	TEST_CASE(6, x14, 1, li x14, 0; la x2, 1f; jalr x1, 1(x2); j env_fail; 1: li x14, 1)
	/* rd == rs1: the target uses the old rs1, rd gets the link. */
	TEST_CASE(7, x14, 0, la x1, 1f; jalr x1, 0(x1); 2: j env_fail; 1: la x13, 2b; sub x14, x1, x13)
	/* x0 link: a plain indirect jump (ret-like). */
	TEST_CASE(8, x0, 0, la x2, 1f; jalr x0, 0(x2); j env_fail; 1: nop)
	/* Call and return through a helper. */
	TEST_CASE(9, x14, 42, li x14, 0; jal ra, jalr_helper; addi x14, x14, 2)
	/* Link register used right after the jump. */
	TEST_CASE(10, x14, 0, la x2, 1f; jalr x5, 0(x2); 2: nop; 1: la x6, 2b; sub x14, x5, x6)
	j 1f
jalr_helper:
	li x14, 40
	jalr x0, 0(ra)
1:	nop
TEST_END
