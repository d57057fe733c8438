// SPDX-License-Identifier: MIT
/*
 * The layout optimizer's orders (sim/layout/order.c) on small control-flow
 * graphs whose results were worked out by hand (the reasoning is beside
 * each expectation).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cfg.h"

/* A graph under construction: blocks, functions, edges. */
struct builder {
	struct cfg g;
	struct block b[32];
	struct func f[16];
	struct edge e[64];
	int entry[8];
};

static void block(struct builder *t, int func, uint64_t count, uint32_t size, int fall)
{
	t->b[t->g.nb++] = (struct block){ .func = func, .count = count, .size = size, .fall = fall };
}

static void func(struct builder *t, const char *name, int first, int n)
{
	t->f[t->g.nf++] = (struct func){ name, first, n };
}

static void edge(struct builder *t, int from, int to, enum edge_kind k, uint64_t w)
{
	t->e[t->g.ne++] = (struct edge){ from, to, k, w };
}

static void finish(struct builder *t)
{
	t->g.b = t->b;
	t->g.f = t->f;
	t->g.e = t->e;
	t->g.entry = t->entry;
	assert_int_equal(cfg_index(&t->g), 0);
}

static void expect_order(const struct layout *l, const int *want, int n)
{
	assert_int_equal(l->n, n);
	for (int i = 0; i < n; i++)
		assert_int_equal(l->order[i], want[i]);
}

static struct layout_opts default_opts(void)
{
	struct layout_opts o = { .passes = 3, .cache_size = 16384, .region_size = 4096,
				 .fill = 1.0 };

	o.exec_thresh[0] = 0.01, o.branch_thresh[0] = 0.4;
	o.exec_thresh[1] = 0.001, o.branch_thresh[1] = 0.1;
	o.exec_thresh[2] = 0, o.branch_thresh[2] = 0;
	return o;
}

/*
 * One function: 0 -> 2 -> 3 is the hot path (90), 0 -> 1 -> 3 the cold one
 * (10), block 4 never ran. Chaining takes 0->2 and 2->3 (heaviest first);
 * 0->1 and 1->3 find 0 not a tail and 3 not a head. Chains [0 2 3] (the
 * entry's) then [1]; block 4 goes to the cold part at the end.
 */
static void ph_chains_blocks_and_splits_cold(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	static const int want[] = { 0, 2, 3, 1, 4 };

	block(&t, 0, 100, 8, 1);
	block(&t, 0, 10, 8, 2);
	block(&t, 0, 90, 8, 3);
	block(&t, 0, 100, 8, 4);
	block(&t, 0, 0, 8, -1);
	func(&t, "f", 0, 5);
	edge(&t, 0, 2, EK_FLOW, 90);
	edge(&t, 0, 1, EK_FLOW, 10);
	edge(&t, 1, 3, EK_FLOW, 10);
	edge(&t, 2, 3, EK_FLOW, 90);
	finish(&t);
	assert_int_equal(layout_pettis_hansen(&t.g, &l), 0);
	expect_order(&l, want, 5);
	assert_int_equal(l.nslots, 1);
	layout_free(&l);
	free(t.g.out);
}

/*
 * Procedures A B C D (one block each), calls A-B 100, C-D 80, A-C 50.
 * Closest is best: A+B, then C+D, then joining [A B] and [C D] for the A-C
 * edge: the orientation with A and C adjacent is [B A] + [C D].
 */
static void ph_orders_procedures_closest_is_best(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	static const int want[] = { 1, 0, 2, 3 };

	for (int i = 0; i < 4; i++) {
		block(&t, i, 10, 8, -1);
		func(&t, "fn", i, 1);
	}
	edge(&t, 0, 1, EK_CALL, 100);
	edge(&t, 2, 3, EK_CALL, 80);
	edge(&t, 0, 2, EK_CALL, 50);
	finish(&t);
	assert_int_equal(layout_pettis_hansen(&t.g, &l), 0);
	expect_order(&l, want, 4);
	layout_free(&l);
	free(t.g.out);
}

/*
 * The trap entry T (blocks 0 1 2) calls S (3 4) from block 1 and U (5)
 * from block 2; V (6) never ran. From the entry: 0, its likely successor
 * 1, no successor in T after 1, so the callee met on the way, S: 3, 4.
 * Then the next seed by count, block 2 (10 runs), with its callee U
 * (taken 5 of 10 times, above the first pass's 0.4). V is cold.
 */
static void sequences_cross_into_callees(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	struct layout_opts o = default_opts();
	static const int want[] = { 0, 1, 3, 4, 2, 5, 6 };

	block(&t, 0, 100, 8, 1);
	block(&t, 0, 90, 8, -1);
	block(&t, 0, 10, 8, -1);
	block(&t, 1, 90, 8, 4);
	block(&t, 1, 90, 8, -1);
	block(&t, 2, 5, 8, -1);
	block(&t, 3, 0, 8, -1);
	func(&t, "T", 0, 3);
	func(&t, "S", 3, 2);
	func(&t, "U", 5, 1);
	func(&t, "V", 6, 1);
	edge(&t, 0, 1, EK_FLOW, 90);
	edge(&t, 0, 2, EK_FLOW, 10);
	edge(&t, 1, 3, EK_CALL, 90);
	edge(&t, 3, 4, EK_FLOW, 90);
	edge(&t, 2, 5, EK_CALL, 5);
	t.entry[t.g.nentry++] = 0;
	finish(&t);
	assert_int_equal(layout_sequences(&t.g, &o, 0, &l), 0);
	expect_order(&l, want, 7);
	assert_int_equal(l.nseq, 2);
	for (int b = 0; b < 7; b++)
		assert_int_equal(l.seq_end[b], b == 4 || b == 5);
	layout_free(&l);
	free(t.g.out);
}

