// SPDX-License-Identifier: MIT
/*
 * The L1 between a mock core (l1_access calls, a wake-up recorder) and the
 * real L2, bus and memory of the "default" configuration: hits and misses,
 * MSHR merging and exhaustion, silent E to M, upgrades of shared lines, and
 * dirty victims.
 */
#include "tsys.h"

#define A	DATA		/* a line no test touched before */

static void test_l1_first_access_misses_and_fills_from_memory(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;

	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	assert_int_equal(L1D(s, 0, accesses), 1);
	assert_int_equal(L1D(s, 0, misses), 1);
	assert_int_equal(L1D(s, 0, compulsory), 1);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);	/* nothing before the fill */
	tsys_settle(s);
	assert_int_equal(s->pd[0].wakes, 1);
	assert_int_equal(s->pd[0].last_wake,
			 bus_mem_end(c, up(l2_ready(c, 0), c->bus.clock_div)));
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	/* the replay of the access that missed is not a new access */
	assert_int_equal(tsys_d(s, 0, A, 0), L1_HIT);
	assert_int_equal(L1D(s, 0, accesses), 1);
	assert_int_equal(L1D(s, 0, hits), 0);
	/* the next one is */
	assert_int_equal(tsys_d(s, 0, A + 4, 0), L1_HIT);
	assert_int_equal(L1D(s, 0, accesses), 2);
	assert_int_equal(L1D(s, 0, hits), 1);
	assert_int_equal(L1D(s, 0, misses), 1);
	tsys_free(s);
}

static void test_l1_miss_that_hits_the_l2_fills_after_both_latencies(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;
	uint64_t t;

	tsys_read(s, 0, A);
	tsys_read(s, 0, A + l1d_stride(c));	/* evicts A from the L1D only */
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	t = s->now;
	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	tsys_settle(s);
	assert_int_equal(s->pd[0].last_wake, t + c->l1d.latency + c->l2.latency);
	assert_int_equal(L2S(s, 0, hits), 1);
	assert_int_equal(BUS(s, 0, busrd), 2);	/* the two cold misses only */
	assert_int_equal(L1D(s, 0, capacity) + L1D(s, 0, conflict), 1);
	tsys_free(s);
}

static void test_l1i_miss_that_hits_the_l2_fills_after_both_latencies(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;
	uint64_t t;

	tsys_read(s, 0, A);
	t = s->now;
	assert_int_equal(tsys_i(s, 0, A), L1_MISS);
	tsys_settle(s);
	assert_int_equal(s->pi[0].last_wake, t + c->l1i.latency + c->l2.latency);
	tsys_free(s);
}

static void test_l1i_fill_is_always_shared(void **state)
{
	struct tsys *s = tsys_default(1);

	tsys_fetch(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);	/* no other copy */
	assert_int_equal(tsys_l1i(s, 0, A), LINE_S);
	tsys_free(s);
}

static void test_l1_second_access_to_a_pending_line_merges(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	tsys_run(s, s->now + 3);
	assert_int_equal(tsys_d(s, 0, A + 8, 0), L1_MISS);	/* same 32-byte line */
	assert_int_equal(L1D(s, 0, mshr_merges), 1);
	assert_int_equal(L1D(s, 0, misses), 1);
	tsys_settle(s);
	assert_int_equal(L2S(s, 0, accesses), 1);		/* one request reached the L2 */
	assert_int_equal(BUS(s, 0, busrd), 1);
	assert_int_equal(s->pd[0].wakes, 1);
	assert_int_equal(tsys_d(s, 0, A + 8, 0), L1_HIT);
	tsys_free(s);
}

/* The fetch unit gave up the line while it was on its way: no replay waits for it. */
static void test_l1_abandoned_miss_is_not_replayed(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_i(s, 0, A), L1_MISS);
	l1_abandon(&s->l1i[0], A >> s->l1i[0].ctl.arr.line_shift);
	tsys_settle(s);
	assert_int_equal(tsys_l1i(s, 0, A), LINE_S);
	/* a later fetch of the line is a new access, and a hit */
	assert_int_equal(tsys_i(s, 0, A), L1_HIT);
	assert_int_equal(L1I(s, 0, accesses), 2);
	assert_int_equal(L1I(s, 0, hits), 1);
	tsys_free(s);
}

