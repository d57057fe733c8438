/*
 * mret: MIE <- MPIE, MPIE <- 1, MPP <- U, pc <- mepc, privilege <- old MPP.
 * A trap into M: MPIE <- MIE, MIE <- 0, MPP <- the previous privilege.
 */
#include "env.h"

TEST_BEGIN
	/* mret with MPP = M, MPIE = 1: stay in M with MIE = 1, MPIE = 1, MPP = U. */
	TEST_CASE(2, x14, MSTATUS_MIE | MSTATUS_MPIE, li x1, MSTATUS_MPP | MSTATUS_MPIE; csrs mstatus, x1;
		  la x1, 1f; csrw mepc, x1; mret; j env_fail; 1: csrr x2, mstatus;
		  li x13, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; and x14, x2, x13; csrci mstatus, MSTATUS_MIE)
	/* mret with MPIE = 0: MIE becomes 0, MPIE becomes 1. */
	TEST_CASE(3, x14, MSTATUS_MPIE, li x1, MSTATUS_MPP; csrs mstatus, x1; li x1, MSTATUS_MPIE;
		  csrc mstatus, x1; csrsi mstatus, MSTATUS_MIE; la x1, 1f; csrw mepc, x1; mret; 1:
		  csrr x2, mstatus; li x13, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; and x14, x2, x13)
	/* A trap from M with MIE = 1 saves it in MPIE, clears MIE, sets MPP = M. */
	test_4:
	li TESTNUM, 4
	la x1, mret_handler
	csrw mtvec, x1
	csrsi mstatus, MSTATUS_MIE
	ecall
	li x13, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE
	and x14, x6, x13
	CHECK(x14, MSTATUS_MPP | MSTATUS_MPIE)
	/* After the handler's mret: MIE restored, MPIE = 1, MPP = U. */
	csrr x2, mstatus
	and x14, x2, x13
	CHECK(x14, MSTATUS_MPIE | MSTATUS_MIE)
	csrci mstatus, MSTATUS_MIE
	/* A trap from U: MPP = U (0), MPIE = the U-mode MIE value (1: set by the mret into U). */
	test_5:
	li TESTNUM, 5
	la x1, mret_handler
	csrw mtvec, x1
	ENV_ENTER(PRV_U)
	ecall
	li x13, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE
	/* back in U: x6 holds mstatus as seen by the handler */
	and x14, x6, x13
	ENV_ENTER_M
	CHECK(x14, MSTATUS_MPIE)
	/* mret to U: the mode is U afterwards (an M CSR read traps). */
	TEST_CASE(6, s9, 1, li s9, 0; ENV_ENTER(PRV_U); TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL);
		  csrr x1, mstatus; ENV_ENTER_M)
	/* mret to S: sstatus readable, mstatus not. */
	TEST_CASE(7, s9, 1, li s9, 0; ENV_ENTER(PRV_S); csrr x1, sstatus;
		  TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL); csrr x1, mstatus; ENV_ENTER_M)
	/* mret in U or S is illegal. */
	TEST_CASE(8, s9, 2, li s9, 0; ENV_ENTER(PRV_U); TRAP_EXPECT(CAUSE_ILLEGAL, 0x30200073); mret;
		  ENV_ENTER_M; ENV_ENTER(PRV_S); TRAP_EXPECT(CAUSE_ILLEGAL, 0x30200073);
		  mret; ENV_ENTER_M)
	/* mepc returned to is the written one. */
	TEST_CASE(9, x14, 5, li x14, 0; la x1, 2f; csrw mepc, x1; li x1, MSTATUS_MPP; csrs mstatus, x1;
		  mret; 1: li x14, 4; j 3f; 2: li x14, 5; 3: nop)
	j 1f
	.balign 4
mret_handler:
	csrr x6, mstatus
	la x7, env_mtrap
	csrw mtvec, x7
	csrr x7, mepc
	addi x7, x7, 4
	csrw mepc, x7
	mret
1:	nop
TEST_END
