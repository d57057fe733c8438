// SPDX-License-Identifier: MIT
/*
 * Software prefetches (Zicbop) at the L1D: each outcome as swpf.* counts it
 * (useful, late, useless), a prefetch with no free slot, one of a line
 * already there, and prefetch.w's ownership. The core's side (the
 * instruction, its translation, dropping on a TLB miss without a fault) is
 * in tests/unit/test_mmu.c and the firmware test tests/coherence/swpf.c.
 */
#include "tsys.h"

#define A	DATA

#define SWPF(s, i, f)	mctr_total(&(s)->l1d[i].pfs[PF_SOFTWARE].f)

/* A test system whose L1Ds have software-prefetch slots, as timing_init gives them. */
static struct tsys *with_slots(int n)
{
	struct tsys *s = tsys_default(n);

	for (int i = 0; i < n; i++)
		assert_int_equal(l1_prefetch_setup(&s->l1d[i], s->cfg.l1d.mshrs, 0, 1), 0);
	return s;
}

static int prefetch(struct tsys *s, int core, uint32_t a, int need)
{
	return l1_prefetch_need(&s->l1d[core], carray_line(&s->l1d[core].ctl.arr, a), PF_SOFTWARE,
				need, s->now);
}

static void test_swpf_prefetched_line_then_used_is_useful_and_no_miss(void **state)
{
	struct tsys *s = with_slots(1);

	assert_int_equal(prefetch(s, 0, A, L1_READ), 1);
	tsys_settle(s);
	assert_int_equal(tsys_d(s, 0, A + 4, L1_READ), L1_HIT);
	assert_int_equal(SWPF(s, 0, issued), 1);
	assert_int_equal(SWPF(s, 0, useful), 1);
	assert_int_equal(SWPF(s, 0, late), 0);
	assert_int_equal(L1D(s, 0, misses), 0);
	tsys_free(s);
}

static void test_swpf_demand_before_the_fill_is_late_and_waits_for_it(void **state)
{
	struct tsys *s = with_slots(1);

	assert_int_equal(prefetch(s, 0, A, L1_READ), 1);
	tsys_run(s, s->now + 2);
	assert_int_equal(tsys_d(s, 0, A, L1_READ), L1_MISS);
	assert_int_equal(SWPF(s, 0, late), 1);
	tsys_settle(s);
	assert_true(s->pd[0].wakes >= 1);
	assert_int_equal(tsys_d(s, 0, A, L1_READ), L1_HIT);
	assert_int_equal(BUS(s, 0, busrd), 1);		/* one bus read serves both */
	tsys_free(s);
}

static void test_swpf_prefetched_line_evicted_unused_is_useless(void **state)
{
	struct tsys *s = with_slots(1);

	prefetch(s, 0, A, L1_READ);
	tsys_settle(s);
	for (uint32_t w = 1; w <= s->cfg.l1d.ways; w++)
		tsys_read(s, 0, A + w * l1d_stride(&s->cfg));
	assert_int_equal(SWPF(s, 0, useless), 1);
	assert_int_equal(SWPF(s, 0, useful), 0);
	tsys_free(s);
}

static void test_swpf_without_a_free_slot_is_refused(void **state)
{
	struct tsys *s = with_slots(1);
	uint32_t slots = s->cfg.l1d.mshrs;

	for (uint32_t i = 0; i < slots; i++)
		assert_int_equal(prefetch(s, 0, A + i * 64, L1_READ), 1);
	assert_int_equal(prefetch(s, 0, A + slots * 64, L1_READ), -1);
	assert_int_equal(SWPF(s, 0, issued), slots);
	tsys_settle(s);
	/* Slots free as the lines arrive. */
	assert_int_equal(prefetch(s, 0, A + slots * 64, L1_READ), 1);
	tsys_free(s);
}

static void test_swpf_of_a_line_already_there_does_nothing(void **state)
{
	struct tsys *s = with_slots(1);

	tsys_read(s, 0, A);
	assert_int_equal(prefetch(s, 0, A, L1_READ), 0);
	assert_int_equal(SWPF(s, 0, issued), 0);
	tsys_free(s);
}

static void test_swpf_w_takes_the_line_owned_and_the_store_needs_no_bus(void **state)
{
	struct tsys *s = with_slots(2);
	uint64_t bus_before;

	tsys_read(s, 1, A);
	assert_int_equal(prefetch(s, 0, A, L1_OWN), 1);
	tsys_settle(s);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);	/* the other copy was invalidated */
	bus_before = BUS(s, 0, busrd) + BUS(s, 0, busrdx) + BUS(s, 0, busupgr);
	assert_int_equal(tsys_d(s, 0, A, L1_WRITE), L1_HIT);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, busrd) + BUS(s, 0, busrdx) + BUS(s, 0, busupgr), bus_before);
	assert_int_equal(SWPF(s, 0, useful), 1);
	tsys_free(s);
}

static void test_swpf_r_shares_a_line_another_cache_holds(void **state)
{
	struct tsys *s = with_slots(2);

	tsys_read(s, 1, A);
	prefetch(s, 0, A, L1_READ);
	tsys_settle(s);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	tsys_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swpf_prefetched_line_then_used_is_useful_and_no_miss),
		cmocka_unit_test(test_swpf_demand_before_the_fill_is_late_and_waits_for_it),
		cmocka_unit_test(test_swpf_prefetched_line_evicted_unused_is_useless),
		cmocka_unit_test(test_swpf_without_a_free_slot_is_refused),
		cmocka_unit_test(test_swpf_of_a_line_already_there_does_nothing),
		cmocka_unit_test(test_swpf_w_takes_the_line_owned_and_the_store_needs_no_bus),
		cmocka_unit_test(test_swpf_r_shares_a_line_another_cache_holds),
	};

	return UNIT_RUN("swpf", tests);
}
