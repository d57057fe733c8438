// SPDX-License-Identifier: MIT
/*
 * The miss classifier, alone and beside a real cache array: each class on a
 * reference string small enough to work out by hand.
 */
#include "cache_test.h"

/* A cache and its classifier, with misses counted by class. */
struct rig {
	struct cache_array ca;
	struct miss_classifier *mc;
	uint64_t misses[MISS_CLASSES];	/* misses of each class */
	uint64_t hits;			/* hits */
};

static void rig_init(struct rig *r, uint32_t size, uint32_t ways, uint32_t line)
{
	*r = (struct rig){ 0 };
	assert_int_equal(carray_init(&r->ca, size, ways, line, "lru", 0), 0);
	r->mc = mclass_new(r->ca.sets * r->ca.ways);
	assert_non_null(r->mc);
}

static void rig_free(struct rig *r)
{
	mclass_free(r->mc);
	carray_free(&r->ca);
}

/* A demand access of byte address @addr; returns its class (MISS_CLASSES for a hit). */
static enum miss_class rig_ref(struct rig *r, uint32_t addr)
{
	uint32_t line = carray_line(&r->ca, addr);
	enum miss_class c = mclass_access(r->mc, line, access_line(&r->ca, line, NULL));

	if (c == MISS_CLASSES)
		r->hits++;
	else
		r->misses[c]++;
	return c;
}

static void test_first_reference_is_compulsory(void **state)
{
	struct miss_classifier *mc = mclass_new(8);

	assert_non_null(mc);
	assert_int_equal(mclass_access(mc, 100, 0), MISS_COMPULSORY);
	assert_int_equal(mclass_access(mc, 101, 0), MISS_COMPULSORY);
	/* the second miss on a line is not compulsory */
	assert_int_not_equal(mclass_access(mc, 100, 0), MISS_COMPULSORY);
	mclass_free(mc);
}

static void test_working_set_larger_than_cache_gives_capacity_misses(void **state)
{
	struct rig r;
	uint32_t pass, i;

	/* fully associative, 4 lines of 32 bytes; 5 lines swept round and round */
	rig_init(&r, 128, 4, 32);
	for (i = 0; i < 5; i++)
		assert_int_equal(rig_ref(&r, i * 32), MISS_COMPULSORY);
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < 5; i++)
			assert_int_equal(rig_ref(&r, i * 32), MISS_CAPACITY);
	rig_free(&r);
}

static void test_two_lines_in_one_direct_mapped_set_give_conflict_misses(void **state)
{
	struct rig r;
	uint32_t i;

	/* direct-mapped, 4 lines: lines 0 and 4 share set 0 but fit the cache */
	rig_init(&r, 128, 1, 32);
	assert_int_equal(rig_ref(&r, 0 * 32), MISS_COMPULSORY);
	assert_int_equal(rig_ref(&r, 4 * 32), MISS_COMPULSORY);
	for (i = 0; i < 6; i++)
		assert_int_equal(rig_ref(&r, (i & 1 ? 4 : 0) * 32), MISS_CONFLICT);
	rig_free(&r);
}

static void test_invalidated_line_gives_one_coherence_miss(void **state)
{
	struct rig r;

	rig_init(&r, 128, 1, 32);
	assert_int_equal(rig_ref(&r, 0), MISS_COMPULSORY);
	assert_int_equal(carray_invalidate(&r.ca, 0), LINE_E);
	mclass_invalidated(r.mc, 0);
	assert_int_equal(rig_ref(&r, 0), MISS_COHERENCE);
	assert_int_equal(rig_ref(&r, 0), MISS_CLASSES);
	/* the flag is gone: a later miss by replacement is a conflict */
	assert_int_equal(rig_ref(&r, 4 * 32), MISS_COMPULSORY);
	assert_int_equal(rig_ref(&r, 0), MISS_CONFLICT);
	rig_free(&r);
}

static void test_hit_clears_invalidation_flag(void **state)
{
	struct miss_classifier *mc = mclass_new(4);

	assert_int_equal(mclass_access(mc, 9, 0), MISS_COMPULSORY);
	mclass_invalidated(mc, 9);
	/* refilled by a prefetch, say: the next reference hits */
	assert_int_equal(mclass_access(mc, 9, 1), MISS_CLASSES);
	assert_int_not_equal(mclass_access(mc, 9, 0), MISS_COHERENCE);
	mclass_free(mc);
}

static void test_hits_return_miss_classes(void **state)
{
	struct miss_classifier *mc = mclass_new(4);

	assert_int_equal(mclass_access(mc, 1, 1), MISS_CLASSES);
	assert_int_equal(mclass_access(mc, 1, 1), MISS_CLASSES);
	assert_int_equal(mclass_access(mc, 2, 0), MISS_COMPULSORY);
	assert_int_equal(mclass_access(mc, 2, 1), MISS_CLASSES);
	mclass_free(mc);
}

