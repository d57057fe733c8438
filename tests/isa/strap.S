/*
 * strap: mstatus.TSR/TW/TVM and wfi/sret/sfence.vma privilege rules.
 *   TSR = 1: sret in S is illegal.      TW = 1: wfi in S is illegal.
 *   TVM = 1: satp access and sfence.vma in S are illegal.
 *   wfi and sret in U are always illegal; sret in S (TSR = 0) returns to SPP.
 */
#include "env.h"

#define ILL(insn...) la s7, 10088f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 10088: insn

TEST_BEGIN
	/* TSR. */
	TEST_CASE(2, s9, 1, li s9, 0; li x1, MSTATUS_TSR; csrs mstatus, x1; ENV_ENTER(PRV_S); ILL(sret);
		  ENV_ENTER_M; li x1, MSTATUS_TSR; csrc mstatus, x1)
	/* sret in S with TSR = 0 returns to SPP = S at sepc. */
	TEST_CASE(3, x14, 3, li x14, 0; ENV_ENTER(PRV_S); li x1, MSTATUS_SPP; csrs sstatus, x1; la x1, 1f;
		  csrw sepc, x1; sret; li x14, 1; 1: addi x14, x14, 3; csrr x2, sscratch; ENV_ENTER_M)
	/* sret to U: sscratch then traps. */
	TEST_CASE(4, s9, 1, li s9, 0; ENV_ENTER(PRV_S); li x1, MSTATUS_SPP; csrc sstatus, x1; la x1, 1f;
		  csrw sepc, x1; sret; 1: ILL(csrr x2, sscratch); ENV_ENTER_M)
	/* sret in U is illegal; wfi in U is illegal (even with TW = 0). */
	TEST_CASE(5, s9, 2, li s9, 0; ENV_ENTER(PRV_U); ILL(sret); ILL(wfi); ENV_ENTER_M)
	/* TW: wfi in S is illegal; with TW = 0 it is legal (a delegated interrupt, masked by SIE = 0, is pending to wake it). */
	TEST_CASE(6, s9, 1, li s9, 0; li x1, MSTATUS_TW; csrs mstatus, x1; ENV_ENTER(PRV_S); ILL(wfi);
		  ENV_ENTER_M; li x1, MSTATUS_TW; csrc mstatus, x1)
	TEST_CASE(7, s9, 0, li s9, 0; csrwi mideleg, MIP_SSIP; csrci sstatus, MSTATUS_SIE;
		  csrsi mie, MIP_SSIP; csrsi mip, MIP_SSIP; ENV_ENTER(PRV_S); wfi; ENV_ENTER_M;
		  csrci mip, MIP_SSIP; csrw mie, x0; csrw mideleg, x0)
	/* TVM: satp and sfence.vma in S trap; M-mode is unaffected. */
	TEST_CASE(8, s9, 3, li s9, 0; li x1, MSTATUS_TVM; csrs mstatus, x1; ENV_ENTER(PRV_S);
		  ILL(csrr x2, satp); ILL(csrw satp, x0); ILL(sfence.vma); ENV_ENTER_M;
		  csrr x2, satp; sfence.vma; li x1, MSTATUS_TVM; csrc mstatus, x1)
	/* TVM = 0: satp and sfence.vma are legal in S. */
	TEST_CASE(9, s9, 0, li s9, 0; ENV_ENTER(PRV_S); csrr x2, satp; csrw satp, x0; sfence.vma;
		  sfence.vma x0, x1; ENV_ENTER_M)
	/* sfence.vma in U is illegal. */
	TEST_CASE(10, s9, 1, li s9, 0; ENV_ENTER(PRV_U); ILL(sfence.vma); ENV_ENTER_M)
	/* TW does not affect M-mode: wfi there is legal (a pending enabled interrupt wakes it). */
	TEST_CASE(11, s9, 0, li s9, 0; li x1, MSTATUS_TW; csrs mstatus, x1; csrwi mie, MIP_SSIP;
		  csrsi mip, MIP_SSIP; wfi; csrci mip, MIP_SSIP; csrw mie, x0; li x1, MSTATUS_TW;
		  csrc mstatus, x1)
TEST_END