/*
 * Block 0 (100 runs) goes to block 1 (30 runs) on 30 % of its runs. With
 * the default first pass (probability at least 0.4) the sequence stops at
 * 0 and block 1 starts its own; with one pass at 0:0 they are one sequence.
 */
static void sequences_stop_below_the_probability_threshold(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	struct layout_opts o = default_opts();
	static const int want[] = { 0, 1 };

	block(&t, 0, 100, 8, -1);
	block(&t, 0, 30, 8, -1);
	func(&t, "f", 0, 2);
	edge(&t, 0, 1, EK_FLOW, 30);
	t.entry[t.g.nentry++] = 0;
	finish(&t);
	assert_int_equal(layout_sequences(&t.g, &o, 0, &l), 0);
	expect_order(&l, want, 2);
	assert_int_equal(l.nseq, 2);
	assert_true(l.seq_end[0] && l.seq_end[1]);
	layout_free(&l);

	o.passes = 1;
	o.exec_thresh[0] = o.branch_thresh[0] = 0;
	assert_int_equal(layout_sequences(&t.g, &o, 0, &l), 0);
	expect_order(&l, want, 2);
	assert_int_equal(l.nseq, 1);
	assert_true(!l.seq_end[0] && l.seq_end[1]);
	layout_free(&l);
	free(t.g.out);
}

/*
 * A loop the compiler tests at the bottom: 0 jumps to the test 2, which
 * branches back to the body 1 (90 times) or leaves to 3. Grown from 0 the
 * sequence is 0, 2, then 2's likely successor 1, whose only successor 2 is
 * placed: [0 2 1]; then 3 alone. The body falls into the test, and the
 * test is reached by a jump: rotated to [0 1 2].
 */
static void sequences_rotate_bottom_tested_loops(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	struct layout_opts o = default_opts();
	static const int want[] = { 0, 1, 2, 3 };

	block(&t, 0, 10, 8, -1);	/* ends with "j test" */
	block(&t, 0, 90, 8, 2);		/* the body falls into the test */
	block(&t, 0, 100, 8, 3);	/* the test: branch to the body, else fall to 3 */
	block(&t, 0, 10, 8, -1);
	func(&t, "f", 0, 4);
	edge(&t, 0, 2, EK_FLOW, 10);
	edge(&t, 2, 1, EK_FLOW, 90);
	edge(&t, 2, 3, EK_FLOW, 10);
	edge(&t, 1, 2, EK_FLOW, 90);
	t.entry[t.g.nentry++] = 0;
	finish(&t);
	assert_int_equal(layout_sequences(&t.g, &o, 0, &l), 0);
	expect_order(&l, want, 4);
	layout_free(&l);
	free(t.g.out);
}

/*
 * Self-conflict-free placement, cache 32 bytes, region 8: one sequence of
 * six 8-byte blocks 0..5 and four cold blocks 6..9. The region takes 0;
 * the rest of the chunk (offset 8, 24 bytes) takes 1 2 3; the next chunk's
 * region range (offset 32) gets cold 6, its rest (offset 40) 4 5; then the
 * remaining cold code from offset 64. Checked also as addresses: no block
 * that ran other than block 0 maps to the region's cache range.
 */
static void scf_keeps_the_region_for_the_hottest_code(void **state)
{
	struct builder t = { 0 };
	struct layout l;
	struct layout_opts o = default_opts();
	static const int want[] = { 0, 1, 2, 3, 6, 4, 5, 7, 8, 9 };
	static const int want_slot[] = { 0, 1, 1, 1, 2, 3, 3, 4, 4, 4 };
	static const uint32_t want_off[] = { 0, 8, 32, 40, 64 };
	uint32_t addr = 0;

	for (int i = 0; i < 6; i++)
		block(&t, 0, 100 - 10 * (uint64_t)i, 8, i < 5 ? i + 1 : -1);
	for (int i = 6; i < 10; i++)
		block(&t, 1 + (i - 6), 0, 8, -1);
	func(&t, "hot", 0, 6);
	for (int i = 0; i < 4; i++)
		func(&t, "cold", 6 + i, 1);
	for (int i = 0; i < 5; i++)
		edge(&t, i, i + 1, EK_FLOW, 90 - 10 * (uint64_t)i);
	t.entry[t.g.nentry++] = 0;
	finish(&t);
	o.cache_size = 32;
	o.region_size = 8;
	assert_int_equal(layout_sequences(&t.g, &o, 1, &l), 0);
	expect_order(&l, want, 10);
	assert_int_equal(l.nslots, 5);
	for (int i = 0; i < 10; i++)
		assert_int_equal(l.slot[i], want_slot[i]);
	for (int s = 0; s < 5; s++)
		assert_int_equal(l.slot_offset[s], want_off[s]);
	for (int q = 0; q < l.n; q++) {
		if (q == 0 || l.slot[q] != l.slot[q - 1])
			addr = l.slot_offset[l.slot[q]];
		if (t.b[l.order[q]].count && l.order[q] != 0)
			assert_true(addr % o.cache_size >= o.region_size);
		addr += t.b[l.order[q]].size;
	}
	layout_free(&l);
	free(t.g.out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ph_chains_blocks_and_splits_cold),
		cmocka_unit_test(ph_orders_procedures_closest_is_best),
		cmocka_unit_test(sequences_cross_into_callees),
		cmocka_unit_test(sequences_stop_below_the_probability_threshold),
		cmocka_unit_test(sequences_rotate_bottom_tested_loops),
		cmocka_unit_test(scf_keeps_the_region_for_the_hottest_code),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
