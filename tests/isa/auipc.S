/*
 * auipc: rd = pc + (imm20 << 12).
 */
#include "env.h"

TEST_BEGIN
	/* auipc 0 gives the address of the instruction itself. */
	TEST_CASE(2, x2, 0, 1: auipc x1, 0; la x2, 1b; sub x2, x2, x1)
	/* Positive and negative offsets, relative to a known label. */
	TEST_CASE(3, x2, 0x00001000, 1: auipc x1, 1; la x2, 1b; sub x2, x1, x2)
	TEST_CASE(4, x2, 0xfffff000, 1: auipc x1, 0xfffff; la x2, 1b; sub x2, x1, x2)
	TEST_CASE(5, x2, 0x7ffff000, 1: auipc x1, 0x7ffff; la x2, 1b; sub x2, x1, x2)
	TEST_CASE(6, x2, 0x80000000, 1: auipc x1, 0x80000; la x2, 1b; sub x2, x1, x2)
	/* Absolute: the test is linked at 0x80000000, text at a known page. */
	TEST_CASE(7, x2, 0x80000000, 1: auipc x1, 0; srli x2, x1, 31; slli x2, x2, 31)
	/* pc-relative pair as used by `la`. */
	TEST_CASE(8, x1, 0x5a5aa5a5, 1: auipc x2, %pcrel_hi(auipc_word); lw x1, %pcrel_lo(1b)(x2))
	TEST_CASE(9, x0, 0, auipc x0, 0x12345)
TEST_END

TEST_DATA_BEGIN
auipc_word: .word 0x5a5aa5a5
TEST_DATA_END
