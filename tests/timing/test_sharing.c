// SPDX-License-Identifier: MIT
/*
 * True and false sharing (mem/sharing.h): first the tracker alone on
 * hand-built sequences of invalidations, misses, accesses and departures;
 * then the same patterns through real L1Ds on the bus, where the caches
 * report to the tracker themselves and count l1d.coherence_true/_false.
 */
#include "tsys.h"

#include "mem/sharing.h"

#define LINE_BYTES	32u
#define L		0x100u			/* a line number */
#define W(i)		(L * LINE_BYTES + 4u * (i))	/* word i of line L */

static struct sharing *tracker(int profile)
{
	struct sharing *s = sharing_new(LINE_BYTES, 4, profile);

	assert_non_null(s);
	return s;
}

/* Hart @h writes word @i of L (while it holds the line). */
static enum sharing_verdict wr(struct sharing *s, int h, int i)
{
	int mode = -1;

	return sharing_access(s, h, W(i), 1, &mode);
}

static enum sharing_verdict rd(struct sharing *s, int h, int i, int *mode)
{
	return sharing_access(s, h, W(i), 0, mode);
}

/* Hart 1 loses L to hart 0's write of word @i, then misses on it again. */
static void lose_to_write(struct sharing *s, int i)
{
	sharing_invalidated(s, 1, L);
	wr(s, 0, i);
	sharing_missed(s, 1, L, SM_S);
	assert_true(sharing_watch(s, 1, L));
}

/* ---- the tracker alone -------------------------------------------------------- */

static void test_reading_the_word_another_hart_wrote_is_true_sharing(void **state)
{
	struct sharing *s = tracker(0);
	int mode = -1;

	lose_to_write(s, 3);
	assert_int_equal(rd(s, 1, 3, &mode), SHARING_TRUE);
	assert_int_equal(mode, SM_S);
	/* Settled: later accesses and the departure settle nothing more. */
	assert_int_equal(rd(s, 1, 3, &mode), SHARING_NONE);
	assert_int_equal(sharing_departed(s, 1, L, &mode), SHARING_NONE);
	sharing_free(s);
}

static void test_touching_only_other_words_until_departure_is_false_sharing(void **state)
{
	struct sharing *s = tracker(0);
	int mode = -1;

	lose_to_write(s, 0);
	assert_int_equal(rd(s, 1, 1, &mode), SHARING_NONE);
	assert_int_equal(wr(s, 1, 7), SHARING_NONE);
	assert_int_equal(sharing_departed(s, 1, L, &mode), SHARING_FALSE);
	assert_int_equal(mode, SM_S);
	sharing_free(s);
}

static void test_writing_the_word_another_hart_wrote_is_true_sharing(void **state)
{
	struct sharing *s = tracker(0);

	lose_to_write(s, 5);
	assert_int_equal(wr(s, 1, 5), SHARING_TRUE);
	sharing_free(s);
}

static void test_a_word_written_before_the_loss_does_not_make_it_true(void **state)
{
	struct sharing *s = tracker(0);
	int mode;

	/* Hart 0 writes word 2 while hart 1 still has the line ... */
	sharing_invalidated(s, 2, L);	/* (the line becomes tracked) */
	wr(s, 0, 2);
	/* ... then hart 1 loses it to a write of word 4 and misses again. */
	lose_to_write(s, 4);
	assert_int_equal(rd(s, 1, 2, &mode), SHARING_NONE);
	assert_int_equal(sharing_departed(s, 1, L, &mode), SHARING_FALSE);
	sharing_free(s);
}

static void test_a_line_both_false_and_true_settles_each_miss_on_its_own(void **state)
{
	struct sharing *s = tracker(0);
	int mode;

	/* First round: hart 0 wrote word 0, hart 1 only uses word 6: false. */
	lose_to_write(s, 0);
	rd(s, 1, 6, &mode);
	assert_int_equal(sharing_departed(s, 1, L, &mode), SHARING_FALSE);
	/* Second round: hart 0 wrote word 6 itself: true. */
	lose_to_write(s, 6);
	assert_int_equal(rd(s, 1, 6, &mode), SHARING_TRUE);
	sharing_free(s);
}

static void test_a_miss_without_a_loss_is_not_pending(void **state)
{
	struct sharing *s = tracker(0);
	int mode;

	/* Hart 2 never had the line: its miss is no coherence miss for the tracker. */
	sharing_invalidated(s, 1, L);
	wr(s, 0, 0);
	sharing_missed(s, 2, L, SM_U);
	assert_int_equal(rd(s, 2, 0, &mode), SHARING_NONE);
	assert_int_equal(sharing_departed(s, 2, L, &mode), SHARING_NONE);
	sharing_free(s);
}

/* Per-line counts and the profile's writers and readers of each word. */
struct seen {
	int lines;
	uint64_t t1, f1;
	uint32_t w0, r0, w5, r5;
};

static void see(void *ctx, const struct sharing_line *l)
{
	struct seen *x = ctx;

	x->lines++;
	if (l->line != L)
		return;
	x->t1 = l->true_misses[1];
	x->f1 = l->false_misses[1];
	assert_int_equal(l->part_bytes, 4);
	if (l->writers) {
		x->w0 = l->writers[0];
		x->r0 = l->readers[0];
		x->w5 = l->writers[5];
		x->r5 = l->readers[5];
	}
}

