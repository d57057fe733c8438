// SPDX-License-Identifier: MIT
/*
 * The tag array and its replacement policies: lookup, fill, victim choice,
 * invalidation and geometry checks. Policy behaviour is tested row by row on
 * a single 4-way set (128 bytes, 32-byte lines), so every line maps to set 0.
 */
#include "cache_test.h"

#include <string.h>

#define LINE	32u		/* bytes */
#define WAYS4	(4 * LINE)	/* bytes: one 4-way set */

static void init_ok(struct cache_array *ca, uint32_t size, uint32_t ways, const char *policy,
		    uint64_t seed)
{
	assert_int_equal(carray_init(ca, size, ways, LINE, policy, seed), 0);
}

static void test_hit_after_fill(void **state)
{
	struct cache_array ca;
	struct cache_line *l;
	uint32_t line;

	init_ok(&ca, 4096, 4, "lru", 0);
	line = carray_line(&ca, 0x80001234u);
	assert_int_equal(line, 0x80001234u / LINE);
	l = carray_victim(&ca, line);
	carray_fill(&ca, l, line, LINE_M);
	assert_ptr_equal(carray_find(&ca, line), l);
	assert_int_equal(l->tag, line);
	assert_int_equal(l->state, LINE_M);
	assert_int_equal(l->prefetched, 0);
	carray_free(&ca);
}

static void test_miss_on_absent_line(void **state)
{
	struct cache_array ca;

	init_ok(&ca, 4096, 4, "lru", 0);
	assert_null(carray_find(&ca, 0));
	assert_null(carray_find(&ca, 5));
	access_line(&ca, 5, NULL);
	/* same set as 5, different tag */
	assert_null(carray_find(&ca, 5 + ca.sets));
	assert_null(carray_find(&ca, 6));
	carray_free(&ca);
}

static void test_victim_prefers_invalid_ways(void **state)
{
	struct cache_array ca;
	struct cache_line *v;

	init_ok(&ca, WAYS4, 4, "lru", 0);
	access_line(&ca, 10, NULL);
	access_line(&ca, 11, NULL);
	access_line(&ca, 12, NULL);
	v = carray_victim(&ca, 13);
	assert_int_equal(v->state, LINE_I);
	assert_int_equal(v - ca.lines, 3);
	access_line(&ca, 13, NULL);
	/* 11 is the most recently used after this, yet once invalid it goes first */
	access_line(&ca, 11, NULL);
	carray_invalidate(&ca, 11);
	v = carray_victim(&ca, 14);
	assert_int_equal(v - ca.lines, 1);
	assert_int_equal(v->state, LINE_I);
	carray_free(&ca);
}

/* One access of a policy table: the line, whether it hits, what it evicts. */
struct row {
	uint32_t line;
	int hit;
	long evicted;	/* line number, or NO_EVICT */
};

static void run_rows(struct cache_array *ca, const struct row *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		long ev;
		int hit = access_line(ca, r[i].line, &ev);

		if (hit != r[i].hit || ev != r[i].evicted)
			fail_msg("row %zu: line %u: hit %d evicted %ld, want hit %d evicted %ld", i,
				 r[i].line, hit, ev, r[i].hit, r[i].evicted);
	}
}

static void test_lru_evicts_least_recently_touched(void **state)
{
	static const struct row rows[] = {
		{ 0, 0, NO_EVICT },	/* fills take the invalid ways */
		{ 1, 0, NO_EVICT },
		{ 2, 0, NO_EVICT },
		{ 3, 0, NO_EVICT },	/* recency, oldest first: 0 1 2 3 */
		{ 0, 1, NO_EVICT },	/* 1 2 3 0 */
		{ 2, 1, NO_EVICT },	/* 1 3 0 2 */
		{ 4, 0, 1 },		/* 3 0 2 4 */
		{ 3, 1, NO_EVICT },	/* 0 2 4 3 */
		{ 5, 0, 0 },		/* 2 4 3 5 */
		{ 6, 0, 2 },		/* 4 3 5 6 */
		{ 4, 1, NO_EVICT },	/* 3 5 6 4 */
		{ 0, 0, 3 },		/* 5 6 4 0 */
		{ 1, 0, 5 },		/* 6 4 0 1 */
	};
	struct cache_array ca;

	init_ok(&ca, WAYS4, 4, "lru", 0);
	run_rows(&ca, rows, sizeof(rows) / sizeof(rows[0]));
	carray_free(&ca);
}

