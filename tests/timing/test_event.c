// SPDX-License-Identifier: MIT
/* The event calendar: ordering by cycle, ties in scheduling order, same-cycle chains. */
#include "tsys.h"

struct log {
	uint64_t arg[64], when[64];
	int n;
	struct event_queue *q;
};

static void record(void *ctx, uint64_t arg, uint64_t now)
{
	struct log *l = ctx;

	l->arg[l->n] = arg;
	l->when[l->n++] = now;
}

/* Schedules a follow-up (arg + 100) for the same cycle. */
static void chain(void *ctx, uint64_t arg, uint64_t now)
{
	struct log *l = ctx;

	record(ctx, arg, now);
	if (arg < 100)
		eventq_at(l->q, now, chain, ctx, arg + 100);
}

static void test_event_runs_in_cycle_order(void **state)
{
	struct event_queue q;
	struct log l = { .n = 0 };

	eventq_init(&q);
	eventq_at(&q, 30, record, &l, 3);
	eventq_at(&q, 10, record, &l, 1);
	eventq_at(&q, 20, record, &l, 2);
	assert_int_equal(eventq_next(&q), 10);
	eventq_run(&q, 19);
	assert_int_equal(l.n, 1);
	assert_int_equal(eventq_next(&q), 20);
	eventq_run(&q, 100);
	assert_int_equal(l.n, 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(l.arg[i], i + 1);
		assert_int_equal(l.when[i], 10 * (i + 1));
	}
	assert_int_equal(eventq_next(&q), UINT64_MAX);
	eventq_free(&q);
}

static void test_event_ties_run_in_scheduling_order(void **state)
{
	struct event_queue q;
	struct log l = { .n = 0 };

	eventq_init(&q);
	for (uint64_t i = 0; i < 40; i++)
		eventq_at(&q, 5 + (i % 2), record, &l, i);	/* evens at 5, odds at 6 */
	eventq_run(&q, 6);
	assert_int_equal(l.n, 40);
	for (int i = 0; i < 20; i++) {
		assert_int_equal(l.arg[i], 2 * i);
		assert_int_equal(l.arg[20 + i], 2 * i + 1);
	}
	eventq_free(&q);
}

static void test_event_scheduled_for_now_runs_in_the_same_call(void **state)
{
	struct event_queue q;
	struct log l = { .n = 0, .q = &q };

	eventq_init(&q);
	eventq_at(&q, 8, chain, &l, 1);
	eventq_run(&q, 8);
	assert_int_equal(l.n, 2);
	assert_int_equal(l.arg[1], 101);
	assert_int_equal(l.when[1], 8);
	eventq_free(&q);
}

static void test_event_late_run_passes_the_scheduled_cycle(void **state)
{
	struct event_queue q;
	struct log l = { .n = 0 };

	eventq_init(&q);
	eventq_at(&q, 12, record, &l, 7);
	eventq_run(&q, 50);
	assert_int_equal(l.when[0], 12);
	eventq_free(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_runs_in_cycle_order),
		cmocka_unit_test(test_event_ties_run_in_scheduling_order),
		cmocka_unit_test(test_event_scheduled_for_now_runs_in_the_same_call),
		cmocka_unit_test(test_event_late_run_passes_the_scheduled_cycle),
	};

	return UNIT_RUN("event", tests);
}
