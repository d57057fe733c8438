// SPDX-License-Identifier: MIT
/*
 * The branch predictor alone: the two static rules, bimodal 2-bit counters
 * trained step by step, and the BTB that removes the taken-transfer bubble.
 */
#include "tsys.h"

#define PC	0x80000100u

static struct bpred bp_new(enum bpred_kind kind)
{
	struct config cfg;
	struct bpred bp;

	config_defaults(&cfg);
	cfg.core.bpred = kind;
	assert_int_equal(bpred_init(&bp, &cfg.core), 0);
	return bp;
}

/* A conditional direct branch at @pc with offset @imm, @taken or not. */
static enum bp_outcome br(struct bpred *bp, uint32_t pc, int32_t imm, int taken)
{
	return bpred_resolve(bp, pc, 1, 1, imm, taken, taken ? pc + (uint32_t)imm : pc + 4);
}

static enum bp_outcome jal(struct bpred *bp, uint32_t pc, int32_t imm)
{
	return bpred_resolve(bp, pc, 0, 1, imm, 1, pc + (uint32_t)imm);
}

static enum bp_outcome jalr(struct bpred *bp, uint32_t pc, uint32_t target)
{
	return bpred_resolve(bp, pc, 0, 0, 0, 1, target);
}

/* ---- static not-taken ---------------------------------------------------------- */

static void test_bpred_static_nt_not_taken_is_correct(void **state)
{
	struct bpred bp = bp_new(BPRED_STATIC_NT);

	assert_int_equal(br(&bp, PC, 16, 0), BP_CORRECT);
	assert_int_equal(br(&bp, PC, -16, 0), BP_CORRECT);
	bpred_free(&bp);
}

static void test_bpred_static_nt_taken_is_wrong_every_time(void **state)
{
	struct bpred bp = bp_new(BPRED_STATIC_NT);

	for (int i = 0; i < 4; i++) {
		assert_int_equal(br(&bp, PC, -16, 1), BP_WRONG);
		assert_int_equal(br(&bp, PC, 16, 1), BP_WRONG);
	}
	bpred_free(&bp);
}

static void test_bpred_static_jal_is_taken_with_a_bubble(void **state)
{
	struct bpred bp = bp_new(BPRED_STATIC_NT);

	assert_int_equal(jal(&bp, PC, 64), BP_CORRECT_BUBBLE);
	assert_int_equal(jal(&bp, PC, 64), BP_CORRECT_BUBBLE);	/* no BTB */
	bpred_free(&bp);
}

static void test_bpred_static_jalr_is_wrong(void **state)
{
	struct bpred bp = bp_new(BPRED_BTFN);

	assert_int_equal(jalr(&bp, PC, 0x80002000u), BP_WRONG);
	assert_int_equal(jalr(&bp, PC, 0x80002000u), BP_WRONG);
	bpred_free(&bp);
}

/* ---- backward taken, forward not taken ----------------------------------------- */

static void test_bpred_btfn_backward_taken_is_correct_with_bubble(void **state)
{
	struct bpred bp = bp_new(BPRED_BTFN);

	assert_int_equal(br(&bp, PC, -16, 1), BP_CORRECT_BUBBLE);
	bpred_free(&bp);
}

static void test_bpred_btfn_backward_not_taken_is_wrong(void **state)
{
	struct bpred bp = bp_new(BPRED_BTFN);

	assert_int_equal(br(&bp, PC, -16, 0), BP_WRONG);
	bpred_free(&bp);
}

static void test_bpred_btfn_forward_not_taken_is_correct(void **state)
{
	struct bpred bp = bp_new(BPRED_BTFN);

	assert_int_equal(br(&bp, PC, 16, 0), BP_CORRECT);
	bpred_free(&bp);
}

static void test_bpred_btfn_forward_taken_is_wrong(void **state)
{
	struct bpred bp = bp_new(BPRED_BTFN);

	assert_int_equal(br(&bp, PC, 16, 1), BP_WRONG);
	bpred_free(&bp);
}

/* ---- bimodal -------------------------------------------------------------------- */

static void test_bpred_bimodal_starts_weakly_not_taken(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	assert_int_equal(bp.bht[(PC >> 2) & bp.bht_mask], 1);
	assert_int_equal(br(&bp, PC, -16, 0), BP_CORRECT);	/* even a backward branch */
	bpred_free(&bp);
}

static void test_bpred_bimodal_one_taken_trains_weakly_taken(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	assert_int_equal(br(&bp, PC, -16, 1), BP_WRONG);	/* 1 -> 2 */
	assert_int_equal(bp.bht[(PC >> 2) & bp.bht_mask], 2);
	assert_int_equal(br(&bp, PC, -16, 1), BP_CORRECT);	/* predicted taken, BTB target */
	bpred_free(&bp);
}

