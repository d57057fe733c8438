// SPDX-License-Identifier: MIT
#include "sys/profile.h"

#include <stdlib.h>
#include <string.h>

#include "mem/sharing.h"
#include "sys/param.h"
#include "sys/stats.h"
#include "sys/stop.h"

/* One instruction address of one hart in one mode. */
struct entry {
	uint64_t key;		/* mode << 32 | pc */
	int used;		/* the slot holds an entry */
	uint64_t miss[2];	/* enum prof_kind */
	uint64_t stall[2];
	uint64_t bus;
};

/* One hart's entries: an open-addressing table that doubles when half full. */
struct table {
	struct entry *e;
	uint32_t mask, n;
};

struct profile {
	int nharts;
	struct table t[MAX_HARTS];
};

struct profile *profile_new(int nharts)
{
	struct profile *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->nharts = nharts;
	for (int h = 0; h < nharts; h++) {
		p->t[h].mask = 255;
		p->t[h].e = calloc(256, sizeof(struct entry));
		if (!p->t[h].e) {
			profile_free(p);
			return NULL;
		}
	}
	return p;
}

void profile_free(struct profile *p)
{
	if (!p)
		return;
	for (int h = 0; h < p->nharts; h++)
		free(p->t[h].e);
	free(p);
}

static uint32_t hash(uint64_t key)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32);
}

static struct entry *slot(struct table *t, uint64_t key)
{
	uint32_t i = hash(key) & t->mask;

	while (t->e[i].used && t->e[i].key != key)
		i = (i + 1) & t->mask;
	return &t->e[i];
}

static void grow(struct table *t)
{
	struct entry *old = t->e;
	uint32_t old_mask = t->mask;

	t->mask = 2 * old_mask + 1;
	t->e = calloc(t->mask + 1, sizeof(*t->e));
	if (!t->e)
		host_out_of_memory("profile");
	for (uint32_t i = 0; i <= old_mask; i++)
		if (old[i].used)
			*slot(t, old[i].key) = old[i];
	free(old);
}

static struct entry *entry(struct profile *p, int h, int mode, uint32_t pc)
{
	struct table *t = &p->t[h];
	uint64_t key = (uint64_t)mode << 32 | pc;
	struct entry *e = slot(t, key);

	if (!e->used) {
		e->used = 1;
		e->key = key;
		if (2 * ++t->n > t->mask) {
			grow(t);
			e = slot(t, key);
		}
	}
	return e;
}

void profile_miss(struct profile *p, int h, int mode, uint32_t pc, enum prof_kind kind)
{
	entry(p, h, mode, pc)->miss[kind]++;
}

void profile_stall(struct profile *p, int h, int mode, uint32_t pc, enum prof_kind kind,
		   uint64_t cycles, uint64_t bus)
{
	struct entry *e = entry(p, h, mode, pc);

	e->stall[kind] += cycles;
	e->bus += bus;
}

/* ---- output ------------------------------------------------------------------ */

/* An entry with its hart, for sorting. */
struct row {
	int hart;
	const struct entry *e;
};

static int by_hart_mode_pc(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->hart != y->hart)
		return x->hart - y->hart;
	return x->e->key < y->e->key ? -1 : x->e->key > y->e->key;
}

static uint64_t cost(const struct entry *e)
{
	return e->stall[PROF_IMISS] + e->stall[PROF_DMISS];
}

static int by_cost(const void *a, const void *b)
{
	uint64_t x = cost(((const struct row *)a)->e), y = cost(((const struct row *)b)->e);

	return x > y ? -1 : x < y;
}

/* Every entry of every hart; *n gets the count. The caller frees. */
static struct row *rows(const struct profile *p, size_t *n)
{
	size_t k = 0, total = 0;
	struct row *v;

	for (int h = 0; h < p->nharts; h++)
		total += p->t[h].n;
	v = malloc((total ? total : 1) * sizeof(*v));
	if (!v)
		host_out_of_memory("profile");
	for (int h = 0; h < p->nharts; h++)
		for (uint32_t i = 0; i <= p->t[h].mask; i++)
			if (p->t[h].e[i].used)
				v[k++] = (struct row){ h, &p->t[h].e[i] };
	*n = k;
	return v;
}

static const char mode_letter[SM_MODES] = { 'U', 'S', 'M' };

