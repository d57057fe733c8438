/*
 * xor: bitwise exclusive or.
 *
 * Expected values computed with Python integer arithmetic (RV32 semantics)
 * and checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Operand pairs: edge values of both signs. */
	TEST_RR(2, xor, 0x00000000, 0x00000000, 0x00000000)
	TEST_RR(3, xor, 0x00000001, 0x00000000, 0x00000001)
	TEST_RR(4, xor, 0xffffffff, 0x00000000, 0xffffffff)
	TEST_RR(5, xor, 0x7fffffff, 0x00000000, 0x7fffffff)
	TEST_RR(6, xor, 0x80000000, 0x00000000, 0x80000000)
	TEST_RR(7, xor, 0x00000001, 0x00000001, 0x00000000)
	TEST_RR(8, xor, 0x00000000, 0x00000001, 0x00000001)
	TEST_RR(9, xor, 0xfffffffe, 0x00000001, 0xffffffff)
	TEST_RR(10, xor, 0x7ffffffe, 0x00000001, 0x7fffffff)
	TEST_RR(11, xor, 0x80000001, 0x00000001, 0x80000000)
	TEST_RR(12, xor, 0xffffffff, 0xffffffff, 0x00000000)
	TEST_RR(13, xor, 0xfffffffe, 0xffffffff, 0x00000001)
	TEST_RR(14, xor, 0x00000000, 0xffffffff, 0xffffffff)
	TEST_RR(15, xor, 0x80000000, 0xffffffff, 0x7fffffff)
	TEST_RR(16, xor, 0x7fffffff, 0xffffffff, 0x80000000)
	TEST_RR(17, xor, 0x7fffffff, 0x7fffffff, 0x00000000)
	TEST_RR(18, xor, 0x7ffffffe, 0x7fffffff, 0x00000001)
	TEST_RR(19, xor, 0x80000000, 0x7fffffff, 0xffffffff)
	TEST_RR(20, xor, 0x00000000, 0x7fffffff, 0x7fffffff)
	TEST_RR(21, xor, 0xffffffff, 0x7fffffff, 0x80000000)
	TEST_RR(22, xor, 0x80000000, 0x80000000, 0x00000000)
	TEST_RR(23, xor, 0x80000001, 0x80000000, 0x00000001)
	TEST_RR(24, xor, 0x7fffffff, 0x80000000, 0xffffffff)
	TEST_RR(25, xor, 0xffffffff, 0x80000000, 0x7fffffff)
	TEST_RR(26, xor, 0x00000000, 0x80000000, 0x80000000)
	TEST_RR(27, xor, 0x95511559, 0x12345678, 0x87654321)
	TEST_RR(28, xor, 0x0ff00ff0, 0x00ff00ff, 0x0f0f0f0f)
	TEST_RR(29, xor, 0x0ff00ff0, 0xff00ff00, 0xf0f0f0f0)
	TEST_RR(30, xor, 0x00000003, 0xfffffffe, 0xfffffffd)
	TEST_RR(31, xor, 0x00000004, 0x00000003, 0x00000007)
	TEST_RR(32, xor, 0x00000004, 0x00000007, 0x00000003)
	TEST_RR(33, xor, 0xfffffffa, 0xfffffff9, 0x00000003)
	TEST_RR(34, xor, 0xfffffffa, 0x00000003, 0xfffffff9)
	TEST_RR(35, xor, 0x0000fffe, 0x0000ffff, 0x00000001)
	TEST_RR(36, xor, 0xffff0000, 0xffff8000, 0x00008000)
	TEST_RR(37, xor, 0xffffffff, 0x55555555, 0xaaaaaaaa)
	/* Source and destination registers shared. */
	TEST_RR_SRC1_EQ_DEST(38, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC2_EQ_DEST(39, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC12_EQ_DEST(40, xor, 0x00000000, 0x0000000d)
	/* Results used 0, 1 and 2 instructions later; sources just produced. */
	TEST_RR_DEST_BYPASS(41, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(42, 1, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(43, 2, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(44, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(45, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(46, 1, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(47, 1, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(48, 2, xor, 0x00000006, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(49, 2, xor, 0x00000006, 0x0000000d, 0x0000000b)
	/* x0 as a source reads 0; x0 as a destination stays 0. */
	TEST_RR_ZEROSRC1(50, xor, 0x0000000b, 0x0000000b)
	TEST_RR_ZEROSRC2(51, xor, 0x0000000d, 0x0000000d)
	TEST_RR_ZEROSRC12(52, xor, 0x00000000)
	TEST_RR_ZERODEST(53, xor, 0x0000000d, 0x0000000b)
TEST_END
