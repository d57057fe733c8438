/* SPDX-License-Identifier: MIT */
/*
 * A set-associative array of cache line tags, reused by L1I, L1D and L2 (and
 * by anything else that needs tags: prefetch buffers, shadow stores). It
 * holds tags and per-line state only, never data: architectural data lives in
 * the one backing memory. Replacement is a policy chosen by name.
 */
#ifndef OSPREY_CACHE_ARRAY_H
#define OSPREY_CACHE_ARRAY_H

#include <stddef.h>
#include <stdint.h>

/* Coherence state of a line (MESI); caches without coherence use I and M/E. */
enum line_state {
	LINE_I = 0,	/* invalid: the way holds nothing */
	LINE_S,		/* shared: clean, other caches may hold it */
	LINE_E,		/* exclusive: clean, no other cache holds it */
	LINE_M,		/* modified: dirty, no other cache holds it */
};

struct cache_line {
	uint32_t tag;		/* line address >> log2(line bytes), i.e. the line number */
	uint8_t state;		/* enum line_state */
	uint8_t prefetched;	/* filled by a prefetch and not yet used by a demand access */
	uint8_t flags;		/* free for the owning cache's use */
	uint8_t watch;		/* for the owning cache: any bit set keeps hits off its fast
				 * path (the L1's L1_WATCH_* bits) */
};

struct cache_array;

/* A replacement policy: per-array private state plus three hooks. */
struct repl_ops {
	const char *name;	/* "lru", "fifo", "random" */
	/* Allocates policy state for @sets x @ways; NULL on failure. */
	void *(*create)(uint32_t sets, uint32_t ways, uint64_t seed);
	void (*destroy)(void *p);
	/* A demand hit or fill of @way in @set. */
	void (*touch)(void *p, uint32_t set, uint32_t way);
	/* Chooses the way to evict from a full @set. */
	uint32_t (*victim)(void *p, uint32_t set);
};

/* The policy named @name, or NULL. */
const struct repl_ops *repl_find(const char *name);

struct cache_array {
	uint32_t sets, ways;	/* sets is a power of two */
	uint32_t line_shift;	/* log2 of the line size in bytes */
	struct cache_line *lines;	/* sets * ways, set-major */
	const struct repl_ops *repl;
	void *repl_state;
};

/*
 * Sets up an empty array of @size_bytes with @ways ways and @line_bytes
 * lines, replacing with @policy. Returns 0, or -1 when the geometry is
 * impossible (not powers of two, fewer bytes than one set) or the policy
 * is unknown, or memory runs out.
 */
int carray_init(struct cache_array *ca, uint32_t size_bytes, uint32_t ways, uint32_t line_bytes,
		const char *policy, uint64_t seed);
void carray_free(struct cache_array *ca);

/* Host bytes an array of @lines lines takes, its policy's state included (at most). */
uint64_t carray_host_bytes(uint64_t lines);

/* Line number of a byte address. */
static inline uint32_t carray_line(const struct cache_array *ca, uint32_t addr)
{
	return addr >> ca->line_shift;
}

/* Set index of a line number. */
static inline uint32_t carray_set(const struct cache_array *ca, uint32_t line)
{
	return line & (ca->sets - 1);
}

/*
 * The valid line holding line number @line, or NULL. Does not touch
 * replacement state. Inline: every cache hit path starts here.
 */
static inline struct cache_line *carray_find(struct cache_array *ca, uint32_t line)
{
	uint32_t set = carray_set(ca, line), ways = ca->ways;
	struct cache_line *l, *end;

	if (ways == 1) {	/* direct-mapped (the default preset's L1s): one way, no loop */
		l = &ca->lines[set];
		return l->tag == line && l->state != LINE_I ? l : NULL;
	}
	for (l = &ca->lines[(size_t)set * ways], end = l + ways; l < end; l++)
		if (l->tag == line && l->state != LINE_I)
			return l;
	return NULL;
}

/* Records a demand use of @l for the replacement policy. */
void carray_touch(struct cache_array *ca, struct cache_line *l);

/*
 * The way that a fill of line number @line would take: an invalid way of its
 * set if any, else the policy's victim. The caller evicts whatever it holds
 * (write back, back-invalidate) before carray_fill.
 */
struct cache_line *carray_victim(struct cache_array *ca, uint32_t line);

/* Installs line number @line in @way (from carray_victim) with @state, and touches it. */
void carray_fill(struct cache_array *ca, struct cache_line *way, uint32_t line,
		 enum line_state state);

/* Drops line number @line if present; returns its previous state (LINE_I if absent). */
enum line_state carray_invalidate(struct cache_array *ca, uint32_t line);

/*
 * Miss classification (the "3C" model plus coherence), one per cache. A miss
 * is:
 *   compulsory - the line was never referenced by this cache before;
 *   coherence  - the line was last removed from this cache by an invalidation
 *                from another cache (or DMA), not by replacement;
 *   capacity   - a fully-associative LRU cache of the same total size would
 *                also have missed;
 *   conflict   - otherwise (only the limited associativity caused it).
 */
enum miss_class {
	MISS_COMPULSORY,
	MISS_CAPACITY,
	MISS_CONFLICT,
	MISS_COHERENCE,
	MISS_CLASSES,
};

struct miss_classifier;

/* A classifier for a cache of @lines lines in total. NULL on failure. */
struct miss_classifier *mclass_new(uint32_t lines);
void mclass_free(struct miss_classifier *mc);

/*
 * Host bytes a classifier of @lines lines takes at most, when the lines it
 * ever sees span @space_lines line numbers (its history grows with them).
 */
uint64_t mclass_host_bytes(uint64_t lines, uint64_t space_lines);

/*
 * Every demand reference of the cache, in order, with whether the real cache
 * hit. Updates the shadow fully-associative LRU store and the set of lines
 * ever referenced. For a miss, returns its class; for a hit, MISS_CLASSES.
 */
enum miss_class mclass_access(struct miss_classifier *mc, uint32_t line, int hit);

/*
 * A demand hit on a line the cache got through a demand miss (so the
 * classifier has seen it, and no invalidation can be pending for it): only
 * the shadow store's recency changes. Same result as mclass_access(.., 1).
 */
void mclass_hit(struct miss_classifier *mc, uint32_t line);

/* Notes that the real cache lost @line to an invalidation by another agent. */
void mclass_invalidated(struct miss_classifier *mc, uint32_t line);

const char *miss_class_name(enum miss_class c);

/*
 * The classifier's own fields (not the shadow's nodes nor the history they
 * point to), for a caller that compares its state (cpu/park.h): their
 * address, their size in *@bytes (a multiple of 8).
 */
void *mclass_fields(struct miss_classifier *mc, size_t *bytes);

#endif
