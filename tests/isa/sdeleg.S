/*
 * sdeleg: with medeleg, ecall and ebreak from U and illegal instructions from U and S
 * trap to S-mode (scause/sepc/stval written, sret returns); ecall from S still goes to
 * M (cause 9); without delegation everything goes to M.
 */
#include "env.h"

TEST_BEGIN
	li x1, (1 << CAUSE_ECALL_U) | (1 << CAUSE_BREAKPOINT) | (1 << CAUSE_ILLEGAL)
	csrw medeleg, x1
	/* ecall from U to S; mcause untouched. */
	test_2:
	li TESTNUM, 2
	li s9, 0
	csrw mcause, x0
	ENV_ENTER(PRV_U)
	TRAP_EXPECT(CAUSE_ECALL_U, 0)
	ecall
	ENV_ENTER_M
	TEST_CASE(3, s9, 1, nop)
	/* ebreak from U to S. */
	TEST_CASE(4, s9, 1, li s9, 0; ENV_ENTER(PRV_U); TRAP_EXPECT_NOTVAL(CAUSE_BREAKPOINT); ebreak;
		  ENV_ENTER_M)
	/* Illegal instruction from U and from S to S, stval = the bits. */
	TEST_CASE(5, s9, 1, li s9, 0; ENV_ENTER(PRV_U); la s7, 1f; lw s11, 0(s7); li s8, 1;
		  li s10, CAUSE_ILLEGAL; 1: csrr x1, mstatus; ENV_ENTER_M)
	TEST_CASE(6, s9, 1, li s9, 0; ENV_ENTER(PRV_S); la s7, 1f; lw s11, 0(s7); li s8, 1;
		  li s10, CAUSE_ILLEGAL; 1: csrr x1, mscratch; ENV_ENTER_M)
	/* ecall from S goes to M even with medeleg bit 9 clear (it is). */
	TEST_CASE(7, s9, 1, li s9, 0; ENV_ENTER(PRV_S); TRAP_EXPECT(CAUSE_ECALL_S, 0); ecall; ENV_ENTER_M)
	/* A trap into S records SPP (U: 0, S: 1) and SPIE = SIE, clears SIE. */
	test_8:
	li TESTNUM, 8
	la x1, sdeleg_handler
	csrw stvec, x1
	ENV_ENTER(PRV_U)
	ecall
	ENV_ENTER_M
	andi x14, x6, MSTATUS_SPP
	CHECK(x14, 0)
	CHECK(x7, CAUSE_ECALL_U)
	test_9:
	li TESTNUM, 9
	la x1, sdeleg_handler
	csrw stvec, x1
	csrsi sstatus, MSTATUS_SIE
	ENV_ENTER(PRV_S)
	.word 0
	ENV_ENTER_M
	andi x14, x6, MSTATUS_SPP | MSTATUS_SIE | MSTATUS_SPIE
	CHECK(x14, MSTATUS_SPP | MSTATUS_SPIE)
	CHECK(x7, CAUSE_ILLEGAL)
	/* sret restored SIE from SPIE, set SPIE, and SPP = U. */
	csrr x6, sstatus
	andi x14, x6, MSTATUS_SPP | MSTATUS_SIE | MSTATUS_SPIE
	CHECK(x14, MSTATUS_SIE | MSTATUS_SPIE)
	csrci sstatus, MSTATUS_SIE
	/* An M-mode exception is never delegated. */
	TEST_CASE(10, s9, 1, li s9, 0; TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL); .word 0)
	csrw medeleg, x0
	/* Without delegation U ecall goes to M. */
	TEST_CASE(11, s9, 1, li s9, 0; ENV_ENTER(PRV_U); TRAP_EXPECT(CAUSE_ECALL_U, 0); ecall; ENV_ENTER_M)
	j 1f
	.balign 4
sdeleg_handler:
	csrr x6, sstatus
	csrr x7, scause
	la x8, env_strap
	csrw stvec, x8
	csrr x8, sepc
	addi x8, x8, 4
	csrw sepc, x8
	sret
1:	nop
TEST_END
