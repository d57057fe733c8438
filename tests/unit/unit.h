/* SPDX-License-Identifier: MIT */
/*
 * Shared by the unit tests: instruction encoders (RISC-V unprivileged spec,
 * chapter "Base Instruction Formats", transcribed by hand), CSR numbers, and
 * a rig that builds one or two harts on a small RAM so a test can write
 * instruction words, step them and inspect the result through hart_impl.h.
 */
#ifndef OSPREY_UNIT_H
#define OSPREY_UNIT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cpu/hart.h"
#include "cpu/hart_impl.h"
#include "mem/memmap.h"
#include "sys/config.h"
#include "sys/param.h"

/* ---- formats ------------------------------------------------------------- */

/*
 * Macros rather than functions so that encodings can fill static tables.
 * Immediates are plain integers; each macro keeps only the bits its format holds.
 */
#define U32(x) ((uint32_t)(x))
#define enc_r(f7, rs2, rs1, f3, rd, op) \
	(U32(f7) << 25 | (U32(rs2) & 31) << 20 | (U32(rs1) & 31) << 15 | (U32(f3) & 7) << 12 | \
	 (U32(rd) & 31) << 7 | (U32(op) & 0x7f))
#define enc_i(imm, rs1, f3, rd, op) \
	((U32(imm) & 0xfff) << 20 | (U32(rs1) & 31) << 15 | (U32(f3) & 7) << 12 | \
	 (U32(rd) & 31) << 7 | (U32(op) & 0x7f))
#define enc_s(imm, rs2, rs1, f3, op) \
	(((U32(imm) >> 5) & 0x7f) << 25 | (U32(rs2) & 31) << 20 | (U32(rs1) & 31) << 15 | \
	 (U32(f3) & 7) << 12 | (U32(imm) & 0x1f) << 7 | (U32(op) & 0x7f))
#define enc_b(imm, rs2, rs1, f3, op) \
	(((U32(imm) >> 12) & 1) << 31 | ((U32(imm) >> 5) & 0x3f) << 25 | (U32(rs2) & 31) << 20 | \
	 (U32(rs1) & 31) << 15 | (U32(f3) & 7) << 12 | ((U32(imm) >> 1) & 0xf) << 8 | \
	 ((U32(imm) >> 11) & 1) << 7 | (U32(op) & 0x7f))
/* @imm is the full 32-bit value; its low 12 bits are dropped. */
#define enc_u(imm, rd, op) ((U32(imm) & 0xfffff000u) | (U32(rd) & 31) << 7 | (U32(op) & 0x7f))
#define enc_j(imm, rd, op) \
	(((U32(imm) >> 20) & 1) << 31 | ((U32(imm) >> 1) & 0x3ff) << 21 | \
	 ((U32(imm) >> 11) & 1) << 20 | ((U32(imm) >> 12) & 0xff) << 12 | (U32(rd) & 31) << 7 | \
	 (U32(op) & 0x7f))

/* ---- instructions -------------------------------------------------------- */

enum { OP_LOAD = 0x03, OP_FENCE = 0x0f, OP_IMM = 0x13, OP_AUIPC = 0x17, OP_STORE = 0x23,
       OP_AMO = 0x2f, OP_REG = 0x33, OP_LUI = 0x37, OP_BRANCH = 0x63, OP_JALR = 0x67,
       OP_JAL = 0x6f, OP_SYSTEM = 0x73 };

