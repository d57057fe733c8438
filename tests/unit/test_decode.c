// SPDX-License-Identifier: MIT
/*
 * The decoder: every table row, the encodings that must be illegal, and the
 * immediate of each format at its sign edges.
 */
#include "unit.h"

#include <string.h>

#include "cpu/decode.h"

static const struct insn_desc *decoded(uint32_t raw)
{
	struct insn d;

	decode(raw, &d);
	assert_int_equal(d.raw, raw);
	/* exec_run writes a result to rd, or to the sink for x0 (and for no rd) */
	assert_int_equal(d.wrd, d.rd ? d.rd : HART_X_SINK);
	/* the row number names the same row */
	assert_ptr_equal(d.op < insn_table_len ? &insn_table[d.op] : &insn_illegal, d.desc);
	return d.desc;
}

static int32_t imm_of(uint32_t raw)
{
	struct insn d;

	decode(raw, &d);
	return d.imm;
}

static void test_every_table_row_decodes_to_itself(void **state)
{
	for (int i = 0; i < insn_table_len; i++) {
		const struct insn_desc *row = &insn_table[i];
		const struct insn_desc *got = decoded(row->match);

		if (got != row)
			fail_msg("row %s (match 0x%08x) decodes to %s", row->name, row->match,
				 got->name);
	}
}

/* Bits outside a row's mask are operand fields: any value keeps the same row. */
static void test_operand_bits_do_not_change_the_row(void **state)
{
	uint32_t seed = 12345;

	for (int i = 0; i < insn_table_len; i++) {
		const struct insn_desc *row = &insn_table[i];

		for (int k = 0; k < 64; k++) {
			uint32_t raw;

			seed = seed * 1664525u + 1013904223u;
			raw = row->match | (seed & ~row->mask);
			if (decoded(raw) != row)
				fail_msg("0x%08x should be %s, decodes to %s", raw, row->name,
					 decoded(raw)->name);
		}
	}
}

