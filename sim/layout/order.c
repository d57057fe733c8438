// SPDX-License-Identifier: MIT
/*
 * The code orders: Pettis and Hansen's procedure ordering with basic-block
 * chaining and hot/cold splitting, and the OS-oriented sequences with the
 * self-conflict-free placement. Pure functions of the control-flow graph:
 * the unit tests run them on small hand-made graphs.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

static int edge_cmp(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

int cfg_index(struct cfg *g)
{
	int i, k = 0;

	qsort(g->e, (size_t)g->ne, sizeof(*g->e), edge_cmp);
	free(g->out);
	g->out = malloc(((size_t)g->nb + 1) * sizeof(*g->out));
	if (!g->out)
		return -1;
	for (i = 0; i <= g->nb; i++) {
		while (k < g->ne && g->e[k].from < i)
			k++;
		g->out[i] = k;
	}
	return 0;
}

void layout_free(struct layout *l)
{
	free(l->order);
	free(l->slot);
	free(l->seq_end);
	free(l->slot_offset);
	memset(l, 0, sizeof(*l));
}

static int layout_alloc(struct layout *l, int nb, int nslots)
{
	memset(l, 0, sizeof(*l));
	l->order = malloc(((size_t)nb + 1) * sizeof(*l->order));
	l->slot = calloc((size_t)nb + 1, sizeof(*l->slot));
	l->seq_end = calloc((size_t)nb + 1, 1);
	l->slot_offset = calloc((size_t)nslots + 1, sizeof(*l->slot_offset));
	if (!l->order || !l->slot || !l->seq_end || !l->slot_offset) {
		layout_free(l);
		return -1;
	}
	return 0;
}

/* ---- Pettis and Hansen ----------------------------------------------------- */

/*
 * Block chaining inside one function: the heaviest edges first, each
 * joining the tail of one chain to the head of another; the entry's chain
 * comes first, then the other chains by their hottest block. Writes the
 * function's executed blocks to @out and returns how many.
 */
static int chain_function(const struct cfg *g, int fn, int *out)
{
	const struct func *f = &g->f[fn];
	int n = f->n, m = 0, k;
	int *next = malloc((size_t)n * sizeof(int)), *prev = malloc((size_t)n * sizeof(int));
	int *heads = malloc((size_t)n * sizeof(int));
	struct edge *es = malloc(((size_t)g->ne + 1) * sizeof(*es));
	int ne = 0, nheads = 0;

	if (!next || !prev || !heads || !es) {
		free(next), free(prev), free(heads), free(es);
		return -1;
	}
	for (int i = 0; i < n; i++)
		next[i] = prev[i] = -1;
	for (int b = f->first; b < f->first + n; b++)
		for (k = g->out[b]; k < g->out[b + 1]; k++)
			if (g->e[k].kind == EK_FLOW && g->e[k].weight && g->b[g->e[k].to].func == fn)
				es[ne++] = g->e[k];
	/* Heaviest first; ties in block order, so the result is deterministic. */
	for (int i = 1; i < ne; i++)
		for (int j = i; j > 0 && (es[j].weight > es[j - 1].weight ||
					  (es[j].weight == es[j - 1].weight &&
					   (es[j].from < es[j - 1].from ||
					    (es[j].from == es[j - 1].from && es[j].to < es[j - 1].to))));
		     j--) {
			struct edge t = es[j];

			es[j] = es[j - 1];
			es[j - 1] = t;
		}
	for (int i = 0; i < ne; i++) {
		int a = es[i].from - f->first, b = es[i].to - f->first, h;

		if (a == b || next[a] != -1 || prev[b] != -1 || b == 0)
			continue;
		for (h = a; prev[h] != -1; h = prev[h])
			;
		if (h == b)
			continue;	/* b heads a's own chain: that would close a loop */
		next[a] = b;
		prev[b] = a;
	}
	for (int i = 0; i < n; i++)
		if (prev[i] == -1 && g->b[f->first + i].count)
			heads[nheads++] = i;
	/* The entry's chain first, then by hottest block (insertion sort: chains are few). */
	for (int i = 1; i < nheads; i++) {
		for (int j = i; j > 0; j--) {
			uint64_t cj = 0, cp = 0;

			for (int x = heads[j]; x != -1; x = next[x])
				if (g->b[f->first + x].count > cj)
					cj = g->b[f->first + x].count;
			for (int x = heads[j - 1]; x != -1; x = next[x])
				if (g->b[f->first + x].count > cp)
					cp = g->b[f->first + x].count;
			if (heads[j - 1] == 0 || (heads[j] != 0 && cj <= cp))
				break;
			int t = heads[j];

			heads[j] = heads[j - 1];
			heads[j - 1] = t;
		}
	}
	for (int i = 0; i < nheads; i++)
		for (int x = heads[i]; x != -1; x = next[x])
			if (g->b[f->first + x].count)
				out[m++] = f->first + x;
	free(next), free(prev), free(heads), free(es);
	return m;
}

