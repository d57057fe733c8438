/* SPDX-License-Identifier: MIT */
/*
 * The fetch unit: it hands the pipeline instructions from L1I lines and runs
 * ahead of it along the sequential path, as a cycle-level unit with the
 * _init/_eval/_tick contract; rtl/fetch.sv is its twin, and cpu/ifetch.h
 * the glue that connects it to the pipeline and the L1I.
 *
 * It holds the line being decoded and a fetch queue: once the pipeline is
 * within core.fetch_queue instructions of the end of the current line, the
 * unit requests the next sequential line (in the same page: it has no
 * translation of its own), so straight-line code finds its next line ready.
 * A taken branch, jump or trap redirects it: the queue is dropped and fetch
 * restarts at the target. With guarded prefetching on for the code page, the
 * unit does not fetch ahead past a line holding a guarded control transfer:
 * execution leaves the sequence there.
 *
 * State: the current line and the line ahead, each with an enum
 * fetch_line_state. A cycle with req_valid, over the old state (line: req_pa's
 * line; near end: req_pa's offset in its line at least line bytes - 4 *
 * core.fetch_queue):
 *   more of the current line (cur_state READY, cur_line = line): ready;
 *   into the line ahead (next_state not NONE, next_line = line): if it is
 *     PENDING it is asked for again (want) and takes the answer's state;
 *     once READY it becomes the current line (lookahead_used, lines);
 *   elsewhere: a redirect, unless nothing was fetched or the line is the one
 *     pending; a pending other current line is abandoned (drop_cur); the line
 *     is asked for (want) and becomes the current line in the answer's
 *     state; once READY, a pending line ahead is abandoned (drop_next) and
 *     the line is taken (lines);
 *   then, when ready, near the end of the line, with no line ahead, the next
 *     line in the same page, and the line not guarded (with guard_en): the
 *     next line is asked for (ahead) and is the line ahead in the answer's
 *     state (lookahead unless no MSHR).
 * An answer: hit READY, miss PENDING, no MSHR NONE (asked again later). A
 * flush drops both lines, abandoning those PENDING. The outputs depend on
 * the inputs combinationally (cpu/fetch_if.h says in which order the glue
 * gives the L1I's answers); a cycle with neither request nor flush changes
 * nothing.
 *
 * Every line request is an L1I demand access; the prefetchers
 * (mem/prefetcher.h) see them through the L1I's hooks.
 */
#ifndef OSPREY_FETCH_H
#define OSPREY_FETCH_H

#include <stdint.h>

#include "cpu/fetch_if.h"
#include "mem/l1.h"

struct config;

enum fetch_line_state {
	FL_NONE,	/* nothing requested */
	FL_PENDING,	/* requested, the L1I missed: on its way */
	FL_READY,	/* in the fetch queue */
};

struct fetch_params {
	uint32_t line_bytes;	/* L1I line size (l1i.line), a power of two, 4..4096 */
	uint32_t queue_insns;	/* instructions fetched ahead (core.fetch_queue), 1..64 */
};

struct fetch_state {
	uint32_t cur;		/* the line decoded from */
	uint32_t next;		/* the sequential line fetched ahead */
	uint8_t cur_state;	/* enum fetch_line_state of cur */
	uint8_t next_state;	/* of next */
};

struct fetch {
	struct fetch_params p;
	uint32_t line_shift;	/* log2(line bytes) */
	uint32_t line_mask;	/* line bytes - 1 */
	uint32_t ahead_from;	/* line offset from which the queue reaches past the line */
	struct fetch_state q;	/* registered state */
	struct fetch_state d;	/* next state, from the last eval */
};

/* Reset: nothing fetched. */
void fetch_init(struct fetch *u, const struct fetch_params *p);

/* Reset, with the parameters of @cfg (l1i.line, core.fetch_queue). */
void fetch_configure(struct fetch *u, const struct config *cfg);

/* The state a line takes from the L1I's answer to its request. */
static inline uint8_t fetch_answered(uint8_t resp)
{
	return resp == L1_HIT ? FL_READY : resp == L1_MISS ? FL_PENDING : FL_NONE;
}

/*
 * Whether a request for @pa that is ready with no line ahead asks for the
 * next line: near the end of its line, the next line in the same page, and
 * not @guard_stop (guarded prefetching on for the page, the line guarded).
 */
static inline int fetch_asks_ahead(const struct fetch *u, uint32_t pa, int guard_stop)
{
	return (pa & u->line_mask) >= u->ahead_from &&
	       (((pa >> u->line_shift) + 1) << u->line_shift & 0xfff) != 0 && !guard_stop;
}

