/*
 * srli: shift right logical by shamt (0..31).
 *
 * Expected values computed with Python integer arithmetic (RV32 semantics)
 * and checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Operand and immediate edges (immediates are sign-extended). */
	TEST_RI(2, srli, 0x00000001, 0x00000001, 0)
	TEST_RI(3, srli, 0x00000000, 0x00000001, 1)
	TEST_RI(4, srli, 0x00000000, 0x00000001, 7)
	TEST_RI(5, srli, 0x00000000, 0x00000001, 14)
	TEST_RI(6, srli, 0x00000000, 0x00000001, 20)
	TEST_RI(7, srli, 0x00000000, 0x00000001, 31)
	TEST_RI(8, srli, 0x80000000, 0x80000000, 0)
	TEST_RI(9, srli, 0x40000000, 0x80000000, 1)
	TEST_RI(10, srli, 0x01000000, 0x80000000, 7)
	TEST_RI(11, srli, 0x00020000, 0x80000000, 14)
	TEST_RI(12, srli, 0x00000800, 0x80000000, 20)
	TEST_RI(13, srli, 0x00000001, 0x80000000, 31)
	TEST_RI(14, srli, 0xffffffff, 0xffffffff, 0)
	TEST_RI(15, srli, 0x7fffffff, 0xffffffff, 1)
	TEST_RI(16, srli, 0x01ffffff, 0xffffffff, 7)
	TEST_RI(17, srli, 0x0003ffff, 0xffffffff, 14)
	TEST_RI(18, srli, 0x00000fff, 0xffffffff, 20)
	TEST_RI(19, srli, 0x00000001, 0xffffffff, 31)
	TEST_RI(20, srli, 0x21212121, 0x21212121, 0)
	TEST_RI(21, srli, 0x10909090, 0x21212121, 1)
	TEST_RI(22, srli, 0x00424242, 0x21212121, 7)
	TEST_RI(23, srli, 0x00008484, 0x21212121, 14)
	TEST_RI(24, srli, 0x00000212, 0x21212121, 20)
	TEST_RI(25, srli, 0x00000000, 0x21212121, 31)
	TEST_RI(26, srli, 0x7fffffff, 0x7fffffff, 0)
	TEST_RI(27, srli, 0x3fffffff, 0x7fffffff, 1)
	TEST_RI(28, srli, 0x00ffffff, 0x7fffffff, 7)
	TEST_RI(29, srli, 0x0001ffff, 0x7fffffff, 14)
	TEST_RI(30, srli, 0x000007ff, 0x7fffffff, 20)
	TEST_RI(31, srli, 0x00000000, 0x7fffffff, 31)
	TEST_RI(32, srli, 0x87654321, 0x87654321, 0)
	TEST_RI(33, srli, 0x43b2a190, 0x87654321, 1)
	TEST_RI(34, srli, 0x010eca86, 0x87654321, 7)
	TEST_RI(35, srli, 0x00021d95, 0x87654321, 14)
	TEST_RI(36, srli, 0x00000876, 0x87654321, 20)
	TEST_RI(37, srli, 0x00000001, 0x87654321, 31)
	/* Source and destination register shared. */
	TEST_RI_SRC1_EQ_DEST(38, srli, 0x08000002, 0x80000021, 4)
	/* Result used 0, 1 and 2 instructions later; source just produced. */
	TEST_RI_DEST_BYPASS(39, 0, srli, 0x08000002, 0x80000021, 4)
	TEST_RI_DEST_BYPASS(40, 1, srli, 0x08000002, 0x80000021, 4)
	TEST_RI_DEST_BYPASS(41, 2, srli, 0x08000002, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(42, 0, srli, 0x08000002, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(43, 1, srli, 0x08000002, 0x80000021, 4)
	TEST_RI_SRC_BYPASS(44, 2, srli, 0x08000002, 0x80000021, 4)
	/* x0 as source and as destination. */
	TEST_RI_ZEROSRC1(45, srli, 0x00000000, 31)
	TEST_RI_ZERODEST(46, srli, 0x80000021, 4)
TEST_END
