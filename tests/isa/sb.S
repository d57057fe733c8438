/*
 * sb: store the low byte of rs2.
 *
 * Expected values computed with Python; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Store then load back at every aligned position of one word pair. */
	TEST_CASE(2, x14, 0x00000000, la x1, st_data; li x2, 0x00000000; sb x2, 0(x1); lbu x14, 0(x1))
	TEST_CASE(3, x14, 0x00000000, la x1, st_data; lb x14, 0(x1))
	TEST_CASE(4, x14, 0x000000ff, la x1, st_data; li x2, 0xffffffff; sb x2, 1(x1); lbu x14, 1(x1))
	TEST_CASE(5, x14, 0xffffffff, la x1, st_data; lb x14, 1(x1))
	TEST_CASE(6, x14, 0x00000078, la x1, st_data; li x2, 0x12345678; sb x2, 2(x1); lbu x14, 2(x1))
	TEST_CASE(7, x14, 0x00000078, la x1, st_data; lb x14, 2(x1))
	TEST_CASE(8, x14, 0x00000021, la x1, st_data; li x2, 0x87654321; sb x2, 3(x1); lbu x14, 3(x1))
	TEST_CASE(9, x14, 0x00000021, la x1, st_data; lb x14, 3(x1))
	TEST_CASE(10, x14, 0x0000007f, la x1, st_data; li x2, 0x7fffff7f; sb x2, 4(x1); lbu x14, 4(x1))
	TEST_CASE(11, x14, 0x0000007f, la x1, st_data; lb x14, 4(x1))
	TEST_CASE(12, x14, 0x00000080, la x1, st_data; li x2, 0x80008080; sb x2, 5(x1); lbu x14, 5(x1))
	TEST_CASE(13, x14, 0xffffff80, la x1, st_data; lb x14, 5(x1))
	TEST_CASE(14, x14, 0x000000a5, la x1, st_data; li x2, 0xa5a5a5a5; sb x2, 6(x1); lbu x14, 6(x1))
	TEST_CASE(15, x14, 0xffffffa5, la x1, st_data; lb x14, 6(x1))
	TEST_CASE(16, x14, 0x00000000, la x1, st_data; li x2, 0x0000ff00; sb x2, 7(x1); lbu x14, 7(x1))
	TEST_CASE(17, x14, 0x00000000, la x1, st_data; lb x14, 7(x1))
	/* Negative offsets. */
	TEST_CASE(18, x14, 0x0000003c, la x1, st_end; li x2, 0x3c3c3c3c; sb x2, -1(x1); lbu x14, -1(x1))
	TEST_CASE(19, x14, 0x0000003d, la x1, st_end; li x2, 0x3d3d3d3d; sb x2, -2(x1); lbu x14, -2(x1))
	TEST_CASE(20, x14, 0x0000003e, la x1, st_end; li x2, 0x3e3e3e3e; sb x2, -3(x1); lbu x14, -3(x1))
	TEST_CASE(21, x14, 0x0000003f, la x1, st_end; li x2, 0x3f3f3f3f; sb x2, -4(x1); lbu x14, -4(x1))
	/* Only the addressed bytes change: fill a word, store into it, read the whole word. */
	TEST_CASE(22, x14, 0xdeadbe44, la x1, st_fill; li x2, 0xdeadbeef; sw x2, 0(x1); sw x2, 4(x1); li x13, 0x11223344; sb x13, 0(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, 0xdeadbeef))
	TEST_CASE(23, x14, 0xdead44ef, la x1, st_fill; li x2, 0xdeadbeef; sw x2, 0(x1); sw x2, 4(x1); li x13, 0x11223344; sb x13, 1(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, 0xdeadbeef))
	TEST_CASE(24, x14, 0xde44beef, la x1, st_fill; li x2, 0xdeadbeef; sw x2, 0(x1); sw x2, 4(x1); li x13, 0x11223344; sb x13, 2(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, 0xdeadbeef))
	TEST_CASE(25, x14, 0x44adbeef, la x1, st_fill; li x2, 0xdeadbeef; sw x2, 0(x1); sw x2, 4(x1); li x13, 0x11223344; sb x13, 3(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, 0xdeadbeef))
	/* Base register unaligned; address aligned. */
	TEST_CASE(26, x14, 0x000000fe, la x1, st_data; addi x1, x1, -5; li x2, 0x600dcafe; sb x2, 6(x1); lbu x14, 6(x1))
	/* Source register is the base register. */
	TEST_CASE(27, x14, 0, la x1, st_data; sb x1, 0(x1); lbu x14, 0(x1); la x1, st_data; li x2, 0x000000ff; and x1, x1, x2; sub x14, x14, x1)
	/* Stored value produced by the previous instruction; load right after the store. */
	TEST_CASE(28, x14, 0x00000005, la x1, st_data; li x2, 0x01020304; addi x2, x2, 1; sb x2, 8(x1); lbu x14, 8(x1))
	/* x0 as the source stores zero. */
	TEST_CASE(29, x14, 0, la x1, st_data; li x2, -1; sw x2, 12(x1); sb x0, 12(x1); lbu x14, 12(x1))
TEST_END

TEST_DATA_BEGIN
st_data:
	.fill 8, 4, 0xefefefef
st_end:
st_fill:
	.word 0, 0
TEST_DATA_END
