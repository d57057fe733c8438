/* SPDX-License-Identifier: MIT */
/*
 * True and false sharing (Dubois et al., 1993). A coherence miss of hart
 * H's cache on line L is a true-sharing miss if, while L is in the cache
 * again, H reads or writes a word that another hart wrote since L left the
 * cache; if L leaves again first, it was a false-sharing miss: the words
 * H needed never changed.
 *
 * The tracker follows lines from their first coherence invalidation on
 * ("tracked" lines): for each word of such a line it keeps the last writer
 * and the write's sequence number (its "epoch", a global count of tracked
 * writes). For each cache that lost a tracked line to an invalidation it
 * keeps the epoch of the loss; a coherence miss makes that pending, and the
 * cache reports its accesses to the line (sharing_access) until the access
 * that shows true sharing, or the line's departure (sharing_departed) that
 * shows false sharing. Words are 4 bytes; lines of more than 64 words are
 * tracked in 64 equal parts (a part counts as written when any of its words
 * was).
 *
 * With @profile, every access a cache reports to a tracked line also adds its
 * hart to that word's readers or writers, for the profile's view of which
 * variables share a line (sharing_line_report).
 *
 * Caches report accesses only for lines they watch (sharing_watch): the
 * writes to tracked lines, and every access while a miss of theirs is
 * pending (or a profile is taken), so a cache's fast path never looks here
 * for the many lines nobody shares, nor for reads of settled ones.
 */
#ifndef OSPREY_SHARING_H
#define OSPREY_SHARING_H

#include <stdint.h>
#include <stdio.h>

struct sharing;

/* A tracker for caches of @line_bytes lines, harts 0..nharts-1. NULL when out of memory. */
struct sharing *sharing_new(uint32_t line_bytes, int nharts, int profile);
void sharing_free(struct sharing *s);

/* What a reported access settled about a pending coherence miss. */
enum sharing_verdict {
	SHARING_NONE,	/* nothing pending, or still pending */
	SHARING_TRUE,	/* the pending miss was true sharing */
	SHARING_FALSE,	/* ... false sharing (from sharing_departed) */
};

/* Hart @h's cache lost line @line to another agent's write (an invalidation). */
void sharing_invalidated(struct sharing *s, int h, uint32_t line);

/*
 * Hart @h's cache took a coherence miss on @line in mode @mode (enum
 * stat_mode): its classification is pending, and will be counted in @mode.
 */
void sharing_missed(struct sharing *s, int h, uint32_t line, int mode);

/* What hart @h's cache must report of its accesses to @line (sharing_watch). */
#define SHARING_WATCH_WRITES	0x1	/* its writes: the line is tracked */
#define SHARING_WATCH_ALL	0x2	/* every access: this cache's miss is pending, or a
					 * profile records the readers too */

/* SHARING_WATCH_* bits for hart @h's cache and @line (just brought in, or settled). */
int sharing_watch(const struct sharing *s, int h, uint32_t line);

/*
 * Hart @h accessed byte @addr of a watched line (@write: it wrote the word).
 * Returns SHARING_TRUE when this access settled a pending miss as true
 * sharing, with the miss's mode in *@mode.
 */
enum sharing_verdict sharing_access(struct sharing *s, int h, uint32_t addr, int write, int *mode);

/*
 * A watched line left hart @h's cache. Returns SHARING_FALSE when that
 * settled a pending miss, with the miss's mode in *@mode.
 */
enum sharing_verdict sharing_departed(struct sharing *s, int h, uint32_t line, int *mode);

/* A line that took coherence misses, as the profile reports it. */
struct sharing_line {
	uint32_t line;			/* line number */
	int nharts;			/* entries of the per-hart arrays */
	uint32_t parts;			/* parts tracked (words, or groups of them) */
	uint32_t part_bytes;		/* bytes per part */
	const uint64_t *true_misses;	/* per hart */
	const uint64_t *false_misses;	/* per hart */
	const uint32_t *writers;	/* per part: bit h set if hart h wrote it (profile only) */
	const uint32_t *readers;	/* ... read it (profile only); NULL without the profile */
};

/* Calls @fn for every line that took a coherence miss, in line order. */
void sharing_lines(const struct sharing *s, void (*fn)(void *ctx, const struct sharing_line *l),
		   void *ctx);

#endif
