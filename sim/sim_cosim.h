/* SPDX-License-Identifier: MIT */
/*
 * osprey's system-level co-simulation and waveform options: --cosim=sbuf
 * puts the stream buffer's RTL twin beside each core's C unit (system
 * shadow: it gets the same inputs every cycle and every output is compared),
 * --cosim=fetch the fetch unit's (sim_cosim_fetch.h), and --waves dumps a
 * window of a core's stream buffer ports.
 */
#ifndef OSPREY_SIM_COSIM_H
#define OSPREY_SIM_COSIM_H

#include <stdint.h>

#include "outfile.h"
#include "sys/machine.h"

struct sbuf_wave;

struct sim_cosim {
	int sbuf;		/* --cosim=sbuf */
	int fetch;		/* --cosim=fetch (sim_cosim_fetch.h) */
	const char *wave_path;	/* --waves FILE, or NULL */
	struct outfile wave_out;	/* where it goes: resolved by the caller before open */
	struct sbuf_wave *wave;	/* its writer, from sim_cosim_open to the end of the run */
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

/*
 * Creates the --waves file (under its temporary name; wave_out must be
 * resolved), so that a path that cannot be written is refused before the
 * run. Returns 0, or an exit status with a message in @err.
 */
int sim_cosim_open(struct sim_cosim *c, char *err, size_t errlen);

/* The machine_opts.timing_ready hook: attaches the RTL twins and wave dumps. */
int sim_cosim_attach(struct machine *m, void *ctx);

/*
 * After the run: reports what was compared, finishes the --waves file and
 * puts it in place. Returns 0, or EXIT_OUTPUT after a message on stderr when
 * the file could not be written.
 */
int sim_cosim_finish(struct sim_cosim *c);

/* The run did not happen: removes the --waves file's temporary. */
void sim_cosim_discard(struct sim_cosim *c);

#endif
