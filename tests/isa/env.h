/*
 * env.h: the environment of an osprey ISA test (physical memory, M-mode start).
 *
 * Written for osprey.  A test is one .S file:
 *
 *	#include "env.h"
 *	TEST_BEGIN
 *		TEST_RR(2, add, 3, 1, 2)
 *		...
 *	TEST_END
 *	TEST_DATA_BEGIN		(optional)
 *		...
 *	TEST_DATA_END
 *
 * Reporting: a test ends with ENV_PASS or ENV_FAIL (or by falling into TEST_END).
 * Both make an environment call with a7 = ENV_EXIT and a0 = code, from whatever
 * privilege mode the test is in; the M-mode trap handler ends the run:
 *   - default build: SiFive test finisher at 0x100000 (0x5555, or code<<16 | 0x3333);
 *   - built with -DISA_HTIF: a store of (code << 1) | 1 to the 64-bit `tohost`.
 * A failure also prints a line on the ns16550a UART.  The exit code is the number of
 * the failing test case (kept in TESTNUM = gp), which must be 1..254.
 *
 * Register conventions (a test must not use these for anything else):
 *   gp  (x3)  TESTNUM: number of the test case being run.
 *   t6  (x31) expected value in the TEST_* check macros.
 *   s7  (x23) expected epc of an expected exception (0: do not check).
 *   s8  (x24) 1: check the expected tval in s11; 0: do not.
 *   s9  (x25) count of expected traps taken.
 *   s10 (x26) expected cause (-1: no trap expected; any trap then fails the test).
 *   s11 (x27) expected tval.
 *
 * Traps: both handlers (M: env_mtrap, S: env_strap) accept exactly one expected trap,
 * armed with TRAP_EXPECT*; an exception resumes at epc + 4 in the mode it came from,
 * except that a fetch fault (cause 1 or 12) resumes at ra (reach the target with
 * jalr ra, ...); an interrupt resumes at epc with its source cleared.  Any other trap
 * fails the test.
 * An `ecall` with a7 = ENV_TO_M returns to the next instruction in M-mode (use
 * ENV_ENTER_M); ENV_ENTER(mode) drops from M-mode to S or U (via mret).
 * The handlers keep every register except s9/s10 (and a7 in ENV_ENTER_M), and use
 * mscratch/sscratch as scratch: a test of those CSRs must not trap between writing and
 * reading them.  A test that installs its own mtvec/stvec handler restores ours before
 * its checks (a failing check ends the run through an ecall).
 */
#ifndef ISA_ENV_H
#define ISA_ENV_H

#define TESTNUM gp

#define ENV_EXIT 0x45584954	/* a7 for "end the run with code a0" */
#define ENV_TO_M 0x544f4d21	/* a7 for "return to M-mode after this ecall" */

/* Platform (QEMU virt). */
#define FINISHER_BASE 0x00100000
#define CLINT_BASE 0x02000000
#define CLINT_MSIP 0x0
#define CLINT_MTIMECMP 0x4000
#define CLINT_MTIME 0xbff8
#define UART_BASE 0x10000000

/* CSR fields. */
#define MSTATUS_SIE 0x00000002
#define MSTATUS_MIE 0x00000008
#define MSTATUS_SPIE 0x00000020
#define MSTATUS_MPIE 0x00000080
#define MSTATUS_SPP 0x00000100
#define MSTATUS_MPP 0x00001800
#define MSTATUS_MPP_S 0x00000800
#define MSTATUS_MPRV 0x00020000
#define MSTATUS_SUM 0x00040000
#define MSTATUS_MXR 0x00080000
#define MSTATUS_TVM 0x00100000
#define MSTATUS_TW 0x00200000
#define MSTATUS_TSR 0x00400000

#define MIP_SSIP 0x002
#define MIP_MSIP 0x008
#define MIP_STIP 0x020
#define MIP_MTIP 0x080
#define MIP_SEIP 0x200
#define MIP_MEIP 0x800

#define IRQ_BIT 0x80000000

