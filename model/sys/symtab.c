// SPDX-License-Identifier: MIT
#include "sys/symtab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void symtab_init(struct symtab *t)
{
	memset(t, 0, sizeof(*t));
}

void symtab_free(struct symtab *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->sym[i].name);
	free(t->sym);
	symtab_init(t);
}

int symtab_add(struct symtab *t, const char *name, uint32_t addr, uint32_t size)
{
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 256;
		struct symbol *s = realloc(t->sym, cap * sizeof(*s));

		if (!s)
			return -1;
		t->sym = s;
		t->cap = cap;
	}
	t->sym[t->n].name = strdup(name);
	if (!t->sym[t->n].name)
		return -1;
	t->sym[t->n].addr = addr;
	t->sym[t->n].size = size;
	t->n++;
	return 0;
}

static int by_addr(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* Prefer sized symbols (functions) over labels at the same address. */
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

void symtab_sort(struct symtab *t)
{
	if (t->n)
		qsort(t->sym, t->n, sizeof(*t->sym), by_addr);
}

const struct symbol *symtab_lookup(const struct symtab *t, uint32_t addr)
{
	int lo = 0, hi = t ? t->n - 1 : -1, best = -1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (t->sym[mid].addr <= addr) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (best < 0)
		return NULL;
	/* Back up over symbols at the same address so the preferred one wins. */
	while (best > 0 && t->sym[best - 1].addr == t->sym[best].addr)
		best--;
	if (t->sym[best].size && addr - t->sym[best].addr >= t->sym[best].size)
		return NULL;
	return &t->sym[best];
}

int symtab_find(const struct symtab *t, const char *name, uint32_t *addr)
{
	for (int i = 0; t && i < t->n; i++) {
		if (!strcmp(t->sym[i].name, name)) {
			*addr = t->sym[i].addr;
			return 0;
		}
	}
	return -1;
}

void symtab_format(const struct symtab *t, uint32_t addr, char *buf, int len)
{
	const struct symbol *s = symtab_lookup(t, addr);

	if (!s)
		snprintf(buf, len, "0x%08x", addr);
	else if (addr == s->addr)
		snprintf(buf, len, "0x%08x <%s>", addr, s->name);
	else
		snprintf(buf, len, "0x%08x <%s+0x%x>", addr, s->name, addr - s->addr);
}
