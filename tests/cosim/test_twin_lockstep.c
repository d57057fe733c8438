// SPDX-License-Identifier: MIT
/*
 * Any registered unit in lockstep with its RTL twin on the generic random
 * stimulus (sim/cosim/twin.h): the C unit configured as the model was built,
 * every output compared every cycle by the generic checker.
 *
 *   test_twin_lockstep UNIT MODEL CYCLES [SEED]      0 when they agree throughout
 *   test_twin_lockstep --expect-mismatch UNIT MODEL CYCLES [SEED]
 *                                                    0 when a mismatch is found and
 *                                                    its waveform written
 *
 * MODEL is a build/rtl/UNIT-*\/twin.so. Mismatch waveforms go to
 * $TWIN_WAVE_DIR (default: the current directory).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sys/config.h"
#include "twin.h"

#define WINDOW 64	/* cycles kept for the mismatch waveform */

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs @cycles cycles; returns the cycle of the first mismatch, or @cycles. */
static uint64_t run(const struct twin *t, void *c, struct twin_check *k, uint64_t cycles,
		    uint64_t seed)
{
	unsigned char *raw = malloc(t->in_size), *in = malloc(t->in_size);
	unsigned char *out = malloc(t->out_size);
	struct twin_stim st;
	uint64_t n;

	if (!raw || !in || !out) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	twin_stim_init(&st, seed);
	for (n = 0; n < cycles; n++) {
		twin_random_in(t, &st, raw);
		memcpy(in, raw, t->in_size);
		if (t->legalize) {
			/* Contracts on outputs: evaluate once with the rest legal, then apply them. */
			t->legalize(in, NULL);
			t->eval(c, in, out);
			memcpy(in, raw, t->in_size);
			t->legalize(in, out);
		}
		if (twin_check_cycle(k, n, in, out))
			break;
	}
	free(raw);
	free(in);
	free(out);
	return n;
}

int main(int argc, char **argv)
{
	int expect = argc > 1 && !strcmp(argv[1], "--expect-mismatch");
	const char *dir = getenv("TWIN_WAVE_DIR") ? getenv("TWIN_WAVE_DIR") : ".";
	const struct twin *t;
	const struct twin_rtl *rtl;
	struct twin_check *k;
	struct config cfg;
	uint64_t cycles, seed, n;
	double t0, dt;
	char err[1024], names[256];
	void *c;

	if (argc < 4 + expect) {
		fprintf(stderr, "usage: %s [--expect-mismatch] UNIT MODEL CYCLES [SEED]\n", argv[0]);
		return 2;
	}
	t = twin_find(argv[1 + expect], strlen(argv[1 + expect]));
	if (!t) {
		twin_names(names, sizeof(names));
		fprintf(stderr, "%s: no registered twin (units: %s)\n", argv[1 + expect], names);
		return 2;
	}
	cycles = strtoull(argv[3 + expect], NULL, 0);
	seed = argc > 4 + expect ? strtoull(argv[4 + expect], NULL, 0) : 1;
	config_defaults(&cfg);
	rtl = twin_open(t, argv[2 + expect], err, sizeof(err));
	if (!rtl || twin_configure(t, rtl->geometry, &cfg, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	c = calloc(1, t->unit_size);
	if (!c)
		return 1;
	t->configure(c, &cfg);
	k = twin_check_new(t, c, rtl, WINDOW, dir, 0);
	if (!k)
		return 1;
	printf("%s random lockstep (%s, %s), seed %" PRIu64 "\n", t->name, rtl->variant,
	       rtl->geometry, seed);
	t0 = seconds();
	n = run(t, c, k, cycles, seed);
	dt = seconds() - t0;
	if (expect) {
		const char *wave = twin_check_wave_path(k);
		struct stat sb;
		int wave_ok = wave && !stat(wave, &sb) && sb.st_size > 0;

		printf("%s after %" PRIu64 " cycles%s\n",
		       n < cycles ? "mismatch found, as expected" : "FAILED: no mismatch", n,
		       n < cycles && !wave_ok ? ", but FAILED to write its waveform" : "");
		twin_check_free(k);
		free(c);
		return n < cycles && wave_ok ? 0 : 1;
	}
	printf("%s: %" PRIu64 " cycles compared in %.3f s, %.0f cycles/s (stimulus included)\n",
	       n < cycles ? "FAILED" : "agree", twin_check_cycles(k), dt,
	       dt > 0 ? (double)twin_check_cycles(k) / dt : 0.0);
	twin_check_free(k);
	free(c);
	return n < cycles ? 1 : 0;
}
