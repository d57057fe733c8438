// SPDX-License-Identifier: MIT
/*
 * One short handler per instruction, and the mask/match table that names
 * them. Encodings are from the RISC-V unprivileged specification (RV32I, M, A,
 * Zicsr, Zifencei) and privileged specification (mret, sret, wfi, sfence.vma),
 * transcribed by hand. A handler returns 0 when the instruction retired (it
 * has set the next pc), 1 when it raised an exception, and HART_REDO when a
 * load or store inside hart_run_fast left the hart as it was for hart_step.
 * The common instructions' semantics are written once, as lists of
 * expressions, from which come both their handlers and exec_run's code.
 */
#include <assert.h>
#include <string.h>

#include "cpu/decode.h"
#include "cpu/hart_impl.h"
#include "mem/memmap.h"

/* The value of source register @r (src1 or src2): the instruction reads it. */
#define X(r) (h->x[d->r])
/* The rs1 field as an immediate (the CSR rows' uimm), or as a register that may not be read. */
#define RS1_FIELD(d) (((d)->raw >> 15) & 31)
#define RS2_FIELD(d) (((d)->raw >> 20) & 31)
#define NEXT() (h->pc += 4, 0)

/* ---- integer register-register and register-immediate -------------------- */

/* M extension: results for every corner case are the specification's. */
static inline uint32_t div_signed(uint32_t a, uint32_t b)
{
	if (b == 0)
		return UINT32_MAX;
	if (a == (uint32_t)INT32_MIN && b == UINT32_MAX)
		return a;	/* overflow: the dividend */
	return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint32_t rem_signed(uint32_t a, uint32_t b)
{
	if (b == 0)
		return a;
	if (a == (uint32_t)INT32_MIN && b == UINT32_MAX)
		return 0;
	return (uint32_t)((int32_t)a % (int32_t)b);
}

/* Register-register rows: the result from a (rs1's value) and b (rs2's). */
#define ALU_RR_ROWS(F) \
	F(add, a + b) \
	F(sub, a - b) \
	F(sll, a << (b & 31)) \
	F(slt, (int32_t)a < (int32_t)b) \
	F(sltu, a < b) \
	F(xor, a ^ b) \
	F(srl, a >> (b & 31)) \
	F(sra, (uint32_t)((int32_t)a >> (b & 31))) \
	F(or, a | b) \
	F(and, a & b) \
	F(mul, a * b) \
	F(mulh, (uint32_t)(((int64_t)(int32_t)a * (int64_t)(int32_t)b) >> 32)) \
	F(mulhsu, (uint32_t)(((int64_t)(int32_t)a * (int64_t)(uint64_t)b) >> 32)) \
	F(mulhu, (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32)) \
	F(div, div_signed(a, b)) \
	F(divu, b ? a / b : UINT32_MAX) \
	F(rem, rem_signed(a, b)) \
	F(remu, b ? a % b : a)

/* Register-immediate rows: the result from a (rs1's value) and b (the immediate). */
#define ALU_RI_ROWS(F) \
	F(addi, a + b) \
	F(slti, (int32_t)a < (int32_t)b) \
	F(sltiu, a < b) \
	F(xori, a ^ b) \
	F(ori, a | b) \
	F(andi, a & b) \
	F(slli, a << b) \
	F(srli, a >> b) \
	F(srai, (uint32_t)((int32_t)a >> b))

#define ALU_RR_HANDLER(name, expr) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		uint32_t a = X(src1), b = X(src2); \
		h->x[d->rd] = (expr); \
		return NEXT(); \
	}
#define ALU_RI_HANDLER(name, expr) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		uint32_t a = X(src1), b = (uint32_t)d->imm; \
		h->x[d->rd] = (expr); \
		return NEXT(); \
	}
ALU_RR_ROWS(ALU_RR_HANDLER)
ALU_RI_ROWS(ALU_RI_HANDLER)

/* ---- upper immediates and control transfer -------------------------------- */

static int op_lui(struct hart *h, const struct insn *d)
{
	h->x[d->rd] = (uint32_t)d->imm;
	return NEXT();
}

static int op_auipc(struct hart *h, const struct insn *d)
{
	h->x[d->rd] = h->pc + (uint32_t)d->imm;
	return NEXT();
}

/* Without the C extension every target must be 4-byte aligned. */
static int jump(struct hart *h, const struct insn *d, uint32_t target)
{
	if (target & 3)
		return hart_exception(h, CAUSE_FETCH_MISALIGNED, target);
	h->x[d->rd] = h->pc + 4;
	h->pc = target;
	return 0;
}

static int op_jal(struct hart *h, const struct insn *d)
{
	/* A jump to itself can only be left by an interrupt: hart_step idles it. */
	if (d->imm == 0 && h->spin_detect)
		h->spin = d->raw;
	return jump(h, d, h->pc + (uint32_t)d->imm);
}

static int op_jalr(struct hart *h, const struct insn *d)
{
	return jump(h, d, (X(src1) + (uint32_t)d->imm) & ~1u);
}

