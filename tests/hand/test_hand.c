// SPDX-License-Identifier: MIT
/*
 * Hand-computable checks of the timing model on firmware: the expected
 * numbers are derived in each program's comment from the default preset's
 * cache geometry, not taken from a run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <stdlib.h>

#include "cpu/ipf_sbuf.h"
#include "sys/machine.h"
#include "sys/report.h"

static const char *elf_dir;

/* The statistics sources of the instruction prefetchers (mem/prefetcher.h). */
#define PF_NEXTLINE pf_source(&ipf_engine_prefetcher)
#define PF_GUARDED (pf_source(&ipf_engine_prefetcher) + 1)
#define PF_SBUF pf_source(&ipf_sbuf_prefetcher)

/* Runs @name with the default preset, then the "key=value" settings in @sets (NULL-ended). */
/* A timing_ready hook: step every core's stream buffers every cycle, as co-simulation does. */
static int always_step(struct machine *m, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < m->timing->ncores; i++)
		((struct ipf_sbuf *)pf_set_find(&m->timing->core[i].pf, &ipf_sbuf_prefetcher))
			->sb_tap.always = 1;
	return 0;
}

static int (*ready_hook)(struct machine *m, void *ctx);

/* Sets @m up to run @name with the default preset and the settings @sets (NULL-ended). */
static void load_with(struct machine *m, const char *name, const char *const *sets)
{
	struct config cfg;
	struct machine_opts opts = { 0 };
	char err[512], path[512], kv[128];

	config_defaults(&cfg);	/* the default preset: the machine the comments assume */
	cfg.cores = 2;
	for (; sets && *sets; sets++) {
		char *eq;

		snprintf(kv, sizeof(kv), "%s", *sets);
		eq = strchr(kv, '=');
		assert_non_null(eq);
		*eq = '\0';
		if (config_set(&cfg, kv, eq + 1, err, sizeof(err)))
			fail_msg("%s", err);
	}
	assert_int_equal(config_check(&cfg, err, sizeof(err)), 0);
	opts.uart_out = stdout;
	opts.uart_in_fd = -1;
	opts.max_cycles = 50000000;
	opts.timing_ready = ready_hook;
	snprintf(path, sizeof(path), "%s/%s.elf", elf_dir, name);
	assert_int_equal(machine_init(m, &cfg, &opts, err, sizeof(err)), 0);
	if (machine_load(m, path, err, sizeof(err)))
		fail_msg("%s", err);
}

static struct machine *run_with(const char *name, const char *sym, uint32_t value,
				const char *const *sets)
{
	static struct machine m;
	uint32_t addr;

	load_with(&m, name, sets);
	if (sym) {
		assert_int_equal(symtab_find(&m.syms, sym, &addr), 0);
		assert_int_equal(memmap_write(&m.mm, addr, 4, value), 0);
	}
	machine_run(&m);
	assert_int_equal(m.stop.kind, STOP_GUEST);
	assert_int_equal(m.stop.status, 0);
	assert_non_null(m.timing);
	return &m;
}

static struct machine *run(const char *name, const char *sym, uint32_t value)
{
	return run_with(name, sym, value, NULL);
}

static uint32_t sym(const struct machine *m, const char *name)
{
	uint32_t a = 0;

	assert_int_equal(symtab_find(&m->syms, name, &a), 0);
	return a;
}

static uint64_t u(const struct mctr *c)
{
	return c->v[SM_U];
}

static void test_strided_sweep_gives_exact_l1d_and_l2_misses(void **state)
{
	struct machine *m = run("sweep", NULL, 0);
	const struct timing *t = m->timing;

	(void)state;
	assert_int_equal(u(&t->l1d[0].stats.misses), 4096);
	assert_int_equal(u(&t->l1d[0].stats.compulsory), 2048);
	assert_int_equal(u(&t->l1d[0].stats.capacity), 2048);
	assert_int_equal(u(&t->l1d[0].stats.conflict), 0);
	assert_int_equal(u(&t->l1d[0].stats.accesses), 4096);
	assert_int_equal(u(&t->l1i[0].stats.misses), 2);
	assert_int_equal(u(&t->l2[0].stats.misses), 1024 + 1);
	assert_int_equal(u(&t->l2[0].stats.accesses), 4096 + 2);
	assert_int_equal(u(&t->core[0].stats.loads), 4096);
	machine_free(m);
}

