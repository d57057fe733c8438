/* SPDX-License-Identifier: MIT */
/*
 * The instruction table: one row per instruction, a mask/match pair, the
 * operand format (for immediate extraction and disassembly) and the handler.
 * Encodings follow the RISC-V unprivileged and privileged specifications.
 */
#ifndef OSPREY_DECODE_H
#define OSPREY_DECODE_H

#include <stdint.h>

#include "cpu/hart_impl.h"

enum insn_fmt {
	FMT_R,		/* rd, rs1, rs2 */
	FMT_I,		/* rd, rs1, imm */
	FMT_SHIFT,	/* rd, rs1, shamt */
	FMT_LOAD,	/* rd, imm(rs1) */
	FMT_STORE,	/* rs2, imm(rs1) */
	FMT_BRANCH,	/* rs1, rs2, pc-relative target */
	FMT_U,		/* rd, imm[31:12] */
	FMT_JAL,	/* rd, pc-relative target */
	FMT_JALR,	/* rd, imm(rs1) */
	FMT_CSR,	/* rd, csr, rs1 */
	FMT_CSRI,	/* rd, csr, uimm */
	FMT_AMO,	/* rd, rs2, (rs1) */
	FMT_LR,		/* rd, (rs1) */
	FMT_NONE,	/* no operands */
	FMT_FENCE,	/* pred, succ */
	FMT_SFENCE,	/* rs1, rs2 */
};

struct insn_desc {
	const char *name;
	uint32_t mask, match;
	enum insn_fmt fmt;
	insn_fn *exec;
	uint8_t writes_rd;	/* the instruction writes rd (for trace) */
};

extern const struct insn_desc insn_table[];
extern const int insn_table_len;

/* The row of an illegal encoding (its handler raises illegal instruction). */
extern const struct insn_desc insn_illegal;


/*
 * Formats @raw at @pc into @buf (e.g. "addi a0, a0, 1"); @syms may be NULL.
 */
struct symtab;
void disasm(uint32_t raw, uint32_t pc, const struct symtab *syms, char *buf, int len);

/* ABI name of register @r. */
const char *reg_name(int r);

#endif