static void test_fifo_evicts_in_fill_order_regardless_of_touches(void **state)
{
	static const struct row rows[] = {
		{ 0, 0, NO_EVICT },
		{ 1, 0, NO_EVICT },
		{ 2, 0, NO_EVICT },
		{ 3, 0, NO_EVICT },	/* fill order: 0 1 2 3 */
		{ 0, 1, NO_EVICT },	/* hits change nothing */
		{ 0, 1, NO_EVICT },
		{ 4, 0, 0 },		/* 1 2 3 4 */
		{ 1, 1, NO_EVICT },
		{ 5, 0, 1 },		/* 2 3 4 5 */
		{ 2, 1, NO_EVICT },
		{ 3, 1, NO_EVICT },
		{ 6, 0, 2 },		/* 3 4 5 6 */
		{ 7, 0, 3 },		/* 4 5 6 7 */
		{ 4, 1, NO_EVICT },
		{ 8, 0, 4 },		/* 5 6 7 8 */
	};
	struct cache_array ca;

	init_ok(&ca, WAYS4, 4, "fifo", 0);
	run_rows(&ca, rows, sizeof(rows) / sizeof(rows[0]));
	carray_free(&ca);
}

/* A cache stalled on a miss may ask for its victim every cycle until the fill. */
static void test_victim_is_stable_until_fill(void **state)
{
	static const char *const policies[] = { "lru", "fifo", "random" };
	size_t p;
	uint32_t line;

	for (p = 0; p < 3; p++) {
		struct cache_array ca;

		init_ok(&ca, WAYS4, 4, policies[p], 7);
		for (line = 0; line < 40; line++) {
			struct cache_line *v;

			if (carray_find(&ca, line % 9)) {
				carray_touch(&ca, carray_find(&ca, line % 9));
				continue;
			}
			v = carray_victim(&ca, line % 9);
			assert_ptr_equal(carray_victim(&ca, line % 9), v);
			assert_ptr_equal(carray_victim(&ca, line % 9), v);
			carray_fill(&ca, v, line % 9, LINE_S);
		}
		carray_free(&ca);
	}
}

/* The evicted lines of 200 misses on lines 0..199 through one 4-way set. */
static void random_evictions(uint64_t seed, long *ev)
{
	struct cache_array ca;
	uint32_t i;

	init_ok(&ca, WAYS4, 4, "random", seed);
	for (i = 0; i < 200; i++)
		assert_false(access_line(&ca, i, &ev[i]));
	carray_free(&ca);
}

static void test_random_is_deterministic_per_seed(void **state)
{
	long a[200], b[200], c[200];

	random_evictions(42, a);
	random_evictions(42, b);
	random_evictions(43, c);
	assert_memory_equal(a, b, sizeof(a));
	assert_memory_not_equal(a, c, sizeof(a));
}

static void test_random_covers_all_ways(void **state)
{
	struct cache_array ca;
	int seen[4] = { 0 };
	uint32_t i;

	init_ok(&ca, WAYS4, 4, "random", 1);
	for (i = 0; i < 200; i++) {
		struct cache_line *v = carray_victim(&ca, i);

		seen[v - ca.lines]++;
		carray_fill(&ca, v, i, LINE_E);
	}
	/* 4 fills of invalid ways, then 196 random draws: each way well represented */
	for (i = 0; i < 4; i++)
		assert_true(seen[i] >= 20);
	carray_free(&ca);
}

static void test_invalidate_returns_previous_state(void **state)
{
	struct cache_array ca;
	struct cache_line *l;

	init_ok(&ca, 4096, 2, "lru", 0);
	l = carray_victim(&ca, 7);
	carray_fill(&ca, l, 7, LINE_M);
	l = carray_victim(&ca, 8);
	carray_fill(&ca, l, 8, LINE_S);
	assert_int_equal(carray_invalidate(&ca, 7), LINE_M);
	assert_int_equal(carray_invalidate(&ca, 8), LINE_S);
	assert_null(carray_find(&ca, 7));
	assert_null(carray_find(&ca, 8));
	/* a second invalidation finds nothing */
	assert_int_equal(carray_invalidate(&ca, 7), LINE_I);
	assert_int_equal(carray_invalidate(&ca, 12345), LINE_I);
	carray_free(&ca);
}

