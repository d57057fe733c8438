// SPDX-License-Identifier: MIT
#include "mem/sharing.h"

#include <stdlib.h>
#include <string.h>

#include "sys/stop.h"

#define MAX_PARTS	64	/* parts a line is tracked in, at most */
#define NO_REC		UINT32_MAX

/* What a cache holds of a tracked line's history (struct rec's state[]). */
enum cache_state {
	CS_NONE,	/* nothing to classify */
	CS_LOST,	/* lost to an invalidation at lost[h]: its next miss is coherence */
	CS_PENDING,	/* back after a coherence miss: true or false not known yet */
};

/*
 * A tracked line; its arrays follow it in one allocation, sized for the
 * line's parts and the harts (rec_bytes).
 */
struct rec {
	uint32_t line;
	int missed;			/* took a coherence miss (reported) */
	uint64_t *epoch;		/* per part: the epoch of its last write (0: never) */
	uint8_t *writer;		/* per part: the hart of that write */
	uint64_t *lost;			/* per hart: the epoch at which its cache lost the line */
	uint8_t *state;			/* per hart: enum cache_state */
	uint8_t *mode;			/* per hart: the mode of its pending miss */
	uint64_t *true_misses, *false_misses;	/* per hart */
	uint32_t *writers, *readers;	/* profile, per part: harts by bit; else NULL */
};

struct sharing {
	uint32_t line_shift;	/* log2 of the line bytes */
	uint32_t parts;		/* parts per line */
	uint32_t part_shift;	/* log2 of the bytes per part */
	int nharts;
	int profile;
	uint64_t epoch;		/* tracked writes so far */
	struct rec **recs;	/* the tracked lines */
	uint32_t nrecs, cap;
	uint32_t *slot;		/* open-addressing index: line -> recs[] index, NO_REC empty */
	uint32_t slot_mask;
};

static uint32_t log2u(uint32_t x)
{
	uint32_t n = 0;

	while (x >>= 1)
		n++;
	return n;
}

struct sharing *sharing_new(uint32_t line_bytes, int nharts, int profile)
{
	struct sharing *s = calloc(1, sizeof(*s));
	uint32_t words = line_bytes / 4 ? line_bytes / 4 : 1;

	if (!s)
		return NULL;
	s->line_shift = log2u(line_bytes);
	s->parts = words < MAX_PARTS ? words : MAX_PARTS;
	s->part_shift = log2u(line_bytes / s->parts);
	s->nharts = nharts;
	s->profile = profile;
	s->slot_mask = 1023;
	s->slot = malloc((s->slot_mask + 1) * sizeof(*s->slot));
	if (!s->slot) {
		free(s);
		return NULL;
	}
	memset(s->slot, 0xff, (s->slot_mask + 1) * sizeof(*s->slot));
	return s;
}

void sharing_free(struct sharing *s)
{
	if (!s)
		return;
	for (uint32_t i = 0; i < s->nrecs; i++)
		free(s->recs[i]);
	free(s->recs);
	free(s->slot);
	free(s);
}

static uint32_t hash(uint32_t line)
{
	return (uint32_t)(((uint64_t)line * 0x9e3779b97f4a7c15ull) >> 32);
}

/* The index slot of @line: holding it, or the empty one where it would go. */
static uint32_t *find_slot(const struct sharing *s, uint32_t line)
{
	uint32_t i = hash(line) & s->slot_mask;

	while (s->slot[i] != NO_REC && s->recs[s->slot[i]]->line != line)
		i = (i + 1) & s->slot_mask;
	return &s->slot[i];
}

static struct rec *lookup(const struct sharing *s, uint32_t line)
{
	uint32_t k = *find_slot(s, line);

	return k == NO_REC ? NULL : s->recs[k];
}

/* Doubles the index when it is half full. */
static void grow(struct sharing *s)
{
	uint32_t old_mask = s->slot_mask, *old = s->slot;

	s->slot_mask = old_mask * 2 + 1;
	s->slot = malloc((s->slot_mask + 1) * sizeof(*s->slot));
	if (!s->slot)
		host_out_of_memory("sharing tracker");
	memset(s->slot, 0xff, (s->slot_mask + 1) * sizeof(*s->slot));
	for (uint32_t i = 0; i <= old_mask; i++)
		if (old[i] != NO_REC)
			*find_slot(s, s->recs[old[i]]->line) = old[i];
	free(old);
}

/* A record with its arrays, zeroed. */
static struct rec *new_rec(const struct sharing *s, uint32_t line)
{
	size_t p = s->parts, h = (size_t)s->nharts;
	size_t bytes = sizeof(struct rec) + p * sizeof(uint64_t) + h * 3 * sizeof(uint64_t) +
		       (s->profile ? 2 * p * sizeof(uint32_t) : 0) + p + 2 * h;
	struct rec *r = calloc(1, bytes);
	char *q = (char *)(r + 1);

