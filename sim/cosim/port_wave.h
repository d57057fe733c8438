/* SPDX-License-Identifier: MIT */
/*
 * An FST waveform of any unit's ports, from its port tables (ports.h):
 * inputs at the top of scope UNIT, the C model's outputs in UNIT.c, the
 * RTL's in UNIT.rtl, and UNIT.mismatch high in a cycle where they differ.
 * Array ports become one signal per element ("cand_line[3] [31:0]").
 * Waveform times are cycle numbers (1 ns = 1 cycle); samples must come in
 * increasing cycle order.
 */
#ifndef OSPREY_PORT_WAVE_H
#define OSPREY_PORT_WAVE_H

#include <stdint.h>

#include "ports.h"

struct port_wave;

/* The unit's name and port tables, as a checker describes them. */
struct port_unit {
	const char *name;		/* the scope: "ipf_engine" */
	const struct port_desc *in;	/* input ports */
	int nin;
	const struct port_desc *out;	/* output ports */
	int nout;
};

/* Opens @path for @u; NULL after a message on stderr if it cannot be created. */
struct port_wave *port_wave_open(const char *path, const struct port_unit *u);

/* One cycle: @in, the C model's outputs @c and the RTL's @r. */
void port_wave_sample(struct port_wave *w, uint64_t cycle, const void *in, const void *c,
		      const void *r);

/* Finishes the file. */
void port_wave_close(struct port_wave *w);

#endif