#define CAUSE_MISALIGNED_FETCH 0
#define CAUSE_FETCH_ACCESS 1
#define CAUSE_ILLEGAL 2
#define CAUSE_BREAKPOINT 3
#define CAUSE_MISALIGNED_LOAD 4
#define CAUSE_LOAD_ACCESS 5
#define CAUSE_MISALIGNED_STORE 6
#define CAUSE_STORE_ACCESS 7
#define CAUSE_ECALL_U 8
#define CAUSE_ECALL_S 9
#define CAUSE_ECALL_M 11
#define CAUSE_FETCH_PAGE 12
#define CAUSE_LOAD_PAGE 13
#define CAUSE_STORE_PAGE 15

#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

/* Sv32 PTE bits. */
#define PTE_V 0x001
#define PTE_R 0x002
#define PTE_W 0x004
#define PTE_X 0x008
#define PTE_U 0x010
#define PTE_G 0x020
#define PTE_A 0x040
#define PTE_D 0x080
#define SATP_SV32 0x80000000

/* ---- test structure ------------------------------------------------------------ */

#define TEST_BEGIN                                                                      \
	.section .text.init, "ax";                                                      \
	.globl _start;                                                                  \
	_start: j env_reset;                                                            \
	.text;                                                                          \
	.globl test_main;                                                               \
	test_main:

#define TEST_END                                                                        \
	ENV_PASS;                                                                       \
	ENV_CODE

#define TEST_DATA_BEGIN                                                                 \
	.data;                                                                          \
	.balign 16;                                                                     \
	.globl test_data;                                                               \
	test_data:

#define TEST_DATA_END

#define ENV_PASS                                                                        \
	li a0, 0;                                                                       \
	li a7, ENV_EXIT;                                                                \
	ecall

#define ENV_FAIL j env_fail

/* Check: register reg holds expected (t6 is clobbered). */
#define CHECK(reg, expected)                                                            \
	li t6, expected;                                                                \
	beq reg, t6, 10099f;                                                            \
	j env_fail;                                                                     \
	10099:

/* Check two registers are equal. */
#define CHECK_EQ(r1, r2)                                                                \
	beq r1, r2, 10098f;                                                             \
	j env_fail;                                                                     \
	10098:

/* Generic test case: run code, then check reg == expected. */
#define TEST_CASE(num, reg, expected, code...)                                          \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	code;                                                                           \
	CHECK(reg, expected)

/* ---- traps ---------------------------------------------------------------------- */

/* Arm: the next instruction raises exception `cause` with tval `tval`. */
#define TRAP_EXPECT(cause, tval)                                                        \
	li s10, cause;                                                                  \
	li s11, tval;                                                                   \
	li s8, 1;                                                                       \
	la s7, 10097f;                                                                  \
	10097:

/* Arm: the next instruction raises exception `cause`; tval is not checked. */
#define TRAP_EXPECT_NOTVAL(cause)                                                       \
	li s10, cause;                                                                  \
	li s8, 0;                                                                       \
	la s7, 10096f;                                                                  \
	10096:

/* Arm: exception `cause` with `tval`, reported at label `epc` (or 0: any epc). */
#define TRAP_EXPECT_AT(cause, tval, epc)                                                \
	li s10, cause;                                                                  \
	li s11, tval;                                                                   \
	li s8, 1;                                                                       \
	la s7, epc

/* Arm: interrupt `code` (cause = IRQ_BIT | code). */
#define TRAP_EXPECT_IRQ(code)                                                           \
	li s10, IRQ_BIT | (code);                                                       \
	li s8, 0;                                                                       \
	li s7, 0

#define TRAP_DISARM li s10, -1

/* One instruction that must raise `cause` with `tval`. */
#define TEST_TRAP(num, cause, tval, insn...)                                            \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	li s9, 0;                                                                       \
	TRAP_EXPECT(cause, tval);                                                       \
	insn;                                                                           \
	CHECK(s9, 1)

