// SPDX-License-Identifier: MIT
/*
 * The C unit and the RTL twin of the instruction stream buffers in lockstep:
 * directed sequences (sbuf_seq.c) and seeded random stimulus (stim.c), every
 * output compared in every cycle by the generic checker (sim/cosim/twin.h).
 *
 *	SBUF_TWIN=build/rtl/sbuf-4-4-1/twin.so build/tests/cosim/test_sbuf_lockstep [CYCLES]
 *	SBUF_TWIN=... SBUF_CYCLES=1000000 SBUF_SEED=7 build/tests/cosim/test_sbuf_lockstep
 *
 * CYCLES (argument, else $SBUF_CYCLES, else 200000) is the random run's
 * length; $SBUF_SEED (default 1) its seed. The RTL's parameters are those
 * the model in $SBUF_TWIN was built with.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <cmocka.h>

#include "cosim_test.h"
#include "fst_peek.h"
#include "sbuf_seq.h"
#include "stim.h"

static uint64_t random_cycles = 200000;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void test_sbuf_lockstep_directed(void **state)
{
	int ran = 0, nb, d, h;
	struct cosim_rig g;

	assert_int_equal(cosim_rig_open(&g), 0);
	nb = g.nbufs;
	d = g.depth;
	h = g.head_only;
	cosim_rig_close(&g);
	for (int i = 0; i < sbuf_nseqs; i++) {
		const struct sbuf_seq *q = &sbuf_seqs[i];
		struct cosim_rig r;

		if (q->nbufs != nb || q->depth != d || !q->head_only != !h)
			continue;
		assert_int_equal(cosim_rig_open(&r), 0);
		for (int s = 0; s < q->nsteps; s++) {
			const struct sbuf_out *x = &q->steps[s].out;
			struct sbuf_out o;

			if (twin_check_cycle(r.k, (uint64_t)s, &q->steps[s].in, &o))
				fail_msg("%s: C and RTL differ in cycle %d", q->name, s);
			if (o.hit != x->hit || o.hit_avail != x->hit_avail ||
			    o.hit_buf != x->hit_buf || o.req_valid != x->req_valid ||
			    o.req_line != x->req_line)
				fail_msg("%s: cycle %d differs from the expectation", q->name, s);
		}
		cosim_rig_close(&r);
		ran++;
	}
	print_message("directed: %d sequences for %d x %d%s\n", ran, nb, d,
		      h ? ", head only" : "");
	assert_true(ran > 0);
}

/* What the random run exercised. */
struct cover {
	uint64_t lookups, hits, hits_avail, hits_deep, misses, replaced, reqs, fills, flushes;
	uint64_t same_cycle_fills;
};

/* The entry @in's lookup hits in the C unit's state before the cycle, or -1. */
static int hit_entry(const struct sbuf *c, const struct sbuf_in *in)
{
	for (int b = 0; in->lookup_valid && b < c->nbufs; b++)
		for (int e = 0; c->q.valid[b] && e < (c->head_only ? 1 : c->depth); e++)
			if (c->q.e[b][e].line == in->lookup_line)
				return e;
	return -1;
}

static int all_valid(const struct sbuf *c)
{
	int full = 1;

	for (int b = 0; b < c->nbufs; b++)
		full &= c->q.valid[b];
	return full;
}

/* @he and @full: hit_entry() and all_valid() before the cycle. */
static void cover(struct cover *cv, const struct sbuf_in *in, const struct sbuf_out *o, int he,
		  int full)
{
	cv->flushes += in->flush;
	cv->fills += in->fill_valid;
	cv->reqs += o->req_valid && in->req_ready;
	if (!in->lookup_valid)
		return;
	cv->lookups++;
	if (!o->hit) {
		cv->misses++;
		cv->replaced += full;
		return;
	}
	cv->hits++;
	cv->hits_avail += o->hit_avail;
	cv->hits_deep += o->hit_avail && he > 0;
}

