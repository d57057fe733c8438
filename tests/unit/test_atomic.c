// SPDX-License-Identifier: MIT
/*
 * The A extension: LR/SC reservation rules (unprivileged spec 8.2) with two
 * harts sharing RAM and the reservation set, AMO results, and alignment.
 * Hart 0 runs at CODE, hart 1 at CODE1.
 */
#include "unit.h"

#define CODE1 (CODE + 0x800)

static void setup_harts(struct rig *r)
{
	r->h1->pc = CODE1;
	hart_set_reg(r->h, 1, DATA);
	hart_set_reg(r->h1, 1, DATA);
	hart_set_reg(r->h, 2, 0x1111);
	hart_set_reg(r->h1, 2, 0x2222);
	rig_put(r, DATA, 0x5a5a);
}

static void step(struct hart *h)
{
	assert_int_equal(hart_step(h), HART_RETIRED);
}

static void test_sc_succeeds_after_lr_to_the_same_address(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	step(r->h);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 3), 0x5a5a);
	assert_int_equal(hart_reg(r->h, 4), 0);
	assert_int_equal(rig_get(r, DATA), 0x1111);
}

static void test_sc_fails_without_lr(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, SC_W(4, 2, 1));
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x5a5a);
}

static void test_sc_fails_after_lr_to_another_address(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	hart_set_reg(r->h, 5, DATA + 64);
	rig_put(r, CODE, LR_W(3, 5));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	step(r->h);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x5a5a);
}

static void test_sc_fails_after_another_harts_store_to_the_word(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE1, SB(2, 1, 3));
	step(r->h);
	step(r->h1);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x22005a5a);
}

static void test_sc_fails_after_another_harts_fast_path_store(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE1, SW(0, 1, 64));	/* the page is now on hart 1's fast path */
	rig_put(r, CODE1 + 4, SW(2, 1, 0));
	step(r->h1);
	step(r->h);
	step(r->h1);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x2222);
}

static void test_sc_fails_after_another_harts_amo(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE1, AMOADD_W(0, 2, 1));
	step(r->h);
	step(r->h1);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x5a5a + 0x2222);
}

static void test_sc_fails_after_another_harts_successful_sc(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE1, LR_W(3, 1));
	rig_put(r, CODE1 + 4, SC_W(4, 2, 1));
	step(r->h);
	step(r->h1);
	step(r->h1);
	step(r->h);
	assert_int_equal(hart_reg(r->h1, 4), 0);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(rig_get(r, DATA), 0x2222);
}

static void test_another_harts_load_keeps_the_reservation(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE1, LW(3, 1, 0));
	step(r->h);
	step(r->h1);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 0);
}

static void test_sc_clears_the_reservation(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 1));
	rig_put(r, CODE + 8, SC_W(5, 0, 1));
	step(r->h);
	step(r->h);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 0);
	assert_int_equal(hart_reg(r->h, 5), 1);
	assert_int_equal(rig_get(r, DATA), 0x1111);
}

static void test_failed_sc_also_clears_the_reservation(void **state)
{
	struct rig *r = *state;

	setup_harts(r);
	hart_set_reg(r->h, 5, DATA + 64);
	rig_put(r, CODE, LR_W(3, 1));
	rig_put(r, CODE + 4, SC_W(4, 2, 5));
	rig_put(r, CODE + 8, SC_W(6, 2, 1));
	step(r->h);
	step(r->h);
	step(r->h);
	assert_int_equal(hart_reg(r->h, 4), 1);
	assert_int_equal(hart_reg(r->h, 6), 1);
}

static void test_misaligned_lr_is_a_load_misaligned_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, DATA + 2);
	assert_int_equal(rig_exec(r, r->h, LR_W(3, 1)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_LOAD_MISALIGNED, CODE, DATA + 2);
}

static void test_misaligned_sc_is_a_store_misaligned_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, DATA + 1);
	assert_int_equal(rig_exec(r, r->h, SC_W(3, 2, 1)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_MISALIGNED, CODE, DATA + 1);
}