/* One instruction that must raise `cause`, tval unchecked. */
#define TEST_TRAP_NOTVAL(num, cause, insn...)                                           \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	li s9, 0;                                                                       \
	TRAP_EXPECT_NOTVAL(cause);                                                      \
	insn;                                                                           \
	CHECK(s9, 1)

/* One instruction that must raise an illegal-instruction exception with tval = its bits. */
#define TEST_ILLEGAL(num, insn...)                                                      \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	li s9, 0;                                                                       \
	la s7, 10089f;                                                                  \
	lw s11, 0(s7);                                                                  \
	li s8, 1;                                                                       \
	li s10, CAUSE_ILLEGAL;                                                          \
	10089: insn;                                                                    \
	CHECK(s9, 1)

/* Drop from M-mode to `mode` (PRV_S or PRV_U) at the next instruction. */
#define ENV_ENTER(mode)                                                                 \
	li t6, MSTATUS_MPP;                                                             \
	csrc mstatus, t6;                                                               \
	li t6, (mode) << 11;                                                            \
	csrs mstatus, t6;                                                               \
	la t6, 10095f;                                                                  \
	csrw mepc, t6;                                                                  \
	mret;                                                                           \
	10095:

/* From any mode, continue at the next instruction in M-mode, mstatus.MIE = 0 (a7 = 0). */
#define ENV_ENTER_M                                                                     \
	li a7, ENV_TO_M;                                                                \
	ecall;                                                                          \
	li a7, 0

/* ---- ALU tests: results in x14, sources in x1, x2 ---------------------------------- */

#define TEST_RR(num, op, result, v1, v2)                                                \
	TEST_CASE(num, x14, result, li x1, v1; li x2, v2; op x14, x1, x2)

#define TEST_RR_SRC1_EQ_DEST(num, op, result, v1, v2)                                   \
	TEST_CASE(num, x1, result, li x1, v1; li x2, v2; op x1, x1, x2)

#define TEST_RR_SRC2_EQ_DEST(num, op, result, v1, v2)                                   \
	TEST_CASE(num, x2, result, li x1, v1; li x2, v2; op x2, x1, x2)

#define TEST_RR_SRC12_EQ_DEST(num, op, result, v1)                                      \
	TEST_CASE(num, x1, result, li x1, v1; op x1, x1, x1)

#define TEST_RR_ZEROSRC1(num, op, result, v2)                                           \
	TEST_CASE(num, x2, result, li x1, v2; op x2, x0, x1)

#define TEST_RR_ZEROSRC2(num, op, result, v1)                                           \
	TEST_CASE(num, x2, result, li x1, v1; op x2, x1, x0)

#define TEST_RR_ZEROSRC12(num, op, result)                                              \
	TEST_CASE(num, x1, result, op x1, x0, x0)

#define TEST_RR_ZERODEST(num, op, v1, v2)                                               \
	TEST_CASE(num, x0, 0, li x1, v1; li x2, v2; op x0, x1, x2)

/* The result is used by the next instruction(s): 0, 1 or 2 nops in between. */
#define TEST_RR_DEST_BYPASS(num, nops, op, result, v1, v2)                              \
	TEST_CASE(num, x6, result, li x1, v1; li x2, v2; op x14, x1, x2;               \
		  .rept nops; nop; .endr; addi x6, x14, 0)

/* Operands produced just before use: the producer of one source is adjacent. */
#define TEST_RR_SRC_BYPASS(num, nops, op, result, v1, v2)                               \
	TEST_CASE(num, x14, result, li x2, v2; li x1, v1; .rept nops; nop; .endr;      \
		  op x14, x1, x2)

#define TEST_RR_SRC_BYPASS2(num, nops, op, result, v1, v2)                              \
	TEST_CASE(num, x14, result, li x1, v1; li x2, v2; .rept nops; nop; .endr;      \
		  op x14, x1, x2)

#define TEST_RI(num, op, result, v1, imm)                                               \
	TEST_CASE(num, x14, result, li x1, v1; op x14, x1, imm)

