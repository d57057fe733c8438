/*
 * timer: the CLINT timer: mip.MTIP is set while mtime >= mtimecmp; the interrupt is
 * taken with mcause = 0x80000007 when enabled.
 */
#include "env.h"

#define MTIMECMP (CLINT_BASE + CLINT_MTIMECMP)
#define MTIME (CLINT_BASE + CLINT_MTIME)

TEST_BEGIN
	/* mtimecmp far in the future: MTIP clear. */
	TEST_CASE(2, x14, 0, li x1, MTIMECMP; li x2, -1; sw x2, 4(x1); sw x2, 0(x1); csrr x14, mip;
		  andi x14, x14, MIP_MTIP)
	/* mtimecmp = 0: MTIP set. */
	TEST_CASE(3, x14, MIP_MTIP, li x1, MTIMECMP; sw x0, 0(x1); sw x0, 4(x1); 1: csrr x14, mip;
		  andi x14, x14, MIP_MTIP; beqz x14, 1b)
	/* mtimecmp = now + 100 ticks (10 us): wfi wakes on it; the interrupt is taken. */
	test_4:
	li TESTNUM, 4
	li s9, 0
	li x1, MTIMECMP
	li x2, -1
	sw x2, 4(x1)
	li x5, MTIME
	lw x13, 0(x5)
	lw x4, 4(x5)
	addi x6, x13, 100
	sltu x7, x6, x13
	add x4, x4, x7
	sw x6, 0(x1)
	sw x4, 4(x1)
	TRAP_EXPECT_IRQ(7)
	li x2, MIP_MTIP
	csrw mie, x2
	/* MIE = 0: wfi waits until MTIP is pending, then MIE = 1 takes it at once. */
	li x13, 100
1:	wfi
	csrr x2, mip
	andi x2, x2, MIP_MTIP
	bnez x2, 3f
	addi x13, x13, -1
	bnez x13, 1b
	j env_fail
3:	csrsi mstatus, MSTATUS_MIE
	nop
	nop
2:	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	CHECK(s9, 1)
	/* The handler moved mtimecmp to the far future: MTIP clear. */
	TEST_CASE(5, x14, 0, csrr x14, mip; andi x14, x14, MIP_MTIP)
TEST_END
