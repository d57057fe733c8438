/*
 * slli: shift left logical by shamt (0..31).
 *
 * Expected values computed with Python integer arithmetic (RV32 semantics)
 * and checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Operand and immediate edges (immediates are sign-extended). */
	TEST_RI(2, slli, 0x00000001, 0x00000001, 0)
	TEST_RI(3, slli, 0x00000002, 0x00000001, 1)
	TEST_RI(4, slli, 0x00000080, 0x00000001, 7)
	TEST_RI(5, slli, 0x00004000, 0x00000001, 14)
	TEST_RI(6, slli, 0x00100000, 0x00000001, 20)
	TEST_RI(7, slli, 0x80000000, 0x00000001, 31)
	TEST_RI(8, slli, 0x80000000, 0x80000000, 0)
	TEST_RI(9, slli, 0x00000000, 0x80000000, 1)
	TEST_RI(10, slli, 0x00000000, 0x80000000, 7)
	TEST_RI(11, slli, 0x00000000, 0x80000000, 14)
	TEST_RI(12, slli, 0x00000000, 0x80000000, 20)
	TEST_RI(13, slli, 0x00000000, 0x80000000, 31)
	TEST_RI(14, slli, 0xffffffff, 0xffffffff, 0)
	TEST_RI(15, slli, 0xfffffffe, 0xffffffff, 1)
	TEST_RI(16, slli, 0xffffff80, 0xffffffff, 7)
	TEST_RI(17, slli, 0xffffc000, 0xffffffff, 14)
	TEST_RI(18, slli, 0xfff00000, 0xffffffff, 20)
	TEST_RI(19, slli, 0x80000000, 0xffffffff, 31)
	TEST_RI(20, slli, 0x21212121, 0x21212121, 0)
	TEST_RI(21, slli, 0x42424242, 0x21212121, 1)
	TEST_RI(22, slli, 0x90909080, 0x21212121, 7)
	TEST_RI(23, slli, 0x48484000, 0x21212121, 14)
	TEST_RI(24, slli, 0x12100000, 0x21212121, 20)
	TEST_RI(25, slli, 0x80000000, 0x21212121, 31)
	TEST_RI(26, slli, 0x7fffffff, 0x7fffffff, 0)
	TEST_RI(27, slli, 0xfffffffe, 0x7fffffff, 1)
	TEST_RI(28, slli, 0xffffff80, 0x7fffffff, 7)
	TEST_RI(29, slli, 0xffffc000, 0x7fffffff, 14)
	TEST_RI(30, slli, 0xfff00000, 0x7fffffff, 20)
	TEST_RI(31, slli, 0x80000000, 0x7fffffff, 31)
	TEST_RI(32, slli, 0x87654321, 0x87654321, 0)
	TEST_RI(33, slli, 0x0eca8642, 0x87654321, 1)
	TEST_RI(34, slli, 0xb2a19080, 0x87654321, 7)
	TEST_RI(35, slli, 0x50c84000, 0x87654321, 14)
	TEST_RI(36, slli, 0x32100000, 0x87654321, 20)
	TEST_RI(37, slli, 0x80000000, 0x87654321, 31)
	/* Source and destination register shared. */
	TEST_RI_SRC1_EQ_DEST(38, slli, 0x00000210, 0x80000021, 4)
	/* Result used 0, 1 and 2 instructions later; source just produced. */
	TEST_RI_DEST_BYPASS(39, 0, slli, 0x00000210, 0x80000021, 4)
	TEST_RI_DEST_BYPASS(40, 1, slli, 0x00000210, 0x80000021, 4)
	TEST_RI_DEST_BYPASS(41, 2, slli, 0x00000210, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(42, 0, slli, 0x00000210, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(43, 1, slli, 0x00000210, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(44, 2, slli, 0x00000210, 0x80000021, 4)
	/* x0 as source and as destination. */
	TEST_RI_ZEROSRC1(45, slli, 0x00000000, 31)
	TEST_RI_ZERODEST(46, slli, 0x80000021, 4)
TEST_END
