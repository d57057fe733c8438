/* SPDX-License-Identifier: MIT */
/*
 * The storage side of the area estimate: a part of the machine (a cache, a
 * support) as a list of storage items, each a number of bits of one cell
 * kind, plus the synthesis of its RTL twin if it has one. The cost of a
 * bit is in area_cost.h.
 */
#ifndef OSPREY_AREA_STORAGE_H
#define OSPREY_AREA_STORAGE_H

#include <stdint.h>

#include "area_synth.h"
#include "sys/config.h"

enum area_cell { CELL_REGISTER, CELL_SRAM, CELL_CAM };

extern const char *const area_cell_names[];	/* "register", "sram", "cam" */

#define AREA_MAX_ITEMS 16

struct area_item {
	char what[96];		/* "tags", "prefetch MSHRs (line, valid, source, demand)" */
	uint64_t bits;		/* per instance */
	enum area_cell cell;
};

/* Something that costs area: a cache, a TLB or an OS support. */
struct area_part {
	const char *name;	/* "l1i", "stream buffers" */
	int on;			/* present in the configuration */
	uint32_t instances;	/* copies in the machine (one per core, or one) */
	const char *note;	/* what the figure leaves out or shares, or NULL */
	struct area_item item[AREA_MAX_ITEMS];
	int nitems;
	const char *twin;	/* the RTL module synthesized for it, or NULL */
	struct area_synth_result synth;	/* per instance, valid when twin is set */
	/*
	 * On a machine with small cores (core.kinds): what they change in the
	 * machine's figure against counting every instance at the big core's
	 * geometry (negative when they are smaller); 0 otherwise.
	 */
	double small_rbe;
};

/* Adds an item of @bits bits of @cell (per instance) to @p. */
void area_add(struct area_part *p, enum area_cell cell, uint64_t bits, const char *what);

/* Register bit equivalents of a twin's synthesized registers and logic (0 without a twin). */
double area_twin_rbe(const struct area_part *p);

/* Register bit equivalents of one instance: storage, plus the twin's registers and logic. */
double area_part_rbe(const struct area_part *p);

/* ceil(log2(v)), 0 for v <= 1: the bits that number v things. */
uint32_t area_log2(uint64_t v);

/* Physical-address bits of a line number of @line_bytes lines. */
uint32_t area_line_bits(uint32_t line_bytes);

/* One cache (tags, state, data, replacement, MSHRs); @name is "l1i", "l1d" or "l2". */
void area_cache(struct area_part *p, const char *name, const struct cache_config *c,
		uint32_t instances);

/* One Sv32 TLB (VPN, ASID, mega and valid as tag; PPN and PTE bits as data). */
void area_tlb(struct area_part *p, const char *name, const struct tlb_config *t,
	      uint32_t instances);

#endif
