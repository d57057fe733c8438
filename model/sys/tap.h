/* SPDX-License-Identifier: MIT */
/*
 * A tap on a cycle-level unit inside the system: where an observer (the
 * co-simulation in sim/sim_cosim.c) takes over the unit's _eval and _tick to
 * run its RTL twin beside it, compare, dump waveforms, or drive the system
 * with the RTL's outputs. The glue that steps a unit calls the tap's
 * functions when they are set, the unit's own otherwise (the fast path).
 * The observer always steps the C unit too: the glue reads its state.
 */
#ifndef OSPREY_TAP_H
#define OSPREY_TAP_H

#include <stdint.h>

struct unit_tap {
	const char *unit;	/* the unit's name, as its twin is registered (sim/cosim/twins.c) */
	int core;		/* the core whose unit it is */
	void *c_unit;		/* the C unit (struct sbuf, struct ipf_engine, ...) */
	/*
	 * Replaces <unit>_eval for cycle @cycle: may be called more than once
	 * in a cycle (the inputs may change), before tick. NULL: no observer.
	 */
	void (*eval)(struct unit_tap *t, uint64_t cycle, const void *in, void *out);
	void (*tick)(struct unit_tap *t);	/* replaces <unit>_tick */
	/*
	 * NULL, or false when the C unit is not as reset (e.g. a fast-forward
	 * used it): a twin, which starts from reset, cannot be put beside it.
	 */
	int (*at_reset)(const void *c_unit);
	void *ctx;		/* the observer's */
	int always;		/* step the unit every cycle the glue runs, not only when busy */
	/*
	 * NULL, or the glue's flag that keeps its fast path (which skips the
	 * unit) off: the observer sets it when it attaches, and leaves it set
	 * (the slow path is right either way).
	 */
	int *fast_off;
	int failed;		/* the observer found a mismatch: the run stops (EXIT_COSIM) */
};

#endif
