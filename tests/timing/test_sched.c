// SPDX-License-Identifier: MIT
/*
 * The timing loop's schedule (struct core_sched): a machine of eight cores,
 * seven of them asleep in WFI, takes the pass over the awake cores only.
 * What it must keep: a core that falls asleep with a store still to drain
 * drains it; a core whose interrupt line rises acts in the very next cycle;
 * the schedule counts the cores that are awake.
 */
#include "tsys.h"

#include <stdlib.h>
#include <string.h>

#include "sys/timing.h"

#define NCORES	8
#define SPIN	(CODE + 0x100)		/* core 0's endless loop */
#define WORD(i)	(DATA + 64u * (uint32_t)(i))	/* core i's word: a line of its own */
#define WORD2(i)	((i) % 2 ? WORD(i) + 4 : WORD(i) + 1024)	/* its second word */

struct sm {
	struct rig *r;
	struct hart *h[NCORES];		/* h[0] and h[1] are the rig's */
	struct timing *t;
	uint64_t now;
};

static uint64_t no_time(void *ctx)
{
	(void)ctx;
	return 0;
}

/*
 * Every core but 0 stores 1 to its word and to a second one, then waits in
 * WFI with no interrupt enabled (mie = 0); core 0 loops. The second word is
 * in the first one's line on odd cores (its store drains while the core
 * sleeps, hitting the line the first one's fill brought), in a line of its
 * own on even ones (asleep, the core sends a second miss).
 */
static struct sm *sm_new(struct rig *r)
{
	struct sm *s = calloc(1, sizeof(*s));
	struct hart_env env;

	assert_non_null(s);
	s->r = r;
	memset(&env, 0, sizeof(env));
	env.mm = &r->mm;
	env.lr = &r->lr;
	env.read_mtime = no_time;
	env.slow_page = ~0u;
	s->h[0] = r->h;
	s->h[1] = r->h1;
	for (int i = 2; i < NCORES; i++) {
		s->h[i] = hart_new(i, &r->cfg, &env);
		assert_non_null(s->h[i]);
		rig_reset(r, s->h[i]);
	}
	rig_put(r, CODE, SW(5, 6, 0));
	rig_put(r, CODE + 4, SW(5, 8, 0));
	rig_put(r, CODE + 8, WFI);
	rig_put(r, CODE + 12, JAL(0, 0));
	rig_put(r, SPIN, ADDI(7, 7, 1));
	rig_put(r, SPIN + 4, JAL(0, -4));
	for (int i = 0; i < NCORES; i++) {
		s->h[i]->x[5] = 1;
		s->h[i]->x[6] = WORD(i);
		s->h[i]->x[8] = WORD2(i);
	}
	hart_set_pc(s->h[0], SPIN);
	s->t = calloc(1, sizeof(*s->t));
	assert_non_null(s->t);
	assert_int_equal(timing_init(s->t, &r->cfg, s->h, NCORES, &r->mm), 0);
	return s;
}

static void sm_free(struct sm *s)
{
	timing_free(s->t);
	free(s->t);
	for (int i = 2; i < NCORES; i++)
		hart_free(s->h[i]);
	free(s);
}

static void sm_run(struct sm *s, int cycles)
{
	for (int i = 0; i < cycles; i++) {
		timing_cycle(s->t, s->now);
		s->now = timing_next(s->t, s->now);
	}
}

static uint64_t insns(struct sm *s, int core)
{
	return mctr_total(&s->t->core[core].stats.insns);
}

static void test_sched_sleeping_cores_leave_the_pass_and_drain_their_stores(void **state)
{
	struct sm *s = sm_new(*state);
	struct core_sched *sc = &s->t->sched;

	assert_int_equal(__builtin_popcount(sc->awake), NCORES);
	assert_false(sc->pass & SCHED_SPARSE);	/* all awake: the common pass */
	sm_run(s, 20000);
	for (int i = 1; i < NCORES; i++) {
		/* The stores missed, and drained while their core slept in WFI. */
		assert_true(core_idle(&s->t->core[i]));
		assert_int_equal(rig_get(s->r, WORD(i)), 1);
		assert_int_equal(rig_get(s->r, WORD2(i)), 1);
		assert_int_equal(s->t->core[i].wb.count, 0);
		assert_int_equal(insns(s, i), 3);
	}
	assert_int_equal(__builtin_popcount(sc->awake), 1);
	assert_int_equal(sc->awake, 1u);
	assert_true(sc->pass & SCHED_SPARSE);
	assert_true(insns(s, 0) > 1000);	/* core 0 ran on */
	sm_free(s);
}

static void test_sched_a_raised_line_wakes_its_core_in_the_next_cycle(void **state)
{
	struct sm *s = sm_new(*state);
	struct core_sched *sc = &s->t->sched;
	uint64_t before;

	s->h[3]->mie = 1u << IRQ_MEI;	/* mstatus.MIE is 0: it ends the WFI, untaken */
	sm_run(s, 20000);
	assert_true(core_idle(&s->t->core[3]));
	assert_false(sc->awake & (1u << 3));
	hart_set_irq(s->h[3], IRQ_MTI, 1);	/* a line mie does not enable */
	assert_true(sc->awake & (1u << 3));	/* to poll */
	sm_run(s, 10);
	assert_true(core_idle(&s->t->core[3]));	/* it sleeps on, out of the pass again */
	assert_false(sc->awake & (1u << 3));
	assert_int_equal(__builtin_popcount(sc->awake), 1);
	before = insns(s, 3);
	hart_set_irq(s->h[3], IRQ_MEI, 1);
	assert_true(sc->awake & (1u << 3));	/* back in the pass, to poll */
	timing_cycle(s->t, s->now);
	assert_int_equal(insns(s, 3), before + 1);	/* the jump after WFI, at once */
	assert_false(core_idle(&s->t->core[3]));
	assert_int_equal(__builtin_popcount(sc->awake), 2);
	sm_free(s);
}

/*
 * A device that raises a line after the cores' turns in a cycle (the DMA
 * engine, the bus) wakes a core that slept through its turn: the core acts
 * in the next cycle, whatever cycle the other cores act in next.
 */
static void test_sched_a_core_woken_after_its_turn_acts_next_cycle(void **state)
{
	struct sm *s = sm_new(*state);

	s->h[3]->mie = 1u << IRQ_MEI;
	sm_run(s, 20000);
	assert_true(core_idle(&s->t->core[3]));
	timing_cycle(s->t, s->now);	/* core 3's turn in this cycle: asleep */
	s->t->busy_next = s->now + 50;	/* as if no other core acted before then */
	hart_set_irq(s->h[3], IRQ_MEI, 1);
	assert_int_equal(timing_next(s->t, s->now), s->now + 1);
	sm_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_sched_sleeping_cores_leave_the_pass_and_drain_their_stores, rig_setup,
			rig_teardown),
		cmocka_unit_test_setup_teardown(
			test_sched_a_raised_line_wakes_its_core_in_the_next_cycle, rig_setup,
			rig_teardown),
		cmocka_unit_test_setup_teardown(
			test_sched_a_core_woken_after_its_turn_acts_next_cycle, rig_setup,
			rig_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
