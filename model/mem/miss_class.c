// SPDX-License-Identifier: MIT
/*
 * Miss classification: compulsory, coherence, capacity, conflict.
 *
 * Two structures see every demand reference:
 *   - the shadow: a fully-associative LRU store of as many lines as the real
 *     cache, as a chained hash map from line number to a node. The FRONT most
 *     recent lines are held apart (front), the others in a doubly linked
 *     recency list behind them: references that go round two or three
 *     lines, the most common after repeats of one (a loop's code, its
 *     data), only reorder the front. Nodes are preallocated, so a
 *     reference is O(1) and never allocates.
 *   - the history: every line ever referenced, each with a flag saying its
 *     last removal was an invalidation: two bits per line in a two-level
 *     table whose 4 KiB leaves (HIST_LEAF_LINES lines each) are allocated
 *     when first touched. Misses come in runs of nearby lines, so
 *     neighbouring lines share a host cache line (a hash set would scatter
 *     them, and it cost a host memory miss per guest miss).
 * An invalidation removes the line from the shadow too, as it would from a
 * fully-associative cache seeing the same coherence traffic.
 *
 * Line numbers are below 2^30 (lines are at least 4 bytes).
 */
#include "mem/cache_array.h"

#include <assert.h>
#include <stdlib.h>

#include "sys/stop.h"

#define NIL		UINT32_MAX	/* no node */
#define FRONT		3		/* the most recent lines, held apart from the list */
#define LINE_BITS	30		/* line numbers are below 1 << LINE_BITS */
#define HIST_LEAF_LOG2	14		/* log2 of the lines one history leaf covers */
#define HIST_LEAF_LINES	(1u << HIST_LEAF_LOG2)
#define HIST_LEAVES	(1u << (LINE_BITS - HIST_LEAF_LOG2))

/* The history's two bits of a line, within its 64-bit word of 32 lines. */
#define HIST_SEEN	1u	/* referenced at least once */
#define HIST_INVAL	2u	/* last removed by an invalidation, not referenced since */

struct node {
	uint32_t line;		/* line number held */
	uint32_t prev, next;	/* recency list: prev is more recent; free list uses next */
	uint32_t chain;		/* next node in the same hash bucket */
};

struct miss_classifier {
	/* the shadow fully-associative LRU store */
	struct node *node;	/* lines nodes */
	uint32_t *bucket;	/* 1 << bucket_log2 heads of hash chains, NIL if empty */
	uint32_t bucket_log2;	/* log2 of the bucket count */
	/*
	 * The FRONT most recently used nodes, most recent first, NIL if none
	 * (the used ones come first); then the others, from head (the next
	 * most recent) to tail (least), NIL if none: the list has nodes only
	 * while the front is full.
	 */
	uint32_t front[FRONT];
	uint32_t front_line[FRONT];	/* the lines they hold, NIL if none: a hit's compares */
	uint32_t head, tail;
	uint32_t free;		/* first free node (linked by next), NIL if none */

	/* every line ever referenced: HIST_LEAVES leaves, NULL until touched */
	uint64_t **hist;	/* a leaf holds 2 bits (HIST_*) per line, 32 lines a word */
	/*
	 * The leaves touched lie in [hist_lo, hist_hi): freeing looks there
	 * only, not at every entry of the half-megabyte table, most of which
	 * the host never had to supply.
	 */
	uint32_t hist_lo, hist_hi;
};

/*
 * The bucket of @line among 1 << @log2: its low bits, folded with the next
 * ones. Neighbouring lines (a loop's code, an array) land in neighbouring
 * buckets, which share the host's cache lines. With Fibonacci hashing,
 * which scattered them, the kernel's workload took about 2 % more host time
 * for the same host instructions.
 */
