/*
 * sintr: supervisor interrupts. A delegated SSI/STI is taken in S when sstatus.SIE = 1,
 * always in U, never in M; an undelegated one goes to M even from S.
 */
#include "env.h"

#define WAIT_S9                                                                         \
	li x13, 1000; 10087: bnez s9, 10086f; addi x13, x13, -1; bnez x13, 10087b; 10086: nop

TEST_BEGIN
	li x1, MIP_SSIP | MIP_STIP
	csrw mideleg, x1
	csrw mie, x1
	/* In S with SIE = 1: taken in S, scause = 0x80000001. */
	TEST_CASE(2, s9, 1, li s9, 0; ENV_ENTER(PRV_S); TRAP_EXPECT_IRQ(1); csrsi sstatus, MSTATUS_SIE;
		  csrsi sip, MIP_SSIP; WAIT_S9; csrci sstatus, MSTATUS_SIE; ENV_ENTER_M)
	/* In S with SIE = 0: pending, not taken. */
	TEST_CASE(3, s9, 0, li s9, 0; ENV_ENTER(PRV_S); csrci sstatus, MSTATUS_SIE; csrsi sip, MIP_SSIP;
		  WAIT_S9; csrr x14, sip; andi x14, x14, MIP_SSIP; CHECK(x14, MIP_SSIP); csrci sip, MIP_SSIP;
		  ENV_ENTER_M)
	/* In U: taken in S whatever SIE is. */
	TEST_CASE(4, s9, 1, li s9, 0; csrci sstatus, MSTATUS_SIE; ENV_ENTER(PRV_U); TRAP_EXPECT_IRQ(1);
		  ENV_ENTER_M; csrsi mip, MIP_SSIP; ENV_ENTER(PRV_U); WAIT_S9; ENV_ENTER_M)
	/* In M: a delegated interrupt is not taken even with MIE = 1 and SIE = 1. */
	TEST_CASE(5, s9, 0, li s9, 0; csrsi sstatus, MSTATUS_SIE; csrsi mstatus, MSTATUS_MIE;
		  csrsi mip, MIP_SSIP; WAIT_S9; csrci mstatus, MSTATUS_MIE; csrci mip, MIP_SSIP;
		  csrci sstatus, MSTATUS_SIE)
	/* STIP set by M, not delegated: taken in M from S, mcause 0x80000005 (the handler clears it). */
	TEST_CASE(6, s9, 1, li s9, 0; li x1, MIP_STIP; csrw mideleg, x1; csrw mie, x1; ENV_ENTER(PRV_S);
		  TRAP_EXPECT_IRQ(5); ENV_ENTER_M; li x1, MIP_STIP; csrs mip, x1; csrw mideleg, x0;
		  ENV_ENTER(PRV_S); WAIT_S9; ENV_ENTER_M)
	/* Not delegated: SSI pending in S goes to M (mcause 0x80000001). */
	TEST_CASE(7, s9, 1, li s9, 0; csrw mideleg, x0; csrwi mie, MIP_SSIP; TRAP_EXPECT_IRQ(1);
		  csrsi mip, MIP_SSIP; ENV_ENTER(PRV_S); WAIT_S9; ENV_ENTER_M; csrw mie, x0)
TEST_END