/* Conditional branches: taken when the condition on a (rs1's value) and b (rs2's) holds. */
#define BRANCH_ROWS(F) \
	F(beq, a == b) \
	F(bne, a != b) \
	F(blt, (int32_t)a < (int32_t)b) \
	F(bge, (int32_t)a >= (int32_t)b) \
	F(bltu, a < b) \
	F(bgeu, a >= b)

#define BRANCH_HANDLER(name, cond) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		uint32_t a = X(src1), b = X(src2); \
		uint32_t target = h->pc + (uint32_t)d->imm; \
		if (!(cond)) \
			return NEXT(); \
		if (target & 3) \
			return hart_exception(h, CAUSE_FETCH_MISALIGNED, target); \
		h->pc = target; \
		return 0; \
	}
BRANCH_ROWS(BRANCH_HANDLER)

/* ---- loads and stores ----------------------------------------------------- */

/* Loads: bytes read, and the type that extends them. */
#define LOAD_ROWS(F) \
	F(lb, 1, int8_t) \
	F(lh, 2, int16_t) \
	F(lw, 4, uint32_t) \
	F(lbu, 1, uint8_t) \
	F(lhu, 2, uint16_t)

#define LOAD_HANDLER(name, size, conv) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		uint32_t v; \
		int r = hart_load(h, X(src1) + (uint32_t)d->imm, size, &v); \
		if (r) \
			return r; \
		h->x[d->rd] = (uint32_t)(conv)v; \
		return NEXT(); \
	}
LOAD_ROWS(LOAD_HANDLER)

/* Stores: bytes written. */
#define STORE_ROWS(F) \
	F(sb, 1) \
	F(sh, 2) \
	F(sw, 4)

#define STORE_HANDLER(name, size) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		int r = hart_store(h, X(src1) + (uint32_t)d->imm, size, X(src2)); \
		if (r) \
			return r; \
		return NEXT(); \
	}
STORE_ROWS(STORE_HANDLER)

/* ---- A extension ---------------------------------------------------------- */

/*
 * The host word of an atomic access: translated for @acc, 4-byte aligned,
 * and in RAM (atomics to devices fault). NULL when it raised the exception.
 */
static uint32_t *amo_word(struct hart *h, uint32_t vaddr, enum access acc, uint32_t *paddr)
{
	int cause;

	if (vaddr & 3) {
		hart_exception(h, acc == ACC_LOAD ? CAUSE_LOAD_MISALIGNED : CAUSE_STORE_MISALIGNED,
			       vaddr);
		return NULL;
	}
	cause = mmu_translate(h, vaddr, acc, paddr);
	if (cause >= 0) {
		hart_exception(h, cause, vaddr);
		return NULL;
	}
	if (!memmap_is_ram(h->env.mm, *paddr, 4) ||
	    !pmp_allows(h, *paddr, 4, acc, h->priv)) {
		hart_exception(h, acc == ACC_LOAD ? CAUSE_LOAD_ACCESS : CAUSE_STORE_ACCESS, vaddr);
		return NULL;
	}
	return (uint32_t *)memmap_host(h->env.mm, *paddr);
}

static int op_lr_w(struct hart *h, const struct insn *d)
{
	uint32_t *w, pa;

	w = amo_word(h, X(src1), ACC_LOAD, &pa);
	if (!w)
		return 1;
	h->x[d->rd] = *w;
	h->env.lr->addr[h->id] = pa;
	h->env.lr->active |= 1u << h->id;
	return NEXT();
}

static int op_sc_w(struct hart *h, const struct insn *d)
{
	struct lr_set *lr = h->env.lr;
	uint32_t *w, pa, mine = 1u << h->id;
	int ok;

	w = amo_word(h, X(src1), ACC_STORE, &pa);
	if (!w)
		return 1;
	ok = (lr->active & mine) && lr->addr[h->id] == pa;
	lr->active &= ~mine;
	if (ok) {
		lr_break(lr, pa);
		*w = X(src2);
	}
	h->x[d->rd] = !ok;
	h->yield_hint |= !ok;	/* another hart took the reservation */
	return NEXT();
}

#define AMO(name, expr) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		uint32_t *w, pa, a, b = X(src2); \
		w = amo_word(h, X(src1), ACC_STORE, &pa); \
		if (!w) \
			return 1; \
		a = *w; \
		lr_break(h->env.lr, pa); \
		*w = (expr); \
		h->yield_hint |= *w == a;	/* e.g. a lock's test-and-set that failed */ \
		h->x[d->rd] = a; \
		return NEXT(); \
	}

AMO(amoswap_w, b)
AMO(amoadd_w, a + b)
AMO(amoxor_w, a ^ b)
AMO(amoand_w, a & b)
AMO(amoor_w, a | b)
AMO(amomin_w, (int32_t)a < (int32_t)b ? a : b)
AMO(amomax_w, (int32_t)a > (int32_t)b ? a : b)
AMO(amominu_w, a < b ? a : b)
AMO(amomaxu_w, a > b ? a : b)