/* Encodings built by the test's own encoders, named as the spec names them. */
static void test_spec_encodings_decode_to_their_names(void **state)
{
	static const struct {
		uint32_t raw;
		const char *name;
	} cases[] = {
		{ 0x00a00093, "addi" },	/* addi ra, zero, 10 (GNU as) */
		{ 0x00b50533, "add" },	/* add a0, a0, a1 */
		{ 0x40b50533, "sub" },	/* sub a0, a0, a1 */
		{ 0x02b50533, "mul" },	/* mul a0, a0, a1 */
		{ 0x02b54533, "div" },	/* div a0, a0, a1 */
		{ 0x00052503, "lw" },	/* lw a0, 0(a0) */
		{ 0x00b52023, "sw" },	/* sw a1, 0(a0) */
		{ 0x100525af, "lr_w" },	/* lr.w a1, (a0) */
		{ 0x18b5262f, "sc_w" },	/* sc.w a2, a1, (a0) */
		{ 0x0cb5262f, "amoswap_w" },	/* amoswap.w.aq a2, a1, (a0) */
		{ 0x34102573, "csrrs" },	/* csrr a0, mepc */
		{ 0x12000073, "sfence_vma" },
		{ 0x0ff0000f, "fence" },
		{ 0x0000100f, "fence_i" },
		{ ADD(1, 2, 3), "add" }, { SUB(1, 2, 3), "sub" }, { SLL(1, 2, 3), "sll" },
		{ SLT(1, 2, 3), "slt" }, { SLTU(1, 2, 3), "sltu" }, { XOR(1, 2, 3), "xor" },
		{ SRL(1, 2, 3), "srl" }, { SRA(1, 2, 3), "sra" }, { OR(1, 2, 3), "or" },
		{ AND(1, 2, 3), "and" }, { MUL(1, 2, 3), "mul" }, { MULH(1, 2, 3), "mulh" },
		{ MULHSU(1, 2, 3), "mulhsu" }, { MULHU(1, 2, 3), "mulhu" },
		{ DIV(1, 2, 3), "div" }, { DIVU(1, 2, 3), "divu" }, { REM(1, 2, 3), "rem" },
		{ REMU(1, 2, 3), "remu" }, { ADDI(1, 2, -1), "addi" }, { SLTI(1, 2, 1), "slti" },
		{ SLTIU(1, 2, 1), "sltiu" }, { XORI(1, 2, 1), "xori" }, { ORI(1, 2, 1), "ori" },
		{ ANDI(1, 2, 1), "andi" }, { SLLI(1, 2, 31), "slli" }, { SRLI(1, 2, 31), "srli" },
		{ SRAI(1, 2, 31), "srai" }, { LB(1, 2, 0), "lb" }, { LH(1, 2, 0), "lh" },
		{ LW(1, 2, 0), "lw" }, { LBU(1, 2, 0), "lbu" }, { LHU(1, 2, 0), "lhu" },
		{ SB(1, 2, 0), "sb" }, { SH(1, 2, 0), "sh" }, { SW(1, 2, 0), "sw" },
		{ LUI(1, 0x12345000), "lui" }, { AUIPC(1, 0x1000), "auipc" },
		{ JAL(1, 8), "jal" }, { JALR(1, 2, 0), "jalr" }, { BEQ(1, 2, 8), "beq" },
		{ BNE(1, 2, 8), "bne" }, { BLT(1, 2, 8), "blt" }, { BGE(1, 2, 8), "bge" },
		{ BLTU(1, 2, 8), "bltu" }, { BGEU(1, 2, 8), "bgeu" },
		{ CSRRW(1, 0x300, 2), "csrrw" }, { CSRRS(1, 0x300, 2), "csrrs" },
		{ CSRRC(1, 0x300, 2), "csrrc" }, { CSRRWI(1, 0x300, 2), "csrrwi" },
		{ CSRRSI(1, 0x300, 2), "csrrsi" }, { CSRRCI(1, 0x300, 2), "csrrci" },
		{ ECALL, "ecall" }, { EBREAK, "ebreak" }, { MRET, "mret" }, { SRET, "sret" },
		{ WFI, "wfi" }, { SFENCE_VMA(1, 2), "sfence_vma" },
		{ LR_W(1, 2), "lr_w" }, { SC_W(1, 3, 2), "sc_w" },
		{ AMOSWAP_W(1, 3, 2), "amoswap_w" }, { AMOADD_W(1, 3, 2), "amoadd_w" },
		{ AMOXOR_W(1, 3, 2), "amoxor_w" }, { AMOAND_W(1, 3, 2), "amoand_w" },
		{ AMOOR_W(1, 3, 2), "amoor_w" }, { AMOMIN_W(1, 3, 2), "amomin_w" },
		{ AMOMAX_W(1, 3, 2), "amomax_w" }, { AMOMINU_W(1, 3, 2), "amominu_w" },
		{ AMOMAXU_W(1, 3, 2), "amomaxu_w" },
		{ AMOADD_W(1, 3, 2) | 3u << 25, "amoadd_w" },	/* aq and rl set */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct insn_desc *got = decoded(cases[i].raw);

		if (strcmp(got->name, cases[i].name))
			fail_msg("0x%08x: expected %s, decoded %s", cases[i].raw, cases[i].name,
				 got->name);
	}
}

static void expect_illegal(const uint32_t *raws, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (decoded(raws[i]) != &insn_illegal)
			fail_msg("0x%08x should be illegal, decodes to %s", raws[i],
				 decoded(raws[i])->name);
}

#define EXPECT_ILLEGAL(...) \
	do { \
		static const uint32_t raws[] = { __VA_ARGS__ }; \
		expect_illegal(raws, sizeof(raws) / sizeof(raws[0])); \
	} while (0)

static void test_all_zeros_and_all_ones_are_illegal(void **state)
{
	EXPECT_ILLEGAL(0x00000000u, 0xffffffffu);
}

static void test_compressed_encodings_are_illegal(void **state)
{
	EXPECT_ILLEGAL(0x00000001u /* c.nop */, 0x00004502u /* c.lwsp */, 0x8082u /* c.ret */);
}

