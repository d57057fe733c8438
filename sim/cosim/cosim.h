/* SPDX-License-Identifier: MIT */
/*
 * Lockstep co-simulation of the instruction stream buffers: the C unit
 * (mem/sbuf.h) and its RTL twin (sbuf_rtl.h) get the same inputs every cycle
 * and every output is compared. On the first mismatch the checker prints the
 * cycle, the inputs and both outputs field by field, and writes an FST
 * waveform of the last `window` cycles with the C model's outputs (scope c)
 * beside the RTL's (scope rtl). Open it with
 *	gtkwave WAVE_DIR/sbuf-mismatch-CYCLE.fst waves/sbuf.gtkw
 *
 * Waveform times are cycle numbers (1 ns = 1 cycle): the value shown at time
 * T is what was driven and computed in cycle T, before its clock edge.
 */
#ifndef OSPREY_COSIM_H
#define OSPREY_COSIM_H

#include <stdint.h>

#include "mem/sbuf.h"
#include "sbuf_rtl.h"

struct sbuf_check;
struct sbuf_wave;

/*
 * A checker over @c_unit and @rtl, which must both be fresh from reset
 * (sbuf_init(), sbuf_rtl_new() or sbuf_rtl_reset()); the checker owns
 * neither. @window: cycles kept for the waveform (at least 1). @wave_dir:
 * where the mismatch waveform goes (created if missing), or NULL for none.
 * Returns NULL on an allocation failure.
 */
struct sbuf_check *sbuf_check_new(struct sbuf *c_unit, struct sbuf_rtl *rtl, int window,
				  const char *wave_dir);

/*
 * One cycle: sbuf_eval() of the C unit and sbuf_rtl_eval() of the RTL on @in
 * (the caller has evaluated neither), the C outputs into @out_c, compare,
 * record, then sbuf_tick() and sbuf_rtl_tick(). Returns 0, or -1 when an
 * output differs. Only the first mismatch is reported and dumped; later
 * calls still step both and return -1 on a difference.
 */
int sbuf_check_cycle(struct sbuf_check *k, uint64_t cycle, const struct sbuf_in *in,
		     struct sbuf_out *out_c);

/* The RTL's outputs in the last checked cycle (for driving a system with them). */
const struct sbuf_out *sbuf_check_rtl_out(const struct sbuf_check *k);

/* Cycles checked, mismatching cycles, and the waveform written (NULL if none). */
uint64_t sbuf_check_cycles(const struct sbuf_check *k);
uint64_t sbuf_check_mismatches(const struct sbuf_check *k);
const char *sbuf_check_wave_path(const struct sbuf_check *k);

void sbuf_check_free(struct sbuf_check *k);

/* Bit mask of the output fields that differ, bit f for field f of SBUF_OUT_PORTS (sbuf_if.h). */
unsigned sbuf_out_diff(const struct sbuf_out *a, const struct sbuf_out *b);

/*
 * An FST waveform of the ports: inputs at the top of scope sbuf, the C
 * model's outputs in sbuf.c, the RTL's in sbuf.rtl, and sbuf.mismatch high in
 * a cycle where they differ. Samples must come in increasing cycle order;
 * @rtl_out may be NULL (the rtl scope then shows x). sbuf_wave_open() returns
 * NULL, after a message on stderr, if the file cannot be created.
 */
struct sbuf_wave *sbuf_wave_open(const char *path);
void sbuf_wave_sample(struct sbuf_wave *w, uint64_t cycle, const struct sbuf_in *in,
		      const struct sbuf_out *c_out, const struct sbuf_out *rtl_out);
/*
 * Finishes the file and reads it back: returns 0 when it is whole, -1 when
 * writing it failed (the file is then left for the caller to remove).
 */
int sbuf_wave_close(struct sbuf_wave *w);

#endif