/* "function+0x10" from @usyms for user code, else @syms; "?" when neither knows. */
static void name(const struct symtab *syms, const struct symtab *usyms, int user, uint32_t a,
		 char *buf, int len)
{
	const struct symtab *t = user && usyms ? usyms : syms;
	const struct symbol *s = t ? symtab_lookup(t, a) : NULL;

	if (!s && user && usyms && syms)
		s = symtab_lookup(syms, a);
	if (s && s->size && a - s->addr >= s->size)
		s = NULL;	/* past the end of the nearest symbol: in none */
	if (!s)
		snprintf(buf, len, "?");
	else if (a == s->addr)
		snprintf(buf, len, "%s", s->name);
	else
		snprintf(buf, len, "%s+0x%x", s->name, a - s->addr);
}

static void code_record(const struct row *r, const struct symtab *syms,
			const struct symtab *usyms, FILE *f)
{
	const struct entry *e = r->e;
	int mode = (int)(e->key >> 32);
	uint32_t pc = (uint32_t)e->key;
	char sym[128];

	name(syms, usyms, mode == SM_U, pc, sym, sizeof(sym));
	fprintf(f, "code %d %c 0x%08x %s %llu %llu %llu %llu %llu\n", r->hart, mode_letter[mode],
		pc, sym, (unsigned long long)e->miss[PROF_IMISS],
		(unsigned long long)e->stall[PROF_IMISS], (unsigned long long)e->miss[PROF_DMISS],
		(unsigned long long)e->stall[PROF_DMISS], (unsigned long long)e->bus);
}

/* Hart numbers of @mask as "0,2,3", or "-". */
static void harts(uint32_t mask, char *buf, int len)
{
	int k = 0;

	buf[0] = '\0';
	for (int h = 0; mask && k < len - 4; h++, mask >>= 1)
		if (mask & 1)
			k += snprintf(buf + k, (size_t)(len - k), "%s%d", k ? "," : "", h);
	if (!k)
		snprintf(buf, len, "-");
}

/* The lines with coherence misses, gathered (sharing_lines calls back in line order). */
struct line_list {
	struct sharing_line *v;
	size_t n, cap;
};

static void gather(void *ctx, const struct sharing_line *l)
{
	struct line_list *x = ctx;

	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->v = realloc(x->v, x->cap * sizeof(*x->v));
		if (!x->v)
			host_out_of_memory("profile");
	}
	x->v[x->n++] = *l;
}

/* The variables of one tracked line @l (at @base), with the harts that wrote and read them. */
static void line_vars(const struct sharing_line *l, uint32_t base, const struct symtab *syms,
		      FILE *f)
{
	for (uint32_t i = 0; i < l->parts;) {
		uint32_t a = base + i * l->part_bytes, w = 0, r = 0;
		const struct symbol *s = syms ? symtab_lookup(syms, a) : NULL;
		char sym[128], ws[64], rs[64];
		uint32_t j = i;

		if (s && s->size && a >= s->addr + s->size)
			s = NULL;	/* past the end of the nearest symbol: nothing named */
		do {
			if (l->writers) {
				w |= l->writers[j];
				r |= l->readers[j];
			}
			j++;
		} while (j < l->parts && (s ? symtab_lookup(syms, base + j * l->part_bytes) == s
					     : 0));
		if (s)
			snprintf(sym, sizeof(sym), a == s->addr ? "%s" : "%s+0x%x", s->name,
				 a - s->addr);
		else
			snprintf(sym, sizeof(sym), "0x%08x", a);
		harts(w, ws, sizeof(ws));
		harts(r, rs, sizeof(rs));
		if (w | r)
			fprintf(f, " | %s w:%s r:%s", sym, ws, rs);
		i = j;
	}
}

/*
 * One record per L1D line with coherence misses; its variables are those of
 * every tracked line of the same coherence unit (@unit_bytes, the bus line):
 * a write anywhere in the unit takes the line from the other caches.
 */
static void data_records(const struct line_list *x, uint32_t line_bytes, uint32_t unit_bytes,
			 const struct symtab *syms, FILE *f)
{
	for (size_t k = 0; k < x->n; k++) {
		const struct sharing_line *l = &x->v[k];
		uint32_t base = l->line * line_bytes, unit = base / unit_bytes;
		uint64_t t = 0, fl = 0;
		size_t first = k, last = k;

		for (int h = 0; h < l->nharts; h++) {
			t += l->true_misses[h];
			fl += l->false_misses[h];
		}
		fprintf(f, "data 0x%08x %llu %llu", base, (unsigned long long)t,
			(unsigned long long)fl);
		for (int h = 0; h < l->nharts; h++)
			if (l->true_misses[h] || l->false_misses[h])
				fprintf(f, " h%d:%llu/%llu", h,
					(unsigned long long)l->true_misses[h],
					(unsigned long long)l->false_misses[h]);
		while (first > 0 && x->v[first - 1].line * line_bytes / unit_bytes == unit)
			first--;
		while (last + 1 < x->n && x->v[last + 1].line * line_bytes / unit_bytes == unit)
			last++;
		for (size_t i = first; i <= last; i++)
			line_vars(&x->v[i], x->v[i].line * line_bytes, syms, f);
		fputc('\n', f);
	}
}

