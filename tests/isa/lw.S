/*
 * lw: load word.
 *
 * Expected values computed with Python from the table below; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Every aligned position in the table, positive offsets from its start. */
	TEST_LD(2, lw, 0x00ff00ff, 0, ld_data)
	TEST_LD(3, lw, 0xff00ff00, 4, ld_data)
	TEST_LD(4, lw, 0x0ff00ff0, 8, ld_data)
	TEST_LD(5, lw, 0xf00ff00f, 12, ld_data)
	TEST_LD(6, lw, 0x80000000, 16, ld_data)
	TEST_LD(7, lw, 0x7fffffff, 20, ld_data)
	TEST_LD(8, lw, 0x12345678, 24, ld_data)
	TEST_LD(9, lw, 0x89abcdef, 28, ld_data)
	/* Negative offsets from the end of the table. */
	TEST_LD(10, lw, 0x89abcdef, -4, ld_end)
	TEST_LD(11, lw, 0x12345678, -8, ld_end)
	TEST_LD(12, lw, 0x7fffffff, -12, ld_end)
	TEST_LD(13, lw, 0x80000000, -16, ld_end)
	TEST_LD(14, lw, 0xf00ff00f, -20, ld_end)
	TEST_LD(15, lw, 0x0ff00ff0, -24, ld_end)
	TEST_LD(16, lw, 0xff00ff00, -28, ld_end)
	TEST_LD(17, lw, 0x00ff00ff, -32, ld_end)
	/* Base register unaligned, offset makes the address aligned. */
	TEST_CASE(18, x14, 0x80000000, la x1, ld_data; addi x1, x1, -3; lw x14, 19(x1))
	TEST_CASE(19, x14, 0x0ff00ff0, la x1, ld_data; addi x1, x1, 1001; lw x14, -993(x1))
	/* The loaded value is used 0, 1 and 2 instructions later. */
	TEST_LD_DEST_BYPASS(20, 0, lw, 0xf00ff00f, 12, ld_data)
	TEST_LD_DEST_BYPASS(21, 1, lw, 0xf00ff00f, 12, ld_data)
	TEST_LD_DEST_BYPASS(22, 2, lw, 0xf00ff00f, 12, ld_data)
	/* rd == base: the old base is used for the address. */
	TEST_CASE(23, x1, 0xff00ff00, la x1, ld_data; lw x1, 4(x1))
	/* A load to x0 has no effect on x0. */
	TEST_CASE(24, x0, 0, la x1, ld_data; lw x0, 0(x1))
	/* A load does not change the memory it reads (read twice). */
	TEST_CASE(25, x14, 0xff00ff00, la x1, ld_data; lw x13, 4(x1); lw x14, 4(x1))
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