/* ---- Zicsr ---------------------------------------------------------------- */

enum { CSR_RW, CSR_RS, CSR_RC };

#define CSR_HANDLER(name, operand, op) \
	static int op_##name(struct hart *h, const struct insn *d) \
	{ \
		return csr_access(h, d, operand, op); \
	}
CSR_HANDLER(csrrw, X(src1), CSR_RW)
CSR_HANDLER(csrrs, X(src1), CSR_RS)
CSR_HANDLER(csrrc, X(src1), CSR_RC)
CSR_HANDLER(csrrwi, RS1_FIELD(d), CSR_RW)
CSR_HANDLER(csrrsi, RS1_FIELD(d), CSR_RS)
CSR_HANDLER(csrrci, RS1_FIELD(d), CSR_RC)

/* ---- system --------------------------------------------------------------- */

/*
 * The trap value is the faulting instruction (the privileged spec: the
 * shortest of it, its first ILEN bits, its first MXLEN): a word whose low
 * bits are not 11 is a 16-bit instruction by the base ISA's length
 * encoding, illegal here without C, and only its low half is the
 * instruction (as QEMU and Spike report it).
 */
static int op_illegal(struct hart *h, const struct insn *d)
{
	return hart_exception(h, CAUSE_ILLEGAL, (d->raw & 3) == 3 ? d->raw : d->raw & 0xffff);
}

static int op_fence(struct hart *h, const struct insn *d)
{
	/* Harts share one memory and run one instruction at a time: nothing to order. */
	return NEXT();
}

static int op_fence_i(struct hart *h, const struct insn *d)
{
	/* The decode cache is tagged by the raw word, so new code is always seen. */
	return NEXT();
}

static int op_ecall(struct hart *h, const struct insn *d)
{
	static const enum cause by_priv[4] = { CAUSE_ECALL_U, CAUSE_ECALL_S, 0, CAUSE_ECALL_M };

	return hart_exception(h, by_priv[h->priv], 0);
}

static int op_ebreak(struct hart *h, const struct insn *d)
{
	return hart_exception(h, CAUSE_BREAKPOINT, 0);	/* mtval 0, as QEMU */
}

static void set_priv(struct hart *h, enum priv p)
{
	h->priv = p;
	hart_flush_fast(h);
}

static int op_mret(struct hart *h, const struct insn *d)
{
	uint32_t s = h->mstatus;
	enum priv to = (enum priv)((s & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);

	if (h->priv != PRIV_M)
		return op_illegal(h, d);
	s = (s & ~MSTATUS_MIE) | ((s & MSTATUS_MPIE) ? MSTATUS_MIE : 0);
	s |= MSTATUS_MPIE;
	s &= ~MSTATUS_MPP;	/* MPP becomes U, the least-privileged mode */
	if (to != PRIV_M)
		s &= ~MSTATUS_MPRV;
	h->mstatus = s;
	h->pc = h->mepc;
	trigger_mret(h);
	set_priv(h, to);
	return 0;
}

static int op_sret(struct hart *h, const struct insn *d)
{
	uint32_t s = h->mstatus;
	enum priv to = (s & MSTATUS_SPP) ? PRIV_S : PRIV_U;

	if (h->priv == PRIV_U || (h->priv == PRIV_S && (s & MSTATUS_TSR)))
		return op_illegal(h, d);
	s = (s & ~MSTATUS_SIE) | ((s & MSTATUS_SPIE) ? MSTATUS_SIE : 0);
	s |= MSTATUS_SPIE;
	s &= ~(MSTATUS_SPP | MSTATUS_MPRV);
	h->mstatus = s;
	h->pc = h->sepc;
	set_priv(h, to);
	return 0;
}

static int op_wfi(struct hart *h, const struct insn *d)
{
	if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TW)))
		return op_illegal(h, d);
	h->wfi = 1;
	hart_attend(h);
	return NEXT();
}

static int op_sfence_vma(struct hart *h, const struct insn *d)
{
	int all_addr = RS1_FIELD(d) == 0, all_asid = RS2_FIELD(d) == 0;
	uint32_t va = X(src1);
	uint16_t asid = X(src2) & 0x1ff;

	if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM)))
		return op_illegal(h, d);
	tlb_flush(&h->itlb, all_addr, va, all_asid, asid);
	tlb_flush(&h->dtlb, all_addr, va, all_asid, asid);
	hart_flush_fast(h);
	return NEXT();
}

/* ---- the table ------------------------------------------------------------ */

#define M_R     0xfe00707fu	/* funct7, funct3, opcode */
#define M_I     0x0000707fu	/* funct3, opcode */
#define M_U     0x0000007fu	/* opcode */
#define M_AMO   0xf800707fu	/* funct5, funct3, opcode: aq/rl ignored */

/*
 * The rows, in the order decode tries them: ROW(name, mask, match, format,
 * writes rd), and R(name, mask, match) for register-register rows. One list
 * makes the table, the row numbers (struct insn's op) and exec_run's links.
 * The plain rows come first: exec_run runs them; it leaves the others to
 * hart_step (STEP_ROWS).
 */
