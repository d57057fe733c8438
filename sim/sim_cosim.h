/* SPDX-License-Identifier: MIT */
/*
 * osprey's system-level co-simulation and waveform options: --cosim=sbuf
 * puts the stream buffer's RTL twin beside each core's C unit (system
 * shadow: it gets the same inputs every cycle and every output is compared),
 * and --waves dumps a window of a core's stream buffer ports.
 */
#ifndef OSPREY_SIM_COSIM_H
#define OSPREY_SIM_COSIM_H

#include <stdint.h>

#include "sys/machine.h"

struct sim_cosim {
	int sbuf;		/* --cosim=sbuf */
	const char *wave_path;	/* --waves FILE, or NULL */
	uint64_t wave_from;	/* --waves-from: first cycle dumped */
	uint64_t wave_to;	/* --waves-to: last cycle dumped */
	int wave_core;		/* --waves-core: whose stream buffers */
	const char *wave_dir;	/* where mismatch waveforms go */
};

/* Parses the --cosim list. Returns 0, or -1 with a message in @err. */
int sim_cosim_parse(struct sim_cosim *c, const char *list, char *err, size_t errlen);

/* Checks the options against the configuration. Same error contract. */
int sim_cosim_check(const struct sim_cosim *c, const struct config *cfg, char *err,
		    size_t errlen);

/* The machine_opts.timing_ready hook: attaches the RTL twins and wave dumps. */
int sim_cosim_attach(struct machine *m, void *ctx);

/* Closes waveforms and reports what was compared. */
void sim_cosim_finish(struct sim_cosim *c);

#endif
