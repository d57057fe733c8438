/* SPDX-License-Identifier: MIT */
/*
 * An FST waveform of units' ports, from their port tables (ports.h): per
 * unit, its inputs at the top of scope UNIT, the C model's outputs in
 * UNIT.c, the RTL's in UNIT.rtl, and UNIT.mismatch high in a cycle where
 * they differ (x where there is no RTL). Array ports become one signal per
 * element ("cand_line[3] [31:0]"). A cycle is 1 ns (PORT_WAVE_STEPS time
 * units of 1 ps): a unit sampled again in the same cycle (the L1
 * controller steps once per operation, several in a busy cycle) shows each
 * step 1 ps after the cycle's previous one, so none hides another. Samples
 * must come in increasing cycle order (several units may share a cycle).
 */
#ifndef OSPREY_PORT_WAVE_H
#define OSPREY_PORT_WAVE_H

#include <stdint.h>

#include "ports.h"

struct port_wave;

/* FST time units (ps) per cycle: the steps a unit may show within one cycle. */
#define PORT_WAVE_STEPS 1000

/* A unit's name and port tables, as a checker describes them. */
struct port_unit {
	const char *name;		/* the scope: "ipf_engine" */
	const struct port_desc *in;	/* input ports */
	int nin;
	const struct port_desc *out;	/* output ports */
	int nout;
};

/*
 * Opens @path for the @n units @u (which must outlive the writer); NULL
 * after a message on stderr if it cannot be created.
 */
struct port_wave *port_wave_open(const char *path, const struct port_unit *const *u, int n);

/*
 * One step of unit @unit (its index in the open's list) in @cycle: @in, C
 * outputs @c, RTL's @r or NULL. A step past the cycle's PORT_WAVE_STEPS is
 * dropped, as is a cycle before the last.
 */
void port_wave_sample(struct port_wave *w, int unit, uint64_t cycle, const void *in,
		      const void *c, const void *r);

/*
 * Finishes the file and reads it back: returns 0 when it is whole, -1 when
 * writing it failed (a full disk, a file size limit; the caller removes it).
 */
int port_wave_close(struct port_wave *w);

#endif
