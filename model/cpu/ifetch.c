// SPDX-License-Identifier: MIT
#include "cpu/ifetch.h"

#include <stdio.h>
#include <string.h>

#include "sys/config.h"

const struct stat_field fetch_stat_fields[] = {
	STAT(struct fetch_stats, lines), STAT(struct fetch_stats, lookahead),
	STAT(struct fetch_stats, lookahead_used), STAT(struct fetch_stats, redirects),
};
const int fetch_stat_nfields = sizeof(fetch_stat_fields) / sizeof(fetch_stat_fields[0]);

void ifetch_init(struct ifetch *f, struct l1 *l1i, const struct config *cfg, const uint8_t *mode,
		 const struct memmap *mm)
{
	memset(f, 0, sizeof(*f));
	fetch_configure(&f->u, cfg);
	f->tap = (struct unit_tap){ .unit = "fetch", .c_unit = &f->u, .fast_off = &f->fast_off };
	f->l1i = l1i;
	f->mode = mode;
	f->mm = mm;
}

/* One evaluation: the unit's, or the tap's in its stead. */
static inline __attribute__((always_inline)) void eval(struct ifetch *f, int tapped, uint64_t now,
							const struct fetch_in *in,
							struct fetch_out *out)
{
	if (tapped)
		f->tap.eval(&f->tap, now, in, out);
	else
		fetch_eval(&f->u, in, out);
}

/* The unit's events of the cycle, counted in the current mode. */
static inline void count(struct ifetch *f, const struct fetch_out *out)
{
	int m = *f->mode;

	f->stats.lines.v[m] += out->lines;
	f->stats.lookahead.v[m] += out->lookahead;
	f->stats.lookahead_used.v[m] += out->lookahead_used;
	f->stats.redirects.v[m] += out->redirects;
}

/* A fast path's claim broken in a step it would have skipped or made: the run stops. */
static void fast_claim_broken(struct ifetch *f, uint32_t pa)
{
	fprintf(stderr, "osprey: fetch: a fast path would have skipped or written out a step that "
		"the unit makes otherwise (fetch at 0x%08x)\n", (unsigned)pa);
	f->tap.failed = 1;
}

/* The range of addresses fetch_fast_ready holds for in the unit's state (struct ifetch). */
static void fast_range(struct ifetch *f)
{
	const struct fetch *u = &f->u;

	f->fast_base = u->q.cur << u->line_shift;
	f->fast_len = u->q.cur_state != FL_READY || f->fast_off ? 0
		      : u->q.next_state != FL_NONE ? u->p.line_bytes : u->ahead_from;
	if (f->wb && f->fast_len && wbuf_range_buffered(f->wb, f->fast_base, f->fast_len))
		f->fast_len = 0;	/* a buffered store will change a word of it */
}

/* The unit's step for fetch_enters_ahead, written out: its evaluation and clock edge. */
static inline void enter_ahead(struct ifetch *f)
{
	struct fetch *u = &f->u;
	int m = *f->mode;

	u->q.cur = u->q.next;
	u->q.cur_state = FL_READY;
	u->q.next_state = FL_NONE;
	u->d = u->q;
	f->stats.lines.v[m]++;
	f->stats.lookahead_used.v[m]++;
	fast_range(f);
}

/*
 * Whether the written-out step for @pa asks the L1I for the line after
 * @pa's: fetch_asks_ahead, with the guard mark of @pa's line.
 */
static inline int asks_ahead(const struct ifetch *f, uint32_t pa, int guard_en)
{
	const struct fetch *u = &f->u;

	return fetch_asks_ahead(u, pa, guard_en && memmap_line_guarded(f->mm, pa & ~u->line_mask,
									u->p.line_bytes));
}

/*
 * The request for the next line that the unit's step for fetch_redirects_to
 * and fetch_asks_from_current ends with, written out (the unit's state is
 * already the step's but for the line ahead): when @asks (fetch_asks_ahead
 * says so), the line ahead, then in the answer's state; its access is a
 * plain hit on @hit when the caller found one, else l1_access's. Then the
 * clock edge.
 */
