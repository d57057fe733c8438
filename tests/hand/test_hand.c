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

#include "sys/machine.h"
#include "sys/report.h"

static const char *elf_dir;

static struct machine *run(const char *name, const char *sym, uint32_t value)
{
	static struct machine m;
	struct config cfg;
	struct machine_opts opts = { 0 };
	char err[512], path[512];
	uint32_t addr;

	config_defaults(&cfg);	/* the default preset: the machine the comments assume */
	cfg.cores = 2;
	opts.uart_out = stdout;
	opts.uart_in_fd = -1;
	opts.max_cycles = 50000000;
	snprintf(path, sizeof(path), "%s/%s.elf", elf_dir, name);
	assert_int_equal(machine_init(&m, &cfg, &opts, err, sizeof(err)), 0);
	if (machine_load(&m, path, err, sizeof(err)))
		fail_msg("%s", err);
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

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strided_sweep_gives_exact_l1d_and_l2_misses),
		cmocka_unit_test(test_token_passing_costs_one_upgrade_invalidation_and_transfer_per_handoff),
		cmocka_unit_test(test_same_run_twice_gives_identical_statistics),
	};

	elf_dir = argc > 1 ? argv[1] : "build/tests/hand";
	return cmocka_run_group_tests_name("hand", tests, NULL, NULL);
}
