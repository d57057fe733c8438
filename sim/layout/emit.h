/* SPDX-License-Identifier: MIT */
/*
 * Writing the assembly back: in its own order with block labels and a
 * block map (scheme orig), or in the optimizer's order (the other schemes),
 * every chunk of consecutive blocks in a section of its own that the
 * generated linker script places; fall-throughs that are no longer
 * adjacent become jumps, branches that cannot reach their target any more
 * are inverted around a jump, and sequence ends get guard marks.
 */
#ifndef LAYOUT_EMIT_H
#define LAYOUT_EMIT_H

#include <stdio.h>

#include "asm.h"
#include "cfg.h"

/* What the writer needs to know of every file's blocks. */
struct program {
	struct asm_file *file;
	int nfiles;
	int *base;		/* per file: its first block's global index */
	struct cfg g;		/* global blocks, in file order */
	int *pos;		/* per global block: its position in the layout, or -1 */
};

/* Block labels and the block map only: the original order. */
int emit_original(const struct program *p, int fi, FILE *out);

/* The new order for file @fi; counts what it added in @jumps, @inverted, @marks. */
int emit_laid_out(const struct program *p, const struct layout *l, int fi, FILE *out,
		  int *jumps, int *inverted, int *marks);

/* The linker script fragment placing the chunks (kernel.ld includes it). */
int emit_linker_script(const struct layout *l, FILE *out);

/* The global block number of file @fi's block @j as the block map records it. */
#define BLOCK_ID(fi, j) ((uint32_t)(fi) << 16 | (uint32_t)(j))

#endif