#define TEST_RI_SRC1_EQ_DEST(num, op, result, v1, imm)                                  \
	TEST_CASE(num, x1, result, li x1, v1; op x1, x1, imm)

#define TEST_RI_ZEROSRC1(num, op, result, imm)                                          \
	TEST_CASE(num, x1, result, op x1, x0, imm)

#define TEST_RI_ZERODEST(num, op, v1, imm)                                              \
	TEST_CASE(num, x0, 0, li x1, v1; op x0, x1, imm)

#define TEST_RI_DEST_BYPASS(num, nops, op, result, v1, imm)                             \
	TEST_CASE(num, x6, result, li x1, v1; op x14, x1, imm; .rept nops; nop; .endr;  \
		  addi x6, x14, 0)

#define TEST_RI_SRC_BYPASS(num, nops, op, result, v1, imm)                              \
	TEST_CASE(num, x14, result, li x1, v1; .rept nops; nop; .endr; op x14, x1, imm)

/* ---- loads and stores -------------------------------------------------------------- */

/* Load from base + offset; the base register is x1. */
#define TEST_LD(num, insn, result, offset, base)                                        \
	TEST_CASE(num, x14, result, la x1, base; insn x14, offset(x1))

#define TEST_LD_DEST_BYPASS(num, nops, insn, result, offset, base)                      \
	TEST_CASE(num, x6, result, la x1, base; insn x14, offset(x1);                   \
		  .rept nops; nop; .endr; addi x6, x14, 0)

/* Store then load back. */
#define TEST_ST(num, load, store, result, offset, base)                                 \
	TEST_CASE(num, x14, result, la x1, base; li x2, result;                         \
		  store x2, offset(x1); load x14, offset(x1))

/* ---- branches ------------------------------------------------------------------------ */

#define TEST_BR_TAKEN(num, insn, v1, v2)                                                \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	li x1, v1;                                                                      \
	li x2, v2;                                                                      \
	insn x1, x2, 10091f;                                                            \
	j env_fail;                                                                     \
	10092: j 10093f;                                                                \
	10091: insn x1, x2, 10092b;                                                     \
	j env_fail;                                                                     \
	10093:

#define TEST_BR_NOT_TAKEN(num, insn, v1, v2)                                            \
	test_##num:                                                                     \
	li TESTNUM, num;                                                                \
	li x1, v1;                                                                      \
	li x2, v2;                                                                      \
	insn x1, x2, 10094f;                                                            \
	j 10093f;                                                                       \
	10094: j env_fail;                                                              \
	10093:

/* ---- the environment code (emitted once, by TEST_END) ------------------------------- */

#ifdef ISA_HTIF
#define ENV_HTIF_DATA                                                                   \
	.section .tohost, "aw", @progbits;                                              \
	.balign 64;                                                                     \
	.globl tohost;                                                                  \
	tohost: .dword 0;                                                               \
	.balign 64;                                                                     \
	.globl fromhost;                                                                \
	fromhost: .dword 0;
/* Store (code << 1) | 1 to tohost (code in t1). */
#define ENV_REPORT                                                                      \
	slli t1, t1, 1;                                                                 \
	ori t1, t1, 1;                                                                  \
	la t0, tohost;                                                                  \
	sw zero, 4(t0);                                                                 \
	sw t1, 0(t0)
#else
#define ENV_HTIF_DATA
/* SiFive test finisher (code in t1). */
#define ENV_REPORT                                                                      \
	li t0, FINISHER_BASE;                                                           \
	li t2, 0x5555;                                                                  \
	beqz t1, 10090f;                                                                \
	slli t2, t1, 16;                                                                \
	li t1, 0x3333;                                                                  \
	or t2, t2, t1;                                                                  \
	10090: sw t2, 0(t0)
#endif

#define ENV_CODE                                                                        \
	.section .text.init, "ax";                                                      \
	.balign 4;                                                                      \
