// SPDX-License-Identifier: MIT
/*
 * Disassembly for traces and messages, driven by the same instruction table
 * as decode, so the two can never disagree about what an encoding is.
 */
#include <stdio.h>
#include <string.h>

#include "cpu/decode.h"
#include "sys/symtab.h"

const char *reg_name(int r)
{
	static const char *const abi[32] = {
		"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
		"a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
		"s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	};
	return abi[r & 31];
}

static const char *csr_name(uint32_t csr)
{
	static const struct { uint16_t num; const char *name; } names[] = {
		{ 0x100, "sstatus" }, { 0x104, "sie" }, { 0x105, "stvec" },
		{ 0x106, "scounteren" }, { 0x140, "sscratch" }, { 0x141, "sepc" },
		{ 0x142, "scause" }, { 0x143, "stval" }, { 0x144, "sip" }, { 0x180, "satp" },
		{ 0x300, "mstatus" }, { 0x301, "misa" }, { 0x302, "medeleg" },
		{ 0x303, "mideleg" }, { 0x304, "mie" }, { 0x305, "mtvec" },
		{ 0x306, "mcounteren" }, { 0x340, "mscratch" }, { 0x341, "mepc" },
		{ 0x342, "mcause" }, { 0x343, "mtval" }, { 0x344, "mip" },
		{ 0x3a0, "pmpcfg0" }, { 0x3b0, "pmpaddr0" }, { 0xb00, "mcycle" },
		{ 0xb02, "minstret" }, { 0xc00, "cycle" }, { 0xc01, "time" },
		{ 0xc02, "instret" }, { 0xc80, "cycleh" }, { 0xc81, "timeh" },
		{ 0xc82, "instreth" }, { 0xf14, "mhartid" },
	};
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].num == csr)
			return names[i].name;
	return NULL;
}

void disasm(uint32_t raw, uint32_t pc, const struct symtab *syms, char *buf, int len)
{
	struct insn d;
	char name[16], csr[16], target[64];
	const char *rd, *rs1, *rs2, *cn;
	int i;

	decode(raw, &d);
	for (i = 0; d.desc->name[i] && i < (int)sizeof(name) - 1; i++)
		name[i] = d.desc->name[i] == '_' ? '.' : d.desc->name[i];
	name[i] = '\0';
	rd = reg_name((raw >> 7) & 31);
	rs1 = reg_name((raw >> 15) & 31);
	rs2 = reg_name((raw >> 20) & 31);
	cn = csr_name(d.imm & 0xfff);
	if (cn)
		snprintf(csr, sizeof(csr), "%s", cn);
	else
		snprintf(csr, sizeof(csr), "0x%03x", d.imm & 0xfff);

	switch (d.desc->fmt) {
	case FMT_R: snprintf(buf, len, "%s %s, %s, %s", name, rd, rs1, rs2); break;
	case FMT_I: case FMT_SHIFT:
		snprintf(buf, len, "%s %s, %s, %d", name, rd, rs1, d.imm);
		break;
	case FMT_LOAD: case FMT_JALR:
		snprintf(buf, len, "%s %s, %d(%s)", name, rd, d.imm, rs1);
		break;
	case FMT_STORE: snprintf(buf, len, "%s %s, %d(%s)", name, rs2, d.imm, rs1); break;
	case FMT_BRANCH:
		symtab_format(syms, pc + (uint32_t)d.imm, target, sizeof(target));
		snprintf(buf, len, "%s %s, %s, %s", name, rs1, rs2, target);
		break;
	case FMT_U: snprintf(buf, len, "%s %s, 0x%x", name, rd, (uint32_t)d.imm >> 12); break;
	case FMT_JAL:
		symtab_format(syms, pc + (uint32_t)d.imm, target, sizeof(target));
		snprintf(buf, len, "%s %s, %s", name, rd, target);
		break;
	case FMT_CSR: snprintf(buf, len, "%s %s, %s, %s", name, rd, csr, rs1); break;
	case FMT_CSRI: snprintf(buf, len, "%s %s, %s, %u", name, rd, csr, (raw >> 15) & 31); break;
	case FMT_AMO: snprintf(buf, len, "%s %s, %s, (%s)", name, rd, rs2, rs1); break;
	case FMT_LR: snprintf(buf, len, "%s %s, (%s)", name, rd, rs1); break;
	case FMT_FENCE:
		snprintf(buf, len, "%s 0x%x, 0x%x", name, (raw >> 24) & 15, (raw >> 20) & 15);
		break;
	case FMT_SFENCE: snprintf(buf, len, "%s %s, %s", name, rs1, rs2); break;
	default:
		if (d.desc == &insn_illegal)
			snprintf(buf, len, "illegal 0x%08x", raw);
		else
			snprintf(buf, len, "%s", name);
	}
}