static inline enum fetch_result ask_ahead_known(struct ifetch *f, int asks, struct cache_line *hit,
						int m, uint64_t now)
{
	struct fetch *u = &f->u;

	if (asks) {
		uint32_t addr = (u->q.cur + 1) << u->line_shift;

		u->q.next = u->q.cur + 1;
		u->q.next_state = fetch_answered((uint8_t)(hit ? l1_hit(f->l1i, addr, hit, 0)
							       : l1_access(f->l1i, addr, 0, now)));
		f->stats.lookahead.v[m] += u->q.next_state != FL_NONE;
	}
	u->d = u->q;
	fast_range(f);
	return FETCH_READY;
}

/* ask_ahead_known, asking as fetch_asks_ahead says for @pa. */
static inline enum fetch_result ask_ahead(struct ifetch *f, uint32_t pa, int guard_en, int m,
					  uint64_t now)
{
	return ask_ahead_known(f, asks_ahead(f, pa, guard_en), NULL, m, now);
}

/*
 * The unit's step for fetch_redirects_to, written out, when the L1I will hit
 * @pa's line (in @l, l1_plain_hit's), but for the request for the line
 * ahead that ends it (ask_ahead): the want access, the pending line ahead
 * abandoned, the line taken; in settle's order.
 */
static inline void redirect_take(struct ifetch *f, uint32_t pa, struct cache_line *l, int m)
{
	struct fetch *u = &f->u;

	f->stats.redirects.v[m] += u->q.cur_state != FL_NONE;
	f->stats.lines.v[m]++;
	l1_hit(f->l1i, pa, l, 0);
	if (u->q.next_state == FL_PENDING)
		l1_abandon(f->l1i, u->q.next);
	u->q.cur = pa >> u->line_shift;
	u->q.cur_state = FL_READY;
	u->q.next_state = FL_NONE;
}

/*
 * A cycle of the unit with the inputs @in, in the order of cpu/fetch_if.h.
 * The answers start as the glue's guess (a hit: the common case); the unit
 * is evaluated again only when the L1I answers otherwise, since the same
 * inputs give the same outputs. Written out once for both kinds of
 * evaluation; without a tap the unit's evaluation is inlined.
 */
static inline __attribute__((always_inline)) enum fetch_result
settle(struct ifetch *f, int tapped, struct fetch_in *in, uint64_t now)
{
	int fast = tapped && in->req_valid && !in->flush && fetch_fast_ready(&f->u, in->req_pa);
	int entering = tapped && in->req_valid && !in->flush && fetch_enters_ahead(&f->u, in->req_pa);
	int redirecting = tapped && in->req_valid && !in->flush && fetch_redirects_to(&f->u, in->req_pa);
	int asking = tapped && in->req_valid && !in->flush && fetch_asks_from_current(&f->u, in->req_pa);
	uint32_t shift = f->u.line_shift;
	struct fetch_out out;
	uint8_t a;

	eval(f, tapped, now, in, &out);
	if (out.drop_cur_valid)
		l1_abandon(f->l1i, out.cur_line);
	if (out.want_valid) {
		a = (uint8_t)l1_access(f->l1i, out.want_line << shift, 0, now);
		if (a != in->want_resp) {
			in->want_resp = a;
			eval(f, tapped, now, in, &out);
		}
	}
	if (out.drop_next_valid)
		l1_abandon(f->l1i, out.next_line);
	if (out.ahead_valid) {
		a = (uint8_t)l1_access(f->l1i, out.ahead_line << shift, 0, now);
		if (a != in->ahead_resp) {
			in->ahead_resp = a;
			eval(f, tapped, now, in, &out);
		}
	}
	count(f, &out);
	if ((fast && !fetch_step_idle(&f->u, &out)) ||
	    (entering && !fetch_step_entered_ahead(&f->u, &out)) ||
	    (redirecting && in->want_resp == L1_HIT && !fetch_step_redirected(&f->u, in, &out)) ||
	    (asking && !fetch_step_asked_ahead(&f->u, in, &out)))
		fast_claim_broken(f, in->req_pa);
	if (tapped)
		f->tap.tick(&f->tap);
	else
		fetch_tick(&f->u);
	fast_range(f);
	return out.ready ? FETCH_READY : FETCH_WAIT;
}