static void test_bpred_bimodal_counter_saturates_at_three(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	for (int i = 0; i < 5; i++)
		br(&bp, PC, -16, 1);
	assert_int_equal(bp.bht[(PC >> 2) & bp.bht_mask], 3);
	/* strongly taken: one not-taken is a miss but leaves it predicting taken */
	assert_int_equal(br(&bp, PC, -16, 0), BP_WRONG);
	assert_int_equal(bp.bht[(PC >> 2) & bp.bht_mask], 2);
	assert_int_equal(br(&bp, PC, -16, 1), BP_CORRECT);
	bpred_free(&bp);
}

static void test_bpred_bimodal_counter_saturates_at_zero(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	for (int i = 0; i < 5; i++)
		assert_int_equal(br(&bp, PC, 16, 0), BP_CORRECT);
	assert_int_equal(bp.bht[(PC >> 2) & bp.bht_mask], 0);
	/* strongly not taken: it takes two taken outcomes to predict taken */
	assert_int_equal(br(&bp, PC, 16, 1), BP_WRONG);
	assert_int_equal(br(&bp, PC, 16, 1), BP_WRONG);
	assert_int_equal(br(&bp, PC, 16, 1), BP_CORRECT);
	bpred_free(&bp);
}

static void test_bpred_bimodal_alternating_branch_from_weakly_taken_always_misses(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	br(&bp, PC, -16, 1);	/* counter 2 */
	for (int i = 0; i < 6; i++)	/* N, T, N, T: 2 -> 1 -> 2 -> 1 ... */
		assert_int_equal(br(&bp, PC, -16, i % 2), BP_WRONG);
	bpred_free(&bp);
}

static void test_bpred_bimodal_counters_alias_modulo_bht_entries(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);
	uint32_t alias = PC + 4 * (bp.bht_mask + 1);

	br(&bp, PC, -16, 1);
	br(&bp, PC, -16, 1);
	/* another branch sharing the counter inherits "taken" */
	assert_int_equal(br(&bp, alias, 16, 0), BP_WRONG);
	/* a neighbour does not */
	assert_int_equal(br(&bp, PC + 4, 16, 0), BP_CORRECT);
	bpred_free(&bp);
}

static void test_bpred_btb_hit_removes_the_taken_bubble(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	assert_int_equal(jal(&bp, PC, 256), BP_CORRECT_BUBBLE);	/* target from decode */
	assert_int_equal(jal(&bp, PC, 256), BP_CORRECT);		/* target from the BTB */
	bpred_free(&bp);
}

static void test_bpred_btb_entry_is_replaced_by_an_alias(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);
	uint32_t alias = PC + 4 * (bp.btb_mask + 1);

	jal(&bp, PC, 256);
	jal(&bp, alias, 512);
	assert_int_equal(jal(&bp, PC, 256), BP_CORRECT_BUBBLE);
	bpred_free(&bp);
}

static void test_bpred_bimodal_indirect_jump_needs_the_btb_target(void **state)
{
	struct bpred bp = bp_new(BPRED_BIMODAL);

	assert_int_equal(jalr(&bp, PC, 0x80002000u), BP_WRONG);		/* no entry */
	assert_int_equal(jalr(&bp, PC, 0x80002000u), BP_CORRECT);	/* same target */
	assert_int_equal(jalr(&bp, PC, 0x80003000u), BP_WRONG);		/* another target */
	assert_int_equal(jalr(&bp, PC, 0x80003000u), BP_CORRECT);
	bpred_free(&bp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bpred_static_nt_not_taken_is_correct),
		cmocka_unit_test(test_bpred_static_nt_taken_is_wrong_every_time),
		cmocka_unit_test(test_bpred_static_jal_is_taken_with_a_bubble),
		cmocka_unit_test(test_bpred_static_jalr_is_wrong),
		cmocka_unit_test(test_bpred_btfn_backward_taken_is_correct_with_bubble),
		cmocka_unit_test(test_bpred_btfn_backward_not_taken_is_wrong),
		cmocka_unit_test(test_bpred_btfn_forward_not_taken_is_correct),
		cmocka_unit_test(test_bpred_btfn_forward_taken_is_wrong),
		cmocka_unit_test(test_bpred_bimodal_starts_weakly_not_taken),
		cmocka_unit_test(test_bpred_bimodal_one_taken_trains_weakly_taken),
		cmocka_unit_test(test_bpred_bimodal_counter_saturates_at_three),
		cmocka_unit_test(test_bpred_bimodal_counter_saturates_at_zero),
		cmocka_unit_test(test_bpred_bimodal_alternating_branch_from_weakly_taken_always_misses),
		cmocka_unit_test(test_bpred_bimodal_counters_alias_modulo_bht_entries),
		cmocka_unit_test(test_bpred_btb_hit_removes_the_taken_bubble),
		cmocka_unit_test(test_bpred_btb_entry_is_replaced_by_an_alias),
		cmocka_unit_test(test_bpred_bimodal_indirect_jump_needs_the_btb_target),
	};

	return UNIT_RUN("bpred", tests);
}
