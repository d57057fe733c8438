/*
 * pmp: pmpaddr and pmpcfg write and read back (granularity 4 bytes); entry 0 stays
 * the NAPOT all-memory RWX entry the environment set up.
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x14, 0x1f, csrr x14, pmpcfg0; andi x14, x14, 0xff)
	TEST_CASE(3, x14, 0xffffffff, csrr x14, pmpaddr0)
	TEST_CASE(4, x14, 0x12345678, li x1, 0x12345678; csrw pmpaddr1, x1; csrr x14, pmpaddr1)
	TEST_CASE(5, x14, 0x00000001, li x1, 1; csrw pmpaddr2, x1; csrr x14, pmpaddr2)
	TEST_CASE(6, x14, 0x3fffffff, li x1, 0x3fffffff; csrw pmpaddr3, x1; csrr x14, pmpaddr3)
	/* Entries 1..3 configured (OFF with permissions, TOR, NA4), entry 0 unchanged. */
	TEST_CASE(7, x14, 0x130f071f, li x1, 0x130f071f; csrw pmpcfg0, x1; csrr x14, pmpcfg0)
	/* Still running and accessing memory: entry 0 covers everything. */
	TEST_CASE(8, x14, 0x130f071f, la x1, pmp_word; lw x2, 0(x1); sw x2, 0(x1); csrr x14, pmpcfg0)
	/* The same checks from U-mode accesses. */
	TEST_CASE(9, s9, 0, li s9, 0; ENV_ENTER(PRV_U); la x1, pmp_word; lw x2, 0(x1); sw x2, 0(x1);
		  ENV_ENTER_M)
	TEST_CASE(10, x14, 0x1f, li x1, 0x1f; csrw pmpcfg0, x1; csrr x14, pmpcfg0)
TEST_END

TEST_DATA_BEGIN
pmp_word:
	.word 0x1234
TEST_DATA_END