static void test_sbuf_lockstep_random(void **state)
{
	struct cosim_rig r;
	struct stim st;
	struct cover cv = { 0 };
	uint64_t seed = env_u64("SBUF_SEED", 1), checked = 0;
	double t0;

	assert_int_equal(cosim_rig_open(&r), 0);
	stim_init(&st, seed);
	t0 = now();
	for (uint64_t cyc = 0; cyc < random_cycles; cyc++) {
		struct sbuf_in in;
		struct sbuf_out o;

		if (cyc == random_cycles / 2) {	/* reset both halfway */
			checked += twin_check_cycles(r.k);
			cosim_rig_close(&r);
			assert_int_equal(cosim_rig_open(&r), 0);
		}
		stim_inputs(&st, &in);
		/* Now and then a fill of the line requested in this very cycle. */
		if (!in.fill_valid && in.req_ready && (cyc & 7) == 3) {
			struct sbuf peek = r.c;

			sbuf_eval(&peek, &in, &o);
			if (o.req_valid) {
				in.fill_valid = 1;
				in.fill_line = o.req_line;
				cv.same_cycle_fills++;
			}
		}
		int he = hit_entry(&r.c, &in), full = all_valid(&r.c);

		if (twin_check_cycle(r.k, cyc, &in, &o))
			fail_msg("seed %llu: C and RTL differ in cycle %llu (waveform %s)",
				 (unsigned long long)seed, (unsigned long long)cyc,
				 twin_check_wave_path(r.k) ? twin_check_wave_path(r.k) : "none");
		cover(&cv, &in, &o, he, full);
		stim_observe(&st, &in, &o);
	}
	double dt = now() - t0;

	print_message("random: %llu cycles, seed %llu, %d x %d%s: %.2f s, %.0f cycles/s\n",
		      (unsigned long long)random_cycles, (unsigned long long)seed, r.nbufs,
		      r.depth, r.head_only ? " head only" : "", dt, random_cycles / dt);
	print_message("  lookups %llu hits %llu (arrived %llu, behind the head %llu) misses %llu "
		      "(replacing %llu) requests %llu fills %llu (same cycle %llu) flushes %llu\n",
		      (unsigned long long)cv.lookups, (unsigned long long)cv.hits,
		      (unsigned long long)cv.hits_avail, (unsigned long long)cv.hits_deep,
		      (unsigned long long)cv.misses, (unsigned long long)cv.replaced,
		      (unsigned long long)cv.reqs, (unsigned long long)cv.fills,
		      (unsigned long long)cv.same_cycle_fills, (unsigned long long)cv.flushes);
	assert_int_equal(checked + twin_check_cycles(r.k), random_cycles);
	assert_int_equal(twin_check_mismatches(r.k), 0);
	/* The stimulus must keep the interesting cases frequent. */
	if (random_cycles >= 100000) {
		assert_true(cv.hits_avail * 20 > cv.lookups);
		assert_true(cv.hits > cv.hits_avail);
		assert_true(cv.replaced > 100 && cv.flushes > 5 && cv.same_cycle_fills > 100);
		if (!r.head_only && r.depth > 1)
			assert_true(cv.hits_deep > 100);
	}
	cosim_rig_close(&r);
}

/* The on-demand dump (--waves) writes a file GTKWave's reader understands. */
static void test_sbuf_wave_dump_readable(void **state)
{
	char path[256];
	const struct twin *t = twin_find("sbuf", 4);
	const struct port_unit *u = &t->ports;
	struct port_wave *w;
	struct fst_peek p;
	struct stat sb;
	struct sbuf c;
	struct stim st;

	mkdir(wave_dir(), 0777);
	snprintf(path, sizeof(path), "%s/sbuf-dump-test.fst", wave_dir());
	w = port_wave_open(path, &u, 1);
	assert_non_null(w);
	sbuf_init(&c, 4, 4, 0);
	stim_init(&st, 5);
	for (uint64_t cyc = 0; cyc < 300; cyc++) {
		struct sbuf_in in;
		struct sbuf_out o, bad;

		stim_inputs(&st, &in);
		sbuf_eval(&c, &in, &o);
		bad = o;
		bad.req_line ^= cyc == 250;	/* one made-up difference */
		if (cyc >= 100)
			port_wave_sample(w, 0, cyc, &in, &o, cyc < 200 ? NULL : &bad);
		if (cyc == 270) {
			/* A second step in the same cycle: 1 ps later, hiding neither. */
			bad.req_line ^= 2;
			port_wave_sample(w, 0, cyc, &in, &o, &bad);
		}
		stim_observe(&st, &in, &o);
		sbuf_tick(&c);
	}
	assert_int_equal(port_wave_close(w), 0);
	assert_int_equal(stat(path, &sb), 0);
	assert_true(sb.st_size > 0);
	assert_int_equal(fst_peek(path, 250, &p), 0);
	assert_true(p.scopes);
	assert_int_equal(p.nvars, 17);
	assert_int_equal(p.start, 100);
	assert_int_equal(p.end, 300);
	assert_int_equal(p.mismatch_at, 1);
	assert_int_equal(p.req_line_c ^ p.req_line_rtl, 1);
	assert_int_equal(fst_peek(path, 150, &p), 0);
	assert_int_equal(p.mismatch_at, -1);	/* no RTL outputs: x */
	assert_int_equal(p.req_line_rtl, -1);
	assert_int_equal(fst_peek(path, 260, &p), 0);
	assert_int_equal(p.mismatch_at, 0);
	assert_int_equal(fst_peek_step(path, 270, 0, &p), 0);
	assert_int_equal(p.mismatch_at, 0);
	assert_int_equal(fst_peek_step(path, 270, 1, &p), 0);
	assert_int_equal(p.mismatch_at, 1);
	assert_int_equal(p.req_line_c ^ p.req_line_rtl, 2);
	assert_int_equal(fst_peek_step(path, 271, 0, &p), 0);
	assert_int_equal(p.mismatch_at, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbuf_lockstep_directed),
		cmocka_unit_test(test_sbuf_lockstep_random),
		cmocka_unit_test(test_sbuf_wave_dump_readable),
	};
	const char *f = getenv("UNIT_FILTER");

	random_cycles = argc > 1 ? strtoull(argv[1], NULL, 0) : env_u64("SBUF_CYCLES", 200000);
	if (f && *f)
		cmocka_set_test_filter(f);
	return cmocka_run_group_tests_name("sbuf_lockstep", tests, NULL, NULL);
}