static void test_rv32_shift_with_shamt5_is_illegal(void **state)
{
	EXPECT_ILLEGAL(SLLI(1, 2, 3) | 1u << 25, SRLI(1, 2, 3) | 1u << 25,
		       SRAI(1, 2, 3) | 1u << 25);
}

static void test_shift_immediate_with_reserved_funct7_is_illegal(void **state)
{
	EXPECT_ILLEGAL(SLLI(1, 2, 3) | 0x20u << 25, SRLI(1, 2, 3) | 0x10u << 25,
		       SRAI(1, 2, 3) | 0x01u << 25);
}

static void test_unknown_opcodes_are_illegal(void **state)
{
	/* LOAD-FP, custom-0, STORE-FP, OP-32, OP-IMM-32, MADD, OP-FP, custom-3 */
	EXPECT_ILLEGAL(0x00002007u, 0x0000000bu, 0x00002027u, 0x0000003bu, 0x0000001bu,
		       0x00000043u, 0x00000053u, 0x0000007bu, 0x00000077u, 0x0000005bu);
}

static void test_reserved_funct3_is_illegal(void **state)
{
	EXPECT_ILLEGAL(enc_b(8, 1, 2, 2, OP_BRANCH), enc_b(8, 1, 2, 3, OP_BRANCH),
		       enc_i(0, 2, 3, 1, OP_LOAD) /* ld */, enc_i(0, 2, 6, 1, OP_LOAD) /* lwu */,
		       enc_i(0, 2, 7, 1, OP_LOAD), enc_s(0, 1, 2, 3, OP_STORE) /* sd */,
		       enc_s(0, 1, 2, 4, OP_STORE), enc_s(0, 1, 2, 7, OP_STORE),
		       enc_i(0, 2, 1, 1, OP_JALR), enc_i(0, 2, 7, 1, OP_JALR),
		       enc_i(0x300, 2, 4, 1, OP_SYSTEM), enc_i(0, 0, 2, 0, OP_FENCE),
		       AMOADD_W(1, 3, 2) & ~(7u << 12), AMOADD_W(1, 3, 2) | 1u << 12 /* .d */);
}

static void test_reserved_funct7_is_illegal(void **state)
{
	EXPECT_ILLEGAL(enc_r(0x20, 3, 2, 1, 1, OP_REG), enc_r(0x20, 3, 2, 7, 1, OP_REG),
		       enc_r(0x02, 3, 2, 0, 1, OP_REG), enc_r(0x21, 3, 2, 0, 1, OP_REG),
		       enc_r(0x40, 3, 2, 0, 1, OP_REG));
}

static void test_unknown_amo_funct5_is_illegal(void **state)
{
	EXPECT_ILLEGAL(AMO(0x05, 1, 3, 2), AMO(0x06, 1, 3, 2), AMO(0x1f, 1, 3, 2));
}

static void test_lr_with_nonzero_rs2_is_illegal(void **state)
{
	EXPECT_ILLEGAL(LR_W(1, 2) | 3u << 20);
}

static void test_system_instructions_with_nonzero_fields_are_illegal(void **state)
{
	EXPECT_ILLEGAL(ECALL | 1u << 7, ECALL | 1u << 15, EBREAK | 1u << 7, MRET | 1u << 15,
		       SRET | 1u << 7, WFI | 1u << 7, SFENCE_VMA(1, 2) | 1u << 7,
		       0x00200073u /* uret */);
}

static void test_i_immediate_sign_edges(void **state)
{
	assert_int_equal(imm_of(0x80000093u), -2048);	/* addi ra, zero, -2048 */
	assert_int_equal(imm_of(0x7ff00093u), 2047);
	assert_int_equal(imm_of(ADDI(1, 2, -1)), -1);
	assert_int_equal(imm_of(LW(1, 2, -2048)), -2048);
	assert_int_equal(imm_of(JALR(1, 2, 2047)), 2047);
}

static void test_s_immediate_sign_edges(void **state)
{
	assert_int_equal(imm_of(0xfe112fa3u), -1);	/* sw ra, -1(sp) */
	assert_int_equal(imm_of(SW(1, 2, -2048)), -2048);
	assert_int_equal(imm_of(SW(1, 2, 2047)), 2047);
	assert_int_equal(imm_of(SB(1, 2, 31)), 31);
	assert_int_equal(imm_of(SH(1, 2, 32)), 32);
}

