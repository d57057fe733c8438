/* SPDX-License-Identifier: MIT */
/*
 * --cosim=dma: the DMA engine's RTL twin (rtl/dma.sv, the library
 * tests/cosim/dma.mk builds for the machine of DMA_CHANNELS ... DMA_RAM_SIZE)
 * beside the C unit the machine's engine runs (system shadow): every cycle of
 * the timing run both get the same inputs and every output is compared
 * (sim/cosim/dma_check.h). The first mismatch stops the run (EXIT_COSIM)
 * after a report and a waveform in the --cosim wave directory.
 */
#ifndef OSPREY_SIM_COSIM_DMA_H
#define OSPREY_SIM_COSIM_DMA_H

#include <stddef.h>

#include "sys/machine.h"

/* Checks @cfg against the twin's build. Returns 0, or -1 with a message in @err. */
int sim_cosim_dma_check(const struct config *cfg, char *err, size_t errlen);

/*
 * At the start of the timing run: the twin beside the machine's engine,
 * which must be as reset. Returns 0, or -1 after a message on stderr.
 */
int sim_cosim_dma_attach(struct machine *m, const char *wave_dir);

/* After the run: reports the cycles compared and frees the twin. */
void sim_cosim_dma_finish(void);

#endif