#define PLAIN_ROWS(ROW, R) \
	ROW(lui, M_U, 0x00000037, FMT_U, 1) \
	ROW(auipc, M_U, 0x00000017, FMT_U, 1) \
	ROW(jal, M_U, 0x0000006f, FMT_JAL, 1) \
	ROW(jalr, M_I, 0x00000067, FMT_JALR, 1) \
	ROW(beq, M_I, 0x00000063, FMT_BRANCH, 0) \
	ROW(bne, M_I, 0x00001063, FMT_BRANCH, 0) \
	ROW(blt, M_I, 0x00004063, FMT_BRANCH, 0) \
	ROW(bge, M_I, 0x00005063, FMT_BRANCH, 0) \
	ROW(bltu, M_I, 0x00006063, FMT_BRANCH, 0) \
	ROW(bgeu, M_I, 0x00007063, FMT_BRANCH, 0) \
	ROW(lb, M_I, 0x00000003, FMT_LOAD, 1) \
	ROW(lh, M_I, 0x00001003, FMT_LOAD, 1) \
	ROW(lw, M_I, 0x00002003, FMT_LOAD, 1) \
	ROW(lbu, M_I, 0x00004003, FMT_LOAD, 1) \
	ROW(lhu, M_I, 0x00005003, FMT_LOAD, 1) \
	ROW(sb, M_I, 0x00000023, FMT_STORE, 0) \
	ROW(sh, M_I, 0x00001023, FMT_STORE, 0) \
	ROW(sw, M_I, 0x00002023, FMT_STORE, 0) \
	ROW(addi, M_I, 0x00000013, FMT_I, 1) \
	ROW(slti, M_I, 0x00002013, FMT_I, 1) \
	ROW(sltiu, M_I, 0x00003013, FMT_I, 1) \
	ROW(xori, M_I, 0x00004013, FMT_I, 1) \
	ROW(ori, M_I, 0x00006013, FMT_I, 1) \
	ROW(andi, M_I, 0x00007013, FMT_I, 1) \
	/* RV32 shifts: shamt[5] set is an illegal encoding, so it is in the mask */ \
	ROW(slli, M_R, 0x00001013, FMT_SHIFT, 1) \
	ROW(srli, M_R, 0x00005013, FMT_SHIFT, 1) \
	ROW(srai, M_R, 0x40005013, FMT_SHIFT, 1) \
	R(add, M_R, 0x00000033) \
	R(sub, M_R, 0x40000033) \
	R(sll, M_R, 0x00001033) \
	R(slt, M_R, 0x00002033) \
	R(sltu, M_R, 0x00003033) \
	R(xor, M_R, 0x00004033) \
	R(srl, M_R, 0x00005033) \
	R(sra, M_R, 0x40005033) \
	R(or, M_R, 0x00006033) \
	R(and, M_R, 0x00007033) \
	R(mul, M_R, 0x02000033) \
	R(mulh, M_R, 0x02001033) \
	R(mulhsu, M_R, 0x02002033) \
	R(mulhu, M_R, 0x02003033) \
	R(div, M_R, 0x02004033) \
	R(divu, M_R, 0x02005033) \
	R(rem, M_R, 0x02006033) \
	R(remu, M_R, 0x02007033) \
	ROW(fence, M_I, 0x0000000f, FMT_FENCE, 0)
/*
 * Anything that may change the privilege, the interrupt enables, the
 * counters or what hart_run_fast checks once per call; atomics, for their
 * yield hint; and an illegal word.
 */
#define STEP_ROWS(ROW) \
	ROW(fence_i, M_I, 0x0000100f, FMT_NONE, 0) \
	ROW(ecall, 0xffffffffu, 0x00000073, FMT_NONE, 0) \
	ROW(ebreak, 0xffffffffu, 0x00100073, FMT_NONE, 0) \
	ROW(mret, 0xffffffffu, 0x30200073, FMT_NONE, 0) \
	ROW(sret, 0xffffffffu, 0x10200073, FMT_NONE, 0) \
	ROW(wfi, 0xffffffffu, 0x10500073, FMT_NONE, 0) \
	ROW(sfence_vma, 0xfe007fffu, 0x12000073, FMT_SFENCE, 0) \
	ROW(csrrw, M_I, 0x00001073, FMT_CSR, 1) \
	ROW(csrrs, M_I, 0x00002073, FMT_CSR, 1) \
	ROW(csrrc, M_I, 0x00003073, FMT_CSR, 1) \
	ROW(csrrwi, M_I, 0x00005073, FMT_CSRI, 1) \
	ROW(csrrsi, M_I, 0x00006073, FMT_CSRI, 1) \
	ROW(csrrci, M_I, 0x00007073, FMT_CSRI, 1) \
	ROW(lr_w, 0xf9f0707fu, 0x1000202f, FMT_LR, 1) \
	ROW(sc_w, M_AMO, 0x1800202f, FMT_AMO, 1) \
	ROW(amoswap_w, M_AMO, 0x0800202f, FMT_AMO, 1) \
	ROW(amoadd_w, M_AMO, 0x0000202f, FMT_AMO, 1) \
	ROW(amoxor_w, M_AMO, 0x2000202f, FMT_AMO, 1) \
	ROW(amoand_w, M_AMO, 0x6000202f, FMT_AMO, 1) \
	ROW(amoor_w, M_AMO, 0x4000202f, FMT_AMO, 1) \
	ROW(amomin_w, M_AMO, 0x8000202f, FMT_AMO, 1) \
	ROW(amomax_w, M_AMO, 0xa000202f, FMT_AMO, 1) \
	ROW(amominu_w, M_AMO, 0xc000202f, FMT_AMO, 1) \
	ROW(amomaxu_w, M_AMO, 0xe000202f, FMT_AMO, 1)