/* The cycle through the tap, out of the way of the common one. */
static __attribute__((noinline)) enum fetch_result tapped_cycle(struct ifetch *f,
								  struct fetch_in *in, uint64_t now)
{
	enum fetch_result r = settle(f, 1, in, now);

	/* Only a tapped cycle can find a mismatch or a broken claim. */
	if (f->tap.failed && f->stop)
		*f->stop = 1;
	return r;
}

/* ifetch_cycle's general way: the unit's evaluation, or the tap's. */
static __attribute__((noinline)) enum fetch_result general_cycle(struct ifetch *f, uint32_t pa,
								  int guard_en, uint64_t now)
{
	struct fetch_in in = {
		.req_valid = 1, .guard_en = (uint8_t)guard_en,
		.want_resp = L1_HIT, .ahead_resp = L1_HIT, .req_pa = pa,
	};

	if (guard_en)
		in.guarded = (uint8_t)memmap_line_guarded(f->mm, pa & ~f->u.line_mask,
							  f->u.p.line_bytes);
	if (f->tap.eval) {
		struct fetch_in observed = in;	/* so that in itself stays in registers */

		return tapped_cycle(f, &observed, now);
	}
	return settle(f, 0, &in, now);
}

/*
 * The steps the glue writes out first, each a claim checked under a tap;
 * the rest in general_cycle, whose evaluation needs more of the host's
 * registers than these steps should pay for.
 */
enum written_step { STEP_GENERAL, STEP_ENTER, STEP_ASK, STEP_REDIRECT };

/*
 * Which of the glue's written-out steps ifetch_cycle makes for @pa (a
 * redirect's line, which the L1I holds, in *@l), or STEP_GENERAL for
 * general_cycle's: always under a tap's observer.
 */
static inline enum written_step written_step(struct ifetch *f, uint32_t pa, struct cache_line **l)
{
	if (f->tap.eval)
		return STEP_GENERAL;
	if (fetch_enters_ahead(&f->u, pa))
		return STEP_ENTER;
	if (fetch_asks_from_current(&f->u, pa))
		return STEP_ASK;
	if (fetch_redirects_to(&f->u, pa) && (*l = l1_plain_hit(f->l1i, pa, 0)))
		return STEP_REDIRECT;
	return STEP_GENERAL;
}

__attribute__((always_inline)) inline enum fetch_result ifetch_cycle(struct ifetch *f, uint32_t pa,
								 int guard_en, uint64_t now)
{
	struct cache_line *l;
	enum written_step step = written_step(f, pa, &l);

	if (step == STEP_ENTER) {
		enter_ahead(f);
		return FETCH_READY;
	}
	if (step == STEP_ASK)
		return ask_ahead(f, pa, guard_en, *f->mode, now);
	if (step == STEP_REDIRECT) {
		int m = *f->mode;

		redirect_take(f, pa, l, m);
		return ask_ahead(f, pa, guard_en, m, now);
	}
	return general_cycle(f, pa, guard_en, now);
}

int ifetch_step_ahead(struct ifetch *f, uint32_t pa, int guard_en, uint64_t now)
{
	struct cache_line *l = NULL, *ahead = NULL;
	enum written_step step = written_step(f, pa, &l);
	int m = *f->mode, asks;

	if (step == STEP_ENTER) {
		enter_ahead(f);
		return 1;
	}
	if (step == STEP_GENERAL || (step == STEP_REDIRECT && f->u.q.next_state == FL_PENDING))
		return 0;	/* the unit's general step, or one that abandons the line on its way */
	/* The line ahead's access, if the step asks for it, must be a plain hit too. */
	asks = asks_ahead(f, pa, guard_en);
	if (asks && !(ahead = l1_plain_hit(f->l1i, ((pa >> f->u.line_shift) + 1) << f->u.line_shift,
					   0)))
		return 0;
	if (step == STEP_REDIRECT)
		redirect_take(f, pa, l, m);
	ask_ahead_known(f, asks, ahead, m, now);
	return 1;
}

void ifetch_flush(struct ifetch *f, uint64_t now)
{
	struct fetch_in in = { .flush = 1, .want_resp = L1_HIT, .ahead_resp = L1_HIT };

	/* A flush asks for no line: settle only abandons. */
	if (f->tap.eval)
		tapped_cycle(f, &in, now);
	else
		settle(f, 0, &in, now);
}
