/* SPDX-License-Identifier: MIT */
/*
 * Lockstep checker of the DMA engine: the C unit (mem/dma.h) and its RTL twin
 * (dma_rtl.h) get the same inputs every cycle and every output is compared
 * (the port lists of mem/dma_if.h, through ports.h). On the first mismatch
 * the checker prints the cycle, each differing output and the inputs, and
 * writes an FST waveform of the last DMA_CHECK_WINDOW cycles, inputs with the
 * C model's outputs (scope dma.c) beside the RTL's (dma.rtl), to
 * WAVE_DIR/dma-mismatch-CYCLE.fst. Used by the unit lockstep test
 * (tests/cosim/test_dma_lockstep.c) and by osprey's --cosim=dma.
 */
#ifndef OSPREY_DMA_CHECK_H
#define OSPREY_DMA_CHECK_H

#include <stdint.h>

#include "dma_rtl.h"
#include "mem/dma.h"

#define DMA_CHECK_WINDOW 64	/* cycles in a mismatch waveform */

struct dma_check;

/*
 * A checker over @c_unit and @rtl, both fresh from reset; it owns neither.
 * @wave_dir: where the mismatch waveform goes (created if missing), or NULL
 * for none. NULL on an allocation failure.
 */
struct dma_check *dma_check_new(struct dma *c_unit, struct dma_rtl *rtl, const char *wave_dir);

/*
 * One cycle: both units evaluated on @in (the C outputs into @out_c),
 * compared and recorded, then both clocked. Returns 0, or -1 when an output
 * differs; only the first mismatch is reported and dumped.
 */
int dma_check_cycle(struct dma_check *k, uint64_t cycle, const struct dma_in *in,
		    struct dma_out *out_c);

/* Cycles checked, mismatching cycles, and the waveform written ("" if none). */
uint64_t dma_check_cycles(const struct dma_check *k);
uint64_t dma_check_mismatches(const struct dma_check *k);
const char *dma_check_wave_path(const struct dma_check *k);

void dma_check_free(struct dma_check *k);

#endif
