/*
 * sub: rd = rs1 - rs2, wrapping modulo 2^32.
 *
 * Expected values computed with Python integer arithmetic (RV32 semantics)
 * and checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Operand pairs: edge values of both signs. */
	TEST_RR(2, sub, 0x00000000, 0x00000000, 0x00000000)
	TEST_RR(3, sub, 0xffffffff, 0x00000000, 0x00000001)
	TEST_RR(4, sub, 0x00000001, 0x00000000, 0xffffffff)
	TEST_RR(5, sub, 0x80000001, 0x00000000, 0x7fffffff)
	TEST_RR(6, sub, 0x80000000, 0x00000000, 0x80000000)
	TEST_RR(7, sub, 0x00000001, 0x00000001, 0x00000000)
	TEST_RR(8, sub, 0x00000000, 0x00000001, 0x00000001)
	TEST_RR(9, sub, 0x00000002, 0x00000001, 0xffffffff)
	TEST_RR(10, sub, 0x80000002, 0x00000001, 0x7fffffff)
	TEST_RR(11, sub, 0x80000001, 0x00000001, 0x80000000)
	TEST_RR(12, sub, 0xffffffff, 0xffffffff, 0x00000000)
	TEST_RR(13, sub, 0xfffffffe, 0xffffffff, 0x00000001)
	TEST_RR(14, sub, 0x00000000, 0xffffffff, 0xffffffff)
	TEST_RR(15, sub, 0x80000000, 0xffffffff, 0x7fffffff)
	TEST_RR(16, sub, 0x7fffffff, 0xffffffff, 0x80000000)
	TEST_RR(17, sub, 0x7fffffff, 0x7fffffff, 0x00000000)
	TEST_RR(18, sub, 0x7ffffffe, 0x7fffffff, 0x00000001)
	TEST_RR(19, sub, 0x80000000, 0x7fffffff, 0xffffffff)
	TEST_RR(20, sub, 0x00000000, 0x7fffffff, 0x7fffffff)
	TEST_RR(21, sub, 0xffffffff, 0x7fffffff, 0x80000000)
	TEST_RR(22, sub, 0x80000000, 0x80000000, 0x00000000)
	TEST_RR(23, sub, 0x7fffffff, 0x80000000, 0x00000001)
	TEST_RR(24, sub, 0x80000001, 0x80000000, 0xffffffff)
	TEST_RR(25, sub, 0x00000001, 0x80000000, 0x7fffffff)
	TEST_RR(26, sub, 0x00000000, 0x80000000, 0x80000000)
	TEST_RR(27, sub, 0x8acf1357, 0x12345678, 0x87654321)
	TEST_RR(28, sub, 0xf1eff1f0, 0x00ff00ff, 0x0f0f0f0f)
	TEST_RR(29, sub, 0x0e100e10, 0xff00ff00, 0xf0f0f0f0)
	TEST_RR(30, sub, 0x00000001, 0xfffffffe, 0xfffffffd)
	TEST_RR(31, sub, 0xfffffffc, 0x00000003, 0x00000007)
	TEST_RR(32, sub, 0x00000004, 0x00000007, 0x00000003)
	TEST_RR(33, sub, 0xfffffff6, 0xfffffff9, 0x00000003)
	TEST_RR(34, sub, 0x0000000a, 0x00000003, 0xfffffff9)
	TEST_RR(35, sub, 0x0000fffe, 0x0000ffff, 0x00000001)
	TEST_RR(36, sub, 0xffff0000, 0xffff8000, 0x00008000)
	TEST_RR(37, sub, 0xaaaaaaab, 0x55555555, 0xaaaaaaaa)
	/* Source and destination registers shared. */
	TEST_RR_SRC1_EQ_DEST(38, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC2_EQ_DEST(39, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC12_EQ_DEST(40, sub, 0x00000000, 0x0000000d)
	/* Results used 0, 1 and 2 instructions later; sources just produced. */
	TEST_RR_DEST_BYPASS(41, 0, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(42, 1, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(43, 2, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(44, 0, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(45, 0, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(46, 1, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(47, 1, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(48, 2, sub, 0x00000002, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(49, 2, sub, 0x00000002, 0x0000000d, 0x0000000b)
	/* x0 as a source reads 0; x0 as a destination stays 0. */
	TEST_RR_ZEROSRC1(50, sub, 0xfffffff5, 0x0000000b)
	TEST_RR_ZEROSRC2(51, sub, 0x0000000d, 0x0000000d)
	TEST_RR_ZEROSRC12(52, sub, 0x00000000)
	TEST_RR_ZERODEST(53, sub, 0x0000000d, 0x0000000b)
TEST_END
