/* SPDX-License-Identifier: MIT */
/*
 * The frame of a directed lockstep test,
 *	test_UNIT_lockstep [--expect-mismatch] MODEL CYCLES [SEED]:
 * its command line and model, and its verdict. With --expect-mismatch (a
 * broken build's check) a mismatch with its waveform written is the pass.
 */
#ifndef OSPREY_TESTS_COSIM_VERDICT_H
#define OSPREY_TESTS_COSIM_VERDICT_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/config.h"
#include "twin.h"

/* What the command line asks for. */
struct lockstep_args {
	int expect;			/* --expect-mismatch */
	uint64_t cycles, seed;
	const struct twin_rtl *rtl;	/* MODEL, loaded */
	struct config cfg;		/* the defaults with the model's geometry */
};

/*
 * Reads the command line of unit @name's test and loads its model. Returns
 * 0, or the exit status after a message.
 */
static inline int lockstep_args(const char *name, int argc, char **argv, struct lockstep_args *a)
{
	const struct twin *t = twin_find(name, strlen(name));
	char err[1024];

	a->expect = argc > 1 && !strcmp(argv[1], "--expect-mismatch");
	if (argc < 3 + a->expect) {
		fprintf(stderr, "usage: %s [--expect-mismatch] MODEL CYCLES [SEED]\n", argv[0]);
		return 2;
	}
	a->cycles = strtoull(argv[2 + a->expect], NULL, 0);
	a->seed = argc > 3 + a->expect ? strtoull(argv[3 + a->expect], NULL, 0) : 1;
	config_defaults(&a->cfg);
	a->rtl = twin_open(t, argv[1 + a->expect], err, sizeof(err));
	if (!a->rtl || twin_configure(t, a->rtl->geometry, &a->cfg, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	return 0;
}

/* The checker over @c_unit (configured) and the model; NULL after a message. */
static inline struct twin_check *lockstep_check(const char *name, void *c_unit,
						const struct lockstep_args *a, int window)
{
	const char *dir = getenv("TWIN_WAVE_DIR");

	return twin_check_new(twin_find(name, strlen(name)), c_unit, a->rtl, window,
			      dir ? dir : ".", 0);
}

/* Frees @k; returns the program's exit status. */
static inline int lockstep_verdict(struct twin_check *k, int expect, int bad, uint64_t cycles)
{
	const char *wave = twin_check_wave_path(k);
	FILE *f = expect && wave ? fopen(wave, "rb") : NULL;
	int wave_ok = f && fseek(f, 0, SEEK_END) == 0 && ftell(f) > 0;

	if (f)
		fclose(f);
	twin_check_free(k);
	if (expect) {
		printf("%s after %" PRIu64 " cycles%s\n",
		       bad ? "mismatch found, as expected" : "FAILED: no mismatch", cycles,
		       bad && !wave_ok ? ", but FAILED to write its waveform" : "");
		return bad && wave_ok ? 0 : 1;
	}
	printf("%s: %" PRIu64 " cycles compared\n", bad ? "FAILED" : "agree", cycles);
	return bad ? 1 : 0;
}

#endif