static void test_misaligned_amo_is_a_store_misaligned_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, DATA + 2);
	assert_int_equal(rig_exec(r, r->h, AMOSWAP_W(3, 2, 1)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_MISALIGNED, CODE, DATA + 2);
}

static void test_amo_to_unmapped_address_is_a_store_access_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0x40000000u);
	assert_int_equal(rig_exec(r, r->h, AMOOR_W(3, 2, 1)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_ACCESS, CODE, 0x40000000u);
}

static void test_amos_return_the_old_value_and_store_the_result(void **state)
{
	struct rig *r = *state;
	static const struct {
		uint32_t insn, mem, src, want;
		const char *name;
	} cases[] = {
		{ AMOSWAP_W(3, 2, 1), 5, 9, 9, "amoswap" },
		{ AMOADD_W(3, 2, 1), 0xffffffffu, 2, 1, "amoadd" },
		{ AMOXOR_W(3, 2, 1), 0xff00, 0x0ff0, 0xf0f0, "amoxor" },
		{ AMOAND_W(3, 2, 1), 0xff00, 0x0ff0, 0x0f00, "amoand" },
		{ AMOOR_W(3, 2, 1), 0xff00, 0x0ff0, 0xfff0, "amoor" },
		{ AMOMIN_W(3, 2, 1), 0xffffffffu, 1, 0xffffffffu, "amomin" },
		{ AMOMAX_W(3, 2, 1), 0xffffffffu, 1, 1, "amomax" },
		{ AMOMINU_W(3, 2, 1), 0xffffffffu, 1, 1, "amominu" },
		{ AMOMAXU_W(3, 2, 1), 0xffffffffu, 1, 0xffffffffu, "amomaxu" },
		{ AMOMIN_W(3, 2, 1), 0x80000000u, 0x7fffffffu, 0x80000000u, "amomin" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rig_reset(r, r->h);
		rig_put(r, DATA, cases[i].mem);
		hart_set_reg(r->h, 1, DATA);
		hart_set_reg(r->h, 2, cases[i].src);
		assert_int_equal(rig_exec(r, r->h, cases[i].insn), HART_RETIRED);
		if (hart_reg(r->h, 3) != cases[i].mem || rig_get(r, DATA) != cases[i].want)
			fail_msg("%s: rd 0x%x (want 0x%x), memory 0x%x (want 0x%x)", cases[i].name,
				 hart_reg(r->h, 3), cases[i].mem, rig_get(r, DATA), cases[i].want);
	}
}

static void test_amo_with_rd_equal_to_rs2_uses_the_old_source(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA, 10);
	hart_set_reg(r->h, 1, DATA);
	hart_set_reg(r->h, 2, 3);
	assert_int_equal(rig_exec(r, r->h, AMOADD_W(2, 2, 1)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 2), 10);
	assert_int_equal(rig_get(r, DATA), 13);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_sc_succeeds_after_lr_to_the_same_address),
		RIG_TEST(test_sc_fails_without_lr),
		RIG_TEST(test_sc_fails_after_lr_to_another_address),
		RIG_TEST(test_sc_fails_after_another_harts_store_to_the_word),
		RIG_TEST(test_sc_fails_after_another_harts_fast_path_store),
		RIG_TEST(test_sc_fails_after_another_harts_amo),
		RIG_TEST(test_sc_fails_after_another_harts_successful_sc),
		RIG_TEST(test_another_harts_load_keeps_the_reservation),
		RIG_TEST(test_sc_clears_the_reservation),
		RIG_TEST(test_failed_sc_also_clears_the_reservation),
		RIG_TEST(test_misaligned_lr_is_a_load_misaligned_fault),
		RIG_TEST(test_misaligned_sc_is_a_store_misaligned_fault),
		RIG_TEST(test_misaligned_amo_is_a_store_misaligned_fault),
		RIG_TEST(test_amo_to_unmapped_address_is_a_store_access_fault),
		RIG_TEST(test_amos_return_the_old_value_and_store_the_result),
		RIG_TEST(test_amo_with_rd_equal_to_rs2_uses_the_old_source),
	};

	return UNIT_RUN("atomic", tests);
}
