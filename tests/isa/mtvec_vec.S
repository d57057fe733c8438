/*
 * mtvec_vec: software interrupts through the CLINT's msip, with mtvec in direct and
 * vectored mode. Vectored: interrupts go to base + 4 * cause, exceptions to base.
 * mip.MSIP follows msip; wfi wakes on a pending enabled interrupt even with MIE = 0.
 */
#include "env.h"

#define MSIP_ADDR (CLINT_BASE + CLINT_MSIP)

TEST_BEGIN
	/* msip raises mip.MSIP; clearing it drops the bit. */
	TEST_CASE(2, x14, MIP_MSIP, li x1, MSIP_ADDR; li x2, 1; sw x2, 0(x1); 1: csrr x14, mip;
		  andi x14, x14, MIP_MSIP; beqz x14, 1b)
	TEST_CASE(3, x14, 0, li x1, MSIP_ADDR; sw x0, 0(x1); li x13, 1000; 1: csrr x14, mip;
		  andi x14, x14, MIP_MSIP; beqz x14, 2f; addi x13, x13, -1; bnez x13, 1b; 2: nop)
	/* Pending and enabled in mie, but mstatus.MIE = 0 in M: not taken; wfi returns. */
	TEST_CASE(4, s9, 0, li s9, 0; csrwi mie, MIP_MSIP; li x1, MSIP_ADDR; li x2, 1; sw x2, 0(x1);
		  wfi; nop; nop; sw x0, 0(x1); csrw mie, x0)
	/* Direct mode: taken at mtvec with mcause = 0x80000003, mepc = next instruction. */
	test_5:
	li TESTNUM, 5
	li s9, 0
	TRAP_EXPECT_IRQ(3)
	csrwi mie, MIP_MSIP
	li x1, MSIP_ADDR
	li x2, 1
	sw x2, 0(x1)
	csrsi mstatus, MSTATUS_MIE
	li x13, 1000
1:	bnez s9, 2f
	addi x13, x13, -1
	bnez x13, 1b
2:	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	CHECK(s9, 1)
	/* Vectored mode. */
	test_6:
	li TESTNUM, 6
	li x20, 0
	la x1, vec_table
	ori x1, x1, 1
	csrw mtvec, x1
	csrr x2, mtvec
	CHECK_EQ(x2, x1)
	csrwi mie, MIP_MSIP
	li x1, MSIP_ADDR
	li x2, 1
	sw x2, 0(x1)
	csrsi mstatus, MSTATUS_MIE
	li x13, 1000
1:	bnez x20, 2f
	addi x13, x13, -1
	bnez x13, 1b
2:	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	CHECK(x20, 3)
	CHECK(x21, 0x80000003)
	/* An exception in vectored mode goes to the base. */
	test_7:
	li TESTNUM, 7
	li x20, 0
	ecall
	CHECK(x20, 11)
	/* wfi returns with the interrupt pending (MIE = 0); enabling MIE then takes it. */
	test_8:
	li TESTNUM, 8
	li x20, 0
	csrwi mie, MIP_MSIP
	li x1, MSIP_ADDR
	li x2, 1
	sw x2, 0(x1)
	wfi
	csrsi mstatus, MSTATUS_MIE
	li x13, 100
1:	bnez x20, 2f
	addi x13, x13, -1
	bnez x13, 1b
2:	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	CHECK(x20, 3)
	la x1, env_mtrap
	csrw mtvec, x1
	j 9f

	.balign 256
vec_table:
	j vec_exc
	j env_fail
	j env_fail
	j vec_msi
	j env_fail
	j env_fail
	j env_fail
	j env_fail
	j env_fail
	j env_fail
	j env_fail
	j env_fail
vec_msi:
	li x20, 3
	csrr x21, mcause
	li x22, MSIP_ADDR
	sw x0, 0(x22)
	mret
vec_exc:
	/* A failing check or the end of the run: the environment's handler. */
	li x22, ENV_EXIT
	beq a7, x22, env_mtrap
	csrr x20, mcause
	csrr x22, mepc
	addi x22, x22, 4
	csrw mepc, x22
	mret
9:	nop
TEST_END