#define TABLE_ROW(name, mask, match, fmt, wr) { #name, mask, match, fmt, op_##name, wr },
#define TABLE_R(name, mask, match) TABLE_ROW(name, mask, match, FMT_R, 1)
const struct insn_desc insn_table[] = { PLAIN_ROWS(TABLE_ROW, TABLE_R) STEP_ROWS(TABLE_ROW) };
#undef TABLE_ROW
#undef TABLE_R

const int insn_table_len = sizeof(insn_table) / sizeof(insn_table[0]);

/* Row numbers: OP_lui is 0, and so on; OP_ILLEGAL for encodings no row matches. */
#define ROW_NUMBER(name, ...) OP_##name,
enum { PLAIN_ROWS(ROW_NUMBER, ROW_NUMBER) STEP_ROWS(ROW_NUMBER) OP_ILLEGAL };
#undef ROW_NUMBER
_Static_assert(OP_ILLEGAL < 256, "row numbers fit struct insn's op");
/* The first of the rows that only hart_step runs; decode checks the split. */
#define OP_FIRST_STEP OP_fence_i

const struct insn_desc insn_illegal = { "illegal", 0, 0, FMT_NONE, op_illegal, 0 };

/*
 * exec_run's code for the entries of the decode cache, one label inside it
 * each; exec_run publishes them (exec_links) for decode_at to choose from.
 */
struct exec_links {
	const void *row[OP_FIRST_STEP];	/* each plain row's; a branch's or a jal's
					 * when its target is in its own page */
	const void *far[OP_FIRST_STEP];	/* a branch's or a jal's with its target in
					 * another page; NULL for the other rows */
	const void *call;	/* the row's handler, out of line: an instruction in the last
				 * word of a page, whose next pc is in another page (the
				 * loop's loads and stores come there too when their page
				 * is not in the fast tables) */
	const void *redo;	/* left to hart_step: the STEP_ROWS, an illegal word, a jump
				 * to itself (spin detection), a misaligned branch or jal */
};

static const struct exec_links *exec_links;

/* A host-pointer table that holds no page: exec_run's stores look there when they need care. */
static const struct fast_page no_pages[FAST_PAGES] = { [0 ... FAST_PAGES - 1] = { ~0u, 0 } };

/*
 * The turn's loop, threaded: each entry of the decode cache holds the
 * address of its code (struct insn's link), which runs the instruction and
 * goes on to the next one's. Instead of the pc, the loop keeps the host
 * address of the instruction word in a register (the pc is that less the
 * fetch page's addend). The code of an entry knows from its link whether
 * its next pc can leave the page (the link depends on where in its page the
 * entry is, which the entry's place in the decode cache fixes), so a
 * sequential step or a branch within the page needs no page check, and its
 * next entry is at a known distance from its own; a pc in another page
 * goes on in the loop when that page is in fetch_pages (it becomes the
 * fetch page, as hart_step's fetch would make it), else ends it. What stays
 * the same through the loop is held in registers: nothing in it flushes the
 * fetch pages or changes the I-TLB (a flush comes from the rows left to
 * hart_step only, and a refill from hart_step's fetch), the decode cache's
 * place or the privilege. Whether a store needs the slow path's
 * care (a store hook, or a reservation: LR sets one only in hart_step) can
 * only turn false, after an out-of-line call, where it is looked at again;
 * while it does, stores look for their page in a table that holds none.
 *
 * Called with @h NULL, it publishes its labels and returns. Never inlined
 * or cloned: a label's address must be the same for every call.
 */
