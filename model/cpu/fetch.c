// SPDX-License-Identifier: MIT
#include "cpu/fetch.h"

#include <string.h>

const struct stat_field fetch_stat_fields[] = {
	STAT(struct fetch_stats, lines), STAT(struct fetch_stats, lookahead),
	STAT(struct fetch_stats, lookahead_used), STAT(struct fetch_stats, redirects),
};
const int fetch_stat_nfields = sizeof(fetch_stat_fields) / sizeof(fetch_stat_fields[0]);

void fetch_init(struct fetch *f, struct l1 *l1i, uint32_t queue_insns, const uint8_t *mode,
		const struct memmap *mm, const int *guard_en)
{
	memset(f, 0, sizeof(*f));
	f->l1i = l1i;
	f->line_shift = l1_line_shift(l1i);
	f->queue_bytes = 4 * queue_insns;
	f->line_mask = (1u << f->line_shift) - 1;
	f->ahead_from = f->queue_bytes > f->line_mask ? 0 : f->line_mask + 1 - f->queue_bytes;
	f->mode = mode;
	f->mm = mm;
	f->guard_en = guard_en;
}

/* The fetch unit drops a line it asked for: the L1I must not wait for it to come back. */
static void drop(struct fetch *f, uint32_t line, uint8_t state)
{
	if (state == FL_PENDING)
		l1_abandon(f->l1i, line);
}

void fetch_flush(struct fetch *f)
{
	drop(f, f->cur, f->cur_state);
	drop(f, f->next, f->next_state);
	f->cur_state = FL_NONE;
	f->next_state = FL_NONE;
}

/* Requests a line from the L1I; returns its new state. */
static enum fetch_line_state request(struct fetch *f, uint32_t line, uint64_t now)
{
	switch (l1_access(f->l1i, line << f->line_shift, 0, now)) {
	case L1_HIT: return FL_READY;
	case L1_MISS: return FL_PENDING;
	default: return FL_NONE;	/* no MSHR: ask again later */
	}
}

/*
 * Requests the line after the current one; the caller has found the
 * pipeline close enough to the end of the current line, and no line asked
 * for ahead yet.
 */
static void look_ahead(struct fetch *f, uint64_t now)
{
	uint32_t line_bytes = 1u << f->line_shift;
	uint32_t next = f->cur + 1;

	if (((next << f->line_shift) & 0xfff) == 0)
		return;		/* the next line is in another page */
	if (*f->guard_en && memmap_line_guarded(f->mm, f->cur << f->line_shift, line_bytes))
		return;		/* the sequence ends in this line */
	f->next = next;
	f->next_state = (uint8_t)request(f, next, now);
	if (f->next_state != FL_NONE)
		f->stats.lookahead.v[*f->mode]++;
}

enum fetch_result fetch_get(struct fetch *f, uint32_t pa, uint64_t now)
{
	uint32_t line = pa >> f->line_shift;
	int near_end = (pa & f->line_mask) >= f->ahead_from;	/* the queue reaches past it */

	/* The common case: more of the line being decoded. */
	if (__builtin_expect(f->cur_state == FL_READY && f->cur == line, 1)) {
		/* Near its end, the line ahead is asked for. */
		if (near_end && f->next_state == FL_NONE)
			look_ahead(f, now);
		return FETCH_READY;
	}
	{
		if (f->next_state != FL_NONE && f->next == line) {
			/* Into the line fetched ahead. */
			if (f->next_state == FL_PENDING)
				f->next_state = (uint8_t)request(f, line, now);
			if (f->next_state != FL_READY)
				return FETCH_WAIT;
			f->stats.lookahead_used.v[*f->mode]++;
		} else {
			if (f->cur_state != FL_NONE && !(f->cur_state == FL_PENDING && f->cur == line))
				f->stats.redirects.v[*f->mode]++;
			if (f->cur != line)
				drop(f, f->cur, f->cur_state);
			f->cur = line;
			f->cur_state = (uint8_t)request(f, line, now);
			if (f->cur_state != FL_READY)
				return FETCH_WAIT;
			drop(f, f->next, f->next_state);	/* the line ahead of the old one */
		}
		f->cur = line;
		f->cur_state = FL_READY;
		f->next_state = FL_NONE;
		f->stats.lines.v[*f->mode]++;
	}
	if (near_end)
		look_ahead(f, now);
	return FETCH_READY;
}
