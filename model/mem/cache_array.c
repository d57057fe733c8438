// SPDX-License-Identifier: MIT
/*
 * The tag array: geometry checks, lookup, fill and invalidation. Policies
 * live in repl_*.c and are found here by name.
 *
 * An invalid way keeps the tag CARRAY_NO_LINE from reset, a value no line
 * number can take (lines are at least 4 bytes, so line numbers are below
 * 2^30); lookups still check the state, because a cache may drop a line by
 * writing LINE_I into it directly.
 */
#include "mem/cache_array.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define CARRAY_MIN_LINE	4		/* bytes: smallest line size */
#define CARRAY_NO_LINE	UINT32_MAX	/* tag of a way never filled */

extern const struct repl_ops repl_lru, repl_fifo, repl_random;

static const struct repl_ops *const repl_table[] = {
	&repl_lru,
	&repl_fifo,
	&repl_random,
};

const struct repl_ops *repl_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < sizeof(repl_table) / sizeof(repl_table[0]); i++)
		if (!strcmp(repl_table[i]->name, name))
			return repl_table[i];
	return NULL;
}

static int is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

static uint32_t log2u(uint32_t x)
{
	uint32_t n = 0;

	while (x >>= 1)
		n++;
	return n;
}

int carray_init(struct cache_array *ca, uint32_t size_bytes, uint32_t ways, uint32_t line_bytes,
		const char *policy, uint64_t seed)
{
	uint64_t set_bytes, sets, i;
	const struct repl_ops *repl;

	memset(ca, 0, sizeof(*ca));
	if (!ways || !is_pow2(line_bytes) || line_bytes < CARRAY_MIN_LINE)
		return -1;
	set_bytes = (uint64_t)ways * line_bytes;
	if (size_bytes % set_bytes)
		return -1;
	sets = size_bytes / set_bytes;
	if (!is_pow2(sets))
		return -1;
	repl = repl_find(policy);
	if (!repl)
		return -1;

	ca->lines = malloc(sets * ways * sizeof(*ca->lines));
	if (!ca->lines)
		return -1;
	for (i = 0; i < sets * ways; i++)
		ca->lines[i] = (struct cache_line){ .tag = CARRAY_NO_LINE, .state = LINE_I };
	ca->repl_state = repl->create(sets, ways, seed);
	if (!ca->repl_state) {
		free(ca->lines);
		ca->lines = NULL;
		return -1;
	}
	ca->sets = sets;
	ca->ways = ways;
	ca->line_shift = log2u(line_bytes);
	ca->repl = repl;
	return 0;
}

uint64_t carray_host_bytes(uint64_t lines)
{
	/* The largest policy state is LRU's time stamp per way. */
	return lines * (sizeof(struct cache_line) + sizeof(uint64_t));
}

void carray_free(struct cache_array *ca)
{
	if (ca->repl && ca->repl_state)
		ca->repl->destroy(ca->repl_state);
	free(ca->lines);
	memset(ca, 0, sizeof(*ca));
}

/* The first way of @line's set. */
static struct cache_line *set_base(struct cache_array *ca, uint32_t line)
{
	return &ca->lines[(size_t)carray_set(ca, line) * ca->ways];
}

/* Tells the policy about a use of @l, which holds line number @line. */
static void touch(struct cache_array *ca, struct cache_line *l, uint32_t line)
{
	struct cache_line *base;

	/* A direct-mapped set has no choice to make. */
	if (ca->ways == 1)
		return;
	base = set_base(ca, line);
	assert(l >= base && l < base + ca->ways);
	ca->repl->touch(ca->repl_state, carray_set(ca, line), (uint32_t)(l - base));
}

void carray_touch(struct cache_array *ca, struct cache_line *l)
{
	assert(l->state != LINE_I);
	touch(ca, l, l->tag);
}

struct cache_line *carray_victim(struct cache_array *ca, uint32_t line)
{
	struct cache_line *base = set_base(ca, line);
	uint32_t w;

	if (ca->ways == 1)
		return base;
	for (w = 0; w < ca->ways; w++)
		if (base[w].state == LINE_I)
			return &base[w];
	w = ca->repl->victim(ca->repl_state, carray_set(ca, line));
	assert(w < ca->ways);
	return &base[w];
}

void carray_fill(struct cache_array *ca, struct cache_line *way, uint32_t line,
		 enum line_state state)
{
	assert(line != CARRAY_NO_LINE && state != LINE_I);
	way->tag = line;
	way->state = state;
	way->prefetched = 0;
	way->flags = 0;
	way->watch = 0;
	touch(ca, way, line);
}

enum line_state carray_invalidate(struct cache_array *ca, uint32_t line)
{
	struct cache_line *l = carray_find(ca, line);
	enum line_state old;

	if (!l)
		return LINE_I;
	old = l->state;
	l->state = LINE_I;
	l->prefetched = 0;
	l->flags = 0;
	return old;
}