#define ADD(rd, a, b)		enc_r(0x00, b, a, 0, rd, OP_REG)
#define SUB(rd, a, b)		enc_r(0x20, b, a, 0, rd, OP_REG)
#define SLL(rd, a, b)		enc_r(0x00, b, a, 1, rd, OP_REG)
#define SLT(rd, a, b)		enc_r(0x00, b, a, 2, rd, OP_REG)
#define SLTU(rd, a, b)		enc_r(0x00, b, a, 3, rd, OP_REG)
#define XOR(rd, a, b)		enc_r(0x00, b, a, 4, rd, OP_REG)
#define SRL(rd, a, b)		enc_r(0x00, b, a, 5, rd, OP_REG)
#define SRA(rd, a, b)		enc_r(0x20, b, a, 5, rd, OP_REG)
#define OR(rd, a, b)		enc_r(0x00, b, a, 6, rd, OP_REG)
#define AND(rd, a, b)		enc_r(0x00, b, a, 7, rd, OP_REG)
#define MUL(rd, a, b)		enc_r(0x01, b, a, 0, rd, OP_REG)
#define MULH(rd, a, b)		enc_r(0x01, b, a, 1, rd, OP_REG)
#define MULHSU(rd, a, b)	enc_r(0x01, b, a, 2, rd, OP_REG)
#define MULHU(rd, a, b)		enc_r(0x01, b, a, 3, rd, OP_REG)
#define DIV(rd, a, b)		enc_r(0x01, b, a, 4, rd, OP_REG)
#define DIVU(rd, a, b)		enc_r(0x01, b, a, 5, rd, OP_REG)
#define REM(rd, a, b)		enc_r(0x01, b, a, 6, rd, OP_REG)
#define REMU(rd, a, b)		enc_r(0x01, b, a, 7, rd, OP_REG)
#define ADDI(rd, a, imm)	enc_i(imm, a, 0, rd, OP_IMM)
#define SLTI(rd, a, imm)	enc_i(imm, a, 2, rd, OP_IMM)
#define SLTIU(rd, a, imm)	enc_i(imm, a, 3, rd, OP_IMM)
#define XORI(rd, a, imm)	enc_i(imm, a, 4, rd, OP_IMM)
#define ORI(rd, a, imm)		enc_i(imm, a, 6, rd, OP_IMM)
#define ANDI(rd, a, imm)	enc_i(imm, a, 7, rd, OP_IMM)
#define SLLI(rd, a, sh)		enc_r(0x00, sh, a, 1, rd, OP_IMM)
#define SRLI(rd, a, sh)		enc_r(0x00, sh, a, 5, rd, OP_IMM)
#define SRAI(rd, a, sh)		enc_r(0x20, sh, a, 5, rd, OP_IMM)
#define LB(rd, a, imm)		enc_i(imm, a, 0, rd, OP_LOAD)
#define LH(rd, a, imm)		enc_i(imm, a, 1, rd, OP_LOAD)
#define LW(rd, a, imm)		enc_i(imm, a, 2, rd, OP_LOAD)
#define LBU(rd, a, imm)		enc_i(imm, a, 4, rd, OP_LOAD)
#define LHU(rd, a, imm)		enc_i(imm, a, 5, rd, OP_LOAD)
#define SB(src, a, imm)		enc_s(imm, src, a, 0, OP_STORE)
#define SH(src, a, imm)		enc_s(imm, src, a, 1, OP_STORE)
#define SW(src, a, imm)		enc_s(imm, src, a, 2, OP_STORE)
#define LUI(rd, imm)		enc_u(imm, rd, OP_LUI)
#define AUIPC(rd, imm)		enc_u(imm, rd, OP_AUIPC)
#define JAL(rd, off)		enc_j(off, rd, OP_JAL)
#define JALR(rd, a, imm)	enc_i(imm, a, 0, rd, OP_JALR)
#define BEQ(a, b, off)		enc_b(off, b, a, 0, OP_BRANCH)
#define BNE(a, b, off)		enc_b(off, b, a, 1, OP_BRANCH)
#define BLT(a, b, off)		enc_b(off, b, a, 4, OP_BRANCH)
#define BGE(a, b, off)		enc_b(off, b, a, 5, OP_BRANCH)
#define BLTU(a, b, off)		enc_b(off, b, a, 6, OP_BRANCH)
#define BGEU(a, b, off)		enc_b(off, b, a, 7, OP_BRANCH)
#define CSRRW(rd, csr, a)	enc_i(csr, a, 1, rd, OP_SYSTEM)
#define CSRRS(rd, csr, a)	enc_i(csr, a, 2, rd, OP_SYSTEM)
#define CSRRC(rd, csr, a)	enc_i(csr, a, 3, rd, OP_SYSTEM)
#define CSRRWI(rd, csr, u)	enc_i(csr, u, 5, rd, OP_SYSTEM)
#define CSRRSI(rd, csr, u)	enc_i(csr, u, 6, rd, OP_SYSTEM)
#define CSRRCI(rd, csr, u)	enc_i(csr, u, 7, rd, OP_SYSTEM)
#define ECALL			0x00000073u
#define EBREAK			0x00100073u
#define MRET			0x30200073u
#define SRET			0x10200073u
#define WFI			0x10500073u
#define SFENCE_VMA(a, b)	enc_r(0x09, b, a, 0, 0, OP_SYSTEM)
#define FENCE			0x0ff0000fu
#define FENCE_I			0x0000100fu
#define NOP			ADDI(0, 0, 0)
#define AMO(f5, rd, src, a)	enc_r((f5) << 2, src, a, 2, rd, OP_AMO)
#define LR_W(rd, a)		AMO(0x02, rd, 0, a)
#define SC_W(rd, src, a)	AMO(0x03, rd, src, a)
#define AMOSWAP_W(rd, src, a)	AMO(0x01, rd, src, a)
#define AMOADD_W(rd, src, a)	AMO(0x00, rd, src, a)
#define AMOXOR_W(rd, src, a)	AMO(0x04, rd, src, a)
#define AMOAND_W(rd, src, a)	AMO(0x0c, rd, src, a)
#define AMOOR_W(rd, src, a)	AMO(0x08, rd, src, a)
#define AMOMIN_W(rd, src, a)	AMO(0x10, rd, src, a)
#define AMOMAX_W(rd, src, a)	AMO(0x14, rd, src, a)
#define AMOMINU_W(rd, src, a)	AMO(0x18, rd, src, a)
#define AMOMAXU_W(rd, src, a)	AMO(0x1c, rd, src, a)

