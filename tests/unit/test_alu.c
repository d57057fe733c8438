// SPDX-License-Identifier: MIT
/*
 * Integer and M-extension results at their corner cases, control transfer,
 * loads' extension, and x0. Each case runs one instruction on a hart with
 * x1 = a, x2 = b and reads x3.
 */
#include "unit.h"

#include <stdint.h>

/* Runs @insn (rd = x3, rs1 = x1, rs2 = x2) and returns x3. */
static uint32_t alu(void **state, uint32_t insn, uint32_t a, uint32_t b)
{
	struct rig *r = *state;

	rig_reset(r, r->h);
	hart_set_reg(r->h, 1, a);
	hart_set_reg(r->h, 2, b);
	hart_set_reg(r->h, 3, 0xdeadbeef);
	assert_int_equal(rig_exec(r, r->h, insn), HART_RETIRED);
	assert_int_equal(hart_pc(r->h), CODE + 4);
	return hart_reg(r->h, 3);
}

#define RR(op, a, b) alu(state, op(3, 1, 2), a, b)
#define RI(op, a, imm) alu(state, op(3, 1, imm), a, 0)

static void test_add_wraps_around(void **state)
{
	assert_int_equal(RR(ADD, 0xffffffffu, 1), 0);
	assert_int_equal(RR(ADD, 0x7fffffffu, 1), 0x80000000u);
}

static void test_sub_wraps_around(void **state)
{
	assert_int_equal(RR(SUB, 0, 1), 0xffffffffu);
	assert_int_equal(RR(SUB, 0x80000000u, 1), 0x7fffffffu);
}

static void test_addi_sign_extends_its_immediate(void **state)
{
	assert_int_equal(RI(ADDI, 5, -2048), (uint32_t)(5 - 2048));
	assert_int_equal(RI(ADDI, 0xffffffffu, 1), 0);
}

static void test_logic_immediates_sign_extend(void **state)
{
	assert_int_equal(RI(XORI, 0x0000ffffu, -1), 0xffff0000u);
	assert_int_equal(RI(ORI, 0, -2048), 0xfffff800u);
	assert_int_equal(RI(ANDI, 0x12345678u, -16), 0x12345670u);
}

static void test_shifts_by_31(void **state)
{
	assert_int_equal(RR(SLL, 1, 31), 0x80000000u);
	assert_int_equal(RR(SRL, 0x80000000u, 31), 1);
	assert_int_equal(RR(SRA, 0x80000000u, 31), 0xffffffffu);
	assert_int_equal(RI(SLLI, 1, 31), 0x80000000u);
	assert_int_equal(RI(SRLI, 0x80000000u, 31), 1);
	assert_int_equal(RI(SRAI, 0x80000000u, 31), 0xffffffffu);
}

static void test_register_shift_amount_is_masked_to_five_bits(void **state)
{
	assert_int_equal(RR(SLL, 0x12345678u, 32), 0x12345678u);
	assert_int_equal(RR(SLL, 1, 33), 2);
	assert_int_equal(RR(SRL, 0x80000000u, 0xffffffe1u), 0x40000000u);
	assert_int_equal(RR(SRA, 0x80000000u, 63), 0xffffffffu);
}

static void test_slt_compares_signed(void **state)
{
	assert_int_equal(RR(SLT, 0xffffffffu, 1), 1);
	assert_int_equal(RR(SLT, 1, 0xffffffffu), 0);
	assert_int_equal(RR(SLT, 0x80000000u, 0x7fffffffu), 1);
	assert_int_equal(RR(SLT, 5, 5), 0);
}

static void test_sltu_compares_unsigned(void **state)
{
	assert_int_equal(RR(SLTU, 0xffffffffu, 1), 0);
	assert_int_equal(RR(SLTU, 1, 0xffffffffu), 1);
	assert_int_equal(RR(SLTU, 0x80000000u, 0x7fffffffu), 0);
}

static void test_sltiu_compares_against_sign_extended_immediate(void **state)
{
	/* sltiu rd, rs, -1 compares with 0xffffffff: true for all but that value. */
	assert_int_equal(RI(SLTIU, 5, -1), 1);
	assert_int_equal(RI(SLTIU, 0xffffffffu, -1), 0);
	assert_int_equal(RI(SLTIU, 0, 1), 1);		/* seqz */
	assert_int_equal(RI(SLTI, 0xffffffffu, 0), 1);
}

static void test_div_by_zero_gives_all_ones(void **state)
{
	assert_int_equal(RR(DIV, 7, 0), 0xffffffffu);
	assert_int_equal(RR(DIV, 0x80000000u, 0), 0xffffffffu);
}

