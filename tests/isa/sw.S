/*
 * sw: store word.
 *
 * Expected values computed with Python; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Store then load back at every aligned position of one word pair. */
	TEST_CASE(2, x14, 0x00000000, la x1, st_data; li x2, 0x00000000; sw x2, 0(x1); lw x14, 0(x1))
	TEST_CASE(3, x14, 0x00000000, la x1, st_data; lw x14, 0(x1))
	TEST_CASE(4, x14, 0xffffffff, la x1, st_data; li x2, 0xffffffff; sw x2, 4(x1); lw x14, 4(x1))
	TEST_CASE(5, x14, 0xffffffff, la x1, st_data; lw x14, 4(x1))
	TEST_CASE(6, x14, 0x12345678, la x1, st_data; li x2, 0x12345678; sw x2, 0(x1); lw x14, 0(x1))
	TEST_CASE(7, x14, 0x12345678, la x1, st_data; lw x14, 0(x1))
	TEST_CASE(8, x14, 0x87654321, la x1, st_data; li x2, 0x87654321; sw x2, 4(x1); lw x14, 4(x1))
	TEST_CASE(9, x14, 0x87654321, la x1, st_data; lw x14, 4(x1))
	TEST_CASE(10, x14, 0x7fffff7f, la x1, st_data; li x2, 0x7fffff7f; sw x2, 0(x1); lw x14, 0(x1))
	TEST_CASE(11, x14, 0x7fffff7f, la x1, st_data; lw x14, 0(x1))
	TEST_CASE(12, x14, 0x80008080, la x1, st_data; li x2, 0x80008080; sw x2, 4(x1); lw x14, 4(x1))
	TEST_CASE(13, x14, 0x80008080, la x1, st_data; lw x14, 4(x1))
	TEST_CASE(14, x14, 0xa5a5a5a5, la x1, st_data; li x2, 0xa5a5a5a5; sw x2, 0(x1); lw x14, 0(x1))
	TEST_CASE(15, x14, 0xa5a5a5a5, la x1, st_data; lw x14, 0(x1))
	TEST_CASE(16, x14, 0x0000ff00, la x1, st_data; li x2, 0x0000ff00; sw x2, 4(x1); lw x14, 4(x1))
	TEST_CASE(17, x14, 0x0000ff00, la x1, st_data; lw x14, 4(x1))
	/* Negative offsets. */
	TEST_CASE(18, x14, 0x3c3c3c3c, la x1, st_end; li x2, 0x3c3c3c3c; sw x2, -4(x1); lw x14, -4(x1))
	TEST_CASE(19, x14, 0x3d3d3d3d, la x1, st_end; li x2, 0x3d3d3d3d; sw x2, -8(x1); lw x14, -8(x1))
	TEST_CASE(20, x14, 0x3e3e3e3e, la x1, st_end; li x2, 0x3e3e3e3e; sw x2, -12(x1); lw x14, -12(x1))
	TEST_CASE(21, x14, 0x3f3f3f3f, la x1, st_end; li x2, 0x3f3f3f3f; sw x2, -16(x1); lw x14, -16(x1))
	/* Only the addressed bytes change: fill a word, store into it, read the whole word. */
	TEST_CASE(22, x14, 0x11223344, la x1, st_fill; li x2, 0xdeadbeef; sw x2, 0(x1); sw x2, 4(x1); li x13, 0x11223344; sw x13, 0(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, 0xdeadbeef))
	/* Base register unaligned; address aligned. */
	TEST_CASE(23, x14, 0x600dcafe, la x1, st_data; addi x1, x1, -5; li x2, 0x600dcafe; sw x2, 9(x1); lw x14, 9(x1))
	/* Source register is the base register. */
	TEST_CASE(24, x14, 0, la x1, st_data; sw x1, 0(x1); lw x14, 0(x1); la x1, st_data; li x2, 0xffffffff; and x1, x1, x2; sub x14, x14, x1)
	/* Stored value produced by the previous instruction; load right after the store. */
	TEST_CASE(25, x14, 0x01020305, la x1, st_data; li x2, 0x01020304; addi x2, x2, 1; sw x2, 8(x1); lw x14, 8(x1))
	/* x0 as the source stores zero. */
	TEST_CASE(26, x14, 0, la x1, st_data; li x2, -1; sw x2, 12(x1); sw x0, 12(x1); lw x14, 12(x1))
TEST_END

TEST_DATA_BEGIN
st_data:
	.fill 8, 4, 0xefefefef
st_end:
st_fill:
	.word 0, 0
TEST_DATA_END
