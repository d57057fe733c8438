/*
 * lb: load byte, sign-extended.
 *
 * Expected values computed with Python from the table below; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Every aligned position in the table, positive offsets from its start. */
	TEST_LD(2, lb, 0xffffffff, 0, ld_data)
	TEST_LD(3, lb, 0x00000000, 1, ld_data)
	TEST_LD(4, lb, 0xffffffff, 2, ld_data)
	TEST_LD(5, lb, 0x00000000, 3, ld_data)
	TEST_LD(6, lb, 0x00000000, 4, ld_data)
	TEST_LD(7, lb, 0xffffffff, 5, ld_data)
	TEST_LD(8, lb, 0x00000000, 6, ld_data)
	TEST_LD(9, lb, 0xffffffff, 7, ld_data)
	TEST_LD(10, lb, 0xfffffff0, 8, ld_data)
	TEST_LD(11, lb, 0x0000000f, 9, ld_data)
	TEST_LD(12, lb, 0xfffffff0, 10, ld_data)
	TEST_LD(13, lb, 0x0000000f, 11, ld_data)
	TEST_LD(14, lb, 0x0000000f, 12, ld_data)
	TEST_LD(15, lb, 0xfffffff0, 13, ld_data)
	TEST_LD(16, lb, 0x0000000f, 14, ld_data)
	TEST_LD(17, lb, 0xfffffff0, 15, ld_data)
	TEST_LD(18, lb, 0x00000000, 16, ld_data)
	TEST_LD(19, lb, 0x00000000, 17, ld_data)
	TEST_LD(20, lb, 0x00000000, 18, ld_data)
	TEST_LD(21, lb, 0xffffff80, 19, ld_data)
	TEST_LD(22, lb, 0xffffffff, 20, ld_data)
	TEST_LD(23, lb, 0xffffffff, 21, ld_data)
	TEST_LD(24, lb, 0xffffffff, 22, ld_data)
	TEST_LD(25, lb, 0x0000007f, 23, ld_data)
	TEST_LD(26, lb, 0x00000078, 24, ld_data)
	TEST_LD(27, lb, 0x00000056, 25, ld_data)
	TEST_LD(28, lb, 0x00000034, 26, ld_data)
	TEST_LD(29, lb, 0x00000012, 27, ld_data)
	TEST_LD(30, lb, 0xffffffef, 28, ld_data)
	TEST_LD(31, lb, 0xffffffcd, 29, ld_data)
	TEST_LD(32, lb, 0xffffffab, 30, ld_data)
	TEST_LD(33, lb, 0xffffff89, 31, ld_data)
	/* Negative offsets from the end of the table. */
	TEST_LD(34, lb, 0xffffff89, -1, ld_end)
	TEST_LD(35, lb, 0xffffffab, -2, ld_end)
	TEST_LD(36, lb, 0xffffffcd, -3, ld_end)
	TEST_LD(37, lb, 0xffffffef, -4, ld_end)
	TEST_LD(38, lb, 0x00000012, -5, ld_end)
	TEST_LD(39, lb, 0x00000034, -6, ld_end)
	TEST_LD(40, lb, 0x00000056, -7, ld_end)
	TEST_LD(41, lb, 0x00000078, -8, ld_end)
	/* Base register unaligned, offset makes the address aligned. */
	TEST_CASE(42, x14, 0x00000000, la x1, ld_data; addi x1, x1, -3; lb x14, 7(x1))
	TEST_CASE(43, x14, 0xffffffff, la x1, ld_data; addi x1, x1, 1001; lb x14, -999(x1))
	/* The loaded value is used 0, 1 and 2 instructions later. */
	TEST_LD_DEST_BYPASS(44, 0, lb, 0x00000000, 3, ld_data)
	TEST_LD_DEST_BYPASS(45, 1, lb, 0x00000000, 3, ld_data)
	TEST_LD_DEST_BYPASS(46, 2, lb, 0x00000000, 3, ld_data)
	/* rd == base: the old base is used for the address. */
	TEST_CASE(47, x1, 0x00000000, la x1, ld_data; lb x1, 1(x1))
	/* A load to x0 has no effect on x0. */
	TEST_CASE(48, x0, 0, la x1, ld_data; lb x0, 0(x1))
	/* A load does not change the memory it reads (read twice). */
	TEST_CASE(49, x14, 0x00000000, la x1, ld_data; lb x13, 4(x1); lb x14, 4(x1))
TEST_END

TEST_DATA_BEGIN
ld_data:
	.word 0x00ff00ff
	.word 0xff00ff00
	.word 0x0ff00ff0
	.word 0xf00ff00f
	.word 0x80000000
	.word 0x7fffffff
	.word 0x12345678
	.word 0x89abcdef
ld_end:
TEST_DATA_END
