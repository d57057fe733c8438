/*
 * add: rd = rs1 + rs2, wrapping modulo 2^32.
 *
 * Expected values computed with Python integer arithmetic (RV32 semantics)
 * and checked on QEMU.
 */
#include "env.h"

TEST_BEGIN
	/* Operand pairs: edge values of both signs. */
	TEST_RR(2, add, 0x00000000, 0x00000000, 0x00000000)
	TEST_RR(3, add, 0x00000001, 0x00000000, 0x00000001)
	TEST_RR(4, add, 0xffffffff, 0x00000000, 0xffffffff)
	TEST_RR(5, add, 0x7fffffff, 0x00000000, 0x7fffffff)
	TEST_RR(6, add, 0x80000000, 0x00000000, 0x80000000)
	TEST_RR(7, add, 0x00000001, 0x00000001, 0x00000000)
	TEST_RR(8, add, 0x00000002, 0x00000001, 0x00000001)
	TEST_RR(9, add, 0x00000000, 0x00000001, 0xffffffff)
	TEST_RR(10, add, 0x80000000, 0x00000001, 0x7fffffff)
	TEST_RR(11, add, 0x80000001, 0x00000001, 0x80000000)
	TEST_RR(12, add, 0xffffffff, 0xffffffff, 0x00000000)
	TEST_RR(13, add, 0x00000000, 0xffffffff, 0x00000001)
	TEST_RR(14, add, 0xfffffffe, 0xffffffff, 0xffffffff)
	TEST_RR(15, add, 0x7ffffffe, 0xffffffff, 0x7fffffff)
	TEST_RR(16, add, 0x7fffffff, 0xffffffff, 0x80000000)
	TEST_RR(17, add, 0x7fffffff, 0x7fffffff, 0x00000000)
	TEST_RR(18, add, 0x80000000, 0x7fffffff, 0x00000001)
	TEST_RR(19, add, 0x7ffffffe, 0x7fffffff, 0xffffffff)
	TEST_RR(20, add, 0xfffffffe, 0x7fffffff, 0x7fffffff)
	TEST_RR(21, add, 0xffffffff, 0x7fffffff, 0x80000000)
	TEST_RR(22, add, 0x80000000, 0x80000000, 0x00000000)
	TEST_RR(23, add, 0x80000001, 0x80000000, 0x00000001)
	TEST_RR(24, add, 0x7fffffff, 0x80000000, 0xffffffff)
	TEST_RR(25, add, 0xffffffff, 0x80000000, 0x7fffffff)
	TEST_RR(26, add, 0x00000000, 0x80000000, 0x80000000)
	TEST_RR(27, add, 0x99999999, 0x12345678, 0x87654321)
	TEST_RR(28, add, 0x100e100e, 0x00ff00ff, 0x0f0f0f0f)
	TEST_RR(29, add, 0xeff1eff0, 0xff00ff00, 0xf0f0f0f0)
	TEST_RR(30, add, 0xfffffffb, 0xfffffffe, 0xfffffffd)
	TEST_RR(31, add, 0x0000000a, 0x00000003, 0x00000007)
	TEST_RR(32, add, 0x0000000a, 0x00000007, 0x00000003)
	TEST_RR(33, add, 0xfffffffc, 0xfffffff9, 0x00000003)
	TEST_RR(34, add, 0xfffffffc, 0x00000003, 0xfffffff9)
	TEST_RR(35, add, 0x00010000, 0x0000ffff, 0x00000001)
	TEST_RR(36, add, 0x00000000, 0xffff8000, 0x00008000)
	TEST_RR(37, add, 0xffffffff, 0x55555555, 0xaaaaaaaa)
	/* Source and destination registers shared. */
	TEST_RR_SRC1_EQ_DEST(38, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC2_EQ_DEST(39, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC12_EQ_DEST(40, add, 0x0000001a, 0x0000000d)
	/* Results used 0, 1 and 2 instructions later; sources just produced. */
	TEST_RR_DEST_BYPASS(41, 0, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(42, 1, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_DEST_BYPASS(43, 2, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(44, 0, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(45, 0, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(46, 1, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(47, 1, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS(48, 2, add, 0x00000018, 0x0000000d, 0x0000000b)
	TEST_RR_SRC_BYPASS2(49, 2, add, 0x00000018, 0x0000000d, 0x0000000b)
	/* x0 as a source reads 0; x0 as a destination stays 0. */
	TEST_RR_ZEROSRC1(50, add, 0x0000000b, 0x0000000b)
	TEST_RR_ZEROSRC2(51, add, 0x0000000d, 0x0000000d)
	TEST_RR_ZEROSRC12(52, add, 0x00000000)
	TEST_RR_ZERODEST(53, add, 0x0000000d, 0x0000000b)
TEST_END
