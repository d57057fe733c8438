// SPDX-License-Identifier: MIT
/*
 * Writing the laid-out assembly and the linker script (emit.h).
 */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/*
 * A conditional branch reaches +-4 KiB. Sizes here are estimates (from the
 * profiled build, plus what the rewriting adds), so branches farther than
 * this are inverted around a jump, which reaches +-1 MiB.
 */
#define BRANCH_SAFE_REACH 3500

static int file_of(const struct program *p, int g)
{
	int fi = 0;

	while (fi + 1 < p->nfiles && p->base[fi + 1] <= g)
		fi++;
	return fi;
}

static void block_label(FILE *out, int fi, int j)
{
	fprintf(out, ".LospB%d_%d:\n", fi, j);
}

static void block_map(const struct program *p, int fi, FILE *out)
{
	const struct asm_file *a = &p->file[fi];

	fprintf(out, "\t.section\t.osprey.bbmap,\"\",@progbits\n");
	for (int j = 0; j < a->nb; j++)
		fprintf(out, "\t.word\t%u, .LospB%d_%d\n", BLOCK_ID(fi, j), fi, j);
}

int emit_original(const struct program *p, int fi, FILE *out)
{
	const struct asm_file *a = &p->file[fi];

	for (int i = 0, j = 0; i < a->nline; i++) {
		if (j < a->nb && a->b[j].first == i)
			block_label(out, fi, j++);
		fprintf(out, "%s\n", a->line[i]);
	}
	block_map(p, fi, out);
	return ferror(out) ? -1 : 0;
}

/* Positions [from, to) of the layout form one chunk of file @fi. */
struct chunk {
	int from, to;
	int slot;
};

/*
 * Byte offsets of the blocks of a chunk, as estimated: each block may grow
 * by a jump and an inverted branch's jump, and each conditional branch may
 * need a trampoline at the chunk's end. off[n] is the chunk's end.
 */
static void chunk_offsets(const struct program *p, const struct layout *l, const struct chunk *c,
			  uint32_t *off)
{
	uint32_t o = 0;

	for (int q = c->from; q < c->to; q++) {
		off[q - c->from] = o;
		o += p->g.b[l->order[q]].size + 12;
	}
	off[c->to - c->from] = o;
}

/* What the writer of one file keeps between blocks. */
struct writer {
	FILE *out;
	int fi;
	int marks;		/* .LospG labels so far */
	int skips;		/* .LospS labels so far */
	int jumps, inverted;	/* for the report */
	char **tramp;		/* this chunk's trampolines: their targets */
	int ntramp;
	int tramp_base;		/* the file's trampolines before this chunk's */
};

/* A guard mark on the transfer just written (the label follows it). */
static void mark(struct writer *w)
{
	fprintf(w->out, ".LospG%d_%d:\n", w->fi, w->marks++);
}

/* A trampoline "j @target" at the chunk's end; returns its label number. */
static int trampoline(struct writer *w, const char *target)
{
	w->tramp[w->ntramp] = strdup(target);
	return w->tramp_base + w->ntramp++;
}

static int near(const struct chunk *c, const uint32_t *off, int q, int tq)
{
	return tq >= c->from && tq < c->to &&
	       labs((long)off[tq - c->from] - (long)off[q - c->from]) < BRANCH_SAFE_REACH;
}

/*
 * The conditional branch ending the block at @q, rewritten for the new
 * order. Layout puts the likelier successor next, and the static
 * predictors osprey models (and the usual hardware) guess forward branches
 * not taken: so the branch is inverted when its target is next, and a
 * branch that can no longer reach goes to a trampoline at the chunk's end
 * (forward, rarely taken) rather than around a jump. Returns 1 when the
 * block's fall-through needs nothing more.
 */
static int emit_cond(const struct program *p, const struct layout *l, const struct chunk *c,
		     int q, const uint32_t *off, struct writer *w, const char *line)
{
	int g = l->order[q], fi = w->fi, j = g - p->base[fi];
	const struct asm_block *b = &p->file[fi].b[j];
	int next = q + 1 < c->to ? l->order[q + 1] : -1, fall = p->g.b[g].fall;
	int target = asm_label_block(&p->file[fi], b->target), ends = l->seq_end[g];
	int end_near = off[c->to - c->from] - off[q - c->from] < BRANCH_SAFE_REACH;
	char mn[32], ops[256], fall_label[64], *comma;
	const char *inv;

	if (target >= 0)
		target += p->base[fi];
	if (sscanf(line, " %31s %255[^\n]", mn, ops) != 2 || !(inv = asm_invert_branch(mn)) ||
	    !(comma = strrchr(ops, ',')) || target < 0) {
		fprintf(w->out, "%s\n", line);	/* not a form we rewrite: as it was */
		if (ends)
			mark(w);
		return 0;
	}
	*comma = 0;
	if (fall >= 0)
		snprintf(fall_label, sizeof(fall_label), ".LospB%d_%d", fi, fall - p->base[fi]);
	if (target == next && fall >= 0 && fall != target &&
	    ((near(c, off, q, p->pos[fall]) && p->pos[fall] > q) || end_near)) {
		/* The target follows: branch to the fall-through instead. */
		if (near(c, off, q, p->pos[fall]) && p->pos[fall] > q)
			fprintf(w->out, "\t%s\t%s,%s\n", inv, ops, fall_label);
		else
			fprintf(w->out, "\t%s\t%s,.LospT%d_%d\n", inv, ops, fi,
				trampoline(w, fall_label));
		if (ends)
			mark(w);
		w->inverted++;
		return 1;
	}
	if (near(c, off, q, p->pos[target])) {
		fprintf(w->out, "%s\n", line);
	} else if (end_near) {
		fprintf(w->out, "\t%s\t%s,.LospT%d_%d\n", mn, ops, fi, trampoline(w, b->target));
	} else {
		/* Far from everything: around a jump. */
		fprintf(w->out, "\t%s\t%s,.LospS%d_%d\n", inv, ops, fi, w->skips);
		if (ends)
			mark(w);
		fprintf(w->out, "\tj\t%s\n", b->target);
		fprintf(w->out, ".LospS%d_%d:\n", fi, w->skips++);
		w->inverted++;
	}
	if (ends)
		mark(w);
	return 0;
}