static void test_shadow_store_replaces_least_recently_used(void **state)
{
	struct miss_classifier *mc = mclass_new(2);

	/* every reference misses in the real cache; the shadow holds 2 lines */
	mclass_access(mc, 1, 0);
	mclass_access(mc, 2, 0);
	mclass_access(mc, 1, 0);			/* shadow: 2 1 (oldest first) */
	mclass_access(mc, 3, 0);			/* drops 2: 1 3 */
	assert_int_equal(mclass_access(mc, 1, 0), MISS_CONFLICT);	/* 3 1 */
	assert_int_equal(mclass_access(mc, 2, 0), MISS_CAPACITY);	/* 1 2 */
	assert_int_equal(mclass_access(mc, 3, 0), MISS_CAPACITY);	/* 2 3 */
	assert_int_equal(mclass_access(mc, 3, 0), MISS_CONFLICT);
	mclass_free(mc);
}

/*
 * 1 KiB direct-mapped, 32-byte lines (32 lines), swept twice over 2 KiB with
 * a 32-byte stride: 64 lines, each touched once per pass. The first pass is
 * 64 compulsory misses; in the second, every line was replaced by the one
 * 1 KiB above it, and a 32-line LRU store swept cyclically over 64 lines
 * never hits, so all 64 are capacity misses.
 */
static void test_strided_sweep_twice_is_64_compulsory_then_64_capacity(void **state)
{
	struct rig r;
	uint32_t a;

	rig_init(&r, 1024, 1, 32);
	for (a = 0; a < 2048; a += 32)
		rig_ref(&r, 0x80000000u + a);
	assert_int_equal(r.misses[MISS_COMPULSORY], 64);
	assert_int_equal(r.misses[MISS_CAPACITY], 0);
	for (a = 0; a < 2048; a += 32)
		rig_ref(&r, 0x80000000u + a);
	assert_int_equal(r.hits, 0);
	assert_int_equal(r.misses[MISS_COMPULSORY], 64);
	assert_int_equal(r.misses[MISS_CAPACITY], 64);
	assert_int_equal(r.misses[MISS_CONFLICT], 0);
	assert_int_equal(r.misses[MISS_COHERENCE], 0);
	rig_free(&r);
}

/* A word-by-word sweep misses on the first word of each 32-byte line only. */
static void test_word_sweep_misses_once_per_line(void **state)
{
	struct rig r;
	uint32_t a;

	rig_init(&r, 1024, 2, 32);
	for (a = 0; a < 512; a += 4)
		rig_ref(&r, a);
	assert_int_equal(r.misses[MISS_COMPULSORY], 16);
	assert_int_equal(r.hits, 128 - 16);
	rig_free(&r);
}

static void test_history_covers_the_whole_line_space(void **state)
{
	struct miss_classifier *mc = mclass_new(16);
	uint32_t i;

	for (i = 0; i < 100000; i++)
		assert_int_equal(mclass_access(mc, i * 7919u & 0x3fffffffu, 0), MISS_COMPULSORY);
	for (i = 0; i < 100000; i++)
		assert_int_equal(mclass_access(mc, i * 7919u & 0x3fffffffu, 0), MISS_CAPACITY);
	mclass_free(mc);
}

static void test_neighbouring_lines_keep_their_own_history(void **state)
{
	/* lines 31..33 straddle a 32-line history word; 2^30 - 1 is the last line */
	static const uint32_t line[] = { 31, 32, 33, 0x3fffffffu };
	struct miss_classifier *mc = mclass_new(64);
	uint32_t i;

	assert_int_equal(mclass_access(mc, 32, 0), MISS_COMPULSORY);
	assert_int_equal(mclass_access(mc, 31, 0), MISS_COMPULSORY);
	assert_int_equal(mclass_access(mc, 33, 0), MISS_COMPULSORY);
	assert_int_equal(mclass_access(mc, 0x3fffffffu, 0), MISS_COMPULSORY);
	/* never referenced: no history, so its first miss stays compulsory */
	mclass_invalidated(mc, 34);
	assert_int_equal(mclass_access(mc, 34, 0), MISS_COMPULSORY);
	for (i = 0; i < 4; i++) {
		mclass_invalidated(mc, line[i]);
		for (uint32_t j = 0; j < 4; j++)
			if (j != i)
				assert_int_equal(mclass_access(mc, line[j], 0), MISS_CONFLICT);
		assert_int_equal(mclass_access(mc, line[i], 0), MISS_COHERENCE);
	}
	mclass_free(mc);
}

static void test_miss_class_names(void **state)
{
	assert_string_equal(miss_class_name(MISS_COMPULSORY), "compulsory");
	assert_string_equal(miss_class_name(MISS_CAPACITY), "capacity");
	assert_string_equal(miss_class_name(MISS_CONFLICT), "conflict");
	assert_string_equal(miss_class_name(MISS_COHERENCE), "coherence");
}

/*
 * The classifier against a plain model written from the definitions (a
 * fully-associative LRU array of @cap lines, and the lines ever seen and
 * last invalidated), on seeded random references, hits and invalidations
 * over a few more lines than fit: every miss's class must agree. The
 * shadow store keeps its three most recent lines apart from its list, so
 * the small capacities (one to four lines) are its edge cases.
 */
