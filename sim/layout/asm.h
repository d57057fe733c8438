/* SPDX-License-Identifier: MIT */
/*
 * The compiler's assembly, read as functions of basic blocks and written
 * back in a new order. A block starts at its function's label, at every
 * label something refers to (a branch, a jump table), and after every
 * branch or jump; calls do not end blocks (the return point has to follow
 * the call). Inline assembly (#APP .. #NO_APP) is never split.
 */
#ifndef LAYOUT_ASM_H
#define LAYOUT_ASM_H

#include <stdint.h>
#include <stdio.h>

enum term {
	TERM_NONE,	/* falls through to the next block */
	TERM_COND,	/* a conditional branch, then falls through */
	TERM_JUMP,	/* j, jr, ret, tail, mret, sret: nothing falls through */
};

struct asm_block {
	int first, nlines;	/* its lines in asm_file.line */
	enum term term;
	int term_line;		/* the transfer's line, or -1 */
	char *target;		/* a direct branch's or jump's label, or NULL */
	int func;		/* index into asm_file.func */
	uint32_t est_size;	/* bytes, an upper bound from the instructions */
};

struct asm_func {
	char *name;
	int label_line;		/* "name:" */
	int size_line;		/* ".size name, .-name", or -1 */
	int first_block, nblocks;
};

struct asm_file {
	char *path;
	char **line;
	int nline;
	struct asm_block *b;
	int nb;
	struct asm_func *f;
	int nf;
	uint8_t *in_func;	/* per line: part of a function body (or its .size) */
	int *block_at;		/* per line: the block it belongs to, or -1 */
};

/* Reads and splits @path. 0, or -1 with a message in @err. */
int asm_read(struct asm_file *a, const char *path, char *err, size_t errlen);
void asm_free(struct asm_file *a);

/* The block a label starts (or lies in), or -1. */
int asm_label_block(const struct asm_file *a, const char *label);

/* The inverse of a conditional branch mnemonic, or NULL. */
const char *asm_invert_branch(const char *mnemonic);

#endif
