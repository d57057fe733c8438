// SPDX-License-Identifier: MIT
#include "cpu/fetch.h"

#include <string.h>

#include "mem/l1.h"
#include "sys/config.h"

void fetch_init(struct fetch *u, const struct fetch_params *p)
{
	uint32_t queue_bytes = 4 * p->queue_insns;

	memset(u, 0, sizeof(*u));
	u->p = *p;
	u->line_shift = (uint32_t)__builtin_ctz(p->line_bytes);
	u->line_mask = p->line_bytes - 1;
	u->ahead_from = queue_bytes > u->line_mask ? 0 : p->line_bytes - queue_bytes;
}

void fetch_configure(struct fetch *u, const struct config *cfg)
{
	struct fetch_params p = { cfg->l1i.line, cfg->core.fetch_queue };

	fetch_init(u, &p);
}

/* The state a line takes from the L1I's answer to its request. */
static uint8_t answered(uint8_t resp)
{
	return resp == L1_HIT ? FL_READY : resp == L1_MISS ? FL_PENDING : FL_NONE;
}

void fetch_eval(struct fetch *u, const struct fetch_in *in, struct fetch_out *out)
{
	const struct fetch_state *q = &u->q;
	struct fetch_state *d = &u->d;
	uint32_t line = in->req_pa >> u->line_shift;
	int took = 0;

	*d = *q;
	memset(out, 0, sizeof(*out));
	out->drop_cur_line = q->cur;
	out->want_line = line;
	out->drop_next_line = q->next;
	out->ahead_line = line + 1;
	out->cur_state = q->cur_state;
	out->cur_line = q->cur;
	out->next_state = q->next_state;
	out->next_line = q->next;

	if (in->flush) {
		out->drop_cur_valid = q->cur_state == FL_PENDING;
		out->drop_next_valid = q->next_state == FL_PENDING;
		d->cur_state = FL_NONE;
		d->next_state = FL_NONE;
		return;
	}
	if (!in->req_valid)
		return;

	if (q->cur_state == FL_READY && q->cur == line) {
		out->ready = 1;		/* more of the current line */
	} else if (q->next_state != FL_NONE && q->next == line) {
		/* into the line fetched ahead */
		uint8_t st = q->next_state;

		if (st == FL_PENDING) {
			out->want_valid = 1;
			st = answered(in->want_resp);
		}
		d->next_state = st;
		took = st == FL_READY;
		out->lookahead_used = (uint8_t)took;
	} else {
		/* elsewhere: restart there */
		out->redirects = q->cur_state != FL_NONE &&
				 !(q->cur_state == FL_PENDING && q->cur == line);
		out->drop_cur_valid = q->cur != line && q->cur_state == FL_PENDING;
		out->want_valid = 1;
		d->cur = line;
		d->cur_state = answered(in->want_resp);
		took = d->cur_state == FL_READY;
		out->drop_next_valid = took && q->next_state == FL_PENDING;
	}
	if (took) {
		d->cur = line;
		d->cur_state = FL_READY;
		d->next_state = FL_NONE;
		out->lines = 1;
		out->ready = 1;
	}

	/* Near the end of a line with nothing ahead, the next line is asked for. */
	if (out->ready && (in->req_pa & u->line_mask) >= u->ahead_from &&
	    d->next_state == FL_NONE && ((line + 1) << u->line_shift & 0xfff) != 0 &&
	    !(in->guard_en && in->guarded)) {
		out->ahead_valid = 1;
		d->next = line + 1;
		d->next_state = answered(in->ahead_resp);
		out->lookahead = d->next_state != FL_NONE;
	}
}

void fetch_tick(struct fetch *u)
{
	u->q = u->d;
}