/*
 * Combinational: outputs and next state from the state and @in. Inline, for
 * the glue's hot path: evaluated two or three times a cycle as the L1I's
 * answers come in, its copies share what does not depend on them.
 */
static inline __attribute__((always_inline)) void fetch_eval(struct fetch *u, const struct fetch_in *in, struct fetch_out *out)
{
	const struct fetch_state q = u->q;
	struct fetch_state d = q;
	uint32_t line = in->req_pa >> u->line_shift;
	uint8_t ready = 0, want = 0, ahead = 0, drop_cur = 0, drop_next = 0;
	uint8_t lines = 0, lookahead = 0, used = 0, redirect = 0, took = 0;

	if (in->flush) {
		drop_cur = q.cur_state == FL_PENDING;
		drop_next = q.next_state == FL_PENDING;
		d.cur_state = FL_NONE;
		d.next_state = FL_NONE;
	} else if (in->req_valid) {
		if (q.cur_state == FL_READY && q.cur == line) {
			ready = 1;	/* more of the current line */
		} else if (q.next_state != FL_NONE && q.next == line) {
			/* into the line fetched ahead */
			if (q.next_state == FL_PENDING) {
				want = 1;
				d.next_state = fetch_answered(in->want_resp);
			}
			took = d.next_state == FL_READY;
			used = took;
		} else {
			/* elsewhere: restart there */
			redirect = q.cur_state != FL_NONE &&
				   !(q.cur_state == FL_PENDING && q.cur == line);
			drop_cur = q.cur != line && q.cur_state == FL_PENDING;
			want = 1;
			d.cur = line;
			d.cur_state = fetch_answered(in->want_resp);
			took = d.cur_state == FL_READY;
			drop_next = took && q.next_state == FL_PENDING;
		}
		if (took) {
			d.cur = line;	/* the line is taken */
			d.cur_state = FL_READY;
			d.next_state = FL_NONE;
			lines = 1;
			ready = 1;
		}
		/* Near the end of a line with nothing ahead, the next line is asked for. */
		if (ready && d.next_state == FL_NONE &&
		    fetch_asks_ahead(u, in->req_pa, in->guard_en && in->guarded)) {
			ahead = 1;
			d.next = line + 1;
			d.next_state = fetch_answered(in->ahead_resp);
			lookahead = d.next_state != FL_NONE;
		}
	}
	u->d = d;
	out->ready = ready;
	out->want_valid = want;
	out->ahead_valid = ahead;
	out->drop_cur_valid = drop_cur;
	out->drop_next_valid = drop_next;
	out->lines = lines;
	out->lookahead = lookahead;
	out->lookahead_used = used;
	out->redirects = redirect;
	out->cur_state = q.cur_state;
	out->next_state = q.next_state;
	out->want_line = line;
	out->ahead_line = line + 1;
	out->cur_line = q.cur;
	out->next_line = q.next;
}

/* Clock edge: next state becomes state. */
static inline void fetch_tick(struct fetch *u)
{
	u->q = u->d;
}

/*
 * True when a request for @pa is more of the current line with nothing to
 * ask for: eval would answer ready with no request, abandon or event and
 * leave the state as it is, whatever the other inputs. The glue skips the
 * unit then (the common case); fetch_step_idle is the claim.
 */
static inline int fetch_fast_ready(const struct fetch *u, uint32_t pa)
{
	return u->q.cur_state == FL_READY && u->q.cur == pa >> u->line_shift &&
	       ((pa & u->line_mask) < u->ahead_from || u->q.next_state != FL_NONE);
}

/*
 * What fetch_fast_ready promises, checked after a step's last eval (before
 * tick) with its outputs @out: ready, nothing asked, abandoned or counted,
 * and the next state the state. The glue checks it under co-simulation, the
 * lockstep test in every step.
 */
static inline int fetch_step_idle(const struct fetch *u, const struct fetch_out *out)
{
	return out->ready && !out->want_valid && !out->ahead_valid && !out->drop_cur_valid &&
	       !out->drop_next_valid && !out->lines && !out->lookahead && !out->lookahead_used &&
	       !out->redirects && u->d.cur == u->q.cur && u->d.next == u->q.next &&
	       u->d.cur_state == u->q.cur_state && u->d.next_state == u->q.next_state;
}

