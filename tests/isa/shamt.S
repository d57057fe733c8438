/*
 * shamt: on RV32, slli/srli/srai with shamt[5] = 1 are illegal.
 */
#include "env.h"

TEST_BEGIN
	TEST_ILLEGAL(2, .word 0x02009093)	/* slli x1, x1, 32 */
	TEST_ILLEGAL(3, .word 0x0200d093)	/* srli x1, x1, 32 */
	TEST_ILLEGAL(4, .word 0x4200d093)	/* srai x1, x1, 32 */
	TEST_ILLEGAL(5, .word 0x03f09093)	/* slli x1, x1, 63 */
	/* Other funct7 values are illegal too. */
	TEST_ILLEGAL(6, .word 0x40009093)	/* slli with funct7 = 0100000 */
	TEST_ILLEGAL(7, .word 0x2000d093)	/* srli with funct7 = 0010000 */
	/* The register forms use only rs2[4:0]. */
	TEST_CASE(8, x14, 2, li x1, 1; li x2, 33; sll x14, x1, x2)
	TEST_CASE(9, x14, 0x7ffffffe, li x1, 0xfffffffc; li x2, 33; srl x14, x1, x2)
	TEST_CASE(10, x14, 0xfffffffe, li x1, 0xfffffffc; li x2, 33; sra x14, x1, x2)
	/* shamt 31 is legal. */
	TEST_CASE(11, x14, 0x80000000, li x1, 1; slli x14, x1, 31)
TEST_END