/* ---- CSR numbers (privileged spec, table "Currently allocated CSR addresses") */

enum {
	CSR_SSTATUS = 0x100, CSR_SIE = 0x104, CSR_STVEC = 0x105, CSR_SCOUNTEREN = 0x106,
	CSR_SSCRATCH = 0x140, CSR_SEPC = 0x141, CSR_SCAUSE = 0x142, CSR_STVAL = 0x143,
	CSR_SIP = 0x144, CSR_SATP = 0x180,
	CSR_MSTATUS = 0x300, CSR_MISA = 0x301, CSR_MEDELEG = 0x302, CSR_MIDELEG = 0x303,
	CSR_MIE = 0x304, CSR_MTVEC = 0x305, CSR_MCOUNTEREN = 0x306, CSR_MSCRATCH = 0x340,
	CSR_MEPC = 0x341, CSR_MCAUSE = 0x342, CSR_MTVAL = 0x343, CSR_MIP = 0x344,
	CSR_PMPCFG0 = 0x3a0, CSR_PMPADDR0 = 0x3b0,
	CSR_MCOUNTINHIBIT = 0x320,
	CSR_MCYCLE = 0xb00, CSR_MINSTRET = 0xb02, CSR_MINSTRETH = 0xb82,
	CSR_CYCLE = 0xc00, CSR_TIME = 0xc01, CSR_INSTRET = 0xc02, CSR_HPMCOUNTER3 = 0xc03,
	CSR_CYCLEH = 0xc80, CSR_TIMEH = 0xc81,
	CSR_MVENDORID = 0xf11, CSR_MHARTID = 0xf14,
};

/* ---- the rig ------------------------------------------------------------- */

#define RIG_RAM_SIZE	(8u << 20)		/* bytes: room for a megapage at RAM_BASE */
#define CODE		RAM_BASE		/* where tests put their instructions */
#define MVEC		(RAM_BASE + 0x1000)	/* mtvec set by rig_reset */
#define SVEC		(RAM_BASE + 0x2000)	/* stvec set by rig_reset */
#define DATA		(RAM_BASE + 0x10000)	/* scratch data */

struct rig {
	struct config cfg;
	struct memmap mm;
	struct lr_set lr;
	uint64_t mtime;		/* what the time CSR reads */
	struct hart *h;		/* hart 0 */
	struct hart *h1;	/* hart 1, sharing RAM and reservations */
};

/* cmocka per-test setup and teardown: *state is a struct rig. */
int rig_setup(void **state);
int rig_teardown(void **state);

/*
 * Resets @h to CODE in M-mode with mtvec = MVEC, stvec = SVEC, and NOPs at both
 * vectors.
 */
void rig_reset(struct rig *r, struct hart *h);

void rig_put(struct rig *r, uint32_t pa, uint32_t word);
uint32_t rig_get(struct rig *r, uint32_t pa);

/* Writes @insn at the hart's pc (a physical address) and steps once. */
enum hart_event rig_exec(struct rig *r, struct hart *h, uint32_t insn);

/* Moves @h to @p at once, as a trap return would. */
void rig_set_priv(struct hart *h, enum priv p);

/* One PMP entry (0) that grants RWX on all memory to S and U. */
void rig_open_pmp(struct hart *h);

/* Opens PMP, moves @h to @p and runs @insn at the hart's pc. */
enum hart_event rig_exec_as(struct rig *r, struct hart *h, enum priv p, uint32_t insn);

/* The hart took exception @cause into M-mode at instruction @epc, with @tval. */
#define assert_m_trap(h, cause, epc, tval) \
	do { \
		assert_int_equal((h)->priv, PRIV_M); \
		assert_int_equal((h)->mcause, (cause)); \
		assert_int_equal((h)->mepc, (epc)); \
		assert_int_equal((h)->mtval, (tval)); \
		assert_int_equal((h)->pc, (h)->mtvec & ~3u); \
	} while (0)

/* Likewise into S-mode. */
#define assert_s_trap(h, cause, epc, tval) \
	do { \
		assert_int_equal((h)->priv, PRIV_S); \
		assert_int_equal((h)->scause, (cause)); \
		assert_int_equal((h)->sepc, (epc)); \
		assert_int_equal((h)->stval, (tval)); \
		assert_int_equal((h)->pc, (h)->stvec & ~3u); \
	} while (0)

/* A test with a fresh rig in *state. */
#define RIG_TEST(f) cmocka_unit_test_setup_teardown(f, rig_setup, rig_teardown)

/*
 * Runs a group; UNIT_FILTER in the environment (a cmocka glob such as
 * "test_sc_*") runs only the tests it names.
 */
#define UNIT_RUN(name, tests) \
	(unit_filter(), cmocka_run_group_tests_name(name, tests, NULL, NULL))
void unit_filter(void);

#endif
