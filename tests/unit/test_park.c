// SPDX-License-Identifier: MIT
/*
 * The images a core parked on a spin loop keeps (cpu/park.h): three states
 * of some memory are linear when every 64-bit word moved by the same amount
 * from the first to the second as from the second to the third (mod 2^64);
 * then the words that moved, and only those, advance by k iterations.
 */
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#include "cpu/park.h"

/* Two regions of a shape the core's resemble: a counter block and a long one. */
struct state {
	uint64_t counters[3];
	uint64_t time;
	uint32_t flags[2];	/* two 32-bit fields in one word */
};

struct fixture {
	struct park park;
	struct state s;
	uint64_t big[40];	/* 320 bytes: several of park_linear's blocks */
};

static struct fixture *setup_fixture(void)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	park_init(&f->park);
	assert_int_equal(park_add_region(&f->park, &f->s, sizeof(f->s)), 0);
	assert_int_equal(park_add_region(&f->park, f->big, sizeof(f->big)), 0);
	assert_int_equal(park_ready(&f->park), 0);
	f->s.flags[0] = 3;
	f->s.flags[1] = 9;
	for (int i = 0; i < 40; i++)
		f->big[i] = (uint64_t)i * 1000;
	return f;
}

static void free_fixture(struct fixture *f)
{
	park_free(&f->park);
	free(f);
}

/* One iteration of a well-behaved loop: counters and time grow, nothing else. */
static void iterate(struct fixture *f)
{
	f->s.counters[0] += 2;
	f->s.counters[2] += 1;
	f->s.time += 7;
	f->big[17] += 5;
}

static void take_three(struct fixture *f, void (*step)(struct fixture *))
{
	park_take(&f->park, 0);
	step(f);
	park_take(&f->park, 1);
	step(f);
}

static void test_park_linear_loop_advances(void **state)
{
	struct fixture *f = setup_fixture();

	f->s.time = 100;
	take_three(f, iterate);
	assert_true(park_linear(&f->park));
	assert_int_equal(f->park.ndelta, 4);	/* counters[0], [2], time, big[17] */
	park_advance(&f->park, 10);
	assert_int_equal(f->s.counters[0], 2 * 12);
	assert_int_equal(f->s.counters[1], 0);
	assert_int_equal(f->s.counters[2], 12);
	assert_int_equal(f->s.time, 100 + 7 * 12);
	assert_int_equal(f->big[17], 17 * 1000 + 5 * 12);
	assert_int_equal(f->big[16], 16 * 1000);
	assert_int_equal(f->s.flags[0], 3);
	assert_int_equal(f->s.flags[1], 9);
	park_advance(&f->park, 0);	/* no iteration: nothing moves */
	assert_int_equal(f->s.time, 100 + 7 * 12);
	free_fixture(f);
}

/* A word that moves by different amounts (a time that doubles) is refused. */
static void test_park_uneven_move_refused(void **state)
{
	struct fixture *f = setup_fixture();

	f->s.time = 1;
	park_take(&f->park, 0);
	iterate(f);
	f->s.time = 2;
	park_take(&f->park, 1);
	iterate(f);
	f->s.time = 4;
	assert_false(park_linear(&f->park));
	f->s.time = 3;	/* 1, 2, 3: linear */
	assert_true(park_linear(&f->park));
	free_fixture(f);
}

/* A word that changed only in the second iteration (a flag set once) is refused. */
static void test_park_change_once_refused(void **state)
{
	struct fixture *f = setup_fixture();

	park_take(&f->park, 0);
	iterate(f);
	park_take(&f->park, 1);
	iterate(f);
	f->big[39] = 1;	/* last word of the last block */
	assert_false(park_linear(&f->park));
	f->big[39] = 39 * 1000;
	f->s.flags[1] = 10;	/* the high half of a word */
	assert_false(park_linear(&f->park));
	free_fixture(f);
}

/* Amounts are mod 2^64: a counter that wraps, or one that falls, is linear too. */
static void wraps(struct fixture *f)
{
	f->s.counters[1] += 0x8000000000000000ull;
	f->s.counters[0] -= 3;
}

static void test_park_modular_amounts(void **state)
{
	struct fixture *f = setup_fixture();

	f->s.counters[0] = 100;
	f->s.counters[1] = 5;
	take_three(f, wraps);
	assert_true(park_linear(&f->park));
	park_advance(&f->park, 3);
	assert_int_equal(f->s.counters[0], 100 - 3 * 5);
	assert_int_equal(f->s.counters[1], 5 + 0x8000000000000000ull);
	free_fixture(f);
}

static void test_park_regions_refused(void **state)
{
	struct park p;
	uint64_t words[4];

	park_init(&p);
	assert_int_equal(park_add_region(&p, words, 12), -1);	/* not whole words */
	assert_int_equal(park_add_region(&p, (char *)words + 4, 8), -1);	/* unaligned */
	for (int i = 0; i < PARK_REGIONS; i++)
		assert_int_equal(park_add_region(&p, words, sizeof(words)), 0);
	assert_int_equal(park_add_region(&p, words, sizeof(words)), -1);	/* too many */
	park_free(&p);
	park_init(&p);
	assert_int_equal(park_add_region(&p, words, sizeof(words)), 0);
	assert_int_equal(park_ready(&p), 0);
	assert_int_equal(park_add_region(&p, words, 8), -1);	/* after the images exist */
	park_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_park_linear_loop_advances),
		cmocka_unit_test(test_park_uneven_move_refused),
		cmocka_unit_test(test_park_change_once_refused),
		cmocka_unit_test(test_park_modular_amounts),
		cmocka_unit_test(test_park_regions_refused),
	};

	unit_filter();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