/* Given up after the line came: the waiting replay is dropped. */
static void test_l1_abandoned_fill_drops_its_replay(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_i(s, 0, A), L1_MISS);
	tsys_settle(s);
	l1_abandon(&s->l1i[0], A >> s->l1i[0].ctl.arr.line_shift);
	assert_int_equal(tsys_i(s, 0, A), L1_HIT);
	assert_int_equal(L1I(s, 0, accesses), 2);
	assert_int_equal(L1I(s, 0, hits), 1);
	tsys_free(s);
}

/* Asked for again while still on its way: the fill is that access's replay after all. */
static void test_l1_abandoned_then_requested_again_is_replayed(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_i(s, 0, A), L1_MISS);
	l1_abandon(&s->l1i[0], A >> s->l1i[0].ctl.arr.line_shift);
	tsys_run(s, s->now + 2);
	assert_int_equal(tsys_i(s, 0, A), L1_MISS);	/* merges with the miss in flight */
	tsys_settle(s);
	assert_int_equal(tsys_i(s, 0, A), L1_HIT);	/* the replay */
	assert_int_equal(L1I(s, 0, accesses), 1);
	assert_int_equal(L1I(s, 0, hits), 0);
	assert_int_equal(tsys_i(s, 0, A + 4), L1_HIT);	/* a new access */
	assert_int_equal(L1I(s, 0, accesses), 2);
	tsys_free(s);
}

static void test_l1_read_behind_a_pending_write_merges(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_d(s, 0, A, 1), L1_MISS);
	assert_int_equal(tsys_d(s, 0, A + 4, 0), L1_MISS);
	assert_int_equal(L1D(s, 0, mshr_merges), 1);
	tsys_settle(s);
	assert_int_equal(BUS(s, 0, busrdx), 1);
	assert_int_equal(BUS(s, 0, busrd), 0);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	tsys_free(s);
}

static void test_l1_write_behind_a_pending_read_is_blocked(void **state)
{
	struct tsys *s = tsys_default(1);

	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	assert_int_equal(tsys_d(s, 0, A + 4, 1), L1_BLOCKED);
	assert_int_equal(L1D(s, 0, mshr_merges), 1);
	assert_int_equal(L1D(s, 0, mshr_full), 0);
	tsys_settle(s);
	/* after the fill (E) the write hits */
	assert_int_equal(tsys_d(s, 0, A + 4, 1), L1_HIT);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	tsys_free(s);
}

static void test_l1_full_mshrs_block_a_new_miss(void **state)
{
	struct tsys *s = tsys_default(1);
	uint32_t n = s->cfg.l1d.mshrs, line = s->cfg.l2.line;

	for (uint32_t i = 0; i < n; i++)
		assert_int_equal(tsys_d(s, 0, A + i * line, 0), L1_MISS);
	assert_int_equal(tsys_d(s, 0, A + n * line, 0), L1_BLOCKED);
	assert_int_equal(L1D(s, 0, mshr_full), 1);
	assert_int_equal(L1D(s, 0, misses), n);
	tsys_settle(s);
	assert_int_equal(L2S(s, 0, accesses), n);	/* the refused one never left */
	assert_int_equal(s->pd[0].wakes, n);
	assert_int_equal(tsys_d(s, 0, A + n * line, 0), L1_MISS);	/* retry after a wake-up */
	tsys_free(s);
}