struct token_counts {
	uint64_t upgrades, invalidations, c2c, busrd;
};

static struct token_counts token(uint32_t rounds)
{
	struct machine *m = run("token", "rounds", rounds);
	const struct timing *t = m->timing;
	struct token_counts c = { 0 };

	for (int h = 0; h < 2; h++) {
		c.upgrades += u(&t->bus.stats[t->l2[h].agent].busupgr);
		c.c2c += u(&t->bus.stats[t->l2[h].agent].c2c);
		c.busrd += u(&t->bus.stats[t->l2[h].agent].busrd);
		c.invalidations += u(&t->l2[h].stats.snoop_invalidations);
	}
	machine_free(m);
	return c;
}

static void test_token_passing_costs_one_upgrade_invalidation_and_transfer_per_handoff(void **s)
{
	struct token_counts a = token(100), b = token(150);

	(void)s;
	/* 50 more rounds: 100 more hand-offs. */
	assert_int_equal(b.upgrades - a.upgrades, 100);
	assert_int_equal(b.invalidations - a.invalidations, 100);
	assert_int_equal(b.c2c - a.c2c, 100);
	assert_int_equal(b.busrd - a.busrd, 100);
}

static void test_same_run_twice_gives_identical_statistics(void **s)
{
	char *out[2];
	size_t len[2];

	(void)s;
	for (int i = 0; i < 2; i++) {
		FILE *f = open_memstream(&out[i], &len[i]);
		struct machine *m = run("token", "rounds", 40);

		report_json(m, f);
		fclose(f);
		machine_free(m);
	}
	assert_int_equal(len[0], len[1]);
	assert_memory_equal(out[0], out[1], len[0]);
	free(out[0]);
	free(out[1]);
}

/* ---- instruction-side prefetching ------------------------------------- */

/*
 * straight.S: L lines from `straight` to `straight_end`, the last holding the
 * ecall, which only the final pass fetches; every other line misses on both
 * passes (the code is three times the L1I).
 */
static uint64_t straight_baseline(const struct machine *m)
{
	uint32_t lines = (sym(m, "straight_end") - sym(m, "straight")) / 32;

	return 2 * (uint64_t)(lines - 1) + 1;
}

static void test_prefetchers_off_give_the_exact_baseline_misses(void **state)
{
	struct machine *m = run("straight", NULL, 0);
	const struct l1 *l1i = &m->timing->l1i[0];

	(void)state;
	assert_int_equal(u(&l1i->stats.misses), straight_baseline(m));
	assert_int_equal(u(&l1i->stats.side_hits), 0);
	/* mcycle, and the hart's cycle counters, count the timing model's cycles */
	for (int i = 0; i < m->nharts; i++) {
		assert_int_equal(mctr_total(&hart_stats(m->harts[i])->cycles),
				 mctr_total(&m->timing->core[i].stats.cycles));
		assert_int_equal(hart_cycles(m->harts[i]), m->now);
	}
	for (int k = PF_SOFTWARE; k < PF_MAX_SOURCES; k++) {
		assert_int_equal(mctr_total(&l1i->pfs[k].issued), 0);
		assert_int_equal(mctr_total(&l1i->pfs[k].useful), 0);
	}
	machine_free(m);
}

static void test_stream_buffers_remove_at_least_half_the_straight_line_misses(void **state)
{
	static const char *const sets[] = { "sbuf.count=4", "sbuf.depth=4", NULL };
	struct machine *m = run_with("straight", NULL, 0, sets);
	const struct l1 *l1i = &m->timing->l1i[0];
	uint64_t base = straight_baseline(m);
	uint64_t removed = u(&l1i->stats.side_hits);

	(void)state;
	/* the misses that still reach the L2 are those the buffers did not serve */
	assert_true(removed * 2 >= base);
	assert_true(u(&l1i->stats.misses) - removed <= base / 2);
	/* useful also counts lines a dropped stream brought in for a demand miss */
	assert_true(u(&l1i->pfs[PF_SBUF].useful) >= removed);
	machine_free(m);
}

