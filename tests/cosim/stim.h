/* SPDX-License-Identifier: MIT */
/*
 * Seeded random stimulus for the instruction stream buffers, with a mock
 * instruction fetch and a mock next level. The fetch walks lines in order,
 * jumps now and then (often back to a recent target, as loops and calls do),
 * and waits on a hit whose line is still in flight; the next level returns
 * every accepted request after a random delay, one fill per cycle, and now
 * and then a line nobody asked for. The knobs change every STIM_PHASE cycles.
 */
#ifndef OSPREY_TESTS_STIM_H
#define OSPREY_TESTS_STIM_H

#include <stdint.h>

#include "mem/sbuf_if.h"

#define STIM_PHASE 4096		/* cycles between knob changes */
#define STIM_PEND 64		/* requests the mock next level holds */
#define STIM_BASES 8		/* recent jump targets */

struct stim_pend {
	uint32_t line;
	uint64_t due;		/* the cycle the fill may arrive */
};

struct stim {
	uint64_t rng;
	uint64_t cycle;		/* the cycle stim_inputs() makes next */
	uint32_t cur;		/* the line the fetch wants */
	uint32_t bases[STIM_BASES];

	/* knobs of the current phase */
	int lookup_pct;		/* % of cycles with a lookup */
	int ready_pct;		/* % of cycles the next level is ready */
	int jump_pct;		/* % of advances that jump */
	int max_delay;		/* fill latency, 0..max_delay cycles */
	int spurious_pct;	/* % of idle fill slots with an unrequested line */
	int flush_every;	/* mean cycles between flushes, 0 = none */

	struct stim_pend pend[STIM_PEND];
	int npend;
};

void stim_init(struct stim *s, uint64_t seed);

/* The inputs of the next cycle. */
void stim_inputs(struct stim *s, struct sbuf_in *in);

/* What the unit answered in that cycle: requests accepted, hits. */
void stim_observe(struct stim *s, const struct sbuf_in *in, const struct sbuf_out *out);

#endif