struct group {
	int *fn;	/* functions in order */
	int n;
	uint64_t heat;	/* sum of the functions' block counts */
};

static uint64_t func_heat(const struct cfg *g, int fn)
{
	uint64_t s = 0;

	for (int b = g->f[fn].first; b < g->f[fn].first + g->f[fn].n; b++)
		s += g->b[b].count;
	return s;
}

/* Where function @fn sits in group @x read forwards (@rev 0) or backwards. */
static int pos_in(const struct group *x, int rev, int fn)
{
	for (int i = 0; i < x->n; i++)
		if (x->fn[rev ? x->n - 1 - i : i] == fn)
			return i;
	return 0;
}

/* Joins group @b onto @a in the orientation that puts @fa and @fb closest. */
static void join(struct group *a, struct group *b, int fa, int fb)
{
	int best = -1, bestd = 0, ra = 0, rb = 0;
	int *fn = malloc((size_t)(a->n + b->n) * sizeof(int));

	if (!fn)
		return;
	for (int o = 0; o < 4; o++) {
		int oa = o & 1, ob = o >> 1;
		int d = (a->n - 1 - pos_in(a, oa, fa)) + pos_in(b, ob, fb);

		if (best < 0 || d < bestd) {
			best = o;
			bestd = d;
			ra = oa;
			rb = ob;
		}
	}
	for (int i = 0; i < a->n; i++)
		fn[i] = a->fn[ra ? a->n - 1 - i : i];
	for (int i = 0; i < b->n; i++)
		fn[a->n + i] = b->fn[rb ? b->n - 1 - i : i];
	free(a->fn);
	a->fn = fn;
	a->n += b->n;
	a->heat += b->heat;
	free(b->fn);
	b->fn = NULL;
	b->n = 0;
}

struct callpair {
	int f1, f2;
	uint64_t w;
};

static int callpair_cmp(const void *a, const void *b)
{
	const struct callpair *x = a, *y = b;

	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	if (x->f1 != y->f1)
		return x->f1 - y->f1;
	return x->f2 - y->f2;
}

static int group_cmp(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (!x->n || !y->n)
		return (x->n == 0) - (y->n == 0);
	if (x->heat != y->heat)
		return x->heat > y->heat ? -1 : 1;
	return x->fn[0] - y->fn[0];
}

int layout_pettis_hansen(const struct cfg *g, struct layout *l)
{
	struct group *gr = calloc((size_t)g->nf + 1, sizeof(*gr));
	int *grp_of = malloc(((size_t)g->nf + 1) * sizeof(int));
	struct callpair *cp = malloc(((size_t)g->ne + 1) * sizeof(*cp));
	int *buf = malloc(((size_t)g->nb + 1) * sizeof(int));
	int ncp = 0, n = 0, rc = -1;
	uint8_t *hot = calloc((size_t)g->nb + 1, 1);

	if (!gr || !grp_of || !cp || !buf || !hot || layout_alloc(l, g->nb, 1))
		goto out;
	for (int i = 0; i < g->nf; i++) {
		grp_of[i] = i;
		gr[i].heat = func_heat(g, i);
		if (gr[i].heat) {
			gr[i].fn = malloc(sizeof(int));
			if (!gr[i].fn)
				goto out;
			gr[i].fn[0] = i;
			gr[i].n = 1;
		}
	}
	/* The call graph, undirected, one weight per pair of executed functions. */
	for (int k = 0; k < g->ne; k++) {
		const struct edge *e = &g->e[k];
		int a = g->b[e->from].func, b = g->b[e->to].func, i;

		if (e->kind != EK_CALL || a == b || !e->weight)
			continue;
		if (a > b) {
			int t = a;

			a = b;
			b = t;
		}
		for (i = 0; i < ncp && !(cp[i].f1 == a && cp[i].f2 == b); i++)
			;
		if (i == ncp)
			cp[ncp++] = (struct callpair){ a, b, 0 };
		cp[i].w += e->weight;
	}
	qsort(cp, (size_t)ncp, sizeof(*cp), callpair_cmp);
	for (int i = 0; i < ncp; i++) {
		int ga = grp_of[cp[i].f1], gb = grp_of[cp[i].f2];

		if (ga == gb || !gr[ga].n || !gr[gb].n)
			continue;
		for (int j = 0; j < gr[gb].n; j++)
			grp_of[gr[gb].fn[j]] = ga;
		join(&gr[ga], &gr[gb], cp[i].f1, cp[i].f2);
	}
	qsort(gr, (size_t)g->nf, sizeof(*gr), group_cmp);
	for (int i = 0; i < g->nf && gr[i].n; i++)
		for (int j = 0; j < gr[i].n; j++) {
			int m = chain_function(g, gr[i].fn[j], buf);

			if (m < 0)
				goto out;
			for (int k = 0; k < m; k++) {
				l->order[n++] = buf[k];
				hot[buf[k]] = 1;
			}
		}
	/* Hot/cold splitting: every block that never ran, in the original order, last. */
	for (int b = 0; b < g->nb; b++)
		if (!hot[b])
			l->order[n++] = b;
	l->n = n;
	l->nslots = 1;
	rc = 0;
out:
	if (gr)
		for (int i = 0; i < g->nf; i++)
			free(gr[i].fn);
	free(gr), free(grp_of), free(cp), free(buf), free(hot);
	if (rc)
		layout_free(l);
	return rc;
}