int profile_write(const struct profile *p, const struct sharing *sh, uint32_t line_bytes,
		  uint32_t unit_bytes, const struct symtab *syms, const struct symtab *usyms,
		  const char *what, FILE *f)
{
	size_t n;
	struct row *v = rows(p, &n);
	struct line_list x = { 0 };

	fprintf(f, "# osprey profile 1 of %s\n", what);
	fprintf(f, "# code HART MODE PC SYMBOL IMISS ISTALL DMISS DSTALL BUS\n");
	if (n)
		qsort(v, n, sizeof(*v), by_hart_mode_pc);
	for (size_t i = 0; i < n; i++)
		code_record(&v[i], syms, usyms, f);
	free(v);
	fprintf(f, "# data LINE TRUE FALSE hHART:TRUE/FALSE... | VARIABLE w:WRITERS r:READERS ...\n");
	if (sh)
		sharing_lines(sh, gather, &x);
	data_records(&x, line_bytes, unit_bytes < line_bytes ? line_bytes : unit_bytes, syms, f);
	free(x.v);
	return ferror(f) ? -1 : 0;
}

/* ---- the summary on stderr ------------------------------------------------------ */

/* The lines with coherence misses, gathered for sorting. */
struct top_ctx {
	struct top_line { uint32_t line; uint64_t t, f; } *v;
	size_t n, cap;
};

static void collect_line(void *ctx, const struct sharing_line *l)
{
	struct top_ctx *x = ctx;
	struct top_line tl = { l->line, 0, 0 };

	for (int h = 0; h < l->nharts; h++) {
		tl.t += l->true_misses[h];
		tl.f += l->false_misses[h];
	}
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->v = realloc(x->v, x->cap * sizeof(*x->v));
		if (!x->v)
			host_out_of_memory("profile");
	}
	x->v[x->n++] = tl;
}

static int by_misses(const void *a, const void *b)
{
	const struct top_line *x = a, *y = b;
	uint64_t m = x->t + x->f, n = y->t + y->f;

	return m > n ? -1 : m < n;
}

void profile_top_print(const struct profile *p, const struct sharing *sh, uint32_t line_bytes,
		 const struct symtab *syms, const struct symtab *usyms, int n, FILE *f)
{
	size_t k;
	struct row *v = rows(p, &k);
	struct top_ctx x = { 0 };

	if (k)
		qsort(v, k, sizeof(*v), by_cost);
	fprintf(f, "osprey: profile: the %d instructions that stalled longest on misses:\n", n);
	for (size_t i = 0; i < k && i < (size_t)n && cost(v[i].e); i++) {
		const struct entry *e = v[i].e;
		int mode = (int)(e->key >> 32);
		char sym[128];

		name(syms, usyms, mode == SM_U, (uint32_t)e->key, sym, sizeof(sym));
		fprintf(f, "  h%d %c 0x%08x %-32s %llu cycles (%llu I-, %llu D-misses)\n", v[i].hart,
			mode_letter[mode], (uint32_t)e->key, sym, (unsigned long long)cost(e),
			(unsigned long long)e->miss[PROF_IMISS],
			(unsigned long long)e->miss[PROF_DMISS]);
	}
	free(v);
	if (!sh)
		return;
	sharing_lines(sh, collect_line, &x);
	if (x.n)
		qsort(x.v, x.n, sizeof(*x.v), by_misses);
	fprintf(f, "osprey: profile: the %d lines with the most coherence misses:\n", n);
	for (size_t i = 0; i < x.n && i < (size_t)n; i++) {
		uint32_t a = x.v[i].line * line_bytes;
		char sym[128];

		name(syms, NULL, 0, a, sym, sizeof(sym));
		fprintf(f, "  0x%08x %-32s %llu true, %llu false sharing\n", a, sym,
			(unsigned long long)x.v[i].t, (unsigned long long)x.v[i].f);
	}
	free(x.v);
}
