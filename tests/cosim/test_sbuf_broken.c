// SPDX-License-Identifier: MIT
/*
 * The checker catches a wrong RTL: given ($SBUF_TWIN) the SBUF_BROKEN build of
 * rtl/sbuf.sv (a fill becomes available a cycle late), it must report a
 * mismatch and write a non-empty waveform of the window before it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "cosim_test.h"
#include "fst_peek.h"
#include "sbuf_seq.h"
#include "stim.h"

static void assert_wave(const struct twin_check *k, uint64_t cycle, uint64_t first)
{
	const char *path = twin_check_wave_path(k);
	char want[256];
	struct stat sb;
	struct fst_peek p;

	assert_non_null(path);
	snprintf(want, sizeof(want), "%s/sbuf-mismatch-%llu.fst", wave_dir(),
		 (unsigned long long)cycle);
	assert_string_equal(path, want);
	assert_int_equal(stat(path, &sb), 0);
	assert_true(sb.st_size > 0);
	assert_int_equal(fst_peek(path, cycle, &p), 0);
	assert_true(p.scopes);
	assert_int_equal(p.start, first);
	assert_int_equal(p.end, cycle + 1);
	assert_int_equal(p.mismatch_at, 1);
	if (cycle > first) {
		assert_int_equal(fst_peek(path, first, &p), 0);
		assert_int_equal(p.mismatch_at, 0);
	}
}

/* The directed fill sequence: the late fill shows in cycle 5 exactly. */
static void test_sbuf_broken_late_fill_caught(void **state)
{
	const struct sbuf_seq *q = sbuf_seq_find("fill_timing");
	struct cosim_rig r;
	int bad = -1;

	assert_int_equal(cosim_rig_open(&r), 0);
	assert_string_equal(r.rtl->variant, "sbuf-broken");
	assert_int_equal(r.nbufs, q->nbufs);
	for (int s = 0; s < q->nsteps && bad < 0; s++) {
		struct sbuf_out o;

		if (twin_check_cycle(r.k, (uint64_t)s, &q->steps[s].in, &o))
			bad = s;
	}
	assert_int_equal(bad, 5);
	assert_int_equal(twin_check_mismatches(r.k), 1);
	assert_int_equal(((const struct sbuf_out *)twin_check_rtl_out(r.k))->hit_avail, 0);
	assert_wave(r.k, 5, 0);
	cosim_rig_close(&r);
}

/* Random stimulus finds it too, and the waveform holds the window before it. */
static void test_sbuf_broken_random_caught(void **state)
{
	struct cosim_rig r;
	struct stim st;
	uint64_t cyc, limit = 200000;

	assert_int_equal(cosim_rig_open(&r), 0);
	stim_init(&st, env_u64("SBUF_SEED", 1));
	for (cyc = 1000; cyc < 1000 + limit; cyc++) {
		struct sbuf_in in;
		struct sbuf_out o;

		stim_inputs(&st, &in);
		if (twin_check_cycle(r.k, cyc, &in, &o))
			break;
		stim_observe(&st, &in, &o);
	}
	assert_true(cyc < 1000 + limit);
	print_message("broken RTL caught in cycle %llu\n", (unsigned long long)cyc);
	assert_wave(r.k, cyc, cyc - 1000 + 1 >= COSIM_WINDOW ? cyc + 1 - COSIM_WINDOW : 1000);
	cosim_rig_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbuf_broken_late_fill_caught),
		cmocka_unit_test(test_sbuf_broken_random_caught),
	};
	const char *f = getenv("UNIT_FILTER");

	if (f && *f)
		cmocka_set_test_filter(f);
	return cmocka_run_group_tests_name("sbuf_broken", tests, NULL, NULL);
}