/* Writes the block at layout position @q of chunk @c. */
static void emit_block(const struct program *p, const struct layout *l, const struct chunk *c,
		       int q, const uint32_t *off, struct writer *w)
{
	int g = l->order[q], fi = w->fi, j = g - p->base[fi];
	const struct asm_file *a = &p->file[fi];
	const struct asm_block *b = &a->b[j];
	const struct asm_func *f = &a->f[b->func];
	int next = q + 1 < c->to ? l->order[q + 1] : -1;
	int fall = p->g.b[g].fall, ends = l->seq_end[g], fall_done = 0;

	block_label(w->out, fi, j);
	if (q == c->from && j != f->first_block)
		fprintf(w->out, "%s.b%d:\n", f->name, j - f->first_block);
	for (int i = b->first; i < b->first + b->nlines; i++) {
		if (i == b->term_line && b->term == TERM_COND) {
			fall_done = emit_cond(p, l, c, q, off, w, a->line[i]);
			continue;
		}
		fprintf(w->out, "%s\n", a->line[i]);
		if (i == b->term_line && ends)
			mark(w);
	}
	/* A fall-through whose successor is not next any more becomes a jump. */
	if (!fall_done && fall >= 0 && b->term != TERM_JUMP && fall != next) {
		int ffi = file_of(p, fall);

		fprintf(w->out, "\tj\t.LospB%d_%d\n", ffi, fall - p->base[ffi]);
		if (ends)
			mark(w);
		w->jumps++;
	}
}

int emit_laid_out(const struct program *p, const struct layout *l, int fi, FILE *out,
		  int *jumps, int *inverted, int *marks)
{
	const struct asm_file *a = &p->file[fi];
	struct writer w = { .out = out, .fi = fi };
	uint32_t *off = malloc(((size_t)l->n + 2) * sizeof(*off));
	w.tramp = malloc(((size_t)a->nb + 1) * sizeof(*w.tramp));
	if (!off || !w.tramp) {
		free(off);
		free(w.tramp);
		return -1;
	}
	/* Everything outside the functions stays where it was (data, directives). */
	for (int i = 0; i < a->nline; i++)
		if (!a->in_func[i])
			fprintf(out, "%s\n", a->line[i]);
	for (int q = 0; q < l->n;) {
		struct chunk c = { q, q, l->slot[q] };

		if (file_of(p, l->order[q]) != fi) {
			q++;
			continue;
		}
		while (c.to < l->n && file_of(p, l->order[c.to]) == fi && l->slot[c.to] == c.slot)
			c.to++;
		fprintf(out, "\t.section\t.osp.text.%04d.%06d,\"ax\",@progbits\n\t.align\t2\n",
			c.slot, c.from);
		chunk_offsets(p, l, &c, off);
		w.ntramp = 0;
		for (int k = c.from; k < c.to; k++)
			emit_block(p, l, &c, k, off, &w);
		for (int k = 0; k < w.ntramp; k++) {
			fprintf(out, ".LospT%d_%d:\n\tj\t%s\n", fi, w.tramp_base + k, w.tramp[k]);
			free(w.tramp[k]);
		}
		w.tramp_base += w.ntramp;
		q = c.to;
	}
	if (w.marks) {
		fprintf(out, "\t.section\t.osprey.guard,\"\",@progbits\n");
		/* Each label follows its transfer, whose last word is the jump itself. */
		for (int k = 0; k < w.marks; k++)
			fprintf(out, "\t.word\t.LospG%d_%d - 4\n", fi, k);
	}
	block_map(p, fi, out);
	free(off);
	free(w.tramp);
	*jumps = w.jumps;
	*inverted = w.inverted;
	*marks = w.marks;
	return ferror(out) ? -1 : 0;
}

int emit_linker_script(const struct layout *l, FILE *out)
{
	fprintf(out, "/* generated by sim/layout: the laid-out kernel code (kernel.ld includes it).\n"
		     " * Pinned code (layout --pin) first, then each slot at its offset in the\n"
		     " * self-conflict-free placement, or just following. */\n");
	fprintf(out, "\t.text.layout : ALIGN(64) {\n");
	for (int s = 0; s < l->nslots; s++) {
		if (l->slot_offset[s])
			fprintf(out, "\t\t. = MAX(., 0x%x);\n", l->slot_offset[s]);
		fprintf(out, "\t\t*(SORT_BY_NAME(.osp.text.%04d.*))\n", s);
	}
	fprintf(out, "\t}\n\t__layout_start = ADDR(.text.layout);\n"
		     "\t__layout_end = ADDR(.text.layout) + SIZEOF(.text.layout);\n");
	return ferror(out) ? -1 : 0;
}
