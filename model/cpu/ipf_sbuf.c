// SPDX-License-Identifier: MIT
/*
 * Instruction stream buffers in the system: this file drives the
 * cycle-level unit (mem/sbuf.c) through its ports. Each cycle it gathers
 * the inputs (the L1I's demand miss, one arrived line, whether a prefetch
 * slot is free, fence.i), evaluates the unit (or, in co-simulation, the unit
 * and its RTL twin through sb_tap), and acts on the outputs: a hit whose
 * line has arrived moves into the L1I; a miss goes on to the L2; a request
 * becomes an ordinary read that competes with demand misses. Stream buffer
 * lines do not occupy the L1I until a hit moves them in.
 */
#include "cpu/ipf.h"

/* The L1I missed on @line: the buffers see it this cycle and decide. */
int ipf_sbuf_claim(void *ctx, uint32_t line, uint64_t now)
{
	struct ipf *p = ctx;

	if (p->sin.lookup_valid)
		return 0;	/* one lookup per cycle; a second miss goes straight on */
	p->sin.lookup_valid = 1;
	p->sin.lookup_line = line;
	return 1;
}

void ipf_sbuf_fill(void *ctx, uint32_t line, uint64_t now)
{
	struct ipf *p = ctx;

	if (p->acount < IPF_ARRIVED) {
		p->arrived[(p->ahead + p->acount) % IPF_ARRIVED] = line;
		p->acount++;
	}
	/* A fetch waiting for this line retries, and hits in the buffer next cycle. */
	if (p->l1i->wake)
		p->l1i->wake(p->l1i->wake_ctx, now);
}

/* Requested entries a buffer loses unused: those before @upto in buffer @b of @st. */
static uint32_t wasted(const struct sbuf_state *st, int b, int upto)
{
	uint32_t n = 0;

	for (int e = 0; e < upto; e++)
		n += st->e[b][e].reqd;
	return n;
}

/* The entry index of @line in buffer @b of @st, or 0. */
static int entry_of(const struct sbuf *s, const struct sbuf_state *st, int b, uint32_t line)
{
	for (int e = 0; e < s->depth; e++)
		if (st->e[b][e].line == line)
			return e;
	return 0;
}

/* Will the unit want to make a request next cycle? (the state after this cycle's edge) */
static int has_unrequested(const struct sbuf *s)
{
	for (int b = 0; b < s->nbufs; b++)
		for (int e = 0; s->q.valid[b] && e < s->depth; e++)
			if (!s->q.e[b][e].reqd)
				return 1;
	return 0;
}

/* Does some valid buffer hold @line, arrived? (the state after this cycle's edge) */
static int line_arrived(const struct sbuf *s, uint32_t line)
{
	for (int b = 0; b < s->nbufs; b++)
		for (int e = 0; s->q.valid[b] && e < s->depth; e++)
			if (s->q.e[b][e].line == line && s->q.e[b][e].avail)
				return 1;
	return 0;
}

void ipf_sbuf_cycle(struct ipf *p, uint64_t now)
{
	struct sbuf_in in = p->sin;
	struct sbuf_out out;
	struct sbuf *s = &p->sb;
	struct pf_stats *st = &p->l1i->pfs[PF_SBUF];
	int mode = *p->l1i->mode;
	uint32_t lost = 0;
	int free_slot = 0;

	for (uint32_t i = 0; i < p->l1i->npf; i++)
		free_slot |= !p->l1i->pf[i].valid;
	if (p->acount) {
		in.fill_valid = 1;
		in.fill_line = p->arrived[p->ahead];
		p->ahead = (p->ahead + 1) % IPF_ARRIVED;
		p->acount--;
	}
	in.req_ready = (uint8_t)free_slot;
	in.flush = (uint8_t)p->sb_flush;

	/*
	 * Evaluate and clock the unit. In co-simulation the step function does
	 * both for the C unit and the RTL, so keep the state from before the edge
	 * to count what the buffers lose.
	 */
	struct sbuf_state pre = s->q;

	if (p->sb_tap.eval) {
		p->sb_tap.eval(&p->sb_tap, now, &in, &out);
		p->sb_tap.tick(&p->sb_tap);
	} else {
		sbuf_eval(s, &in, &out);
		sbuf_tick(s);
	}

	if (in.flush) {
		for (int b = 0; b < s->nbufs; b++)
			if (pre.valid[b])
				lost += wasted(&pre, b, s->depth);
	} else if (in.lookup_valid) {
		if (out.hit && out.hit_avail) {
			lost += wasted(&pre, out.hit_buf,
				       entry_of(s, &pre, out.hit_buf, in.lookup_line));
			st->useful.v[mode]++;
		} else if (!out.hit) {
			/* the buffer now most recent restarted; what it held is lost */
			for (int b = 0; b < s->nbufs; b++)
				if (s->q.valid[b] && s->q.rank[b] == 0 && pre.valid[b])
					lost += wasted(&pre, b, s->depth);
		} else if (p->last_late != in.lookup_line) {
			st->late.v[mode]++;	/* on its way: the fetch waits for it */
			p->last_late = in.lookup_line;
		}
	}
	st->useless.v[mode] += lost;
	p->sb_req = has_unrequested(s);

	/* Act on the outputs. */
	if (out.req_valid && in.req_ready && !in.flush) {
		/* An L1I copy or a request already in flight makes the line available at once. */
		if (l1_prefetch(p->l1i, out.req_line, PF_SBUF, now) == 0)
			ipf_sbuf_fill(p, out.req_line, now);
	}
	if (in.lookup_valid && !in.flush) {
		if (out.hit && out.hit_avail)
			l1_install(p->l1i, in.lookup_line, now);
		else if (!out.hit)
			l1_send_miss(p->l1i, in.lookup_line, now);
	} else if (in.lookup_valid) {
		l1_send_miss(p->l1i, in.lookup_line, now);
	}
	/*
	 * A fetch waiting for a line still on its way sleeps until a wake-up: give
	 * it one when the line has arrived in a buffer (its fill may have come in
	 * the very cycle of the lookup, which only counts from the next).
	 */
	if (in.lookup_valid && !in.flush && out.hit && !out.hit_avail) {
		p->sb_wait = 1;
		p->sb_wait_line = in.lookup_line;
	} else if (in.lookup_valid) {
		p->sb_wait = 0;
	}
	if (p->sb_wait && line_arrived(s, p->sb_wait_line)) {
		p->sb_wait = 0;
		if (p->l1i->wake)
			p->l1i->wake(p->l1i->wake_ctx, now);
	}
	p->sin.lookup_valid = 0;
	p->sb_flush = 0;
}
