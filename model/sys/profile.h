/* SPDX-License-Identifier: MIT */
/*
 * Where the misses are (--profile): per hart, mode and instruction address,
 * the L1I and L1D misses the instruction took and the cycles it stalled
 * for them (and, of those, waiting for the bus); and, from the sharing
 * tracker, every data line with coherence misses, true and false, with the
 * words each hart wrote and read. Written as text, every address named from
 * the symbols (the kernel's ELF; a second ELF's for user code).
 *
 * File format (one record a line, fields separated by spaces; '#' starts a
 * comment line):
 *   code HART MODE PC SYMBOL IMISS ISTALL DMISS DSTALL BUS
 *     one instruction address (hex) of one hart in one mode (U, S, M):
 *     L1I misses, cycles stalled on them, L1D misses (loads, atomics and
 *     stores; a store's miss stalls nothing until the write buffer fills),
 *     cycles stalled on them, and the part of both stalls spent queued for
 *     the bus. SYMBOL is function+offset, or "?".
 *   data LINE TRUE FALSE PER-HART... | VAR WRITERS READERS | ...
 *     one L1D line (hex address) with coherence misses: true- and
 *     false-sharing misses over all harts, then "hN:T/F" per hart that had
 *     any, then per variable (data symbol+offset, or the address) lying in
 *     the line's coherence unit (the bus line), the harts that wrote and
 *     read its words ("w:0,2 r:1,3"; "-" for none).
 * Records are sorted: code by hart, mode and address; data by line.
 */
#ifndef OSPREY_PROFILE_H
#define OSPREY_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include "sys/symtab.h"

struct sharing;

enum prof_kind {
	PROF_IMISS,	/* an L1I miss of the instruction's fetch */
	PROF_DMISS,	/* an L1D miss of its data access */
};

struct profile;

/* An empty profile of @nharts harts. NULL when out of memory. */
struct profile *profile_new(int nharts);
void profile_free(struct profile *p);

/* Instruction @pc of hart @h in mode @mode (enum stat_mode) took a miss. */
void profile_miss(struct profile *p, int h, int mode, uint32_t pc, enum prof_kind kind);

/* It stalled @cycles on the miss, @bus of them queued for the bus. */
void profile_stall(struct profile *p, int h, int mode, uint32_t pc, enum prof_kind kind,
		   uint64_t cycles, uint64_t bus);

/*
 * Writes the profile to @f: the code records, then the data lines of @sh
 * (may be NULL; L1D lines of @line_bytes, whose variables are listed for
 * their whole coherence unit of @unit_bytes, the bus line), each address
 * named from @syms, user-mode code from @usyms first (may be NULL). Returns
 * 0, or -1 on a write error.
 */
int profile_write(const struct profile *p, const struct sharing *sh, uint32_t line_bytes,
		  uint32_t unit_bytes, const struct symtab *syms, const struct symtab *usyms,
		  const char *what, FILE *f);

/* The @n costliest instruction addresses and lines, for stderr. */
void profile_top_print(const struct profile *p, const struct sharing *sh, uint32_t line_bytes,
		 const struct symtab *syms, const struct symtab *usyms, int n, FILE *f);

#endif