env_reset:                                                                              \
	csrr t0, mhartid;                                                               \
	bnez t0, env_park;                                                              \
	/* PMP entry 0: NAPOT over all memory, RWX (skipped if PMP traps) */            \
	la t0, 1f;                                                                      \
	csrw mtvec, t0;                                                                 \
	li t0, -1;                                                                      \
	csrw pmpaddr0, t0;                                                              \
	li t0, 0x1f;                                                                    \
	csrw pmpcfg0, t0;                                                               \
	.balign 4;                                                                      \
1:	la t0, 2f;                                                                      \
	csrw mtvec, t0;                                                                 \
	csrw satp, zero;                                                                \
	la t0, env_strap;                                                               \
	csrw stvec, t0;                                                                 \
	csrw medeleg, zero;                                                             \
	csrw mideleg, zero;                                                             \
	li t0, 7;                                                                       \
	csrw mcounteren, t0;                                                            \
	csrw scounteren, t0;                                                            \
	.balign 4;                                                                      \
2:	la t0, env_mtrap;                                                               \
	csrw mtvec, t0;                                                                 \
	csrw mie, zero;                                                                 \
	csrw mstatus, zero;                                                             \
	li x1, 0; li x2, 0; li x4, 0; li x5, 0; li x6, 0; li x7, 0;                     \
	li x8, 0; li x9, 0; li x10, 0; li x11, 0; li x12, 0; li x13, 0;                 \
	li x14, 0; li x15, 0; li x16, 0; li x17, 0; li x18, 0; li x19, 0;               \
	li x20, 0; li x21, 0; li x22, 0; li x23, 0; li x24, 0; li x25, 0;               \
	li x27, 0; li x28, 0; li x29, 0; li x30, 0; li x31, 0;                          \
	li s10, -1;                                                                     \
	li TESTNUM, 0;                                                                  \
	j test_main;                                                                    \
                                                                                        \
	/* Harts other than 0 wait forever. */                                          \
	.balign 4;                                                                      \
env_park:                                                                               \
	la t0, env_park;                                                                \
	csrw mtvec, t0;                                                                 \
	csrw mie, zero;                                                                 \
3:	wfi;                                                                            \
	j 3b;                                                                           \
                                                                                        \
env_fail:                                                                               \
	mv a0, TESTNUM;                                                                 \
	bnez a0, 4f;                                                                    \
	li a0, 255;                                                                     \
4:	li a7, ENV_EXIT;                                                                \
	ecall;                                                                          \
	j env_fail;                                                                     \
                                                                                        \
	/* M-mode trap handler. */                                                      \
	.balign 64;                                                                     \
	.globl env_mtrap;                                                               \
env_mtrap:                                                                              \
	csrw mscratch, t0;                                                              \
	la t0, env_msave;                                                               \
	sw t1, 4(t0);                                                                   \
	sw t2, 8(t0);                                                                   \
	csrr t1, mscratch;                                                              \
	sw t1, 0(t0);                                                                   \
	csrr t1, mcause;                                                                \
	li t2, ENV_EXIT;                                                                \
	beq a7, t2, env_m_ecall_exit;                                                   \
	li t2, ENV_TO_M;                                                                \
	beq a7, t2, env_m_ecall_to_m;                                                   \
env_m_expected:                                                                         \
	li t2, -1;                                                                      \
	beq s10, t2, env_m_unexpected;                                                  \
	bne t1, s10, env_m_unexpected;                                                  \
	bltz t1, env_m_irq;                                                             \
	beqz s8, 5f;                                                                    \
	csrr t2, mtval;                                                                 \
	bne t2, s11, env_m_unexpected;                                                  \
5:	beqz s7, 6f;                                                                    \
	csrr t2, mepc;                                                                  \
	bne t2, s7, env_m_unexpected;                                                   \
6:	csrr t2, mepc;                                                                  \
	addi t2, t2, 4;                                                                 \
	li t0, CAUSE_FETCH_ACCESS;                                                      \
	bne t1, t0, 22f;                                                                \
	mv t2, ra;                                                                      \
22:	li t0, CAUSE_FETCH_PAGE;                                                        \
	bne t1, t0, 23f;                                                                \
	mv t2, ra;                                                                      \
