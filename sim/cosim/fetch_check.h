/* SPDX-License-Identifier: MIT */
/*
 * The fetch unit's lockstep checker: the C unit (cpu/fetch.h) and its RTL
 * twin (fetch_rtl.h) get the same inputs in every evaluation, as often as a
 * cycle evaluates them (the L1I's answers come in), and every output is
 * compared. On the first mismatch it prints the cycle, every differing
 * output and the inputs, and writes an FST waveform of the last `window`
 * steps (each step's last evaluation) with the C model's outputs (scope
 * fetch.c) beside the RTL's (fetch.rtl). Open it with
 *	gtkwave WAVE_DIR/fetch-mismatch-CYCLE.fst waves/fetch.gtkw
 *
 * It also checks the glue's fast path (ifetch.h): at the clock edge of a
 * step the glue would have skipped, the unit must have answered ready with
 * nothing to ask, abandon or count, and kept its state.
 *
 * Used by the unit lockstep test (tests/cosim) and the system shadow
 * (--cosim=fetch, sim/sim_cosim_fetch.c).
 */
#ifndef OSPREY_FETCH_CHECK_H
#define OSPREY_FETCH_CHECK_H

#include <stdint.h>

#include "cpu/fetch.h"
#include "fetch_rtl.h"

struct fetch_check;

/*
 * A checker over @c_unit and @rtl, both fresh from reset; it owns neither.
 * @window: steps kept for the waveform (at least 1). @wave_dir: where the
 * mismatch waveform goes (created if missing), or NULL for none. NULL on an
 * allocation failure.
 */
struct fetch_check *fetch_check_new(struct fetch *c_unit, struct fetch_rtl *rtl, int window,
				    const char *wave_dir);

/*
 * Evaluates both sides on @in in step @cycle (steps come in increasing
 * cycle order; two in one cycle show as the later in the waveform); @out
 * gets the C unit's outputs. Returns 0, or -1 when an output differs.
 */
int fetch_check_eval(struct fetch_check *k, uint64_t cycle, const struct fetch_in *in,
		     struct fetch_out *out);

/*
 * The clock edge of both sides, after the step's last evaluation. @fast:
 * the glue would have skipped this step; its claim is checked first.
 * Returns 0, or -1 when the claim fails.
 */
int fetch_check_tick(struct fetch_check *k, int fast);

/* Evaluations compared, fast-path claims checked, mismatches, the waveform (or NULL). */
uint64_t fetch_check_evals(const struct fetch_check *k);
uint64_t fetch_check_fast(const struct fetch_check *k);
uint64_t fetch_check_mismatches(const struct fetch_check *k);
const char *fetch_check_wave_path(const struct fetch_check *k);

void fetch_check_free(struct fetch_check *k);

#endif