static void test_rem_by_zero_gives_dividend(void **state)
{
	assert_int_equal(RR(REM, 7, 0), 7);
	assert_int_equal(RR(REM, (uint32_t)-7, 0), (uint32_t)-7);
}

static void test_divu_by_zero_gives_all_ones(void **state)
{
	assert_int_equal(RR(DIVU, 7, 0), 0xffffffffu);
}

static void test_remu_by_zero_gives_dividend(void **state)
{
	assert_int_equal(RR(REMU, 0xfffffff0u, 0), 0xfffffff0u);
}

static void test_div_int_min_by_minus_one_gives_int_min(void **state)
{
	assert_int_equal(RR(DIV, 0x80000000u, 0xffffffffu), 0x80000000u);
}

static void test_rem_int_min_by_minus_one_gives_zero(void **state)
{
	assert_int_equal(RR(REM, 0x80000000u, 0xffffffffu), 0);
}

static void test_div_and_rem_round_toward_zero(void **state)
{
	assert_int_equal(RR(DIV, (uint32_t)-7, 2), (uint32_t)-3);
	assert_int_equal(RR(REM, (uint32_t)-7, 2), (uint32_t)-1);
	assert_int_equal(RR(DIV, 7, (uint32_t)-2), (uint32_t)-3);
	assert_int_equal(RR(REM, 7, (uint32_t)-2), 1);
}

static void test_divu_and_remu_are_unsigned(void **state)
{
	assert_int_equal(RR(DIVU, 0xfffffffeu, 2), 0x7fffffffu);
	assert_int_equal(RR(REMU, 0xffffffffu, 0x10u), 0xf);
}

static void test_mul_keeps_the_low_word(void **state)
{
	assert_int_equal(RR(MUL, 0x10001u, 0x10001u), 0x00020001u);
	assert_int_equal(RR(MUL, 0xffffffffu, 0xffffffffu), 1);
}

static void test_mulh_multiplies_signed_by_signed(void **state)
{
	assert_int_equal(RR(MULH, 0xffffffffu, 0xffffffffu), 0);		/* -1 * -1 */
	assert_int_equal(RR(MULH, 0x80000000u, 0x80000000u), 0x40000000u);
	assert_int_equal(RR(MULH, (uint32_t)-2, 3), 0xffffffffu);
	assert_int_equal(RR(MULH, 0x80000000u, 0x7fffffffu), 0xc0000000u);
}

static void test_mulhsu_multiplies_signed_by_unsigned(void **state)
{
	assert_int_equal(RR(MULHSU, 0xffffffffu, 0xffffffffu), 0xffffffffu);	/* -1 * (2^32-1) */
	assert_int_equal(RR(MULHSU, 2, 0xffffffffu), 1);
	assert_int_equal(RR(MULHSU, 0x80000000u, 0xffffffffu), 0x80000000u);
	assert_int_equal(RR(MULHSU, 0x7fffffffu, 0x80000000u), 0x3fffffffu);
}

static void test_mulhu_multiplies_unsigned_by_unsigned(void **state)
{
	assert_int_equal(RR(MULHU, 0xffffffffu, 0xffffffffu), 0xfffffffeu);
	assert_int_equal(RR(MULHU, 0x80000000u, 2), 1);
}

static void test_writes_to_x0_are_discarded(void **state)
{
	struct rig *r = *state;
	static const uint32_t writers[] = { ADDI(0, 0, 5), LUI(0, 0x12345000), ADD(0, 1, 1),
					    AUIPC(0, 0x1000), MUL(0, 1, 1) };

	for (size_t i = 0; i < sizeof(writers) / sizeof(writers[0]); i++) {
		rig_reset(r, r->h);
		hart_set_reg(r->h, 1, 7);
		assert_int_equal(rig_exec(r, r->h, writers[i]), HART_RETIRED);
		assert_int_equal(hart_reg(r->h, 0), 0);
	}
}

static void test_x0_reads_as_zero_after_a_write(void **state)
{
	struct rig *r = *state;

	rig_put(r, CODE, ADDI(0, 0, 5));
	rig_put(r, CODE + 4, ADDI(3, 0, 1));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 1);
}

static void test_lui_and_auipc(void **state)
{
	assert_int_equal(alu(state, LUI(3, 0xfffff000u), 0, 0), 0xfffff000u);
	assert_int_equal(alu(state, AUIPC(3, 0x80000000u), 0, 0), CODE + 0x80000000u);
}

static void test_jal_links_and_jumps(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, JAL(1, 0x100)), HART_RETIRED);
	assert_int_equal(hart_pc(r->h), CODE + 0x100);
	assert_int_equal(hart_reg(r->h, 1), CODE + 4);
}