static uint32_t hash(uint32_t line, uint32_t log2)
{
	return (line ^ (line >> log2)) & ((1u << log2) - 1);
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
	mc->node = malloc((size_t)lines * sizeof(*mc->node));
	mc->bucket = malloc((size_t)nb * sizeof(*mc->bucket));
	mc->hist = calloc(HIST_LEAVES, sizeof(*mc->hist));
	if (!mc->node || !mc->bucket || !mc->hist)
		goto out_free;

	for (i = 0; i < nb; i++)
		mc->bucket[i] = NIL;
	for (i = 0; i < lines; i++)
		mc->node[i].next = i + 1 < lines ? i + 1 : NIL;
	mc->free = 0;
	for (i = 0; i < FRONT; i++)
		mc->front[i] = mc->front_line[i] = NIL;
	mc->head = mc->tail = NIL;
	mc->hist_lo = HIST_LEAVES;
	return mc;

out_free:
	mclass_free(mc);
	return NULL;
}

uint64_t mclass_host_bytes(uint64_t lines, uint64_t space_lines)
{
	uint64_t buckets = 2, leaves = (space_lines + HIST_LEAF_LINES - 1) / HIST_LEAF_LINES;

	while (buckets < lines)
		buckets <<= 1;
	return sizeof(struct miss_classifier) + lines * sizeof(struct node) +
	       buckets * sizeof(uint32_t) + HIST_LEAVES * sizeof(uint64_t *) +
	       leaves * (HIST_LEAF_LINES / 32) * sizeof(uint64_t);
}

void mclass_free(struct miss_classifier *mc)
{
	if (!mc)
		return;
	free(mc->node);
	free(mc->bucket);
	if (mc->hist)
		for (uint32_t i = mc->hist_lo; i < mc->hist_hi; i++)
			free(mc->hist[i]);
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

/* Puts @n, a node in use or NIL, at the front's place @i. */
static inline void front_set(struct miss_classifier *mc, int i, uint32_t n)
{
	mc->front[i] = n;
	mc->front_line[i] = n != NIL ? mc->node[n].line : NIL;
}

/*
 * Moves the front's places [0, @i) one down, over place @i, and puts @n,
 * which holds @line, first.
 */
static inline __attribute__((always_inline)) void front_insert(struct miss_classifier *mc, int i,
							      uint32_t n, uint32_t line)
{
	for (; i > 0; i--) {
		mc->front[i] = mc->front[i - 1];
		mc->front_line[i] = mc->front_line[i - 1];
	}
	mc->front[0] = n;
	mc->front_line[0] = line;
}

/*
 * Makes @n, a node in use that is not in the front (in the list, or new),
 * the most recent: the front's least recent goes to the list's head.
 */
static void make_front(struct miss_classifier *mc, uint32_t n)
{
	if (mc->front[FRONT - 1] != NIL)
		list_push_head(mc, mc->front[FRONT - 1]);
	front_insert(mc, FRONT - 1, n, mc->node[n].line);
}

/* The front's place holding @n, or FRONT when it is in the list. */
static int front_place(const struct miss_classifier *mc, uint32_t n)
{
	int i = 0;

	while (i < FRONT && mc->front[i] != n)
		i++;
	return i;
}

/* Takes @n, in use, out of the recency order: from the front (the list's head moves up) or the list. */
static void order_remove(struct miss_classifier *mc, uint32_t n)
{
	int i = front_place(mc, n);
	uint32_t up;

	if (i == FRONT) {
		list_unlink(mc, n);
		return;
	}
	for (; i < FRONT - 1; i++) {
		mc->front[i] = mc->front[i + 1];
		mc->front_line[i] = mc->front_line[i + 1];
	}
	up = mc->head;
	if (up != NIL)
		list_unlink(mc, up);
	front_set(mc, FRONT - 1, up);
}

/* A reference to @n, in use: the front reorders, or @n comes from the list. */
static void touch(struct miss_classifier *mc, uint32_t n)
{
	int i = front_place(mc, n);

	if (i == FRONT) {
		list_unlink(mc, n);
		make_front(mc, n);
	} else {
		front_insert(mc, i, n, mc->front_line[i]);
	}
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
		touch(mc, n);
		return 1;
	}
	if (mc->free != NIL) {
		n = mc->free;
		mc->free = mc->node[n].next;
	} else {
		/* The least recent: the list's tail, or in a store of FRONT lines or fewer the front's last. */
		n = mc->tail;
		for (int i = FRONT - 1; n == NIL; i--)
			n = mc->front[i];
		order_remove(mc, n);
		shadow_remove_chain(mc, n);
	}
	/* the eviction may have unlinked the chain entry that @link pointed past */
	link = &mc->bucket[hash(line, mc->bucket_log2)];
	mc->node[n].line = line;
	mc->node[n].chain = *link;
	*link = n;
	make_front(mc, n);
	return 0;
}

