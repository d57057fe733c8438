// SPDX-License-Identifier: MIT
#include "mem/sbuf.h"

#include <string.h>

#include "sys/config.h"

void sbuf_init(struct sbuf *s, int nbufs, int depth, int head_only)
{
	memset(s, 0, sizeof(*s));
	s->nbufs = nbufs;
	s->depth = depth;
	s->head_only = head_only;
	for (int b = 0; b < nbufs; b++)
		s->q.rank[b] = (uint8_t)b;
	s->d = s->q;
}

void sbuf_configure(struct sbuf *s, const struct config *cfg)
{
	sbuf_init(s, (int)cfg->pf.sbufs, (int)cfg->pf.sbuf_depth, !cfg->pf.sbuf_any);
}

/* Makes buffer @b the most recent in @st; ranks stay a permutation. */
static void touch(struct sbuf *s, struct sbuf_state *st, int b)
{
	for (int o = 0; o < s->nbufs; o++)
		if (o != b && st->rank[o] < st->rank[b])
			st->rank[o]++;
	st->rank[b] = 0;
}

/* Fills entries [from, D) of buffer @b with the lines after @last. */
static void extend(struct sbuf *s, struct sbuf_state *st, int b, int from, uint32_t last)
{
	for (int e = from; e < s->depth; e++) {
		last++;
		st->e[b][e] = (struct sbuf_entry){ last, 0, 0 };
	}
}

void sbuf_eval(struct sbuf *s, const struct sbuf_in *in, struct sbuf_out *out)
{
	const struct sbuf_state *q = &s->q;
	struct sbuf_state *d = &s->d;
	int hb = -1, he = -1, rb = -1, re = -1;

	memset(out, 0, sizeof(*out));
	*d = *q;

	/* lookup */
	for (int b = 0; in->lookup_valid && b < s->nbufs && hb < 0; b++) {
		if (!q->valid[b])
			continue;
		for (int e = 0; e < (s->head_only ? 1 : s->depth); e++) {
			if (q->e[b][e].line == in->lookup_line) {
				hb = b;
				he = e;
				break;
			}
		}
	}
	if (hb >= 0) {
		out->hit = 1;
		out->hit_buf = (uint8_t)hb;
		out->hit_avail = q->e[hb][he].avail;
	}

	/* the request to issue */
	for (int b = 0; b < s->nbufs && rb < 0; b++) {
		if (!q->valid[b])
			continue;
		for (int e = 0; e < s->depth; e++) {
			if (!q->e[b][e].reqd) {
				rb = b;
				re = e;
				break;
			}
		}
	}
	if (rb >= 0) {
		out->req_valid = 1;
		out->req_line = q->e[rb][re].line;
	}

	/* next state */
	if (in->flush) {
		memset(d->valid, 0, sizeof(d->valid));
		return;
	}
	if (rb >= 0 && in->req_ready)
		d->e[rb][re].reqd = 1;
	if (in->fill_valid) {
		for (int b = 0; b < s->nbufs; b++)
			for (int e = 0; e < s->depth; e++)
				if (q->valid[b] && d->e[b][e].reqd && q->e[b][e].line == in->fill_line)
					d->e[b][e].avail = 1;
	}
	if (!in->lookup_valid)
		return;
	if (hb >= 0) {
		if (!out->hit_avail)
			return;
		/* Drop entries 0..he, shift the rest to the head, refill the tail. */
		uint32_t last = d->e[hb][s->depth - 1].line;

		memmove(&d->e[hb][0], &d->e[hb][he + 1],
			(size_t)(s->depth - he - 1) * sizeof(d->e[hb][0]));
		extend(s, d, hb, s->depth - he - 1, last);
		touch(s, d, hb);
		return;
	}
	{
		int v = -1;

		for (int b = 0; b < s->nbufs && v < 0; b++)
			if (!q->valid[b])
				v = b;
		for (int b = 0; b < s->nbufs && v < 0; b++)
			if (q->rank[b] == s->nbufs - 1)
				v = b;
		if (v < 0)
			return;	/* cannot happen: the ranks are a permutation */
		d->valid[v] = 1;
		extend(s, d, v, 0, in->lookup_line);
		touch(s, d, v);
	}
}

void sbuf_tick(struct sbuf *s)
{
	s->q = s->d;
}