23:	csrw mepc, t2;                                                                  \
env_m_done:                                                                             \
	addi s9, s9, 1;                                                                 \
	li s10, -1;                                                                     \
env_m_return:                                                                           \
	la t0, env_msave;                                                               \
	lw t1, 4(t0);                                                                   \
	lw t2, 8(t0);                                                                   \
	lw t0, 0(t0);                                                                   \
	mret;                                                                           \
                                                                                        \
	/* Interrupt: clear its source, resume at mepc. */                              \
env_m_irq:                                                                              \
	slli t1, t1, 1;                                                                 \
	srli t1, t1, 1;                                                                 \
	li t2, 3;                                                                       \
	bne t1, t2, 7f;                                                                 \
	csrr t1, mhartid;                                                               \
	slli t1, t1, 2;                                                                 \
	li t2, CLINT_BASE + CLINT_MSIP;                                                 \
	add t2, t2, t1;                                                                 \
	sw zero, 0(t2);                                                                 \
	j env_m_done;                                                                   \
7:	li t2, 7;                                                                       \
	bne t1, t2, 8f;                                                                 \
	csrr t1, mhartid;                                                               \
	slli t1, t1, 3;                                                                 \
	li t2, CLINT_BASE + CLINT_MTIMECMP;                                             \
	add t2, t2, t1;                                                                 \
	li t1, -1;                                                                      \
	sw t1, 4(t2);                                                                   \
	sw t1, 0(t2);                                                                   \
	j env_m_done;                                                                   \
8:	li t2, 1;                                                                       \
	bne t1, t2, 9f;                                                                 \
	csrci mip, MIP_SSIP;                                                            \
	j env_m_done;                                                                   \
9:	li t2, 5;                                                                       \
	bne t1, t2, env_m_done;                                                         \
	li t1, MIP_STIP;                                                                \
	csrc mip, t1;                                                                   \
	j env_m_done;                                                                   \
                                                                                        \
env_m_ecall_to_m:                                                                       \
	li t2, CAUSE_ECALL_U;                                                           \
	beq t1, t2, 10f;                                                                \
	li t2, CAUSE_ECALL_S;                                                           \
	beq t1, t2, 10f;                                                                \
	li t2, CAUSE_ECALL_M;                                                           \
	bne t1, t2, env_m_expected;                                                     \
10:	li t2, MSTATUS_MPP;                                                             \
	csrs mstatus, t2;                                                               \
	li t2, MSTATUS_MPIE;                                                            \
	csrc mstatus, t2;                                                               \
	csrr t2, mepc;                                                                  \
	addi t2, t2, 4;                                                                 \
	csrw mepc, t2;                                                                  \
	j env_m_return;                                                                 \
                                                                                        \
env_m_ecall_exit:                                                                       \
	li t2, CAUSE_ECALL_U;                                                           \
	beq t1, t2, 11f;                                                                \
	li t2, CAUSE_ECALL_S;                                                           \
	beq t1, t2, 11f;                                                                \
	li t2, CAUSE_ECALL_M;                                                           \
	bne t1, t2, env_m_expected;                                                     \
11:	mv t1, a0;                                                                      \
	beqz t1, env_report;                                                            \
	mv t2, a0;                                                                      \
	andi t1, t2, 0x100;                                                             \
	beqz t1, 21f;                                                                   \
	la a0, env_msg_strap;                                                           \
	jal env_puts;                                                                   \
	csrr a0, scause;                                                                \
	jal env_puthex;                                                                 \
	la a0, env_msg_sepc;                                                            \
	jal env_puts;                                                                   \
	csrr a0, sepc;                                                                  \
	jal env_puthex;                                                                 \
	la a0, env_msg_stval;                                                           \
	jal env_puts;                                                                   \
	csrr a0, stval;                                                                 \
	jal env_puthex;                                                                 \
	li a0, 10;                                                                      \
	jal env_putc;                                                                   \
