// SPDX-License-Identifier: MIT
/*
 * Robustness: whatever a guest does, the model must not crash, abort or
 * hang. Each case fills RAM with seeded random code (an instruction soup,
 * soup.h: CSR, atomic, paging, trap and interrupt paths in all three
 * privilege modes), points the harts at it and runs a bounded number of
 * cycles. The test fails if the model crashes (the process dies), stops for
 * a reason other than a limit, a guest request or a detected deadlock, or
 * leaves the hart in a state no hart can be in (an unknown privilege, a
 * misaligned pc); and each test fails if its runs together did not reach
 * what the soup is for (reach_check): a stimulus that stopped reaching the
 * model's paths would pass everything, as the first soups, whose harts
 * stayed in M after a few instructions, did.
 *
 * Given a directory (its one argument) of configuration files named 1.cfg,
 * 2.cfg, ... (random valid ones, drawn by tests/sweep/randcfg: every key,
 * supports and geometry together), the last test runs a random guest under
 * each of them in both modes, so that no combination of supports meets
 * random code for the first time in a user's hands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sys/config.h"
#include "sys/machine.h"
#include "sys/param.h"

#include "soup.h"

#define CYCLES 200000
#define SEEDS 64

static int stops[STOP_INTERRUPTED + 1];	/* runs ended, by reason */
static uint64_t retired;		/* instructions retired over all runs */
/* What one test's runs reached, over all harts (reach_check). */
static struct {
	uint64_t insns[SM_MODES];	/* instructions retired, by mode */
	uint64_t interrupts;		/* interrupts taken */
	uint64_t walks;			/* TLB misses: page walks */
	uint64_t code_changed;		/* decoded words replaced: code written, or aliases */
} reach;
static const char *config_dir;		/* random configurations (N.cfg), or NULL */

/*
 * A random guest from @seed on @cores harts in @mode: with the instruction
 * prefetchers by turns, or, given @config_file, under that configuration
 * (its hart count; @cores is then 0).
 */
static void run_seed(uint64_t seed, int cores, enum sim_mode mode, const char *config_file)
{
	static const char *const prefetch[][2] = {
		{ NULL, NULL }, { "sbuf.count", "4" }, { "pf.nextline", "tagged" },
		{ "pf.guarded", "miss" }, { "sbuf.hit", "head" },
	};
	struct config cfg;
	struct machine_opts opts = { 0 };
	static struct machine m;
	char err[256];
	FILE *sink = fopen("/dev/null", "w");

	assert_non_null(sink);
	config_defaults(&cfg);
	if (config_file) {
		if (config_load(&cfg, config_file, err, sizeof(err)))
			fail_msg("%s", err);
	} else {
		cfg.cores = (uint32_t)cores;
	}
	cfg.mode = mode;
	/* The timing runs also exercise the instruction prefetchers, by turns. */
	if (!config_file) {
		int k = (int)(seed % 5);

		if (prefetch[k][0])
			assert_int_equal(config_set(&cfg, prefetch[k][0], prefetch[k][1], err,
						    sizeof(err)), 0);
		if (k == 4)
			assert_int_equal(config_set(&cfg, "sbuf.count", "2", err, sizeof(err)), 0);
		cfg.pf.guard_depth = 3;
	}
	cfg.mem_size = SOUP_RAM_BYTES;
	opts.max_cycles = CYCLES;
	opts.uart_out = sink;
	opts.uart_in_fd = -1;
	if (machine_init(&m, &cfg, &opts, err, sizeof(err)))
		fail_msg("seed %llu%s%s: %s", (unsigned long long)seed, config_file ? ", " : "",
			 config_file ? config_file : "", err);

	soup_fill(m.mm.ram, m.nharts, seed);
	for (int i = 0; i < m.nharts; i++)
		hart_reset(m.harts[i], soup_slot(i), 0);

	machine_run(&m);
	stops[m.stop.kind]++;
	retired += m.retired;
	for (int i = 0; i < m.nharts; i++) {
		const struct hart_stats *hs = hart_stats(m.harts[i]);

		for (int k = 0; k < SM_MODES; k++)
			reach.insns[k] += hs->insns.v[k];
		reach.interrupts += mctr_total(&hs->interrupts);
		reach.walks += mctr_total(&hs->itlb_misses) + mctr_total(&hs->dtlb_misses);
		reach.code_changed += mctr_total(&hs->decode_replaced);
	}
	if (m.stop.kind == STOP_INTERNAL)
		fail_msg("seed %llu%s%s: %s", (unsigned long long)seed, config_file ? ", " : "",
			 config_file ? config_file : "", m.stop.msg);
	assert_true(m.stop.kind == STOP_LIMIT || m.stop.kind == STOP_GUEST ||
		    m.stop.kind == STOP_STUCK);
	for (int i = 0; i < m.nharts; i++) {
		enum priv p = hart_priv(m.harts[i]);

		assert_true(p == PRIV_U || p == PRIV_S || p == PRIV_M);
		assert_int_equal(hart_pc(m.harts[i]) & 3, 0);
		assert_int_equal(hart_reg(m.harts[i], 0), 0);
	}
	machine_free(&m);
	fclose(sink);
}

