/*
 * mepc_lsb: mepc[0] and sepc[0] always read as zero (privileged spec, mepc).
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x14, 0x80002000, li x1, 0x80002001; csrw mepc, x1; csrr x14, mepc)
	TEST_CASE(3, x14, 0xfffffffc, li x1, -1; csrw mepc, x1; csrr x14, mepc; andi x14, x14, -4)
	TEST_CASE(4, x14, 0, li x1, -1; csrw mepc, x1; csrr x14, mepc; andi x14, x14, 1)
	TEST_CASE(5, x14, 0x80003000, li x1, 0x80003001; csrw sepc, x1; csrr x14, sepc)
TEST_END
