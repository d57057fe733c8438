// SPDX-License-Identifier: MIT
/*
 * The cycle semantics of the instruction stream buffers, checked on the C
 * unit alone against hand-computed expectations (sbuf_seq.c) and against the
 * state the header comment of mem/sbuf.h describes.
 *
 *	build/tests/cosim/test_sbuf_spec
 *	UNIT_FILTER='test_sbuf_lru*' build/tests/cosim/test_sbuf_spec
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "mem/sbuf.h"
#include "sbuf_seq.h"
#include "stim.h"

/* Runs steps [0, upto) of @name on a fresh unit, checking every output. */
static void run_seq(struct sbuf *s, const char *name, int upto)
{
	const struct sbuf_seq *q = sbuf_seq_find(name);

	assert_non_null(q);
	if (upto < 0 || upto > q->nsteps)
		upto = q->nsteps;
	sbuf_init(s, q->nbufs, q->depth, q->head_only);
	for (int i = 0; i < upto; i++) {
		const struct sbuf_out *x = &q->steps[i].out;
		struct sbuf_out o;

		sbuf_eval(s, &q->steps[i].in, &o);
		if (o.hit != x->hit || o.hit_avail != x->hit_avail || o.hit_buf != x->hit_buf ||
		    o.req_valid != x->req_valid || o.req_line != x->req_line)
			fail_msg("%s cycle %d: hit %u/%u hit_avail %u/%u hit_buf %u/%u "
				 "req_valid %u/%u req_line %u/%u (got/expected)",
				 name, i, o.hit, x->hit, o.hit_avail, x->hit_avail, o.hit_buf,
				 x->hit_buf, o.req_valid, x->req_valid, o.req_line, x->req_line);
		sbuf_tick(s);
	}
}

static void assert_ranks(const struct sbuf *s, const int *want)
{
	for (int b = 0; b < s->nbufs; b++)
		if (s->q.rank[b] != want[b])
			fail_msg("rank of buffer %d is %u, want %d", b, s->q.rank[b], want[b]);
}

static void assert_buf(const struct sbuf *s, int b, uint32_t first, const char *reqd,
		       const char *avail)
{
	assert_true(s->q.valid[b]);
	for (int e = 0; e < s->depth; e++) {
		if (s->q.e[b][e].line != first + (uint32_t)e)
			fail_msg("buffer %d entry %d holds %u, want %u", b, e,
				 s->q.e[b][e].line, first + (uint32_t)e);
		assert_int_equal(s->q.e[b][e].reqd, reqd[e] == '1');
		assert_int_equal(s->q.e[b][e].avail, avail[e] == '1');
	}
}

static void test_sbuf_reset_state(void **state)
{
	struct sbuf s;
	static const int ranks[] = { 0, 1, 2, 3 };

	sbuf_init(&s, 4, 4, 0);
	assert_ranks(&s, ranks);
	for (int b = 0; b < 4; b++)
		assert_false(s.q.valid[b]);
}

static void test_sbuf_alloc_order(void **state)
{
	struct sbuf s;

	run_seq(&s, "alloc_order", 1);
	assert_buf(&s, 0, 101, "0000", "0000");
	assert_false(s.q.valid[1]);
	run_seq(&s, "alloc_order", -1);
	assert_buf(&s, 0, 151, "0000", "0000");	/* the LRU restarted */
	assert_buf(&s, 1, 201, "1111", "0000");
	assert_buf(&s, 2, 301, "1000", "0000");
	assert_buf(&s, 3, 401, "0000", "0000");
}

static void test_sbuf_line_numbers_wrap(void **state)
{
	struct sbuf s;

	run_seq(&s, "wrap", -1);
	assert_int_equal(s.q.e[0][0].line, 0);
	assert_int_equal(s.q.e[0][3].line, 3);
}

static void test_sbuf_head_hit_shifts(void **state)
{
	struct sbuf s;
	static const int ranks[] = { 0, 1, 2, 3 };

	run_seq(&s, "head_hit", 4);
	assert_buf(&s, 0, 102, "1000", "0000");
	assert_ranks(&s, ranks);
	run_seq(&s, "head_hit", 5);		/* the hit in flight changed nothing */
	assert_buf(&s, 0, 102, "1000", "0000");
	run_seq(&s, "head_hit", -1);
	assert_buf(&s, 0, 104, "0000", "0000");
	assert_buf(&s, 1, 103, "0000", "0000");
}

static void test_sbuf_any_entry_hit_drops_earlier(void **state)
{
	struct sbuf s;
	/* b1 was allocated after b0 (ranks 1/0), then b0's hit made it most recent */
	static const int ranks[] = { 0, 1, 2, 3 };

	run_seq(&s, "any_entry", 8);
	assert_buf(&s, 0, 104, "1000", "0000");
	assert_ranks(&s, ranks);
	run_seq(&s, "any_entry", -1);
}

