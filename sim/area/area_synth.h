/* SPDX-License-Identifier: MIT */
/*
 * Synthesis of an RTL twin with Yosys at given parameters, counted as
 * register bits and NAND2 gate equivalents (area_cost.h). Results are
 * kept in a cache directory, one file per module and parameter set, and
 * reused while newer than the module's source.
 */
#ifndef OSPREY_AREA_SYNTH_H
#define OSPREY_AREA_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#define AREA_MAX_PARAMS 8

/* One SystemVerilog parameter override. */
struct area_param {
	const char *name;	/* "SBUF_COUNT" */
	long value;
};

struct area_synth_result {
	uint64_t reg_bits;	/* flip-flop cells: one register bit each */
	double logic_ge;	/* the mapped gates, NAND2 equivalents */
	uint64_t gates;		/* mapped gate cells */
};

/*
 * Synthesizes module @top of @rtl_file with @np parameters (the rest keep
 * their defaults), after the shared package @pkg_file (NULL: none; a
 * result older than either is made again). @cache_dir must exist. Returns 0, or -1 with a message
 * in @err (Yosys missing or failing, an unknown cell type).
 */
int area_synth(const char *rtl_file, const char *pkg_file, const char *top,
	       const struct area_param *params, int np, const char *cache_dir,
	       struct area_synth_result *r, char *err, size_t errlen);

#endif