__attribute__((noinline, noclone)) uint64_t exec_run(struct hart *h, uint64_t n, int *trapped)
{
#define ROW_LINK(name, ...) [OP_##name] = &&run_##name,
#define FAR_LINK(name, ...) [OP_##name] = &&far_##name,
	static const struct exec_links links = {
		.row = { PLAIN_ROWS(ROW_LINK, ROW_LINK) },
		.far = { BRANCH_ROWS(FAR_LINK) [OP_jal] = &&far_jal },
		.call = &&call,
		.redo = &&redo,
	};
#undef ROW_LINK
#undef FAR_LINK
	uint32_t vpn, pc, raw;
	uintptr_t addend;
	const uint8_t *hp;	/* the host address of the instruction at pc */
	struct insn *dcache, *d;
	const struct fast_page *wr_pages;	/* h->wr_pages, or no_pages */
	enum priv priv;
	int r;
	int64_t left = (int64_t)n;	/* steps still allowed, the current one taken */
	/*
	 * When the loop last went on into another page: left then, and the
	 * fetch page before. Until an instruction of the new page has run,
	 * the loop without fetch_pages would have ended before it (hart_step
	 * would fetch it): an exit then leaves what that would have left.
	 */
	int64_t left_at_switch = -1;
	struct fast_page page_before;

	if (!h) {
		exec_links = &links;
		return 0;
	}
	vpn = h->fetch_page.vpn;
	addend = h->fetch_page.addend;
	dcache = h->dcache;
	priv = h->priv;
	wr_pages = h->store_hook || h->env.lr->active ? no_pages : h->wr_pages;
	pc = h->pc;

/* From d, the entry of the word at hp: its step, if the budget allows one. */
#define DISPATCH() \
	do { \
		if (__builtin_expect(--left < 0, 0)) \
			goto spent; \
		memcpy(&raw, hp, 4); \
		if (__builtin_expect(d->raw != raw, 0)) \
			hart_decode_miss(h, priv, PC(), raw, d); \
		goto *d->link; \
	} while (0)
#define PC() ((uint32_t)((uintptr_t)hp - addend))
/* On to the next word of the same page. */
#define NEXT_WORD() \
	do { \
		hp += 4; \
		d++; \
		DISPATCH(); \
	} while (0)
/* A branch or jal to its target in the same page: a page's entries are in a row. */
#define TAKEN_NEAR() \
	do { \
		hp += d->imm; \
		/* imm / 4 entries on: imm is a multiple of 4 (link_at) */ \
		d = (struct insn *)((uintptr_t)d + (intptr_t)d->imm * (intptr_t)(sizeof(*d) / 4)); \
		DISPATCH(); \
	} while (0)

lookup:	/* pc anywhere: its page checked, its entry found */
	if (__builtin_expect(pc >> 12 != vpn, 0)) {
		const struct fast_page *fp = fetch_pages_find(h, pc >> 12);

		if (!fp)
			goto out;
		page_before = h->fetch_page;
		h->fetch_page = *fp;	/* what hart_step's fetch would make it */
		vpn = fp->vpn;
		addend = fp->addend;
		left_at_switch = left;
	}
	hp = (const uint8_t *)(addend + pc);
	d = &dcache[(pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];
	DISPATCH();

#define ALU_RR_RUN(name, expr) \
	run_##name: { \
		uint32_t a = X(src1), b = X(src2); \
		h->x[d->wrd] = (expr); \
		NEXT_WORD(); \
	}
#define ALU_RI_RUN(name, expr) \
	run_##name: { \
		uint32_t a = X(src1), b = (uint32_t)d->imm; \
		h->x[d->wrd] = (expr); \
		NEXT_WORD(); \
	}
	ALU_RR_ROWS(ALU_RR_RUN)
	ALU_RI_ROWS(ALU_RI_RUN)
#define BRANCH_RUN(name, cond) \
	run_##name: { \
		uint32_t a = X(src1), b = X(src2); \
		if (cond) \
			TAKEN_NEAR(); \
		NEXT_WORD(); \
	} \
	far_##name: { \
		uint32_t a = X(src1), b = X(src2); \
		if (!(cond)) \
			NEXT_WORD(); \
		pc = PC() + (uint32_t)d->imm; \
		goto lookup; \
	}
	BRANCH_ROWS(BRANCH_RUN)
#define LOAD_RUN(name, size, conv) \
	run_##name: { \
		uint32_t va = X(src1) + (uint32_t)d->imm; \
		uint8_t *p; \
		if (__builtin_expect((va & (size - 1)) || !fast_host(h->rd_pages, va, &p), 0)) \
			goto call; \
		h->x[d->wrd] = (uint32_t)(conv)host_read(p, size); \
		NEXT_WORD(); \
	}
	LOAD_ROWS(LOAD_RUN)
#define STORE_RUN(name, size) \
	run_##name: { \
		uint32_t va = X(src1) + (uint32_t)d->imm; \
		uint8_t *p; \
		if (__builtin_expect((va & (size - 1)) || !fast_host(wr_pages, va, &p), 0)) \
			goto call; \
		host_write(p, size, X(src2)); \
		NEXT_WORD(); \
	}
	STORE_ROWS(STORE_RUN)
run_lui:
	h->x[d->wrd] = (uint32_t)d->imm;
	NEXT_WORD();
run_auipc:
	h->x[d->wrd] = PC() + (uint32_t)d->imm;
	NEXT_WORD();
run_fence:	/* harts share one memory and run one instruction at a time: nothing to order */
	NEXT_WORD();
