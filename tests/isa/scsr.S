/*
 * scsr: the S-mode CSRs. sstatus is a view of mstatus (S fields only); sie and sip
 * show only the delegated interrupts; sscratch, sepc, scause, stval, stvec hold
 * their values; M CSRs are illegal from S.
 */
#include "env.h"

TEST_BEGIN
	/* sstatus.SIE/SPIE/SPP/SUM/MXR are mstatus bits. */
	TEST_CASE(2, x14, MSTATUS_SIE, csrsi sstatus, MSTATUS_SIE; csrr x14, mstatus;
		  andi x14, x14, MSTATUS_SIE)
	TEST_CASE(3, x14, 0, csrci mstatus, MSTATUS_SIE; csrr x14, sstatus; andi x14, x14, MSTATUS_SIE)
	TEST_CASE(4, x14, MSTATUS_SUM | MSTATUS_MXR | MSTATUS_SPP | MSTATUS_SPIE,
		  li x1, MSTATUS_SUM | MSTATUS_MXR | MSTATUS_SPP | MSTATUS_SPIE; csrs sstatus, x1;
		  csrr x14, mstatus; and x14, x14, x1; csrc mstatus, x1)
	/* The M fields are not visible through sstatus and not writable through it. */
	TEST_CASE(5, x14, 0, li x1, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP | MSTATUS_MPRV | MSTATUS_TVM |
		  MSTATUS_TW | MSTATUS_TSR; csrs mstatus, x1; csrr x14, sstatus; and x14, x14, x1;
		  csrc mstatus, x1)
	TEST_CASE(6, x14, 0, li x1, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_TVM | MSTATUS_TSR; csrs sstatus, x1;
		  csrr x14, mstatus; and x14, x14, x1)
	/* sie: only the bits delegated in mideleg. */
	TEST_CASE(7, x14, 0, csrw mideleg, x0; li x1, 0x222; csrw sie, x1; csrr x14, sie)
	TEST_CASE(8, x14, 0, csrr x14, mie; andi x14, x14, 0x222)
	TEST_CASE(9, x14, 0x222, li x1, 0x222; csrw mideleg, x1; csrw sie, x1; csrr x14, sie)
	TEST_CASE(10, x14, 0x222, csrr x14, mie; andi x14, x14, 0x222)
	/* M bits of mie never show in sie. */
	TEST_CASE(11, x14, 0x222, li x1, 0x888; csrs mie, x1; csrr x14, sie; csrw mie, x0)
	/* sip.SSIP is writable from S when delegated; it is mip.SSIP. */
	TEST_CASE(12, x14, MIP_SSIP, csrsi sip, MIP_SSIP; csrr x14, mip; andi x14, x14, MIP_SSIP)
	TEST_CASE(13, x14, 0, csrci sip, MIP_SSIP; csrr x14, mip; andi x14, x14, MIP_SSIP)
	/* Not delegated: sip hides it. */
	TEST_CASE(14, x14, 0, csrw mideleg, x0; csrsi mip, MIP_SSIP; csrr x14, sip; csrci mip, MIP_SSIP)
	/* S scratch/trap registers. */
	TEST_CASE(15, x14, 0x89abcdef, li x1, 0x89abcdef; csrw sscratch, x1; csrr x14, sscratch)
	TEST_CASE(16, x14, 0x80004000, li x1, 0x80004000; csrw sepc, x1; csrr x14, sepc)
	TEST_CASE(17, x14, 0x8000000d, li x1, 0x8000000d; csrw scause, x1; csrr x14, scause)
	TEST_CASE(18, x14, 0x00001234, li x1, 0x1234; csrw stval, x1; csrr x14, stval)
	TEST_CASE(19, x14, 0x80005000, csrr x5, stvec; li x1, 0x80005000; csrw stvec, x1;
		  csrr x14, stvec; csrw stvec, x5)
	/* From S: S CSRs accessible, M CSRs illegal with stval/mtval = the bits. */
	TEST_CASE(20, x14, 0x77, ENV_ENTER(PRV_S); li x1, 0x77; csrw sscratch, x1; csrr x14, sscratch;
		  csrr x2, sstatus; csrr x2, sie; csrr x2, sepc; ENV_ENTER_M)
	TEST_CASE(21, s9, 5, li s9, 0; ENV_ENTER(PRV_S);
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrr x1, mstatus;
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrw mepc, x0;
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrr x1, mhartid;
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrr x1, pmpaddr0;
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrr x1, mcycle;
		  ENV_ENTER_M)
	/* From U: S CSRs illegal. */
	TEST_CASE(22, s9, 2, li s9, 0; ENV_ENTER(PRV_U);
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrr x1, sstatus;
		  la s7, 1f; lw s11, 0(s7); li s8, 1; li s10, CAUSE_ILLEGAL; 1: csrw satp, x0;
		  ENV_ENTER_M)
TEST_END