/* ---- sequences ---------------------------------------------------------------- */

struct grow {
	const struct cfg *g;
	uint8_t *placed;
	int *seq;		/* blocks in sequence order */
	int n;
	const struct edge **calls;	/* calls met on the way, entered after the chain */
	int ncalls;
	uint64_t min_count;	/* this pass's block threshold (at least 1) */
	double min_prob;	/* this pass's edge threshold */
};

static int qualifies(const struct grow *s, int from, const struct edge *e)
{
	const struct block *to = &s->g->b[e->to];

	return !s->placed[e->to] && to->count >= s->min_count && e->weight &&
	       (double)e->weight >= s->min_prob * (double)s->g->b[from].count;
}

/*
 * Grows a sequence from @b: the block, then its most frequent successor in
 * the function, and so on while the thresholds hold and the successor is
 * not laid out yet; then, in the order they were met, the callees worth
 * entering, each growing the same way inside its function. Callees come
 * after their caller's chain, not between its blocks: a call returns to the
 * instruction after it, so a callee placed between two blocks of the caller
 * would cost a jump around it on every pass.
 */
static void grow(struct grow *s, int b)
{
	const struct cfg *g = s->g;
	int first_call = s->ncalls;

	for (;;) {
		const struct edge *best = NULL;

		s->placed[b] = 1;
		s->seq[s->n++] = b;
		for (int k = g->out[b]; k < g->out[b + 1]; k++)
			if (g->e[k].kind == EK_CALL && qualifies(s, b, &g->e[k]))
				s->calls[s->ncalls++] = &g->e[k];
		for (int k = g->out[b]; k < g->out[b + 1]; k++)
			if (g->e[k].kind == EK_FLOW) {
				best = &g->e[k];	/* edges are sorted heaviest first */
				break;
			}
		if (!best || !qualifies(s, b, best))
			break;
		b = best->to;
	}
	for (int i = first_call; i < s->ncalls; i++)
		if (qualifies(s, s->calls[i]->from, s->calls[i]))
			grow(s, s->calls[i]->to);
	s->ncalls = first_call;
}

static int count_desc(const void *a, const void *b, void *ctx)
{
	const struct cfg *g = ctx;
	int x = *(const int *)a, y = *(const int *)b;

	if (g->b[x].count != g->b[y].count)
		return g->b[x].count > g->b[y].count ? -1 : 1;
	return x - y;
}

/* Blocks of @list[0..n) with their slot, filling @cap bytes at most (at least one block). */
static int take(const struct cfg *g, const int *list, int n, int *pos, uint32_t cap,
		struct layout *l, int slot)
{
	uint32_t used = 0;
	int taken = 0;

	while (*pos < n) {
		uint32_t sz = g->b[list[*pos]].size;

		if (taken && used + sz > cap)
			break;
		used += sz;
		l->order[l->n] = list[*pos];
		l->slot[l->n++] = slot;
		(*pos)++;
		taken++;
	}
	return taken;
}

/*
 * A loop the compiler tests at the bottom ("j test; body: ...; test: bxx
 * body") grows as test, body: the body then needs a jump back to the test
 * on every iteration. Where the test is reached by a jump anyway (the block
 * before it does not fall into it), body, test is as good an entry and
 * saves that jump: the test's branch back to the body is backward again.
 */
static void rotate_loops(const struct cfg *g, int *seq, int n, uint8_t *seq_end)
{
	for (int i = 0; i + 1 < n; i++) {
		int t = seq[i], b = seq[i + 1];

		if (g->b[b].fall != t || seq_end[t] || (i > 0 && g->b[seq[i - 1]].fall == t &&
							!seq_end[seq[i - 1]]))
			continue;
		seq[i] = b;
		seq[i + 1] = t;
		if (seq_end[b]) {
			seq_end[b] = 0;
			seq_end[t] = 1;
		}
		i++;
	}
}