static void shadow_remove(struct miss_classifier *mc, uint32_t line)
{
	uint32_t *link;
	uint32_t n = shadow_lookup(mc, line, &link);

	if (n == NIL)
		return;
	*link = mc->node[n].chain;
	order_remove(mc, n);
	mc->node[n].next = mc->free;
	mc->free = n;
}

/* ---- the history ---- */

/*
 * The word holding @line's history bits, or NULL if its leaf was never
 * touched; @create allocates the leaf instead.
 */
static uint64_t *hist_word(struct miss_classifier *mc, uint32_t line, int create)
{
	uint32_t index = line >> HIST_LEAF_LOG2;
	uint64_t **leaf = &mc->hist[index];

	if (!*leaf) {
		if (!create)
			return NULL;
		*leaf = calloc(HIST_LEAF_LINES / 32, sizeof(**leaf));
		if (!*leaf)
			host_out_of_memory("miss classifier");
		if (index < mc->hist_lo)
			mc->hist_lo = index;
		if (index >= mc->hist_hi)
			mc->hist_hi = index + 1;
	}
	return &(*leaf)[(line & (HIST_LEAF_LINES - 1)) / 32];
}

/* The shift of @line's two bits within its history word. */
static unsigned hist_shift(uint32_t line)
{
	return 2 * (line & 31);
}

/* ---- the interface ---- */

enum miss_class mclass_access(struct miss_classifier *mc, uint32_t line, int hit)
{
	uint64_t *w;
	unsigned sh = hist_shift(line), bits;
	int in_shadow;

	assert(line < 1u << LINE_BITS);
	w = hist_word(mc, line, 1);
	bits = (unsigned)(*w >> sh) & (HIST_SEEN | HIST_INVAL);
	*w = (*w & ~((uint64_t)HIST_INVAL << sh)) | (uint64_t)HIST_SEEN << sh;
	in_shadow = shadow_access(mc, line);
	if (hit)
		return MISS_CLASSES;
	if (!(bits & HIST_SEEN))
		return MISS_COMPULSORY;
	if (bits & HIST_INVAL)
		return MISS_COHERENCE;
	if (!in_shadow)
		return MISS_CAPACITY;
	return MISS_CONFLICT;
}

/* A hit below the most recent line: it moves up (mclass_hit's out-of-line part). */
static __attribute__((noinline)) void hit_below_head(struct miss_classifier *mc, uint32_t line)
{
	uint32_t *link, n;

	/*
	 * In the front (a loop's lines in turn): it reorders, in straight-line
	 * code (the pragma takes a literal, at least FRONT - 1).
	 */
#pragma GCC unroll 4
	for (int i = 1; i < FRONT; i++) {
		if (line == mc->front_line[i]) {
			front_insert(mc, i, mc->front[i], line);
			return;
		}
	}
	/* Deeper: found by its hash chain; or gone from the shadow, and it goes in. */
	n = shadow_lookup(mc, line, &link);
	if (n == NIL) {
		shadow_access(mc, line);
		return;
	}
	list_unlink(mc, n);
	make_front(mc, n);
}

void mclass_hit(struct miss_classifier *mc, uint32_t line)
{
	/* Runs of hits to one line are common: the most recent needs no move. */
	if (mc->front_line[0] != line)
		hit_below_head(mc, line);
}

void mclass_invalidated(struct miss_classifier *mc, uint32_t line)
{
	uint64_t *w;
	unsigned sh = hist_shift(line);

	assert(line < 1u << LINE_BITS);
	w = hist_word(mc, line, 0);
	/* A line never referenced is not in the cache; its next miss is compulsory. */
	if (!w || !((*w >> sh) & HIST_SEEN))
		return;
	*w |= (uint64_t)HIST_INVAL << sh;
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

void *mclass_fields(struct miss_classifier *mc, size_t *bytes)
{
	*bytes = sizeof(*mc);
	return mc;
}
