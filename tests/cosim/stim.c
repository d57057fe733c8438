// SPDX-License-Identifier: MIT
#include "stim.h"

#include <string.h>

static uint64_t rnd(struct stim *s)
{
	/* splitmix64 */
	uint64_t z = (s->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int pct(struct stim *s, int p)
{
	return (int)(rnd(s) % 100) < p;
}

static uint32_t pick(struct stim *s, uint32_t n)
{
	return (uint32_t)(rnd(s) % n);
}

static void new_phase(struct stim *s)
{
	static const int lookup[] = { 10, 30, 60, 90, 100 };
	static const int ready[] = { 0, 30, 70, 100, 100 };
	static const int jump[] = { 0, 3, 10, 30 };
	static const int delay[] = { 0, 2, 8, 30 };
	static const int spurious[] = { 0, 0, 5, 30 };
	static const int flush[] = { 0, 0, 300, 5000 };

	s->lookup_pct = lookup[pick(s, 5)];
	s->ready_pct = ready[pick(s, 5)];
	s->jump_pct = jump[pick(s, 4)];
	s->max_delay = delay[pick(s, 4)];
	s->spurious_pct = spurious[pick(s, 4)];
	s->flush_every = flush[pick(s, 4)];
}

void stim_init(struct stim *s, uint64_t seed)
{
	memset(s, 0, sizeof(*s));
	s->rng = seed;
	for (int i = 0; i < STIM_BASES; i++)
		s->bases[i] = pick(s, 4096);
	s->cur = s->bases[0];
	new_phase(s);
}

/* A jump target: a recent one, a near one, anywhere small, or near the top. */
static uint32_t jump_target(struct stim *s)
{
	uint32_t r = pick(s, 100), t;

	if (r < 50)
		return s->bases[pick(s, STIM_BASES)];
	if (r < 80)
		t = s->cur + pick(s, 17) - 8;
	else if (r < 97)
		t = pick(s, 4096);
	else
		t = 0xfffffff8u + pick(s, 8);	/* streams that wrap past 2^32 */
	s->bases[pick(s, STIM_BASES)] = t;
	return t;
}

void stim_inputs(struct stim *s, struct sbuf_in *in)
{
	memset(in, 0, sizeof(*in));
	if (s->cycle % STIM_PHASE == 0 && s->cycle)
		new_phase(s);

	if (pct(s, s->lookup_pct)) {
		in->lookup_valid = 1;
		in->lookup_line = s->cur;
	} else if (pct(s, 20)) {
		in->lookup_line = (uint32_t)rnd(s);	/* ignored without lookup_valid */
	}
	in->req_ready = (uint8_t)pct(s, s->ready_pct);
	in->flush = s->flush_every && pick(s, (uint32_t)s->flush_every) == 0;

	/* The fill: the pending request due first, if any is due. */
	int best = -1;

	for (int i = 0; i < s->npend; i++)
		if (s->pend[i].due <= s->cycle && (best < 0 || s->pend[i].due < s->pend[best].due))
			best = i;
	if (best >= 0) {
		in->fill_valid = 1;
		in->fill_line = s->pend[best].line;
		s->pend[best] = s->pend[--s->npend];
	} else if (pct(s, s->spurious_pct)) {
		in->fill_valid = 1;
		in->fill_line = s->cur + pick(s, 9);
	}
	s->cycle++;
}

void stim_observe(struct stim *s, const struct sbuf_in *in, const struct sbuf_out *out)
{
	if (out->req_valid && in->req_ready) {
		if (s->npend == STIM_PEND)
			s->pend[0] = s->pend[--s->npend];	/* the next level lost one */
		s->pend[s->npend].line = out->req_line;
		s->pend[s->npend].due = s->cycle + pick(s, (uint32_t)s->max_delay + 1);
		s->npend++;
	}
	if (!in->lookup_valid)
		return;
	if (out->hit && !out->hit_avail && pct(s, 85))
		return;		/* the fetch waits for the line */
	s->cur = pct(s, s->jump_pct) ? jump_target(s) : s->cur + 1;
}
