/* SPDX-License-Identifier: MIT */
/*
 * Directed sequences for the instruction stream buffers: per cycle the inputs
 * and the outputs expected, computed by hand from the header comment of
 * mem/sbuf.h. test_sbuf_spec runs them on the C unit alone; the lockstep test
 * runs the ones that fit the RTL's parameters through the checker as well.
 */
#ifndef OSPREY_TESTS_SBUF_SEQ_H
#define OSPREY_TESTS_SBUF_SEQ_H

#include "mem/sbuf_if.h"

struct sbuf_step {
	struct sbuf_in in;
	struct sbuf_out out;	/* the outputs expected in this cycle */
};

struct sbuf_seq {
	const char *name;
	int nbufs, depth, head_only;	/* the configuration it was computed for */
	const struct sbuf_step *steps;
	int nsteps;
};

extern const struct sbuf_seq sbuf_seqs[];
extern const int sbuf_nseqs;

/* The sequence called @name, or NULL. */
const struct sbuf_seq *sbuf_seq_find(const char *name);

#endif
