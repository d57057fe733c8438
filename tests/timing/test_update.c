// SPDX-License-Identifier: MIT
/*
 * The selective-update protocol (mem/l2.h, the README's transition table):
 * one test per row, requester side then snooper side, then the accesses
 * that keep asking for ownership on update lines (LR, AMOs), and the
 * BusUpd's length on the bus. Stores to update lines are L1_UPDATE
 * accesses, as the core's write buffer makes them with
 * coh.selective_update on. Two or three cores of the "default" preset.
 */
#include "tsys.h"

#define A	DATA		/* the line under test */

/*
 * A store as the write buffer makes it: repeated after every wake-up until
 * it performs (a read of a missing line first, then the update).
 */
static void store(struct tsys *s, int core, uint32_t a, int need)
{
	for (int tries = 0; tries < 4; tries++) {
		enum l1_result r = tsys_d(s, core, a, need);

		if (r == L1_HIT)
			return;
		tsys_settle(s);
	}
	fail_msg("the store to 0x%08x never performed", a);
}

/* Every core in 0..n-1 reads A: all hold it shared. */
static void share(struct tsys *s, int n)
{
	for (int i = 0; i < n; i++)
		tsys_read(s, i, A);
	for (int i = 0; i < n; i++)
		assert_int_equal(tsys_l2(s, i, A), LINE_S);
}

/* ---- requester side ----------------------------------------------------------- */

static void test_update_store_to_shared_broadcasts_and_every_copy_stays(void **state)
{
	struct tsys *s = tsys_default(3);

	share(s, 3);
	store(s, 0, A, L1_UPDATE);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(tsys_l2(s, i, A), LINE_S);
		assert_int_equal(tsys_l1d(s, i, A), LINE_S);
	}
	assert_int_equal(BUS(s, 0, busupd), 1);
	assert_int_equal(BUS(s, 0, busupgr), 0);
	assert_int_equal(BUS(s, 0, busrdx), 0);
	assert_int_equal(L2S(s, 0, updates), 1);
	assert_int_equal(L1D(s, 0, updates), 1);
	assert_int_equal(L1D(s, 0, upgrades), 0);
	/* One store, one broadcast: the granted update performs once. */
	assert_int_equal(tsys_d(s, 0, A, L1_UPDATE), L1_MISS);
	tsys_settle(s);
	assert_int_equal(BUS(s, 0, busupd), 2);
	tsys_free(s);
}

static void test_update_store_to_shared_without_other_copy_ends_owned_and_dirty(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	/* Core 1 drops its copy silently (S evictions make no bus traffic). */
	tsys_read(s, 1, A + l2_stride(&s->cfg));
	tsys_read(s, 1, A + 2 * l2_stride(&s->cfg));
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busupd), 1);
	/* Nobody kept it: the line is this cache's alone, clean at the L2, dirty at the L1D. */
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	/* Later stores are silent. */
	store(s, 0, A + 4, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busupd), 1);
	tsys_free(s);
}

static void test_update_store_to_exclusive_is_silent_and_dirty(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, busupd) + BUS(s, 0, busupgr), 0);
	tsys_free(s);
}

static void test_update_store_to_modified_stays_modified(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 0, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	store(s, 0, A + 8, L1_UPDATE);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, busupd), 0);
	tsys_free(s);
}

static void test_update_store_miss_reads_shared_then_broadcasts(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 1, A);
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busrd), 1);		/* not BusRdX: core 1 keeps its copy */
	assert_int_equal(BUS(s, 0, busrdx), 0);
	assert_int_equal(BUS(s, 0, busupd), 1);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 1, A), LINE_S);
	assert_int_equal(L2S(s, 1, snoop_updates), 1);
	assert_int_equal(L2S(s, 1, snoop_invalidations), 0);
	tsys_free(s);
}

static void test_update_store_miss_without_other_copy_reads_exclusive_and_writes(void **state)
{
	struct tsys *s = tsys_default(2);

	store(s, 0, A, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busrd), 1);
	assert_int_equal(BUS(s, 0, busupd), 0);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	tsys_free(s);
}