int layout_sequences(const struct cfg *g, const struct layout_opts *o, int scf, struct layout *l)
{
	struct grow s = { .g = g };
	int *seeds = malloc(((size_t)g->nb + 1) * sizeof(int));
	int *warm = malloc(((size_t)g->nb + 1) * sizeof(int));
	int *cold = malloc(((size_t)g->nb + 1) * sizeof(int));
	uint64_t max = 0;
	int nwarm = 0, ncold = 0, rc = -1, maxslots = 3 + 2 * (g->nb + 1);

	s.placed = calloc((size_t)g->nb + 1, 1);
	s.seq = malloc(((size_t)g->nb + 1) * sizeof(int));
	s.calls = malloc(((size_t)g->ne + 1) * sizeof(*s.calls));
	if (!s.calls || !seeds || !warm || !cold || !s.placed || !s.seq || layout_alloc(l, g->nb, maxslots))
		goto out;
	for (int b = 0; b < g->nb; b++) {
		seeds[b] = b;
		if (g->b[b].count > max)
			max = g->b[b].count;
	}
	qsort_r(seeds, (size_t)g->nb, sizeof(int), count_desc, (void *)g);
	for (int p = 0; p < o->passes; p++) {
		double t = o->exec_thresh[p] * (double)max;

		s.min_count = t < 1 ? 1 : (uint64_t)t;
		s.min_prob = o->branch_thresh[p];
		/* The OS entry points first, hottest first; then the rest of the code. */
		for (int pass_entries = 1; pass_entries >= 0; pass_entries--) {
			int n = pass_entries ? g->nentry : g->nb;

			for (int i = 0; i < n; i++) {
				int b = pass_entries ? g->entry[i] : seeds[i];

				if (s.placed[b] || g->b[b].count < s.min_count)
					continue;
				grow(&s, b);
				l->seq_end[s.seq[s.n - 1]] = 1;
				l->nseq++;
			}
		}
	}
	rotate_loops(g, s.seq, s.n, l->seq_end);
	/* What no sequence took: code that ran (warm) and code that never did (cold). */
	for (int b = 0; b < g->nb; b++) {
		if (s.placed[b])
			continue;
		if (g->b[b].count)
			warm[nwarm++] = b;
		else
			cold[ncold++] = b;
	}
	if (!scf) {
		for (int i = 0; i < s.n; i++)
			l->order[l->n++] = s.seq[i];
		for (int i = 0; i < nwarm; i++)
			l->order[l->n++] = warm[i];
		for (int i = 0; i < ncold; i++)
			l->order[l->n++] = cold[i];
		l->nslots = 1;
		rc = 0;
		goto out;
	} else {
		/*
		 * The region: the first sequences, up to region_size bytes, at the
		 * start of a cache-sized chunk. Every following chunk holds, at the
		 * region's offsets, code that never ran, and elsewhere the rest of
		 * the code that ran (the sequences that did not fit first).
		 */
		uint32_t c = o->cache_size, r = o->region_size;
		int hp = 0, wp = 0, cp = 0, slot = 0, nhot = s.n;
		int *rest = malloc(((size_t)s.n + nwarm + 1) * sizeof(int)), nrest = 0;
		uint32_t base = 0;

		if (!rest)
			goto out;
		uint32_t room = (uint32_t)(r * o->fill);

		take(g, s.seq, nhot, &hp, room > o->reserve ? room - o->reserve : 0, l, slot);
		for (int i = 0; i < hp; i++)
			l->region_used += g->b[s.seq[i]].size;
		l->slot_offset[slot++] = 0;
		for (int i = hp; i < nhot; i++)
			rest[nrest++] = s.seq[i];
		for (int i = 0; i < nwarm; i++)
			rest[nrest++] = warm[i];
		for (;;) {
			l->slot_offset[slot] = base + r;
			take(g, rest, nrest, &wp, (uint32_t)((c - r) * o->fill), l, slot);
			slot++;
			base += c;
			l->slot_offset[slot] = base;
			if (wp >= nrest) {
				/* The rest of the cold code follows, unbounded. */
				take(g, cold, ncold, &cp, UINT32_MAX, l, slot);
				slot++;
				break;
			}
			take(g, cold, ncold, &cp, (uint32_t)(r * o->fill), l, slot);
			slot++;
		}
		l->nslots = slot;
		free(rest);
	}
	rc = 0;
out:
	free(seeds), free(warm), free(cold), free(s.placed), free(s.seq), free(s.calls);
	if (rc)
		layout_free(l);
	return rc;
}