static void test_lines_report_misses_per_hart_and_who_wrote_and_read_each_word(void **state)
{
	struct sharing *s = tracker(1);
	struct seen x = { 0 };
	int mode;

	lose_to_write(s, 0);
	rd(s, 1, 5, &mode);
	sharing_departed(s, 1, L, &mode);	/* false */
	lose_to_write(s, 5);
	rd(s, 1, 5, &mode);			/* true */
	sharing_lines(s, see, &x);
	assert_int_equal(x.lines, 1);
	assert_int_equal(x.t1, 1);
	assert_int_equal(x.f1, 1);
	assert_int_equal(x.w0, 1u << 0);
	assert_int_equal(x.r0, 0);
	assert_int_equal(x.w5, 1u << 0);
	assert_int_equal(x.r5, 1u << 1);
	sharing_free(s);
}

/* ---- through the L1Ds on the bus ------------------------------------------------- */

#define A	DATA

static struct tsys *tracked(int n, struct sharing **sh)
{
	struct tsys *s = tsys_default(n);

	*sh = sharing_new(s->cfg.l1d.line, n, 1);
	assert_non_null(*sh);
	for (int i = 0; i < n; i++)
		l1_track_sharing(&s->l1d[i], *sh, i);
	return s;
}


/*
 * An access as a core makes it: on a miss, the same access again once the
 * line is in (the hit that the tracker sees).
 */
static void use(struct tsys *s, int core, uint32_t a, int write)
{
	if (tsys_d(s, core, a, write) != L1_HIT) {
		tsys_settle(s);
		assert_int_equal(tsys_d(s, core, a, write), L1_HIT);
	}
}

/* Pushes line @a out of core @core's L1D with the other lines of its set. */
static void evict_from_l1d(struct tsys *s, int core, uint32_t a)
{
	for (uint32_t w = 1; w <= s->cfg.l1d.ways; w++)
		tsys_read(s, core, a + w * l1d_stride(&s->cfg));
	assert_int_equal(tsys_l1d(s, core, a), LINE_I);
}

static void test_l1d_pair_writing_adjacent_words_counts_false_sharing(void **state)
{
	struct sharing *sh;
	struct tsys *s = tracked(2, &sh);

	/* Both harts write their own word of one line, in turn. */
	for (int round = 0; round < 4; round++) {
		use(s, 0, A, 1);
		use(s, 1, A + 4, 1);
	}
	/* Each one's next miss is followed by its own word only; the last departures settle them. */
	evict_from_l1d(s, 0, A);
	evict_from_l1d(s, 1, A);
	assert_true(L1D(s, 0, coherence) >= 3);
	assert_int_equal(L1D(s, 0, coherence_true), 0);
	assert_int_equal(L1D(s, 1, coherence_true), 0);
	assert_int_equal(L1D(s, 0, coherence_false) + L1D(s, 1, coherence_false),
			 L1D(s, 0, coherence) + L1D(s, 1, coherence));
	tsys_free(s);
	sharing_free(sh);
}

static void test_l1d_producer_and_consumer_of_one_word_is_true_sharing(void **state)
{
	struct sharing *sh;
	struct tsys *s = tracked(2, &sh);

	for (int round = 0; round < 4; round++) {
		use(s, 0, A + 8, 1);
		use(s, 1, A + 8, 0);
	}
	assert_true(L1D(s, 1, coherence) >= 3);
	assert_int_equal(L1D(s, 1, coherence_true), L1D(s, 1, coherence));
	assert_int_equal(L1D(s, 1, coherence_false), 0);
	tsys_free(s);
	sharing_free(sh);
}

static void test_l1d_without_a_tracker_counts_neither(void **state)
{
	struct tsys *s = tsys_default(2);

	for (int round = 0; round < 3; round++) {
		tsys_write(s, 0, A);
		tsys_read(s, 1, A);
	}
	assert_true(L1D(s, 1, coherence) >= 2);
	assert_int_equal(L1D(s, 1, coherence_true) + L1D(s, 1, coherence_false), 0);
	tsys_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reading_the_word_another_hart_wrote_is_true_sharing),
		cmocka_unit_test(test_touching_only_other_words_until_departure_is_false_sharing),
		cmocka_unit_test(test_writing_the_word_another_hart_wrote_is_true_sharing),
		cmocka_unit_test(test_a_word_written_before_the_loss_does_not_make_it_true),
		cmocka_unit_test(test_a_line_both_false_and_true_settles_each_miss_on_its_own),
		cmocka_unit_test(test_a_miss_without_a_loss_is_not_pending),
		cmocka_unit_test(test_lines_report_misses_per_hart_and_who_wrote_and_read_each_word),
		cmocka_unit_test(test_l1d_pair_writing_adjacent_words_counts_false_sharing),
		cmocka_unit_test(test_l1d_producer_and_consumer_of_one_word_is_true_sharing),
		cmocka_unit_test(test_l1d_without_a_tracker_counts_neither),
	};

	return UNIT_RUN("sharing", tests);
}
