// SPDX-License-Identifier: MIT
/*
 * The sim-control port's registers and the scheduler checker, driven by
 * writes as a kernel makes them: an idle hart beside a waiting process is
 * reported over the threshold and not under it, with the right harts.
 */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#include "dev/simctl.h"
#include "sys/schedcheck.h"

struct rig_sched {
	uint64_t now;
	struct simctl port;
	struct schedcheck sc;
	char *text;
	size_t len;
	FILE *out;
};

static struct rig_sched *make(uint64_t threshold)
{
	static const uint32_t ratio[4] = { 1, 1, 1, 1 };
	struct rig_sched *r = calloc(1, sizeof(*r));

	r->out = open_memstream(&r->text, &r->len);
	simctl_init(&r->port, 4, &r->now, ratio, 0);
	schedcheck_init(&r->sc, 4, threshold, r->out);
	assert_int_equal(simctl_listen(&r->port, schedcheck_event, &r->sc), 0);
	return r;
}

static void drop(struct rig_sched *r)
{
	fclose(r->out);
	free(r->text);
	free(r);
}

/* One event from @hart's block at cycle @at, as the kernel writes it. */
static void ev(struct rig_sched *r, uint64_t at, int hart, uint32_t code, uint32_t a0,
	       uint32_t a1, uint32_t a2)
{
	uint32_t base = 64u * (uint32_t)hart;

	r->now = at;
	assert_int_equal(simctl_ops.write(&r->port, base + 0x0, 4, a0), 0);
	assert_int_equal(simctl_ops.write(&r->port, base + 0x4, 4, a1), 0);
	assert_int_equal(simctl_ops.write(&r->port, base + 0x8, 4, a2), 0);
	assert_int_equal(simctl_ops.write(&r->port, base + 0xc, 4, code), 0);
}

static void name(struct rig_sched *r, int hart, const char *s)
{
	uint32_t w[4] = { 0 };

	memcpy(w, s, strlen(s));	/* little-endian host, as the guest */
	for (int i = 0; i < 4; i++)
		assert_int_equal(simctl_ops.write(&r->port, 64u * hart + 0x10 + 4 * i, 4, w[i]), 0);
}

static void test_registers(void **state)
{
	struct rig_sched *r = make(10);
	uint32_t v = 0;

	assert_int_equal(simctl_ops.read(&r->port, 0x20, 4, &v), 0);
	assert_int_equal(v, 0x4c544353u);
	assert_int_equal(simctl_ops.read(&r->port, 0x21, 1, &v), -1);	/* words only */
	assert_int_equal(simctl_ops.write(&r->port, 64 * 4, 4, 1), -1);	/* no hart 4 */
	ev(r, 5, 1, 99, 0, 0, 0);					/* unknown code */
	assert_int_equal(r->port.bad_codes, 1);
	assert_int_equal(r->sc.events, 0);
	drop(r);
}

static void test_idle_beside_waiting(void **state)
{
	struct rig_sched *r = make(1000);

	name(r, 0, "worker");
	ev(r, 10, 0, SIMCTL_SWITCH, 0, 7, 0);		/* pid 7 "worker" runs on hart 0 */
	ev(r, 100, 2, SIMCTL_IDLE_ENTER, 0, 0, 0);	/* hart 2 idles */
	ev(r, 200, 0, SIMCTL_ENQUEUE, 7, 0, 1);		/* pid 7 waits on hart 0 */
	ev(r, 700, 0, SIMCTL_DEQUEUE, 7, 0, 0);		/* 500 cycles: under the threshold */
	ev(r, 1000, 0, SIMCTL_ENQUEUE, 7, 0, 1);
	ev(r, 3500, 2, SIMCTL_IDLE_EXIT, 0, 0, 0);	/* 2500 cycles: over */
	ev(r, 3600, 0, SIMCTL_DEQUEUE, 7, 0, 0);
	schedcheck_finish(&r->sc, 4000);
	fflush(r->out);
	assert_int_equal(r->sc.intervals, 1);
	assert_int_equal(r->sc.wasted, 2500);
	assert_non_null(strstr(r->text, "hart 2 idle for cycles 1000-3500 (2500 cycles) while "
				   "pid 7 (worker) waited in hart 0's run queue"));
	assert_int_equal(r->sc.lost_events, 0);
	drop(r);
}

/* A process waiting in the idle hart's own queue is not the checker's business. */
static void test_own_queue_is_not_counted(void **state)
{
	struct rig_sched *r = make(10);

	ev(r, 100, 3, SIMCTL_IDLE_ENTER, 0, 0, 0);
	ev(r, 200, 1, SIMCTL_ENQUEUE, 4, 3, 1);
	ev(r, 9000, 3, SIMCTL_IDLE_EXIT, 0, 0, 0);
	schedcheck_finish(&r->sc, 10000);
	assert_int_equal(r->sc.intervals, 0);
	assert_int_equal(r->sc.wasted, 0);
	drop(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registers),
		cmocka_unit_test(test_idle_beside_waiting),
		cmocka_unit_test(test_own_queue_is_not_counted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