static void test_direct_mapped_lines_conflict(void **state)
{
	struct cache_array ca;
	long ev;
	uint32_t a = 3, b = 3 + 32;	/* 1 KiB / 32 B = 32 sets: same set */

	assert_int_equal(carray_init(&ca, 1024, 1, LINE, "lru", 0), 0);
	assert_int_equal(ca.sets, 32);
	assert_int_equal(carray_set(&ca, a), carray_set(&ca, b));
	assert_false(access_line(&ca, a, &ev));
	assert_int_equal(ev, NO_EVICT);
	assert_true(access_line(&ca, a, &ev));
	assert_false(access_line(&ca, b, &ev));
	assert_int_equal(ev, a);
	assert_null(carray_find(&ca, a));
	assert_false(access_line(&ca, a, &ev));
	assert_int_equal(ev, b);
	/* a neighbouring line has its own set */
	assert_false(access_line(&ca, a + 1, &ev));
	assert_int_equal(ev, NO_EVICT);
	assert_non_null(carray_find(&ca, a));
	carray_free(&ca);
}

static void test_impossible_geometry_is_rejected(void **state)
{
	static const struct {
		uint32_t size, ways, line;
	} bad[] = {
		{ 4096, 0, 32 },	/* no ways */
		{ 4096, 4, 0 },		/* no line */
		{ 4096, 4, 48 },	/* line not a power of two */
		{ 4096, 4, 2 },		/* line below 4 bytes */
		{ 64, 4, 32 },		/* less than one set */
		{ 0, 1, 32 },		/* nothing */
		{ 192, 1, 64 },		/* 3 sets */
		{ 4096 + 32, 1, 32 },	/* 129 sets */
		{ 4000, 4, 32 },	/* not whole sets */
		{ 1u << 31, 1u << 31, 1u << 31 },	/* set size overflows 32 bits */
	};
	struct cache_array ca;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (carray_init(&ca, bad[i].size, bad[i].ways, bad[i].line, "lru", 0) != -1)
			fail_msg("accepted size %u ways %u line %u", bad[i].size, bad[i].ways,
				 bad[i].line);
}

static void test_unknown_policy_is_rejected(void **state)
{
	struct cache_array ca;

	assert_int_equal(carray_init(&ca, 4096, 4, LINE, "plru", 0), -1);
	assert_int_equal(carray_init(&ca, 4096, 4, LINE, NULL, 0), -1);
}

static void test_ways_need_not_be_a_power_of_two(void **state)
{
	struct cache_array ca;
	uint32_t i;

	/* 3 ways x 2 sets */
	assert_int_equal(carray_init(&ca, 3 * 2 * LINE, 3, LINE, "lru", 0), 0);
	assert_int_equal(ca.sets, 2);
	assert_int_equal(ca.line_shift, 5);
	for (i = 0; i < 6; i++)
		assert_false(access_line(&ca, i, NULL));
	for (i = 0; i < 6; i++)
		assert_true(access_line(&ca, i, NULL));
	carray_free(&ca);
}

static void test_fully_associative_64_ways_keep_64_lines(void **state)
{
	struct cache_array ca;
	long ev;
	uint32_t i;

	init_ok(&ca, 64 * LINE, 64, "lru", 0);
	assert_int_equal(ca.sets, 1);
	for (i = 0; i < 64; i++)
		assert_false(access_line(&ca, i * 977, NULL));
	for (i = 0; i < 64; i++)
		assert_true(access_line(&ca, i * 977, NULL));
	/* touched in order 0..63, so 0 goes first */
	assert_false(access_line(&ca, 1, &ev));
	assert_int_equal(ev, 0);
	carray_free(&ca);
}

static void test_repl_find_knows_every_policy(void **state)
{
	assert_string_equal(repl_find("lru")->name, "lru");
	assert_string_equal(repl_find("fifo")->name, "fifo");
	assert_string_equal(repl_find("random")->name, "random");
	assert_null(repl_find("LRU"));
	assert_null(repl_find(""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hit_after_fill),
		cmocka_unit_test(test_miss_on_absent_line),
		cmocka_unit_test(test_victim_prefers_invalid_ways),
		cmocka_unit_test(test_lru_evicts_least_recently_touched),
		cmocka_unit_test(test_fifo_evicts_in_fill_order_regardless_of_touches),
		cmocka_unit_test(test_victim_is_stable_until_fill),
		cmocka_unit_test(test_random_is_deterministic_per_seed),
		cmocka_unit_test(test_random_covers_all_ways),
		cmocka_unit_test(test_invalidate_returns_previous_state),
		cmocka_unit_test(test_direct_mapped_lines_conflict),
		cmocka_unit_test(test_impossible_geometry_is_rejected),
		cmocka_unit_test(test_unknown_policy_is_rejected),
		cmocka_unit_test(test_ways_need_not_be_a_power_of_two),
		cmocka_unit_test(test_fully_associative_64_ways_keep_64_lines),
		cmocka_unit_test(test_repl_find_knows_every_policy),
	};

	cache_test_filter();
	return cmocka_run_group_tests_name("cache_array", tests, NULL, NULL);
}