static void test_l1_write_hit_on_e_becomes_m_silently(void **state)
{
	struct tsys *s = tsys_default(1);
	uint64_t l2acc;

	tsys_read(s, 0, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	l2acc = L2S(s, 0, accesses);
	assert_int_equal(tsys_d(s, 0, A, 1), L1_HIT);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(s->ev.n, 0);			/* nothing sent anywhere */
	assert_int_equal(s->bus.queued, 0);
	assert_int_equal(L2S(s, 0, accesses), l2acc);
	assert_int_equal(L1D(s, 0, upgrades), 0);
	tsys_free(s);
}

static void test_l1_write_to_shared_line_starts_an_upgrade(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t t;

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	t = s->now;
	assert_int_equal(tsys_d(s, 0, A, 1), L1_MISS);
	assert_int_equal(L1D(s, 0, upgrades), 1);
	assert_int_equal(L1D(s, 0, misses), 1);		/* only the first read missed */
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);	/* not writable until owned */
	tsys_settle(s);
	assert_int_equal(s->pd[0].last_wake, bus_upgr_end(c, up(l2_ready(c, t), c->bus.clock_div)));
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, busupgr), 1);
	assert_int_equal(tsys_d(s, 0, A, 1), L1_HIT);
	tsys_free(s);
}

static void test_l1_dirty_victim_marks_the_l2_line_modified(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;

	tsys_read(s, 0, A);
	assert_int_equal(tsys_d(s, 0, A, 1), L1_HIT);	/* E -> M in the L1 only */
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	tsys_read(s, 0, A + l1d_stride(c));		/* the L1D evicts A */
	assert_int_equal(L1D(s, 0, writebacks), 1);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, writeback), 0);	/* the L2 keeps it */
	tsys_free(s);
}

static void test_l1_dirty_data_is_written_back_when_the_l2_evicts_it(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;

	tsys_read(s, 0, A);
	tsys_d(s, 0, A, 1);
	tsys_read(s, 0, A + l1d_stride(c));
	/* two more lines of A's L2 set (2 ways, LRU) push A out */
	tsys_read(s, 0, A + l2_stride(c));
	tsys_read(s, 0, A + 2 * l2_stride(c));
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(BUS(s, 0, writeback), 1);
	assert_int_equal(L2S(s, 0, writebacks), 1);
	assert_int_equal(s->mem.stats.writes, 1);
	tsys_free(s);
}

static void test_l1_flush_drops_every_line(void **state)
{
	struct tsys *s = tsys_default(1);

	tsys_fetch(s, 0, A);
	tsys_fetch(s, 0, A + 32);
	l1_flush(&s->l1i[0]);
	assert_int_equal(tsys_l1i(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1i(s, 0, A + 32), LINE_I);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);	/* the L2 keeps its copy */
	tsys_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_l1_first_access_misses_and_fills_from_memory),
		cmocka_unit_test(test_l1_miss_that_hits_the_l2_fills_after_both_latencies),
		cmocka_unit_test(test_l1i_miss_that_hits_the_l2_fills_after_both_latencies),
		cmocka_unit_test(test_l1i_fill_is_always_shared),
		cmocka_unit_test(test_l1_second_access_to_a_pending_line_merges),
		cmocka_unit_test(test_l1_abandoned_miss_is_not_replayed),
		cmocka_unit_test(test_l1_abandoned_fill_drops_its_replay),
		cmocka_unit_test(test_l1_abandoned_then_requested_again_is_replayed),
		cmocka_unit_test(test_l1_read_behind_a_pending_write_merges),
		cmocka_unit_test(test_l1_write_behind_a_pending_read_is_blocked),
		cmocka_unit_test(test_l1_full_mshrs_block_a_new_miss),
		cmocka_unit_test(test_l1_write_hit_on_e_becomes_m_silently),
		cmocka_unit_test(test_l1_write_to_shared_line_starts_an_upgrade),
		cmocka_unit_test(test_l1_dirty_victim_marks_the_l2_line_modified),
		cmocka_unit_test(test_l1_dirty_data_is_written_back_when_the_l2_evicts_it),
		cmocka_unit_test(test_l1_flush_drops_every_line),
	};

	return UNIT_RUN("l1", tests);
}
