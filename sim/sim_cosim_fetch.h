/* SPDX-License-Identifier: MIT */
/*
 * --cosim=fetch: the system shadow of the fetch unit. Each core's fetch
 * unit (cpu/fetch.h) gets its RTL twin beside it (the library built for
 * FETCH_L1I_LINE x FETCH_CORE_FETCH_QUEUE, tests/cosim/fetch.mk) through
 * the glue's tap (cpu/ifetch.h): every request goes through the unit (the
 * fast path is off, and each step it would have taken is checked), every
 * evaluation is compared, and the first mismatch stops the run (exit 5)
 * with a waveform of the steps before it.
 */
#ifndef OSPREY_SIM_COSIM_FETCH_H
#define OSPREY_SIM_COSIM_FETCH_H

#include <stddef.h>

#include "sys/machine.h"

/* The RTL library's parameters against @cfg. Returns 0, or -1 with a message in @err. */
int sim_cosim_fetch_check(const struct config *cfg, char *err, size_t errlen);

/*
 * Puts a twin beside every core's fetch unit; mismatch waveforms go to
 * @wave_dir. Returns 0, or -1 after a message on stderr.
 */
int sim_cosim_fetch_attach(struct machine *m, const char *wave_dir);

/* After the run: reports what was compared and frees the twins. */
void sim_cosim_fetch_finish(void);

#endif