static void test_sbuf_lru_victim_order(void **state)
{
	struct sbuf s;
	static const int r4[] = { 3, 2, 1, 0 }, r7[] = { 0, 3, 2, 1 }, r8[] = { 1, 0, 3, 2 },
			 r9[] = { 2, 1, 0, 3 }, r11[] = { 2, 1, 0, 3 }, r12[] = { 3, 2, 1, 0 };

	run_seq(&s, "lru", 4);
	assert_ranks(&s, r4);
	run_seq(&s, "lru", 7);
	assert_ranks(&s, r7);
	run_seq(&s, "lru", 8);
	assert_ranks(&s, r8);
	assert_buf(&s, 1, 501, "0000", "0000");
	run_seq(&s, "lru", 9);
	assert_ranks(&s, r9);
	assert_buf(&s, 2, 203, "0000", "0000");
	run_seq(&s, "lru", 11);			/* hits in flight touch nothing */
	assert_ranks(&s, r11);
	run_seq(&s, "lru", 12);
	assert_ranks(&s, r12);
	run_seq(&s, "lru", -1);
}

static void test_sbuf_fill_needs_request(void **state)
{
	struct sbuf s;

	run_seq(&s, "fill_timing", 2);
	assert_buf(&s, 0, 101, "0000", "0000");	/* the early fill was dropped */
	run_seq(&s, "fill_timing", 5);
	assert_buf(&s, 0, 101, "1000", "1000");
	run_seq(&s, "fill_timing", 7);
	assert_buf(&s, 0, 102, "1000", "1000");	/* requested and filled in one cycle */
	run_seq(&s, "fill_timing", -1);
}

static void test_sbuf_flush_drops_streams(void **state)
{
	struct sbuf s;

	run_seq(&s, "flush", 4);
	for (int b = 0; b < 4; b++)
		assert_false(s.q.valid[b]);
	assert_int_equal(s.q.e[0][1].reqd, 0);	/* the request in the flush cycle was not taken */
	run_seq(&s, "flush", -1);
	assert_buf(&s, 0, 103, "0000", "0000");
	assert_false(s.q.valid[1]);
}

static void test_sbuf_head_only_misses_behind_head(void **state)
{
	struct sbuf s;
	static const int r[] = { 0, 1, 2 };

	run_seq(&s, "head_only", -1);
	assert_ranks(&s, r);
	assert_int_equal(s.q.e[0][0].line, 701);
}

/*
 * Invariants under random stimulus: ranks a permutation, a valid buffer's
 * lines consecutive, available only if requested, the request the first
 * unrequested entry.
 */
static void check_invariants(int nbufs, int depth, int head_only, uint64_t seed, int cycles)
{
	struct sbuf s;
	struct stim st;

	sbuf_init(&s, nbufs, depth, head_only);
	stim_init(&st, seed);
	for (int c = 0; c < cycles; c++) {
		struct sbuf_in in;
		struct sbuf_out o;
		unsigned seen = 0;

		stim_inputs(&st, &in);
		sbuf_eval(&s, &in, &o);
		stim_observe(&st, &in, &o);
		sbuf_tick(&s);
		for (int b = 0; b < nbufs; b++) {
			assert_true(s.q.rank[b] < nbufs);
			seen |= 1u << s.q.rank[b];
			if (!s.q.valid[b])
				continue;
			for (int e = 0; e < depth; e++) {
				assert_true(!s.q.e[b][e].avail || s.q.e[b][e].reqd);
				if (e)
					assert_int_equal(s.q.e[b][e].line, s.q.e[b][e - 1].line + 1);
			}
		}
		assert_int_equal(seen, (1u << nbufs) - 1);
	}
}

static void test_sbuf_invariants_random(void **state)
{
	check_invariants(4, 4, 0, 1, 100000);
	check_invariants(3, 2, 1, 2, 50000);
	check_invariants(1, 1, 0, 3, 20000);
	check_invariants(16, 16, 0, 4, 20000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbuf_reset_state),
		cmocka_unit_test(test_sbuf_alloc_order),
		cmocka_unit_test(test_sbuf_line_numbers_wrap),
		cmocka_unit_test(test_sbuf_head_hit_shifts),
		cmocka_unit_test(test_sbuf_any_entry_hit_drops_earlier),
		cmocka_unit_test(test_sbuf_lru_victim_order),
		cmocka_unit_test(test_sbuf_fill_needs_request),
		cmocka_unit_test(test_sbuf_flush_drops_streams),
		cmocka_unit_test(test_sbuf_head_only_misses_behind_head),
		cmocka_unit_test(test_sbuf_invariants_random),
	};
	const char *f = getenv("UNIT_FILTER");

	if (f && *f)
		cmocka_set_test_filter(f);
	return cmocka_run_group_tests_name("sbuf_spec", tests, NULL, NULL);
}