21:	la a0, env_msg_fail;                                                            \
	jal env_puts;                                                                   \
	andi a0, t2, 0xff;                                                              \
	jal env_putdec;                                                                 \
	li a0, 10;                                                                      \
	jal env_putc;                                                                   \
	andi t1, t2, 0xff;                                                              \
	bnez t1, env_report;                                                            \
	li t1, 255;                                                                     \
	j env_report;                                                                   \
                                                                                        \
env_m_unexpected:                                                                       \
	la a0, env_msg_trap;                                                            \
	jal env_puts;                                                                   \
	csrr a0, mcause;                                                                \
	jal env_puthex;                                                                 \
	la a0, env_msg_epc;                                                             \
	jal env_puts;                                                                   \
	csrr a0, mepc;                                                                  \
	jal env_puthex;                                                                 \
	la a0, env_msg_tval;                                                            \
	jal env_puts;                                                                   \
	csrr a0, mtval;                                                                 \
	jal env_puthex;                                                                 \
	la a0, env_msg_test;                                                            \
	jal env_puts;                                                                   \
	mv a0, TESTNUM;                                                                 \
	jal env_putdec;                                                                 \
	li a0, 10;                                                                    \
	jal env_putc;                                                                   \
	mv t1, TESTNUM;                                                                 \
	andi t1, t1, 0xff;                                                              \
	bnez t1, env_report;                                                            \
	li t1, 255;                                                                     \
env_report:                                                                             \
	ENV_REPORT;                                                                     \
12:	j 12b;                                                                          \
                                                                                        \
	/* UART output: env_putc(a0), env_puts(a0), env_puthex(a0), env_putdec(a0). */  \
	/* They clobber a0-a6 and ra (the run ends after them). */                      \
env_putc:                                                                               \
	li a5, UART_BASE;                                                               \
	sb a0, 0(a5);                                                                   \
	ret;                                                                            \
env_puts:                                                                               \
	mv a4, ra;                                                                      \
	mv a3, a0;                                                                      \
13:	lbu a0, 0(a3);                                                                  \
	beqz a0, 14f;                                                                   \
	jal env_putc;                                                                   \
	addi a3, a3, 1;                                                                 \
	j 13b;                                                                          \
14:	jr a4;                                                                          \
env_puthex:                                                                             \
	mv a4, ra;                                                                      \
	mv a3, a0;                                                                      \
	li a2, 28;                                                                      \
15:	srl a0, a3, a2;                                                                 \
	andi a0, a0, 15;                                                                \
	addi a0, a0, 48;                                                               \
	li a1, 57;                                                                     \
	ble a0, a1, 16f;                                                                \
	addi a0, a0, 39;                                                    \
16:	jal env_putc;                                                                   \
	addi a2, a2, -4;                                                                \
	bgez a2, 15b;                                                                   \
	jr a4;                                                                          \
env_putdec:                                                                             \
	mv a6, ra;                                                                      \
	la a3, env_decbuf + 11;                                                         \
	sb zero, 0(a3);                                                                 \
	li a2, 10;                                                                      \
17:	addi a3, a3, -1;                                                                \
	remu a1, a0, a2;                                                                \
	addi a1, a1, 48;                                                               \
	sb a1, 0(a3);                                                                   \
	divu a0, a0, a2;                                                                \
	bnez a0, 17b;                                                                   \
	mv a0, a3;                                                                      \
	jal env_puts;                                                                   \
	jr a6;                                                                          \
                                                                                        \
	/* S-mode trap handler: same contract as env_mtrap, with the S CSRs. */         \
	.balign 64;                                                                     \
	.globl env_strap;                                                               \