run_jal:
	h->x[d->wrd] = PC() + 4;
	TAKEN_NEAR();
far_jal:
	h->x[d->wrd] = PC() + 4;
	pc = PC() + (uint32_t)d->imm;
	goto lookup;
run_jalr: {
		uint32_t target = (X(src1) + (uint32_t)d->imm) & ~1u;

		if (target & 3)
			goto redo;	/* hart_step raises the exception */
		h->x[d->wrd] = PC() + 4;
		pc = target;
		goto lookup;
	}
#undef ALU_RR_RUN
#undef ALU_RI_RUN
#undef BRANCH_RUN
#undef LOAD_RUN
#undef STORE_RUN
#undef TAKEN_NEAR
#undef NEXT_WORD
#undef DISPATCH

call:	/* the row's handler: the slow paths, and a page's last word */
	h->pc = PC();
	r = d->desc->exec(h, d);
	h->x[0] = 0;
	if (__builtin_expect(r == 1, 0)) {
		*trapped = 1;
		return n - (uint64_t)left;	/* the trap took this step; h->pc is its vector */
	}
	if (r == HART_REDO)
		goto redo;
	pc = h->pc;
	wr_pages = h->store_hook || h->env.lr->active ? no_pages : h->wr_pages;
	goto lookup;

redo:	/* hart_step runs this one, and looks it up again */
	left++;
	pc = PC();
	if (left == left_at_switch) {
		h->fetch_page = page_before;	/* the first of its page: not looked up */
		goto out;
	}
	h->stats.decode_lookups.v[SMODE(priv)]++;
	goto out;
spent:
	if (left_at_switch == 0)
		h->fetch_page = page_before;	/* nothing of the new page has run */
	left = 0;
	pc = PC();
out:
	h->pc = pc;
	return n - (uint64_t)left;
#undef PC
}

/*
 * The link of @d, the entry of the instruction at page offset @off: see
 * struct exec_links.
 */
static const void *link_at(const struct insn *d, uint32_t off)
{
	int jal = d->op == OP_jal, branch = d->cls == IC_BRANCH;

	if (!exec_links)
		exec_run(NULL, 0, NULL);
	if (d->op >= OP_FIRST_STEP || (jal && d->imm == 0) || ((jal || branch) && (d->imm & 3)))
		return exec_links->redo;
	if (off == PAGE_SIZE - 4)
		return exec_links->call;
	if ((jal || branch) && off + (uint32_t)d->imm >= PAGE_SIZE)
		return exec_links->far[d->op];
	return exec_links->row[d->op];
}

void decode_at(uint32_t raw, uint32_t pc, struct insn *d)
{
	decode(raw, d);
	d->link = link_at(d, pc & (PAGE_SIZE - 1));
}

/* Sign bits of an immediate whose sign is instruction bit 31, placed from bit @pos up. */
static uint32_t sign_from(uint32_t r, int pos)
{
	return (uint32_t)((int32_t)r >> 31) << pos;
}

static int32_t imm_i(uint32_t r) { return (int32_t)(sign_from(r, 11) | (r >> 20)); }
static int32_t imm_s(uint32_t r)
{
	return (int32_t)(sign_from(r, 11) | ((r >> 20) & 0x7e0) | ((r >> 7) & 0x1f));
}

static int32_t imm_b(uint32_t r)
{
	return (int32_t)(sign_from(r, 12) | ((r << 4) & 0x800) | ((r >> 20) & 0x7e0) |
			 ((r >> 7) & 0x1e));
}

static int32_t imm_j(uint32_t r)
{
	return (int32_t)(sign_from(r, 20) | (r & 0xff000) | ((r >> 9) & 0x800) |
			 ((r >> 20) & 0x7fe));
}

/* The timing model's view of a table row. */
static enum insn_class classify(const struct insn_desc *row)
{
	switch (row->fmt) {
	case FMT_LOAD: return IC_LOAD;
	case FMT_STORE: return IC_STORE;
	case FMT_AMO: case FMT_LR: return IC_AMO;
	case FMT_BRANCH: return IC_BRANCH;
	case FMT_JAL: return IC_JAL;
	case FMT_JALR: return IC_JALR;
	case FMT_CSR: case FMT_CSRI: return IC_CSR;
	case FMT_FENCE: return IC_FENCE;
	case FMT_SFENCE: return IC_SFENCE;
	case FMT_R:
		if (row->exec == op_mul || row->exec == op_mulh || row->exec == op_mulhsu ||
		    row->exec == op_mulhu)
			return IC_MUL;
		if (row->exec == op_div || row->exec == op_divu || row->exec == op_rem ||
		    row->exec == op_remu)
			return IC_DIV;
		return IC_ALU;
	case FMT_NONE:
		if (row->exec == op_fence_i) return IC_FENCE_I;
		if (row->exec == op_mret || row->exec == op_sret) return IC_XRET;
		if (row->exec == op_wfi) return IC_WFI;
		if (row->exec == op_ecall || row->exec == op_ebreak) return IC_ECALL;
		return IC_ILLEGAL;
	default:
		return IC_ALU;
	}
}