static void test_tagged_next_line_prefetch_hides_straight_line_misses(void **state)
{
	static const char *const sets[] = { "pf.nextline=tagged", NULL };
	struct machine *m = run_with("straight", NULL, 0, sets);
	const struct l1 *l1i = &m->timing->l1i[0];

	(void)state;
	assert_true(u(&l1i->stats.misses) * 2 < straight_baseline(m));
	assert_true(u(&l1i->pfs[PF_NEXTLINE].useful) * 2 >= straight_baseline(m));
	machine_free(m);
}

/* Is the line holding @addr in core 0's L1I? */
static int in_l1i(struct machine *m, uint32_t addr)
{
	struct l1 *l1i = &m->timing->l1i[0];

	return carray_find(&l1i->ctl.arr, carray_line(&l1i->ctl.arr, addr)) != NULL;
}

static void test_guarded_prefetcher_stops_at_the_guarded_jump(void **state)
{
	static const char *const sets[] = { "pf.guarded=miss", "pf.guard_depth=4", NULL };
	struct machine *m = run_with("guard", NULL, 0, sets);
	const struct l1 *l1i = &m->timing->l1i[0];
	uint32_t seq = sym(m, "seq");

	(void)state;
	/* one run, from seq's miss: seq+1 only; seq+2 holds the guarded jump */
	assert_int_equal(u(&l1i->pfs[PF_GUARDED].issued), 1);
	assert_int_equal(u(&l1i->pfs[PF_GUARDED].useful), 1);
	assert_true(in_l1i(m, seq + 32));
	for (uint32_t k = 3; k < 8; k++)
		assert_false(in_l1i(m, seq + 32 * k));	/* nothing past the jump */
	machine_free(m);
}

static void test_guarded_prefetcher_may_fetch_the_guard_line(void **state)
{
	static const char *const sets[] = { "pf.guarded=miss", "pf.guard_depth=4",
					    "pf.guard_line=fetch", NULL };
	struct machine *m = run_with("guard", NULL, 0, sets);
	const struct l1 *l1i = &m->timing->l1i[0];
	uint32_t seq = sym(m, "seq");

	(void)state;
	assert_int_equal(u(&l1i->pfs[PF_GUARDED].issued), 2);	/* seq+1 and seq+2 */
	for (uint32_t k = 3; k < 8; k++)
		assert_false(in_l1i(m, seq + 32 * k));
	machine_free(m);
}

static void test_without_guard_bits_it_is_plain_sequential_prefetch(void **state)
{
	static const char *const sets[] = { "pf.guarded=miss", "pf.guard_depth=4", NULL };
	struct machine *m = run_with("guard-noguards", NULL, 0, sets);
	uint32_t seq = sym(m, "seq");

	(void)state;
	/* bounded by the depth only: it runs on past the jump */
	assert_true(in_l1i(m, seq + 32 * 3));
	assert_true(in_l1i(m, seq + 32 * 4));
	machine_free(m);
}

static void test_guarded_prefetcher_is_off_where_the_page_does_not_enable_it(void **state)
{
	static const char *const sets[] = { "pf.guarded=miss", NULL };
	struct machine *m = run_with("guard", "pfctl", 0, sets);

	(void)state;
	assert_int_equal(mctr_total(&m->timing->l1i[0].pfs[PF_GUARDED].issued), 0);
	machine_free(m);
}

static void test_sequential_prefetch_wastes_lines_on_scattered_routines(void **state)
{
	static const char *const sets[] = { "pf.nextline=always", "pf.degree=2", NULL };
	struct machine *m = run_with("scatter", NULL, 0, sets);
	const struct pf_stats *pf = &m->timing->l1i[0].pfs[PF_NEXTLINE];

	(void)state;
	/* past each routine's ret lie lines never executed: some prefetches are useless */
	assert_true(u(&pf->issued) > 0);
	assert_true(mctr_total(&pf->useless) > 0);
	machine_free(m);
}

static void test_observing_the_stream_buffers_every_cycle_changes_nothing(void **state)
{
	static const char *const sets[] = { "sbuf.count=4", NULL };
	struct machine *m;
	uint64_t cycles, insns, useful;

	(void)state;
	m = run_with("straight", NULL, 0, sets);
	cycles = m->now;
	insns = m->retired;
	useful = mctr_total(&m->timing->l1i[0].pfs[PF_SBUF].useful);
	machine_free(m);
	ready_hook = always_step;
	m = run_with("straight", NULL, 0, sets);
	ready_hook = NULL;
	assert_int_equal(m->now, cycles);
	assert_int_equal(m->retired, insns);
	assert_int_equal(mctr_total(&m->timing->l1i[0].pfs[PF_SBUF].useful), useful);
	machine_free(m);
}