static void test_b_immediate_sign_edges(void **state)
{
	assert_int_equal(imm_of(0x80000063u), -4096);	/* beq zero, zero, .-4096 */
	assert_int_equal(imm_of(0x7e000fe3u), 4094);	/* beq zero, zero, .+4094 */
	assert_int_equal(imm_of(BNE(1, 2, -2)), -2);
	assert_int_equal(imm_of(BLT(1, 2, 2048)), 2048);	/* imm[11] alone */
	assert_int_equal(imm_of(BGE(1, 2, 30)), 30);
}

static void test_u_immediate_keeps_upper_bits(void **state)
{
	assert_int_equal((uint32_t)imm_of(0x800000b7u), 0x80000000u);	/* lui ra, 0x80000 */
	assert_int_equal((uint32_t)imm_of(LUI(1, 0xfffff000u)), 0xfffff000u);
	assert_int_equal((uint32_t)imm_of(AUIPC(1, 0x00001000u)), 0x00001000u);
}

static void test_j_immediate_sign_edges(void **state)
{
	assert_int_equal(imm_of(0x8000006fu), -1048576);	/* jal zero, .-1 MiB */
	assert_int_equal(imm_of(0x7ffff06fu), 1048574);
	assert_int_equal(imm_of(JAL(1, 2048)), 2048);		/* imm[11] alone */
	assert_int_equal(imm_of(JAL(1, -2)), -2);
	assert_int_equal(imm_of(JAL(1, 4096)), 4096);		/* imm[12] alone */
}

static void test_shift_immediate_is_shamt(void **state)
{
	assert_int_equal(imm_of(SRAI(1, 2, 31)), 31);
	assert_int_equal(imm_of(SLLI(1, 2, 0)), 0);
}

static void test_csr_number_is_not_sign_extended(void **state)
{
	assert_int_equal(imm_of(CSRRS(1, 0xfff, 0)), 0xfff);
	assert_int_equal(imm_of(CSRRWI(1, 0xc00, 31)), 0xc00);
}

static void test_register_fields_are_extracted(void **state)
{
	struct insn d;

	decode(ADD(5, 17, 31), &d);
	assert_int_equal(d.rd, 5);
	assert_int_equal(d.src1, 17);
	assert_int_equal(d.src2, 31);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_table_row_decodes_to_itself),
		cmocka_unit_test(test_operand_bits_do_not_change_the_row),
		cmocka_unit_test(test_spec_encodings_decode_to_their_names),
		cmocka_unit_test(test_all_zeros_and_all_ones_are_illegal),
		cmocka_unit_test(test_compressed_encodings_are_illegal),
		cmocka_unit_test(test_rv32_shift_with_shamt5_is_illegal),
		cmocka_unit_test(test_shift_immediate_with_reserved_funct7_is_illegal),
		cmocka_unit_test(test_unknown_opcodes_are_illegal),
		cmocka_unit_test(test_reserved_funct3_is_illegal),
		cmocka_unit_test(test_reserved_funct7_is_illegal),
		cmocka_unit_test(test_unknown_amo_funct5_is_illegal),
		cmocka_unit_test(test_lr_with_nonzero_rs2_is_illegal),
		cmocka_unit_test(test_system_instructions_with_nonzero_fields_are_illegal),
		cmocka_unit_test(test_i_immediate_sign_edges),
		cmocka_unit_test(test_s_immediate_sign_edges),
		cmocka_unit_test(test_b_immediate_sign_edges),
		cmocka_unit_test(test_u_immediate_keeps_upper_bits),
		cmocka_unit_test(test_j_immediate_sign_edges),
		cmocka_unit_test(test_shift_immediate_is_shamt),
		cmocka_unit_test(test_csr_number_is_not_sign_extended),
		cmocka_unit_test(test_register_fields_are_extracted),
	};

	return UNIT_RUN("decode", tests);
}