_Static_assert(sizeof(struct insn) == 32, "decode cache entries stay 32 bytes");

/*
 * The table's rows by major opcode (bits 6:0), each list in table order, so
 * that decode tries only the rows that can match: the first match is the
 * same as a search of the whole table.
 */
static struct {
	uint8_t built;
	uint8_t n[128];				/* rows for each opcode */
	const struct insn_desc *row[128][32];
} by_opcode;

static void index_table(void)
{
	for (int i = 0; i < insn_table_len; i++) {
		const struct insn_desc *r = &insn_table[i];

		for (uint32_t op = 0; op < 128; op++) {
			if ((op & r->mask & 0x7f) != (r->match & 0x7f))
				continue;
			assert(by_opcode.n[op] < 32);
			by_opcode.row[op][by_opcode.n[op]++] = r;
		}
	}
	by_opcode.built = 1;
}

void decode(uint32_t raw, struct insn *d)
{
	const struct insn_desc *row = &insn_illegal;
	uint32_t op = raw & 0x7f;

	if (!by_opcode.built)
		index_table();
	for (int i = 0; i < by_opcode.n[op]; i++) {
		if ((raw & by_opcode.row[op][i]->mask) == by_opcode.row[op][i]->match) {
			row = by_opcode.row[op][i];
			break;
		}
	}
	memset(d, 0, sizeof(*d));
	d->raw = raw;
	d->op = (uint8_t)(row == &insn_illegal ? OP_ILLEGAL : row - insn_table);
	d->rd = (raw >> 7) & 31;
	d->desc = row;
	d->cls = (uint8_t)classify(row);
	switch (row->fmt) {
	case FMT_R: case FMT_STORE: case FMT_BRANCH: case FMT_SFENCE:
		d->uses = INSN_RS1 | INSN_RS2;
		break;
	case FMT_AMO:
		d->uses = INSN_RS1 | INSN_RS2 | INSN_OWN;
		break;
	case FMT_I: case FMT_SHIFT: case FMT_LOAD: case FMT_JALR: case FMT_CSR: case FMT_LR:
		d->uses = INSN_RS1;
		break;
	default:
		d->uses = 0;
	}
	switch (row->fmt) {
	case FMT_I: case FMT_LOAD: case FMT_JALR: d->imm = imm_i(raw); break;
	case FMT_SHIFT: d->imm = (raw >> 20) & 31; break;
	case FMT_STORE: d->imm = imm_s(raw); break;
	case FMT_BRANCH: d->imm = imm_b(raw); break;
	case FMT_U: d->imm = (int32_t)(raw & 0xfffff000u); break;
	case FMT_JAL: d->imm = imm_j(raw); break;
	case FMT_CSR: case FMT_CSRI: d->imm = raw >> 20; break;
	default: break;
	}
	/*
	 * Zicbop: ori x0, rs1, imm with imm[4:0] = 0, 1 or 3 is prefetch.i, .r
	 * or .w of rs1 + imm[11:5] * 32. To the hart it stays an ori to x0.
	 */
	if ((raw & 0x7fff) == 0x6013 && ((raw >> 20) & 0x1f) <= 3 && ((raw >> 20) & 0x1f) != 2)
		d->cls = IC_PREFETCH;
	d->src1 = (d->uses & INSN_RS1) ? RS1_FIELD(d) : 0;
	d->src2 = (d->uses & INSN_RS2) ? RS2_FIELD(d) : 0;
	if (d->cls == IC_JALR || ((d->cls == IC_BRANCH || d->cls == IC_JAL) && (d->imm & 3)))
		d->uses |= INSN_JUMP_ODD;
	if (d->cls == IC_CSR && csr_quick(d->imm & 0xfff))
		d->uses |= INSN_CSR_QUICK;
	if (d->cls == IC_LOAD || d->cls == IC_STORE || d->cls == IC_AMO) {
		d->msize = d->cls == IC_AMO ? 4 : (uint8_t)(1u << ((raw >> 12) & 3));
		if (d->cls == IC_STORE || (d->uses & INSN_OWN))
			d->uses |= INSN_MWRITE;
	}
	/*
	 * exec_run leaves to hart_step the rows from OP_FIRST_STEP on: they
	 * must be exactly the classes that may change the privilege, the
	 * interrupt enables or the counters, and the atomics.
	 */
	switch (d->cls) {
	case IC_CSR: case IC_FENCE_I: case IC_SFENCE: case IC_XRET: case IC_WFI: case IC_ECALL:
	case IC_ILLEGAL: case IC_AMO:
		assert(d->op >= OP_FIRST_STEP);
		break;
	default:
		assert(d->op < OP_FIRST_STEP);
		break;
	}
	/* Instructions that do not write rd get rd = 0 so the handler's write is harmless. */
	if (!row->writes_rd)
		d->rd = 0;
	d->wrd = d->rd ? d->rd : HART_X_SINK;
}