static void test_update_whose_copy_is_lost_while_queued_reads_again_then_updates(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	/* Core 1's BusUpgr reaches the bus first and takes core 0's copy away. */
	assert_int_equal(tsys_d(s, 1, A, L1_WRITE), L1_MISS);
	tsys_run(s, s->now + 1);
	assert_int_equal(tsys_d(s, 0, A, L1_UPDATE), L1_MISS);
	tsys_settle(s);
	/* Core 1 owned it, then supplied core 0's read: both share it. */
	assert_int_equal(BUS(s, 1, busupgr), 1);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	/* No update happened: the BusUpd went out as a BusRd. */
	assert_int_equal(BUS(s, 0, busupd), 0);
	assert_int_equal(BUS(s, 0, busrd), 2);
	/* The store, repeated, now updates the line it shares with core 1. */
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busupd), 1);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	tsys_free(s);
}

/* ---- snooper side ----------------------------------------------------------------- */

static void test_update_snooped_on_shared_keeps_l1d_and_l1i_copies(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	tsys_fetch(s, 1, A);
	assert_int_equal(tsys_l1i(s, 1, A), LINE_S);
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 1, A), LINE_S);
	assert_int_equal(tsys_l1i(s, 1, A), LINE_S);
	assert_int_equal(L1D(s, 1, invalidations) + L1I(s, 1, invalidations), 0);
	/* Core 1 reads on: a hit, no coherence miss. */
	assert_int_equal(tsys_d(s, 1, A, L1_READ), L1_HIT);
	assert_int_equal(L1D(s, 1, coherence), 0);
	tsys_free(s);
}

static void test_update_each_store_of_a_ping_pong_keeps_both_copies(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	for (int round = 0; round < 5; round++) {
		store(s, round & 1, A, L1_UPDATE);
		assert_int_equal(tsys_d(s, !(round & 1), A, L1_READ), L1_HIT);
	}
	assert_int_equal(BUS(s, 0, busupd) + BUS(s, 1, busupd), 5);
	assert_int_equal(L1D(s, 0, coherence) + L1D(s, 1, coherence), 0);
	tsys_free(s);
}

/* ---- atomics keep invalidating ---------------------------------------------------- */

static void test_update_line_lr_takes_ownership_and_invalidates(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	store(s, 0, A, L1_OWN);		/* an LR, on an update page or not */
	assert_int_equal(BUS(s, 0, busupgr), 1);
	assert_int_equal(BUS(s, 0, busupd), 0);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	tsys_free(s);
}

static void test_update_line_amo_takes_ownership_and_invalidates(void **state)
{
	struct tsys *s = tsys_default(2);

	share(s, 2);
	store(s, 0, A, L1_WRITE);	/* an AMO or SC: the write buffer's L1_WRITE */
	assert_int_equal(BUS(s, 0, busupgr), 1);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	tsys_free(s);
}

/* ---- timing --------------------------------------------------------------------- */

static void test_update_holds_the_bus_for_arbitration_snoop_and_one_beat(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t before;

	share(s, 2);
	before = BUS(s, 0, busy_cycles);
	store(s, 0, A, L1_UPDATE);
	assert_int_equal(BUS(s, 0, busy_cycles) - before,
			 (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles + 1) * c->bus.clock_div);
	tsys_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_update_store_to_shared_broadcasts_and_every_copy_stays),
		cmocka_unit_test(test_update_store_to_shared_without_other_copy_ends_owned_and_dirty),
		cmocka_unit_test(test_update_store_to_exclusive_is_silent_and_dirty),
		cmocka_unit_test(test_update_store_to_modified_stays_modified),
		cmocka_unit_test(test_update_store_miss_reads_shared_then_broadcasts),
		cmocka_unit_test(test_update_store_miss_without_other_copy_reads_exclusive_and_writes),
		cmocka_unit_test(test_update_whose_copy_is_lost_while_queued_reads_again_then_updates),
		cmocka_unit_test(test_update_snooped_on_shared_keeps_l1d_and_l1i_copies),
		cmocka_unit_test(test_update_each_store_of_a_ping_pong_keeps_both_copies),
		cmocka_unit_test(test_update_line_lr_takes_ownership_and_invalidates),
		cmocka_unit_test(test_update_line_amo_takes_ownership_and_invalidates),
		cmocka_unit_test(test_update_holds_the_bus_for_arbitration_snoop_and_one_beat),
	};

	return UNIT_RUN("update", tests);
}