#define NAIVE_LINES 12

struct naive {
	uint32_t cap, n;
	uint32_t lru[NAIVE_LINES];	/* most recent first */
	uint8_t seen[NAIVE_LINES], inval[NAIVE_LINES];
};

/* Moves @line to the front of the LRU array (inserted, the last one dropped when full). */
static int naive_touch(struct naive *m, uint32_t line)
{
	uint32_t i;
	int found = 0;

	for (i = 0; i < m->n && m->lru[i] != line; i++)
		;
	if (i < m->n)
		found = 1;
	else if (m->n < m->cap)
		i = m->n++;
	else
		i = m->n - 1;
	for (; i > 0; i--)
		m->lru[i] = m->lru[i - 1];
	m->lru[0] = line;
	return found;
}

static enum miss_class naive_access(struct naive *m, uint32_t line, int hit)
{
	int seen = m->seen[line], inval = m->inval[line], in_shadow = naive_touch(m, line);

	m->seen[line] = 1;
	m->inval[line] = 0;
	if (hit)
		return MISS_CLASSES;
	return !seen ? MISS_COMPULSORY : inval ? MISS_COHERENCE : !in_shadow ? MISS_CAPACITY
									     : MISS_CONFLICT;
}

static void naive_invalidated(struct naive *m, uint32_t line)
{
	uint32_t i;

	if (!m->seen[line])
		return;
	m->inval[line] = 1;
	for (i = 0; i < m->n && m->lru[i] != line; i++)
		;
	if (i == m->n)
		return;
	for (m->n--; i < m->n; i++)
		m->lru[i] = m->lru[i + 1];
}

/*
 * The classifier's lines are the model's times @spread: with 1, neighbours;
 * with 9, at capacity 8 the classifier's hash puts lines 0 to 7 of the model
 * in one bucket (9i ^ (9i >> 3) has no low bits), so that one chain holds
 * most of the store.
 */
static void agree_with_a_plain_lru_model(uint32_t spread)
{
	for (uint32_t cap = 1; cap <= 8; cap++) {
		for (uint32_t seed = 1; seed <= 20; seed++) {
			struct miss_classifier *mc = mclass_new(cap);
			struct naive m = { .cap = cap };
			uint32_t x = seed * 2654435761u + cap;

			assert_non_null(mc);
			for (int i = 0; i < 4000; i++) {
				uint32_t line, op;

				x = x * 1103515245u + 12345u;
				op = (x >> 16) % 8;
				x = x * 1103515245u + 12345u;
				/* mostly a few lines, so that the recent ones come back */
				line = (x >> 16) % (op < 4 ? cap + 2 : NAIVE_LINES);
				if (op == 0) {
					mclass_invalidated(mc, line * spread);
					naive_invalidated(&m, line);
				} else if (op <= 3 && m.seen[line] && !m.inval[line]) {
					/* a hit the real cache reports */
					mclass_hit(mc, line * spread);
					naive_touch(&m, line);
				} else {
					int hit = op == 7;

					assert_int_equal(mclass_access(mc, line * spread, hit),
							 naive_access(&m, line, hit));
				}
			}
			mclass_free(mc);
		}
	}
}

static void test_random_references_agree_with_a_plain_lru_model(void **state)
{
	agree_with_a_plain_lru_model(1);
}

static void test_lines_sharing_a_hash_chain_agree_with_a_plain_lru_model(void **state)
{
	agree_with_a_plain_lru_model(9);
}

static void test_empty_classifier_is_refused(void **state)
{
	assert_null(mclass_new(0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_reference_is_compulsory),
		cmocka_unit_test(test_working_set_larger_than_cache_gives_capacity_misses),
		cmocka_unit_test(test_two_lines_in_one_direct_mapped_set_give_conflict_misses),
		cmocka_unit_test(test_invalidated_line_gives_one_coherence_miss),
		cmocka_unit_test(test_hit_clears_invalidation_flag),
		cmocka_unit_test(test_hits_return_miss_classes),
		cmocka_unit_test(test_shadow_store_replaces_least_recently_used),
		cmocka_unit_test(test_strided_sweep_twice_is_64_compulsory_then_64_capacity),
		cmocka_unit_test(test_word_sweep_misses_once_per_line),
		cmocka_unit_test(test_history_covers_the_whole_line_space),
		cmocka_unit_test(test_neighbouring_lines_keep_their_own_history),
		cmocka_unit_test(test_miss_class_names),
		cmocka_unit_test(test_random_references_agree_with_a_plain_lru_model),
		cmocka_unit_test(test_lines_sharing_a_hash_chain_agree_with_a_plain_lru_model),
		cmocka_unit_test(test_empty_classifier_is_refused),
	};

	cache_test_filter();
	return cmocka_run_group_tests_name("miss_class", tests, NULL, NULL);
}
