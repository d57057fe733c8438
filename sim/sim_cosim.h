/* SPDX-License-Identifier: MIT */
/*
 * osprey's system-level co-simulation and waveform options, for every unit
 * with a registered RTL twin (sim/cosim/twins.c):
 *   --cosim=UNIT,...|all  system shadow: the twin runs beside each core's C
 *                         unit on the same inputs, every output compared
 *                         every cycle; the C unit drives the machine;
 *   --rtl=UNIT,...|all    system replace: the same, but the RTL's outputs
 *                         drive the machine;
 *   --waves FILE          a window of the ports of every twinned unit of one
 *                         core (with the RTL's beside them where it runs).
 * A mismatch stops the run (exit 5) after a report and a waveform of the
 * window before it (cosim_dir). The Verilated models are loaded for the
 * configured geometry from the build's build/rtl (or $OSPREY_RTL_DIR).
 */
#ifndef OSPREY_SIM_COSIM_H
#define OSPREY_SIM_COSIM_H

#include <stdint.h>

#include "outfile.h"
#include "sys/machine.h"

struct port_wave;

struct sim_cosim {
	unsigned shadow;	/* --cosim: bit i for registered twin i */
	unsigned replace;	/* --rtl: bit i for registered twin i */
	unsigned named;		/* the units named explicitly (not through all) */
	const char *wave_path;	/* --waves FILE, or NULL */
	struct outfile wave_out;	/* where it goes: resolved by the caller before open */
	struct port_wave *wave;	/* its writer, from the attach to the end of the run */
	uint64_t wave_from;	/* --waves-from: first cycle dumped */
	uint64_t wave_to;	/* --waves-to: last cycle dumped */
	int wave_core;		/* --waves-core: whose units */
	const char *wave_dir;	/* where mismatch waveforms go */
	int attach_failed;	/* the run stopped at the attach: nothing to report or write */
};

/* True when some option of this file was given. */
static inline int sim_cosim_wanted(const struct sim_cosim *c)
{
	return c->shadow || c->replace || c->wave_path;
}

/*
 * Parses the unit list of --cosim (@replace 0) or --rtl (@replace 1).
 * Returns 0, or -1 with a message in @err (naming the registered units).
 */
int sim_cosim_parse(struct sim_cosim *c, const char *list, int replace, char *err,
		    size_t errlen);

/* Checks the options against the configuration. Same error contract. */
int sim_cosim_check(const struct sim_cosim *c, const struct config *cfg, char *err,
		    size_t errlen);

/*
 * Creates the --waves file (under its temporary name; wave_out must be
 * resolved), so that a path that cannot be written is refused before the
 * run. Returns 0, or an exit status with a message in @err.
 */
int sim_cosim_open(struct sim_cosim *c, char *err, size_t errlen);

/*
 * The machine_opts.timing_ready hook: loads the RTL models, attaches them
 * and the wave dump to the units' taps. -1 after a message on stderr.
 */
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