static void test_jalr_clears_bit_zero_and_reads_rs1_before_linking(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, CODE + 0x201);
	assert_int_equal(rig_exec(r, r->h, JALR(1, 1, -1)), HART_RETIRED);
	assert_int_equal(hart_pc(r->h), CODE + 0x200);
	assert_int_equal(hart_reg(r->h, 1), CODE + 4);
}

static void test_branches_compare_signed_or_unsigned(void **state)
{
	struct rig *r = *state;
	static const struct {
		uint32_t insn;
		int taken;
	} cases[] = {
		{ BLT(1, 2, 16), 1 }, { BGE(1, 2, 16), 0 }, { BLTU(1, 2, 16), 0 },
		{ BGEU(1, 2, 16), 1 }, { BEQ(1, 2, 16), 0 }, { BNE(1, 2, 16), 1 },
		{ BEQ(1, 1, -16), 1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int32_t off = cases[i].insn == BEQ(1, 1, -16) ? -16 : 16;

		rig_reset(r, r->h);
		r->h->pc = CODE + 0x100;
		hart_set_reg(r->h, 1, 0xffffffffu);	/* -1 signed, max unsigned */
		hart_set_reg(r->h, 2, 1);
		assert_int_equal(rig_exec(r, r->h, cases[i].insn), HART_RETIRED);
		assert_int_equal(hart_pc(r->h), CODE + 0x100 + (cases[i].taken ? off : 4));
	}
}

static void test_loads_sign_or_zero_extend(void **state)
{
	struct rig *r = *state;
	static const struct {
		uint32_t insn, want;
	} cases[] = {
		{ LB(3, 1, 3), 0xffffff80u }, { LBU(3, 1, 3), 0x80u }, { LH(3, 1, 2), 0xffff80f0u },
		{ LHU(3, 1, 2), 0x80f0u }, { LW(3, 1, 0), 0x80f01234u }, { LB(3, 1, 0), 0x34u },
	};

	rig_put(r, DATA, 0x80f01234u);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rig_reset(r, r->h);
		hart_set_reg(r->h, 1, DATA);
		assert_int_equal(rig_exec(r, r->h, cases[i].insn), HART_RETIRED);
		assert_int_equal(hart_reg(r->h, 3), cases[i].want);
	}
}

static void test_stores_write_only_their_bytes(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA, 0xffffffffu);
	hart_set_reg(r->h, 1, DATA);
	hart_set_reg(r->h, 2, 0x12345678u);
	assert_int_equal(rig_exec(r, r->h, SB(2, 1, 1)), HART_RETIRED);
	assert_int_equal(rig_get(r, DATA), 0xffff78ffu);
	assert_int_equal(rig_exec(r, r->h, SH(2, 1, 2)), HART_RETIRED);
	assert_int_equal(rig_get(r, DATA), 0x567878ffu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_add_wraps_around),
		RIG_TEST(test_sub_wraps_around),
		RIG_TEST(test_addi_sign_extends_its_immediate),
		RIG_TEST(test_logic_immediates_sign_extend),
		RIG_TEST(test_shifts_by_31),
		RIG_TEST(test_register_shift_amount_is_masked_to_five_bits),
		RIG_TEST(test_slt_compares_signed),
		RIG_TEST(test_sltu_compares_unsigned),
		RIG_TEST(test_sltiu_compares_against_sign_extended_immediate),
		RIG_TEST(test_div_by_zero_gives_all_ones),
		RIG_TEST(test_rem_by_zero_gives_dividend),
		RIG_TEST(test_divu_by_zero_gives_all_ones),
		RIG_TEST(test_remu_by_zero_gives_dividend),
		RIG_TEST(test_div_int_min_by_minus_one_gives_int_min),
		RIG_TEST(test_rem_int_min_by_minus_one_gives_zero),
		RIG_TEST(test_div_and_rem_round_toward_zero),
		RIG_TEST(test_divu_and_remu_are_unsigned),
		RIG_TEST(test_mul_keeps_the_low_word),
		RIG_TEST(test_mulh_multiplies_signed_by_signed),
		RIG_TEST(test_mulhsu_multiplies_signed_by_unsigned),
		RIG_TEST(test_mulhu_multiplies_unsigned_by_unsigned),
		RIG_TEST(test_writes_to_x0_are_discarded),
		RIG_TEST(test_x0_reads_as_zero_after_a_write),
		RIG_TEST(test_lui_and_auipc),
		RIG_TEST(test_jal_links_and_jumps),
		RIG_TEST(test_jalr_clears_bit_zero_and_reads_rs1_before_linking),
		RIG_TEST(test_branches_compare_signed_or_unsigned),
		RIG_TEST(test_loads_sign_or_zero_extend),
		RIG_TEST(test_stores_write_only_their_bytes),
	};

	return UNIT_RUN("alu", tests);
}