/*
 * True when a request for @pa enters the line fetched ahead, READY, at an
 * offset from which the queue does not reach past that line: eval would take
 * the line (ready, lines, lookahead_used) and ask for, abandon or count
 * nothing else, whatever the other inputs. The glue makes that step itself
 * (the second most common); fetch_step_entered_ahead is the claim.
 */
static inline int fetch_enters_ahead(const struct fetch *u, uint32_t pa)
{
	uint32_t line = pa >> u->line_shift;

	return u->q.next_state == FL_READY && u->q.next == line &&
	       (pa & u->line_mask) < u->ahead_from && !(u->q.cur_state == FL_READY && u->q.cur == line);
}

/* What fetch_enters_ahead promises, checked as fetch_step_idle is. */
static inline int fetch_step_entered_ahead(const struct fetch *u, const struct fetch_out *out)
{
	return out->ready && out->lines && out->lookahead_used && !out->want_valid &&
	       !out->ahead_valid && !out->drop_cur_valid && !out->drop_next_valid &&
	       !out->lookahead && !out->redirects && u->d.cur == u->q.next &&
	       u->d.cur_state == FL_READY && u->d.next_state == FL_NONE && u->d.next == u->q.next;
}

/*
 * True when a request for @pa goes elsewhere with no line pending as the
 * current one: not more of the current line, not into the line ahead. Given
 * the L1I's hit for its line, eval restarts there: it asks for the line
 * (want), counts a redirect if something was fetched, takes the line
 * (lines), abandons a pending line ahead (drop_next), and asks for the next
 * line as fetch_asks_ahead says, which is the line ahead in the answer's
 * state; nothing else. The glue makes that step itself when it knows the
 * L1I will hit; fetch_step_redirected is the claim.
 */
static inline int fetch_redirects_to(const struct fetch *u, uint32_t pa)
{
	uint32_t line = pa >> u->line_shift;

	return u->q.cur_state != FL_PENDING && !(u->q.cur_state == FL_READY && u->q.cur == line) &&
	       !(u->q.next_state != FL_NONE && u->q.next == line);
}

/*
 * True when a request for @pa is more of the current line with no line
 * ahead: eval answers ready, asks for the next line as fetch_asks_ahead says
 * (which is then the line ahead in the answer's state, lookahead unless no
 * MSHR), and does nothing else. The glue makes that step itself (the fourth
 * most common: the one fetch_fast_ready leaves near the end of a line);
 * fetch_step_asked_ahead is the claim.
 */
static inline int fetch_asks_from_current(const struct fetch *u, uint32_t pa)
{
	return u->q.cur_state == FL_READY && u->q.cur == pa >> u->line_shift &&
	       u->q.next_state == FL_NONE;
}

/* What fetch_asks_from_current promises for the step on @in, checked as fetch_step_idle is. */
static inline int fetch_step_asked_ahead(const struct fetch *u, const struct fetch_in *in,
					 const struct fetch_out *out)
{
	int ahead = fetch_asks_ahead(u, in->req_pa, in->guard_en && in->guarded);
	uint8_t next_state = ahead ? fetch_answered(in->ahead_resp) : FL_NONE;

	return out->ready && !out->want_valid && !out->drop_cur_valid && !out->drop_next_valid &&
	       !out->lines && !out->redirects && !out->lookahead_used && out->ahead_valid == ahead &&
	       out->lookahead == (next_state != FL_NONE) && u->d.cur == u->q.cur &&
	       u->d.cur_state == FL_READY && u->d.next_state == next_state &&
	       u->d.next == (ahead ? u->q.cur + 1 : u->q.next);
}

/*
 * What fetch_redirects_to promises for the step on @in whose want the L1I
 * answered with a hit, checked as fetch_step_idle is.
 */
static inline int fetch_step_redirected(const struct fetch *u, const struct fetch_in *in,
					const struct fetch_out *out)
{
	uint32_t line = in->req_pa >> u->line_shift;
	int ahead = fetch_asks_ahead(u, in->req_pa, in->guard_en && in->guarded);
	uint8_t next_state = ahead ? fetch_answered(in->ahead_resp) : FL_NONE;

	return out->ready && out->want_valid && out->want_line == line && !out->drop_cur_valid &&
	       out->drop_next_valid == (u->q.next_state == FL_PENDING) && out->lines &&
	       out->redirects == (u->q.cur_state != FL_NONE) && !out->lookahead_used &&
	       out->ahead_valid == ahead && out->lookahead == (next_state != FL_NONE) &&
	       u->d.cur == line && u->d.cur_state == FL_READY && u->d.next_state == next_state &&
	       u->d.next == (ahead ? line + 1 : u->q.next);
}

#endif
