// SPDX-License-Identifier: MIT
/*
 * Miss classification: compulsory, coherence, capacity, conflict.
 *
 * Two structures see every demand reference:
 *   - the shadow: a fully-associative LRU store of as many lines as the real
 *     cache, as a chained hash map from line number to a node of a doubly
 *     linked recency list. Nodes are preallocated, so a reference is O(1)
 *     and never allocates.
 *   - the history: an open-addressing hash set of every line ever referenced,
 *     each entry with a flag saying its last removal was an invalidation.
 *     It grows (doubling) as the footprint grows.
 * An invalidation removes the line from the shadow too, as it would from a
 * fully-associative cache seeing the same coherence traffic.
 *
 * Line numbers are below 2^30 (lines are at least 4 bytes), so NO_LINE is
 * free to mark empty history slots.
 */
#include "mem/cache_array.h"

#include <assert.h>
#include <stdlib.h>

#include "sys/stop.h"

#define NIL		UINT32_MAX	/* no node */
#define NO_LINE		UINT32_MAX	/* empty history slot */
#define HIST_MIN_LOG2	10		/* log2 of the history's first size, in slots */

struct node {
	uint32_t line;		/* line number held */
	uint32_t prev, next;	/* recency list: prev is more recent; free list uses next */
	uint32_t chain;		/* next node in the same hash bucket */
};

struct hist {
	uint32_t line;		/* line number, or NO_LINE */
	uint32_t invalidated;	/* last removed by an invalidation, not yet referenced since */
};

struct miss_classifier {
	/* the shadow fully-associative LRU store */
	struct node *node;	/* lines nodes */
	uint32_t *bucket;	/* 1 << bucket_log2 heads of hash chains, NIL if empty */
	uint32_t bucket_log2;	/* log2 of the bucket count */
	uint32_t head, tail;	/* most and least recently used node, NIL if none */
	uint32_t free;		/* first free node (linked by next), NIL if none */

	/* every line ever referenced */
	struct hist *hist;	/* 1 << hist_log2 slots, linear probing */
	uint32_t hist_log2;	/* log2 of the slot count */
	uint32_t hist_used;	/* slots holding a line */
};

/* Fibonacci hashing: the top @log2 bits of the product. */
static uint32_t hash(uint32_t line, uint32_t log2)
{
	return (uint32_t)(((uint64_t)line * 0x9e3779b97f4a7c15ull) >> (64 - log2));
}

struct miss_classifier *mclass_new(uint32_t lines)
{
	struct miss_classifier *mc;
	uint32_t i, nb;

	if (!lines || lines > (1u << 30))
		return NULL;
	mc = calloc(1, sizeof(*mc));
	if (!mc)
		return NULL;
	/* about one node per bucket, and at least two buckets so log2 >= 1 */
	mc->bucket_log2 = 1;
	while ((1u << mc->bucket_log2) < lines)
		mc->bucket_log2++;
	nb = 1u << mc->bucket_log2;
	mc->hist_log2 = HIST_MIN_LOG2;
	mc->node = malloc((size_t)lines * sizeof(*mc->node));
	mc->bucket = malloc((size_t)nb * sizeof(*mc->bucket));
	mc->hist = malloc(((size_t)1 << mc->hist_log2) * sizeof(*mc->hist));
	if (!mc->node || !mc->bucket || !mc->hist)
		goto out_free;

	for (i = 0; i < nb; i++)
		mc->bucket[i] = NIL;
	for (i = 0; i < lines; i++)
		mc->node[i].next = i + 1 < lines ? i + 1 : NIL;
	mc->free = 0;
	mc->head = mc->tail = NIL;
	for (i = 0; i < 1u << mc->hist_log2; i++)
		mc->hist[i] = (struct hist){ .line = NO_LINE };
	return mc;

out_free:
	mclass_free(mc);
	return NULL;
}

void mclass_free(struct miss_classifier *mc)
{
	if (!mc)
		return;
	free(mc->node);
	free(mc->bucket);
	free(mc->hist);
	free(mc);
}

/* ---- the shadow store ---- */

static void list_unlink(struct miss_classifier *mc, uint32_t n)
{
	struct node *x = &mc->node[n];

	if (x->prev != NIL)
		mc->node[x->prev].next = x->next;
	else
		mc->head = x->next;
	if (x->next != NIL)
		mc->node[x->next].prev = x->prev;
	else
		mc->tail = x->prev;
}

static void list_push_head(struct miss_classifier *mc, uint32_t n)
{
	struct node *x = &mc->node[n];

	x->prev = NIL;
	x->next = mc->head;
	if (mc->head != NIL)
		mc->node[mc->head].prev = n;
	else
		mc->tail = n;
	mc->head = n;
}

/* Finds @line's node; @link is set to the chain link pointing at it. */
static uint32_t shadow_lookup(struct miss_classifier *mc, uint32_t line, uint32_t **link)
{
	uint32_t *p = &mc->bucket[hash(line, mc->bucket_log2)];

	while (*p != NIL && mc->node[*p].line != line)
		p = &mc->node[*p].chain;
	*link = p;
	return *p;
}

