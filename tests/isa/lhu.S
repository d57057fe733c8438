/*
 * lhu: load halfword, zero-extended.
 *
 * Expected values computed with Python from the table below; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Every aligned position in the table, positive offsets from its start. */
	TEST_LD(2, lhu, 0x000000ff, 0, ld_data)
	TEST_LD(3, lhu, 0x000000ff, 2, ld_data)
	TEST_LD(4, lhu, 0x0000ff00, 4, ld_data)
	TEST_LD(5, lhu, 0x0000ff00, 6, ld_data)
	TEST_LD(6, lhu, 0x00000ff0, 8, ld_data)
	TEST_LD(7, lhu, 0x00000ff0, 10, ld_data)
	TEST_LD(8, lhu, 0x0000f00f, 12, ld_data)
	TEST_LD(9, lhu, 0x0000f00f, 14, ld_data)
	TEST_LD(10, lhu, 0x00000000, 16, ld_data)
	TEST_LD(11, lhu, 0x00008000, 18, ld_data)
	TEST_LD(12, lhu, 0x0000ffff, 20, ld_data)
	TEST_LD(13, lhu, 0x00007fff, 22, ld_data)
	TEST_LD(14, lhu, 0x00005678, 24, ld_data)
	TEST_LD(15, lhu, 0x00001234, 26, ld_data)
	TEST_LD(16, lhu, 0x0000cdef, 28, ld_data)
	TEST_LD(17, lhu, 0x000089ab, 30, ld_data)
	/* Negative offsets from the end of the table. */
	TEST_LD(18, lhu, 0x000089ab, -2, ld_end)
	TEST_LD(19, lhu, 0x0000cdef, -4, ld_end)
	TEST_LD(20, lhu, 0x00001234, -6, ld_end)
	TEST_LD(21, lhu, 0x00005678, -8, ld_end)
	TEST_LD(22, lhu, 0x00007fff, -10, ld_end)
	TEST_LD(23, lhu, 0x0000ffff, -12, ld_end)
	TEST_LD(24, lhu, 0x00008000, -14, ld_end)
	TEST_LD(25, lhu, 0x00000000, -16, ld_end)
	/* Base register unaligned, offset makes the address aligned. */
	TEST_CASE(26, x14, 0x00000ff0, la x1, ld_data; addi x1, x1, -3; lhu x14, 11(x1))
	TEST_CASE(27, x14, 0x0000ff00, la x1, ld_data; addi x1, x1, 1001; lhu x14, -997(x1))
	/* The loaded value is used 0, 1 and 2 instructions later. */
	TEST_LD_DEST_BYPASS(28, 0, lhu, 0x0000ff00, 6, ld_data)
	TEST_LD_DEST_BYPASS(29, 1, lhu, 0x0000ff00, 6, ld_data)
	TEST_LD_DEST_BYPASS(30, 2, lhu, 0x0000ff00, 6, ld_data)
	/* rd == base: the old base is used for the address. */
	TEST_CASE(31, x1, 0x000000ff, la x1, ld_data; lhu x1, 2(x1))
	/* A load to x0 has no effect on x0. */
	TEST_CASE(32, x0, 0, la x1, ld_data; lhu x0, 0(x1))
	/* A load does not change the memory it reads (read twice). */
	TEST_CASE(33, x14, 0x0000ff00, la x1, ld_data; lhu x13, 4(x1); lhu x14, 4(x1))
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