/*
 * What one test's runs reached, printed; fails unless every privilege mode
 * retired a good share of them (a twentieth), and interrupts, page walks and
 * code changes all happened. Then starts the next test's count.
 */
static void reach_check(void)
{
	uint64_t all = reach.insns[SM_U] + reach.insns[SM_S] + reach.insns[SM_M];

	print_message("reached: %llu instructions (U %llu, S %llu, M %llu), %llu interrupts, "
		      "%llu page walks, %llu decoded words replaced\n", (unsigned long long)all,
		      (unsigned long long)reach.insns[SM_U], (unsigned long long)reach.insns[SM_S],
		      (unsigned long long)reach.insns[SM_M], (unsigned long long)reach.interrupts,
		      (unsigned long long)reach.walks, (unsigned long long)reach.code_changed);
	for (int k = 0; k < SM_MODES; k++)
		if (reach.insns[k] * 20 < all)
			fail_msg("the soup's runs kept out of mode %c: %llu of %llu instructions",
				 "USM"[k], (unsigned long long)reach.insns[k],
				 (unsigned long long)all);
	assert_true(reach.interrupts > 0);
	assert_true(reach.walks > 0);
	assert_true(reach.code_changed > 0);
	memset(&reach, 0, sizeof(reach));
}

static void test_random_guests_one_hart_never_crash(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(s, 1, MODE_FUNCTIONAL, NULL);
	print_message("%d runs hit the cycle limit, %d stopped by the guest, %d stuck; "
		      "%llu instructions retired\n", stops[STOP_LIMIT], stops[STOP_GUEST],
		      stops[STOP_STUCK], (unsigned long long)retired);
	reach_check();
}

static void test_random_guests_four_harts_never_crash(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(1000 + s, 4, MODE_FUNCTIONAL, NULL);
	reach_check();
}

static void test_random_guests_never_crash_the_timing_model(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(2000 + s, 1 + (int)(s % 4), MODE_TIMING, NULL);
	reach_check();
}

static void test_random_guests_under_random_configurations(void **state)
{
	char path[4096];
	FILE *f;
	int n;

	(void)state;
	if (!config_dir)
		skip();
	for (n = 1;; n++) {
		snprintf(path, sizeof(path), "%s/%d.cfg", config_dir, n);
		f = fopen(path, "r");
		if (!f)
			break;
		fclose(f);
		run_seed(3000 + (uint64_t)n, 0, MODE_FUNCTIONAL, path);
		run_seed(3000 + (uint64_t)n, 0, MODE_TIMING, path);
	}
	/* A directory without 1.cfg is a broken setup, not a pass. */
	if (n == 1)
		fail_msg("no configuration %s/1.cfg", config_dir);
	print_message("%d configurations, each in both modes\n", n - 1);
	reach_check();
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_guests_one_hart_never_crash),
		cmocka_unit_test(test_random_guests_four_harts_never_crash),
		cmocka_unit_test(test_random_guests_never_crash_the_timing_model),
		cmocka_unit_test(test_random_guests_under_random_configurations),
	};

	if (argc > 2) {
		fprintf(stderr, "usage: %s [CONFIG_DIR]\n", argv[0]);
		return 2;
	}
	config_dir = argc == 2 ? argv[1] : NULL;
	return cmocka_run_group_tests_name("robust", tests, NULL, NULL);
}
