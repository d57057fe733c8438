/* SPDX-License-Identifier: MIT */
/*
 * The end of a directed lockstep test (test_*_lockstep MODEL CYCLES [SEED]):
 * the verdict printed and returned. With --expect-mismatch (a broken build's
 * check) a mismatch with its waveform written is the pass.
 */
#ifndef OSPREY_TESTS_COSIM_VERDICT_H
#define OSPREY_TESTS_COSIM_VERDICT_H

#include <inttypes.h>
#include <stdio.h>

#include "twin.h"

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
