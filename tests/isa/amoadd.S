/*
 * amoadd.w: mem += rs2, rd = old mem.
 *
 * Expected values computed with Python; checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* rd gets the old value; memory gets op(old, rs2). */
	TEST_CASE(2, x14, 0x00000000, la x1, amo_data; li x2, 0x00000000; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x00000000))
	TEST_CASE(3, x14, 0x00000000, la x1, amo_data; li x2, 0x00000000; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xffffffff))
	TEST_CASE(4, x14, 0x00000000, la x1, amo_data; li x2, 0x00000000; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x80000000))
	TEST_CASE(5, x14, 0x00000000, la x1, amo_data; li x2, 0x00000000; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfedcba98))
	TEST_CASE(6, x14, 0x00000001, la x1, amo_data; li x2, 0x00000001; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x00000001))
	TEST_CASE(7, x14, 0x00000001, la x1, amo_data; li x2, 0x00000001; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x00000000))
	TEST_CASE(8, x14, 0x00000001, la x1, amo_data; li x2, 0x00000001; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x80000001))
	TEST_CASE(9, x14, 0x00000001, la x1, amo_data; li x2, 0x00000001; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfedcba99))
	TEST_CASE(10, x14, 0xffffffff, la x1, amo_data; li x2, 0xffffffff; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xffffffff))
	TEST_CASE(11, x14, 0xffffffff, la x1, amo_data; li x2, 0xffffffff; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfffffffe))
	TEST_CASE(12, x14, 0xffffffff, la x1, amo_data; li x2, 0xffffffff; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7fffffff))
	TEST_CASE(13, x14, 0xffffffff, la x1, amo_data; li x2, 0xffffffff; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfedcba97))
	TEST_CASE(14, x14, 0x7fffffff, la x1, amo_data; li x2, 0x7fffffff; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7fffffff))
	TEST_CASE(15, x14, 0x7fffffff, la x1, amo_data; li x2, 0x7fffffff; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7ffffffe))
	TEST_CASE(16, x14, 0x7fffffff, la x1, amo_data; li x2, 0x7fffffff; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xffffffff))
	TEST_CASE(17, x14, 0x7fffffff, la x1, amo_data; li x2, 0x7fffffff; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7edcba97))
	TEST_CASE(18, x14, 0x80000000, la x1, amo_data; li x2, 0x80000000; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x80000000))
	TEST_CASE(19, x14, 0x80000000, la x1, amo_data; li x2, 0x80000000; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7fffffff))
	TEST_CASE(20, x14, 0x80000000, la x1, amo_data; li x2, 0x80000000; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x00000000))
	TEST_CASE(21, x14, 0x80000000, la x1, amo_data; li x2, 0x80000000; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7edcba98))
	TEST_CASE(22, x14, 0x12345678, la x1, amo_data; li x2, 0x12345678; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x12345678))
	TEST_CASE(23, x14, 0x12345678, la x1, amo_data; li x2, 0x12345678; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x12345677))
	TEST_CASE(24, x14, 0x12345678, la x1, amo_data; li x2, 0x12345678; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x92345678))
	TEST_CASE(25, x14, 0x12345678, la x1, amo_data; li x2, 0x12345678; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x11111110))
	TEST_CASE(26, x14, 0xfedcba98, la x1, amo_data; li x2, 0xfedcba98; sw x2, 0(x1); li x13, 0x00000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfedcba98))
	TEST_CASE(27, x14, 0xfedcba98, la x1, amo_data; li x2, 0xfedcba98; sw x2, 0(x1); li x13, 0xffffffff; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfedcba97))
	TEST_CASE(28, x14, 0xfedcba98, la x1, amo_data; li x2, 0xfedcba98; sw x2, 0(x1); li x13, 0x80000000; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x7edcba98))
	TEST_CASE(29, x14, 0xfedcba98, la x1, amo_data; li x2, 0xfedcba98; sw x2, 0(x1); li x13, 0xfedcba98; amoadd.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0xfdb97530))
	/* rd == rs2: the old value lands in rd, the old rs2 goes to memory. */
	TEST_CASE(30, x13, 0x0000f00d, la x1, amo_data; li x2, 0x0000f00d; sw x2, 4(x1); addi x1, x1, 4; li x13, 0x80000003; amoadd.w x13, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x8000f010))
	/* rd == x0: memory still updated. */
	TEST_CASE(31, x5, 0x8000f010, la x1, amo_data; li x2, 0x0000f00d; sw x2, 8(x1); addi x1, x1, 8; li x13, 0x80000003; amoadd.w x0, x13, (x1); lw x5, 0(x1); CHECK(x0, 0))
	/* Ordering bits (aq, rl, aqrl) do not change the result. */
	TEST_CASE(32, x14, 0x0000f00d, la x1, amo_data; li x2, 0x0000f00d; sw x2, 12(x1); addi x1, x1, 12; li x13, 0x80000003; amoadd.w.aq x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x8000f010))
	TEST_CASE(33, x14, 0x0000f00d, la x1, amo_data; li x2, 0x0000f00d; sw x2, 12(x1); addi x1, x1, 12; li x13, 0x80000003; amoadd.w.rl x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x8000f010))
	TEST_CASE(34, x14, 0x0000f00d, la x1, amo_data; li x2, 0x0000f00d; sw x2, 12(x1); addi x1, x1, 12; li x13, 0x80000003; amoadd.w.aqrl x14, x13, (x1); lw x5, 0(x1); CHECK(x5, 0x8000f010))
	/* Two in a row on the same word. */
	TEST_CASE(35, x6, 0x8000f010, la x1, amo_data; li x2, 0x0000f00d; sw x2, 0(x1); li x13, 0x80000003; li x4, 1; amoadd.w x14, x13, (x1); amoadd.w x6, x4, (x1); CHECK(x14, 0x0000f00d); lw x5, 0(x1); CHECK(x5, 0x8000f011))
	/* The neighbouring words are untouched. */
	TEST_CASE(36, x5, 0x5a5a5a5a, la x1, amo_data; li x2, 0x5a5a5a5a; sw x2, 0(x1); sw x2, 8(x1); addi x1, x1, 4; li x13, -1; amoadd.w x14, x13, (x1); lw x5, -4(x1); CHECK(x5, 0x5a5a5a5a); lw x5, 4(x1))
TEST_END

TEST_DATA_BEGIN
amo_data:
	.word 0, 0, 0, 0
TEST_DATA_END
