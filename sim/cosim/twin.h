/* SPDX-License-Identifier: MIT */
/*
 * The registry of units with an RTL twin, and the one lockstep checker that
 * serves them all.
 *
 * A unit registers once (twins.c) from the X-macros of its interface
 * header: <PFX>_IN_PORTS and <PFX>_OUT_PORTS (the ports, see ports.h) and
 * <PFX>_PARAMS (its parameters, as configuration keys), and from its C
 * functions <unit>_configure, <unit>_eval and <unit>_tick. Its Verilator
 * binding (a few lines with vl_twin.h) exports a struct twin_rtl named
 * <unit>_twin_rtl from a library built for one geometry.
 *
 * Parameters have one name: the configuration key. The RTL parameter is the
 * key in capitals with '.' as '_' (sbuf.count: SBUF_COUNT), and its value is
 * the key's value (an enum's: the index of its name). A geometry is written
 * "SBUF_COUNT=4,SBUF_DEPTH=4,SBUF_HIT=1", in the order of <PFX>_PARAMS; the
 * Verilated model for it lives in build/rtl/<unit>-<values joined by ->/
 * (build/rtl/sbuf-4-4-1/twin.so), built by
 *	make rtl-twin TWIN=sbuf PARAMS="SBUF_COUNT=4 SBUF_DEPTH=4 SBUF_HIT=1"
 *
 * The checker gives the C unit and the RTL the same inputs and compares
 * every output; on the first mismatch it prints the cycle, the inputs and
 * every differing output (C and RTL), and writes an FST waveform of the
 * last `window` cycles with the C model's outputs (scope UNIT.c) beside the
 * RTL's (UNIT.rtl), to be opened with waves/UNIT.gtkw.
 */
#ifndef OSPREY_TWIN_H
#define OSPREY_TWIN_H

#include <stddef.h>
#include <stdint.h>

#include "port_wave.h"
#include "ports.h"

#ifdef __cplusplus
extern "C" {
#endif

struct config;

/* A Verilated model, as its binding exports it (vl_twin.h). */
struct twin_rtl {
	const char *unit;	/* the registered unit: "sbuf" */
	const char *geometry;	/* the parameters it was built with: "SBUF_COUNT=4,..." */
	const char *variant;	/* its build: "sbuf-4-4-1", "sbuf-broken" */
	void *(*create)(void);	/* a model, reset; NULL after a message on stderr */
	/* Combinational: drives @in with the clock low and reads the outputs. */
	void (*eval)(void *r, const void *in, void *out);
	void (*tick)(void *r);	/* the rising clock edge */
	void (*destroy)(void *r);
};

/* A registered unit. */
struct twin {
	const char *name;		/* the unit, its .sv module and its --cosim name */
	struct port_unit ports;		/* its port tables */
	size_t in_size, out_size;	/* of its port structs */
	size_t unit_size;		/* of its C unit */
	const char *const *params;	/* configuration keys, in RTL parameter order */
	int nparams;
	void (*configure)(void *u, const struct config *cfg);	/* <unit>_configure */
	void (*eval)(void *u, const void *in, void *out);	/* <unit>_eval */
	void (*tick)(void *u);					/* <unit>_tick */
	/*
	 * Makes random inputs @in legal (a port contract the unit asserts),
	 * given the outputs @out of an eval with them, or none yet (NULL: then
	 * legal for an eval whatever the outputs). NULL: any input is legal.
	 */
	void (*legalize)(void *in, const void *out);
};

/* Registered unit @i (from 0), or NULL past the last. */
const struct twin *twin_at(int i);

/* The unit named @name (a prefix of @len characters of it), or NULL. */
const struct twin *twin_find(const char *name, size_t len);

/* The registered names as "sbuf, ipf_engine" into @buf. */
void twin_names(char *buf, size_t len);

/* The RTL parameter of configuration key @key ("sbuf.count": "SBUF_COUNT"). */
void twin_param_name(const char *key, char *buf, size_t len);

/* @t's geometry under @cfg ("SBUF_COUNT=4,SBUF_DEPTH=4,SBUF_HIT=1") into @buf. */
void twin_geometry(const struct twin *t, const struct config *cfg, char *buf, size_t len);

/*
 * Sets the configuration keys of @t in @cfg from @geometry (a binding's).
 * Returns 0, or -1 with a message in @err.
 */
int twin_configure(const struct twin *t, const char *geometry, struct config *cfg, char *err,
		   size_t errlen);

/*
 * The Verilated model of @t for @geometry, loaded from @rtl_dir (build/rtl).
 * Returns NULL with a message in @err naming the make command that builds it.
 */
const struct twin_rtl *twin_load(const struct twin *t, const char *geometry,
				 const char *rtl_dir, char *err, size_t errlen);

/* The Verilated model of @t in the library at @path. NULL with a message in @err. */
const struct twin_rtl *twin_open(const struct twin *t, const char *path, char *err,
				 size_t errlen);

struct twin_check;

/*
 * A checker over the C unit @c_unit (configured, fresh from reset; not
 * owned) and a new model of @rtl. @window: cycles kept for the waveform (at
 * least 1). @wave_dir: where the mismatch waveform goes (created if
 * missing), or NULL for none. @rtl_drives: eval hands out the RTL's outputs
 * instead of the C unit's (system replace). NULL on a failure (a message on
 * stderr).
 */
struct twin_check *twin_check_new(const struct twin *t, void *c_unit, const struct twin_rtl *rtl,
				  int window, const char *wave_dir, int rtl_drives);

/*
 * Evaluates both sides on @in for @cycle and compares their outputs; @out
 * gets the C unit's (or the RTL's). May be called again in the same cycle
 * with changed inputs; the last call's ports are recorded. Only the first
 * mismatch is reported and dumped. Returns 0, or -1 when an output differs.
 */
int twin_check_eval(struct twin_check *k, uint64_t cycle, const void *in, void *out);

/* The clock edge of both sides. */
void twin_check_tick(struct twin_check *k);

/* twin_check_eval, then twin_check_tick. */
int twin_check_cycle(struct twin_check *k, uint64_t cycle, const void *in, void *out);

/* The last eval's inputs, the C unit's and the RTL's outputs (for a waveform). */
const void *twin_check_in(const struct twin_check *k);
const void *twin_check_c_out(const struct twin_check *k);
const void *twin_check_rtl_out(const struct twin_check *k);

/* Cycles checked, mismatching cycles, and the waveform written (NULL if none). */
uint64_t twin_check_cycles(const struct twin_check *k);
uint64_t twin_check_mismatches(const struct twin_check *k);
const char *twin_check_wave_path(const struct twin_check *k);

void twin_check_free(struct twin_check *k);

/*
 * Random stimulus: each input port's elements random within its width. A
 * port of at most 8 bits (flags, small fields) is nonzero at a rate drawn
 * anew for it every 256 cycles (one cycle in 2, 8 or 64); wider ones (line
 * numbers) mostly stay near the recent values, so that lines repeat and run
 * on. The caller legalizes the inputs (t->legalize) against an eval's outputs.
 */
#define TWIN_STIM_PORTS 64	/* input ports with their own rate */

struct twin_stim {
	uint64_t rng;			/* generator state */
	uint64_t n;			/* cycles drawn */
	uint32_t near;			/* the recent wide value */
	uint8_t rate[TWIN_STIM_PORTS];	/* log2 of 1 / a port's nonzero rate */
};

void twin_stim_init(struct twin_stim *s, uint64_t seed);
void twin_random_in(const struct twin *t, struct twin_stim *s, void *in);

#ifdef __cplusplus
}
#endif

#endif