static void shadow_remove_chain(struct miss_classifier *mc, uint32_t n)
{
	uint32_t *link;
	uint32_t found = shadow_lookup(mc, mc->node[n].line, &link);

	assert(found == n);
	*link = mc->node[n].chain;
}

/* References @line in the shadow store; returns whether it was there. */
static int shadow_access(struct miss_classifier *mc, uint32_t line)
{
	uint32_t *link;
	uint32_t n = shadow_lookup(mc, line, &link);

	if (n != NIL) {
		if (mc->head != n) {
			list_unlink(mc, n);
			list_push_head(mc, n);
		}
		return 1;
	}
	if (mc->free != NIL) {
		n = mc->free;
		mc->free = mc->node[n].next;
	} else {
		n = mc->tail;
		list_unlink(mc, n);
		shadow_remove_chain(mc, n);
	}
	/* the eviction may have unlinked the chain entry that @link pointed past */
	link = &mc->bucket[hash(line, mc->bucket_log2)];
	mc->node[n].line = line;
	mc->node[n].chain = *link;
	*link = n;
	list_push_head(mc, n);
	return 0;
}

static void shadow_remove(struct miss_classifier *mc, uint32_t line)
{
	uint32_t *link;
	uint32_t n = shadow_lookup(mc, line, &link);

	if (n == NIL)
		return;
	*link = mc->node[n].chain;
	list_unlink(mc, n);
	mc->node[n].next = mc->free;
	mc->free = n;
}

/* ---- the history ---- */

static struct hist *hist_slot(struct hist *t, uint32_t log2, uint32_t line)
{
	uint32_t mask = (1u << log2) - 1;
	uint32_t i = hash(line, log2);

	while (t[i].line != NO_LINE && t[i].line != line)
		i = (i + 1) & mask;
	return &t[i];
}

/* Doubles the history; returns 0, or -1 when memory runs out. */
static int hist_grow(struct miss_classifier *mc)
{
	uint32_t log2 = mc->hist_log2 + 1;
	size_t i, n = (size_t)1 << log2;
	struct hist *t;

	if (log2 > 31)
		return -1;
	t = malloc(n * sizeof(*t));
	if (!t)
		return -1;
	for (i = 0; i < n; i++)
		t[i] = (struct hist){ .line = NO_LINE };
	for (i = 0; i < (size_t)1 << mc->hist_log2; i++)
		if (mc->hist[i].line != NO_LINE)
			*hist_slot(t, log2, mc->hist[i].line) = mc->hist[i];
	free(mc->hist);
	mc->hist = t;
	mc->hist_log2 = log2;
	return 0;
}

/* The history entry of @line, which is created if absent (*@fresh set). */
static struct hist *hist_get(struct miss_classifier *mc, uint32_t line, int *fresh)
{
	struct hist *h = hist_slot(mc->hist, mc->hist_log2, line);

	*fresh = h->line == NO_LINE;
	if (!*fresh)
		return h;
	/* Keep the load at most one half; past that, grow if memory allows. */
	if (2 * (uint64_t)(mc->hist_used + 1) > (uint64_t)1 << mc->hist_log2) {
		if (!hist_grow(mc)) {
			h = hist_slot(mc->hist, mc->hist_log2, line);
		} else if (mc->hist_used + 2 > 1u << mc->hist_log2) {
			host_out_of_memory("miss classifier");
		}
	}
	h->line = line;
	h->invalidated = 0;
	mc->hist_used++;
	return h;
}

/* ---- the interface ---- */

enum miss_class mclass_access(struct miss_classifier *mc, uint32_t line, int hit)
{
	int fresh, was_invalidated, in_shadow;
	struct hist *h;

	assert(line != NO_LINE);
	h = hist_get(mc, line, &fresh);
	was_invalidated = h->invalidated;
	h->invalidated = 0;
	in_shadow = shadow_access(mc, line);
	if (hit)
		return MISS_CLASSES;
	if (fresh)
		return MISS_COMPULSORY;
	if (was_invalidated)
		return MISS_COHERENCE;
	if (!in_shadow)
		return MISS_CAPACITY;
	return MISS_CONFLICT;
}

void mclass_hit(struct miss_classifier *mc, uint32_t line)
{
	/* Runs of hits to one line are common: the most recent needs no move. */
	if (mc->head != NIL && mc->node[mc->head].line == line)
		return;
	shadow_access(mc, line);
}

void mclass_invalidated(struct miss_classifier *mc, uint32_t line)
{
	struct hist *h;

	if (line == NO_LINE)
		return;
	h = hist_slot(mc->hist, mc->hist_log2, line);
	/* A line never referenced is not in the cache; its next miss is compulsory. */
	if (h->line == NO_LINE)
		return;
	h->invalidated = 1;
	shadow_remove(mc, line);
}

const char *miss_class_name(enum miss_class c)
{
	static const char *const name[MISS_CLASSES] = {
		[MISS_COMPULSORY] = "compulsory",
		[MISS_CAPACITY] = "capacity",
		[MISS_CONFLICT] = "conflict",
		[MISS_COHERENCE] = "coherence",
	};

	return (unsigned)c < MISS_CLASSES ? name[c] : "none";
}
