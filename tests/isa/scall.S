/*
 * scall: ecall raises cause 11 from M, 9 from S and 8 from U; mtval = 0,
 * mepc = the ecall; the trap enters M-mode and mret returns to the caller's mode.
 */
#include "env.h"

TEST_BEGIN
	TEST_TRAP(2, CAUSE_ECALL_M, 0, ecall)
	test_3:
	li TESTNUM, 3
	li s9, 0
	ENV_ENTER(PRV_S)
	TRAP_EXPECT(CAUSE_ECALL_S, 0)
	ecall
	/* Still in S-mode: sscratch is accessible, mscratch is not. */
	csrw sscratch, x0
	TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL)
	csrr x1, mscratch
	ENV_ENTER_M
	CHECK(s9, 2)
	test_4:
	li TESTNUM, 4
	li s9, 0
	ENV_ENTER(PRV_U)
	TRAP_EXPECT(CAUSE_ECALL_U, 0)
	ecall
	/* Still in U-mode: sscratch is not accessible. */
	TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL)
	csrr x1, sscratch
	ENV_ENTER_M
	CHECK(s9, 2)
	/* The previous privilege is recorded in mstatus.MPP at the trap. */
	test_5:
	li TESTNUM, 5
	la x1, scall_mpp_handler
	csrw mtvec, x1
	ENV_ENTER(PRV_S)
	ecall
	li x14, MSTATUS_MPP
	and x14, x6, x14
	CHECK(x14, MSTATUS_MPP_S)
	CHECK(x7, CAUSE_ECALL_S)
	j 1f
	.balign 4
scall_mpp_handler:
	csrr x6, mstatus
	csrr x7, mcause
	la x1, env_mtrap
	csrw mtvec, x1
	li x1, MSTATUS_MPP
	csrs mstatus, x1
	csrr x1, mepc
	addi x1, x1, 4
	csrw mepc, x1
	mret
1:	nop
TEST_END