static void test_stride_prefetcher_removes_most_sweep_misses(void **state)
{
	static const char *const sets[] = { "dpf.stride=2", NULL };
	struct machine *m;
	const struct pf_stats *pf;
	uint64_t cycles;

	(void)state;
	m = run("sweep", NULL, 0);
	cycles = m->now;
	machine_free(m);
	m = run_with("sweep", NULL, 0, sets);
	pf = &m->timing->l1d[0].pfs[pf_source(&dpf_stride_prefetcher)];
	/* the same 4096 loads, one per line in order: a stride of one line */
	assert_int_equal(u(&m->timing->l1d[0].stats.accesses), 4096);
	/* the 4096 misses of test_strided_sweep_gives_exact_l1d_and_l2_misses: most go */
	assert_true(u(&m->timing->l1d[0].stats.misses) < 4096 / 2);
	assert_true(u(&pf->useful) > 4096 / 2);
	assert_true(m->now < cycles);
	machine_free(m);
}

/* A tap that runs the C stream buffers alone but reports a mismatch at the first lookup. */
static void mismatch_at_lookup(struct unit_tap *tap, uint64_t cycle, const void *in, void *out)
{
	(void)cycle;
	sbuf_eval(tap->c_unit, in, out);
	if (((const struct sbuf_in *)in)->lookup_valid)
		tap->failed = 1;
}

static void tick_c_unit(struct unit_tap *tap)
{
	sbuf_tick(tap->c_unit);
}

static int install_mismatch(struct machine *m, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < m->timing->ncores; i++) {
		struct ipf_sbuf *p = pf_set_find(&m->timing->core[i].pf, &ipf_sbuf_prefetcher);

		p->sb_tap.eval = mismatch_at_lookup;
		p->sb_tap.tick = tick_c_unit;
	}
	return 0;
}

static void test_a_cosimulation_mismatch_stops_the_run_as_cosim(void **state)
{
	static const char *const sets[] = { "sbuf.count=4", NULL };
	static struct machine m;

	(void)state;
	ready_hook = install_mismatch;
	load_with(&m, "straight", sets);
	ready_hook = NULL;
	machine_run(&m);
	assert_int_equal(m.stop.kind, STOP_COSIM);
	assert_int_equal(m.stop.status, EXIT_COSIM);
	assert_non_null(strstr(m.stop.msg, "core 0's RTL twins"));
	machine_free(&m);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strided_sweep_gives_exact_l1d_and_l2_misses),
		cmocka_unit_test(test_token_passing_costs_one_upgrade_invalidation_and_transfer_per_handoff),
		cmocka_unit_test(test_same_run_twice_gives_identical_statistics),
		cmocka_unit_test(test_prefetchers_off_give_the_exact_baseline_misses),
		cmocka_unit_test(test_stream_buffers_remove_at_least_half_the_straight_line_misses),
		cmocka_unit_test(test_tagged_next_line_prefetch_hides_straight_line_misses),
		cmocka_unit_test(test_guarded_prefetcher_stops_at_the_guarded_jump),
		cmocka_unit_test(test_guarded_prefetcher_may_fetch_the_guard_line),
		cmocka_unit_test(test_without_guard_bits_it_is_plain_sequential_prefetch),
		cmocka_unit_test(test_guarded_prefetcher_is_off_where_the_page_does_not_enable_it),
		cmocka_unit_test(test_sequential_prefetch_wastes_lines_on_scattered_routines),
		cmocka_unit_test(test_observing_the_stream_buffers_every_cycle_changes_nothing),
		cmocka_unit_test(test_stride_prefetcher_removes_most_sweep_misses),
		cmocka_unit_test(test_a_cosimulation_mismatch_stops_the_run_as_cosim),
	};

	elf_dir = argc > 1 ? argv[1] : "build/tests/hand";
	return cmocka_run_group_tests_name("hand", tests, NULL, NULL);
}
