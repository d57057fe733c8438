/* SPDX-License-Identifier: MIT */
/*
 * The basic-block profile (--bb-profile): for one ELF's code, how often
 * every basic block ran and every control-flow edge was taken, by privilege
 * mode. It is what the code-layout optimizer (sim/layout/) reads.
 *
 * Block starts ("leaders") are found statically in the ELF: every text
 * symbol, every target of a branch or jal, the instruction after every
 * control transfer (branch, jal, jalr, ecall, ebreak, mret, sret), and every
 * address listed in an `.osprey.bbmap` section (the layout tool's block
 * labels); and dynamically: any instruction reached other than by falling
 * through from the one before it. Each retired instruction inside the ELF's
 * executable sections is looked up in a bitmap of leaders; only a block
 * start does more work. Deterministic, like the run it observes.
 */
#ifndef OSPREY_BBPROF_H
#define OSPREY_BBPROF_H

#include <stdint.h>
#include <stdio.h>

#include "sys/param.h"

/* How execution went from one block to the next. */
enum bb_edge_kind {
	BBE_FALL,	/* fell through (including a branch not taken) */
	BBE_TAKEN,	/* a conditional branch taken */
	BBE_JUMP,	/* jal/jalr that links nothing and is no return */
	BBE_CALL,	/* jal/jalr linking ra or t0 */
	BBE_RETURN,	/* jalr x0, 0(ra) or 0(t0) */
	BBE_TRAP,	/* an exception or interrupt, into the trap vector */
	BBE_ERET,	/* mret or sret */
	BBE_KINDS
};

struct bb_edge {
	uint32_t from, to;	/* block start addresses */
	uint32_t kind;		/* enum bb_edge_kind */
	uint64_t count[3];	/* by the source instruction's mode: U, S, M */
};

/* What one hart was doing at its last profiled instruction. */
struct bb_hart {
	uint32_t block;		/* start of the block it is in; 0: outside the ELF's code */
	uint32_t expect;	/* the next pc if nothing traps */
	uint8_t kind;		/* how the last instruction leaves: enum bb_edge_kind */
	uint8_t mode;		/* the mode it ran in */
};

struct bbprof {
	uint32_t base, limit;	/* the profiled code: [base, limit) */
	uint32_t *text;		/* the code's words as linked (static block ends) */
	uint8_t *leader;	/* one byte per word: a block starts there */
	uint64_t (*block_count)[3];	/* per word: runs of the block starting there */
	struct bb_edge *edge;	/* open-addressing hash table */
	uint32_t edge_cap, edge_n;
	uint64_t insns[3];	/* profiled instructions by mode */
	uint64_t outside[3];	/* retired instructions outside the code */
	struct bb_hart hart[MAX_HARTS];
	char *elf_path;
};

/*
 * Reads the executable sections, symbols and .osprey.bbmap of @elf_path.
 * Returns 0, or -1 with a message in @err.
 */
int bbprof_init(struct bbprof *p, const char *elf_path, char *err, size_t errlen);
void bbprof_free(struct bbprof *p);

/* Hart @hart retired @raw at @pc in @mode; the next pc is @next. Hot: inline test first. */
void bbprof_retire(struct bbprof *p, int hart, int mode, uint32_t pc, uint32_t raw,
		   uint32_t next);

/* Writes the documented text format (README, "Basic-block profile"). <0 on error. */
int bbprof_write(const struct bbprof *p, FILE *f);

#endif
