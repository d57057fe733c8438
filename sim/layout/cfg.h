/* SPDX-License-Identifier: MIT */
/*
 * The layout tool's view of the code: basic blocks of the compiler's
 * assembly, their profiled execution counts, the control-flow edges
 * between them, and the order the optimizer chooses.
 */
#ifndef LAYOUT_CFG_H
#define LAYOUT_CFG_H

#include <stdint.h>

enum edge_kind {
	EK_FLOW,	/* inside a function: fall-through, branch or jump */
	EK_CALL,	/* a call from the block to a function's entry block */
};

struct block {
	int func;		/* index into cfg.func */
	int fall;		/* the block it falls through to when not jumping; -1 when
				 * nothing falls out (an unconditional transfer, the end) */
	uint64_t count;		/* executions in the profiled modes */
	uint32_t size;		/* bytes, as assembled in the profiled build */
};

struct edge {
	int from, to;		/* block indices; for EK_CALL, to is the callee's entry */
	enum edge_kind kind;
	uint64_t weight;
};

struct func {
	const char *name;
	int first, n;		/* its blocks are first .. first + n - 1, entry first */
};

struct cfg {
	struct block *b;
	int nb;
	struct edge *e;		/* sorted by from, then by weight descending (cfg_index) */
	int ne;
	int *out;		/* out[i] .. out[i + 1] - 1: the edges leaving block i */
	struct func *f;
	int nf;
	int *entry;		/* blocks entered from outside the laid-out code (trap entry stubs) */
	int nentry;
};

/* Sorts the edges and builds cfg.out; call after filling b, e. 0, or -1 (memory). */
int cfg_index(struct cfg *g);

/* The scheme's knobs (defaults in layout.c's help). */
struct layout_opts {
	/* Sequences: passes of (block count threshold as a fraction of the
	 * hottest block's count, edge probability threshold). */
	double exec_thresh[8], branch_thresh[8];
	int passes;
	/* Self-conflict-free placement: the L1I's size and the region's. */
	uint32_t cache_size, region_size;
	double fill;		/* fraction of each slot filled (room for size estimates) */
	uint32_t reserve;	/* bytes at the region's start taken by pinned code */
};

/*
 * The result: blocks in their new order; each with its slot (a range of
 * addresses the linker script places at a fixed offset; 0 when there are
 * none) and whether a sequence ends there (its leaving transfer is marked).
 */
struct layout {
	int *order;		/* every block exactly once */
	int n;
	int *slot;		/* per position in order */
	uint8_t *seq_end;	/* per block */
	int nslots;
	uint32_t *slot_offset;	/* per slot: its offset from the laid-out code's start */
	int nseq;		/* sequences formed (scheme 2) */
	uint32_t region_used;	/* bytes of sequences in the self-conflict-free region */
};

void layout_free(struct layout *l);

/* The classic baseline: Pettis-Hansen procedure order, block chaining, hot/cold split. */
int layout_pettis_hansen(const struct cfg *g, struct layout *l);

/* The OS scheme: sequences from the entry points; @scf places them self-conflict-free. */
int layout_sequences(const struct cfg *g, const struct layout_opts *o, int scf, struct layout *l);

#endif