env_strap:                                                                              \
	csrw sscratch, t0;                                                              \
	la t0, env_ssave;                                                               \
	sw t1, 4(t0);                                                                   \
	sw t2, 8(t0);                                                                   \
	csrr t1, sscratch;                                                              \
	sw t1, 0(t0);                                                                   \
	csrr t1, scause;                                                                \
	li t2, ENV_EXIT;                                                                \
	beq a7, t2, env_s_forward;                                                      \
	li t2, ENV_TO_M;                                                                \
	beq a7, t2, env_s_forward;                                                      \
	li t2, -1;                                                                      \
	beq s10, t2, env_s_unexpected;                                                  \
	bne t1, s10, env_s_unexpected;                                                  \
	bltz t1, env_s_irq;                                                             \
	beqz s8, 18f;                                                                   \
	csrr t2, stval;                                                                 \
	bne t2, s11, env_s_unexpected;                                                  \
18:	beqz s7, 19f;                                                                   \
	csrr t2, sepc;                                                                  \
	bne t2, s7, env_s_unexpected;                                                   \
19:	csrr t2, sepc;                                                                  \
	addi t2, t2, 4;                                                                 \
	li t0, CAUSE_FETCH_ACCESS;                                                      \
	bne t1, t0, 24f;                                                                \
	mv t2, ra;                                                                      \
24:	li t0, CAUSE_FETCH_PAGE;                                                        \
	bne t1, t0, 25f;                                                                \
	mv t2, ra;                                                                      \
25:	csrw sepc, t2;                                                                  \
env_s_done:                                                                             \
	addi s9, s9, 1;                                                                 \
	li s10, -1;                                                                     \
	la t0, env_ssave;                                                               \
	lw t1, 4(t0);                                                                   \
	lw t2, 8(t0);                                                                   \
	lw t0, 0(t0);                                                                   \
	sret;                                                                           \
env_s_irq:                                                                              \
	slli t1, t1, 1;                                                                 \
	srli t1, t1, 1;                                                                 \
	li t2, 1;                                                                       \
	bne t1, t2, env_s_done;                                                         \
	csrci sip, MIP_SSIP;                                                            \
	j env_s_done;                                                                   \
	/* An exit or to-M request that was delegated to S: pass it on to M. */         \
	/* ecall from S is never delegated. */                                          \
env_s_forward:                                                                          \
	li t2, CAUSE_ECALL_U;                                                           \
	bne t1, t2, env_s_unexpected;                                                   \
	lw t1, 4(t0);                                                                   \
	lw t2, 8(t0);                                                                   \
	lw t0, 0(t0);                                                                   \
	ecall;                                                                          \
	/* ENV_TO_M comes back here in M-mode: resume after the U-mode ecall. */        \
	csrw mscratch, t0;                                                              \
	csrr t0, sepc;                                                                  \
	addi t0, t0, 4;                                                                 \
	csrw mepc, t0;                                                                  \
	li t0, MSTATUS_MPP;                                                             \
	csrs mstatus, t0;                                                               \
	li t0, MSTATUS_MPIE;                                                            \
	csrc mstatus, t0;                                                               \
	csrr t0, mscratch;                                                              \
	mret;                                                                           \
env_s_unexpected:                                                                       \
	/* Code bit 8 tells the M handler to print the S trap registers. */              \
	mv a0, TESTNUM;                                                                 \
	ori a0, a0, 0x100;                                                              \
	li a7, ENV_EXIT;                                                                \
	ecall;                                                                          \
	j env_fail;                                                                     \
                                                                                        \
	.section .data.env, "aw";                                                       \
	.balign 16;                                                                     \
env_msave: .word 0, 0, 0, 0;                                                            \
env_ssave: .word 0, 0, 0, 0;                                                            \
env_decbuf: .space 12;                                                                  \
env_msg_fail: .string "isa: FAIL test ";                                                \
env_msg_trap: .string "isa: unexpected trap mcause=0x";                                 \
env_msg_strap: .string "isa: unexpected S-mode trap scause=0x";                         \
env_msg_sepc: .string " sepc=0x";                                                        \
env_msg_stval: .string " stval=0x";                                 \
env_msg_epc: .string " mepc=0x";                                                        \
env_msg_tval: .string " mtval=0x";                                                      \
env_msg_test: .string " test ";                                                         \
	ENV_HTIF_DATA                                                                   \
	.text

#endif