	if (!r)
		host_out_of_memory("sharing tracker");
	r->line = line;
	r->epoch = (uint64_t *)q, q += p * sizeof(uint64_t);
	r->lost = (uint64_t *)q, q += h * sizeof(uint64_t);
	r->true_misses = (uint64_t *)q, q += h * sizeof(uint64_t);
	r->false_misses = (uint64_t *)q, q += h * sizeof(uint64_t);
	if (s->profile) {
		r->writers = (uint32_t *)q, q += p * sizeof(uint32_t);
		r->readers = (uint32_t *)q, q += p * sizeof(uint32_t);
	}
	r->writer = (uint8_t *)q, q += p;
	r->state = (uint8_t *)q, q += h;
	r->mode = (uint8_t *)q;
	return r;
}

static struct rec *lookup_or_add(struct sharing *s, uint32_t line)
{
	uint32_t *slot = find_slot(s, line);
	struct rec *r;

	if (*slot != NO_REC)
		return s->recs[*slot];
	if (s->nrecs == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->recs = realloc(s->recs, s->cap * sizeof(*s->recs));
		if (!s->recs)
			host_out_of_memory("sharing tracker");
	}
	r = new_rec(s, line);
	*slot = s->nrecs;
	s->recs[s->nrecs++] = r;
	if (2 * s->nrecs > s->slot_mask)
		grow(s);
	return r;
}

void sharing_invalidated(struct sharing *s, int h, uint32_t line)
{
	struct rec *r = lookup_or_add(s, line);

	r->state[h] = CS_LOST;
	r->lost[h] = s->epoch;
}

void sharing_missed(struct sharing *s, int h, uint32_t line, int mode)
{
	struct rec *r = lookup(s, line);

	if (r && r->state[h] == CS_LOST) {
		r->state[h] = CS_PENDING;
		r->mode[h] = (uint8_t)mode;
		r->missed = 1;
	}
}

int sharing_watch(const struct sharing *s, int h, uint32_t line)
{
	const struct rec *r = lookup(s, line);

	if (!r)
		return 0;
	/* Every tracked line's writes are needed, wherever it is written. */
	return SHARING_WATCH_WRITES |
	       (s->profile || r->state[h] == CS_PENDING ? SHARING_WATCH_ALL : 0);
}

enum sharing_verdict sharing_access(struct sharing *s, int h, uint32_t addr, int write, int *mode)
{
	struct rec *r = lookup(s, addr >> s->line_shift);
	uint32_t part = (addr & ((1u << s->line_shift) - 1)) >> s->part_shift;
	enum sharing_verdict v = SHARING_NONE;

	if (!r)
		return SHARING_NONE;
	/* Did another hart write this part since the line left the cache? */
	if (r->state[h] == CS_PENDING && r->epoch[part] > r->lost[h] && r->writer[part] != h) {
		r->state[h] = CS_NONE;
		r->true_misses[h]++;
		*mode = r->mode[h];
		v = SHARING_TRUE;
	}
	if (write) {
		r->epoch[part] = ++s->epoch;
		r->writer[part] = (uint8_t)h;
	}
	if (r->writers)
		(write ? r->writers : r->readers)[part] |= 1u << h;
	return v;
}

enum sharing_verdict sharing_departed(struct sharing *s, int h, uint32_t line, int *mode)
{
	struct rec *r = lookup(s, line);

	if (!r || r->state[h] != CS_PENDING)
		return SHARING_NONE;
	r->state[h] = CS_NONE;
	r->false_misses[h]++;
	*mode = r->mode[h];
	return SHARING_FALSE;
}

static int by_line(const void *a, const void *b)
{
	uint32_t x = (*(struct rec *const *)a)->line, y = (*(struct rec *const *)b)->line;

	return x < y ? -1 : x > y;
}

void sharing_lines(const struct sharing *s, void (*fn)(void *ctx, const struct sharing_line *l),
		   void *ctx)
{
	struct rec **v = malloc((s->nrecs ? s->nrecs : 1) * sizeof(*v));

	if (!v)
		host_out_of_memory("sharing report");
	memcpy(v, s->recs, s->nrecs * sizeof(*v));
	qsort(v, s->nrecs, sizeof(*v), by_line);
	for (uint32_t i = 0; i < s->nrecs; i++) {
		const struct rec *r = v[i];
		struct sharing_line l = {
			.line = r->line, .nharts = s->nharts, .parts = s->parts, .part_bytes = 1u << s->part_shift,
			.true_misses = r->true_misses, .false_misses = r->false_misses,
			.writers = r->writers, .readers = r->readers,
		};

		if (r->missed)
			fn(ctx, &l);
	}
	free(v);
}
