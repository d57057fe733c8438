/* SPDX-License-Identifier: MIT */
/*
 * The command line and verdict the unit lockstep programs share
 * (test_ipf_engine_lockstep.c, test_dma_lockstep.c):
 *   PROG CYCLES [SEED]                    0 when C and RTL agree throughout
 *   PROG --expect-mismatch CYCLES [SEED]  0 when a mismatch is found and its
 *                                         waveform written (a broken build's check)
 */
#ifndef OSPREY_TESTS_LOCKSTEP_CLI_H
#define OSPREY_TESTS_LOCKSTEP_CLI_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lockstep_cli {
	int expect;		/* --expect-mismatch */
	uint64_t cycles;	/* of random stimulus */
	uint64_t seed;
};

/* Parses argv into @a. Returns 0, or 2 after the usage on stderr. */
static inline int lockstep_cli_parse(struct lockstep_cli *a, int argc, char **argv)
{
	a->expect = argc > 1 && !strcmp(argv[1], "--expect-mismatch");
	if (argc < 2 + a->expect) {
		fprintf(stderr, "usage: %s [--expect-mismatch] CYCLES [SEED]\n", argv[0]);
		return 2;
	}
	a->cycles = strtoull(argv[1 + a->expect], NULL, 0);
	a->seed = argc > 2 + a->expect ? strtoull(argv[2 + a->expect], NULL, 0) : 1;
	return 0;
}

/*
 * Prints the verdict of a run that compared @cycles cycles, @bad when it
 * found a mismatch, whose waveform is @wave ("" for none); returns the exit
 * status.
 */
static inline int lockstep_cli_verdict(const struct lockstep_cli *a, int bad, uint64_t cycles,
				       const char *wave)
{
	FILE *f;
	int wave_ok;

	if (!a->expect) {
		printf("%s: %" PRIu64 " cycles compared\n", bad ? "FAILED" : "agree", cycles);
		return bad ? 1 : 0;
	}
	f = wave[0] ? fopen(wave, "rb") : NULL;
	wave_ok = f && fseek(f, 0, SEEK_END) == 0 && ftell(f) > 0;
	if (f)
		fclose(f);
	printf("%s after %" PRIu64 " cycles%s\n",
	       bad ? "mismatch found, as expected" : "FAILED: no mismatch", cycles,
	       bad && !wave_ok ? ", but FAILED to write its waveform" : "");
	return bad && wave_ok ? 0 : 1;
}

#endif
