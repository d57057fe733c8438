/*
 * lui: rd = imm20 << 12, low 12 bits zero.
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x1, 0x00000000, lui x1, 0x00000)
	TEST_CASE(3, x1, 0x00001000, lui x1, 0x00001)
	TEST_CASE(4, x1, 0x7ffff000, lui x1, 0x7ffff)
	TEST_CASE(5, x1, 0x80000000, lui x1, 0x80000)
	TEST_CASE(6, x1, 0xfffff000, lui x1, 0xfffff)
	TEST_CASE(7, x1, 0x12345000, lui x1, 0x12345)
	/* The low bits are cleared even if rd held ones. */
	TEST_CASE(8, x1, 0xabcde000, li x1, -1; lui x1, 0xabcde)
	/* lui then addi builds any constant; negative low part borrows. */
	TEST_CASE(9, x1, 0x12344fff, lui x1, 0x12345; addi x1, x1, -1)
	TEST_CASE(10, x1, 0x800007ff, lui x1, 0x80000; addi x1, x1, 0x7ff)
	/* lui then shift shows the value is not sign-dependent in 32 bits. */
	TEST_CASE(11, x1, 0xfffffc00, lui x1, 0xfffff; srai x1, x1, 2)
	TEST_CASE(12, x1, 0x3ffffc00, lui x1, 0xfffff; srli x1, x1, 2)
	/* x0 destination. */
	TEST_CASE(13, x0, 0, lui x0, 0x80000)
TEST_END
