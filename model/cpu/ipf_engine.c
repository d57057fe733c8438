// SPDX-License-Identifier: MIT
#include "cpu/ipf_engine.h"

#include <assert.h>
#include <string.h>

#include "sys/config.h"

void ipf_engine_init(struct ipf_engine *e, const struct ipf_engine_params *p)
{
	memset(e, 0, sizeof(*e));
	e->p = *p;
}

/* An event of access slot @i: the prefetchers that are on hear it. */
static void event(const struct ipf_engine *e, struct ipf_engine_state *d,
		  const struct ipf_engine_in *in, int i, enum pf_event ev, int *run_guarded)
{
	if (e->p.nextline != NL_OFF)
		ipf_nextline_event(e, d, ev, in->acc_line[i]);
	if (e->p.guarded != GP_OFF &&
	    ipf_guarded_event(e, d, ev, in->acc_line[i], in->guard_en, in->acc_guarded[i]))
		*run_guarded = in->acc_guarded_next[i];	/* the run starts at acc_line + 1 */
}

void ipf_engine_eval(struct ipf_engine *e, const struct ipf_engine_in *in,
		     struct ipf_engine_out *out)
{
	struct ipf_engine_state *d = &e->d;
	int run_guarded = in->run_guarded;
	uint32_t n;

	d->count = e->q.count;
	memcpy(d->line, e->q.line, e->q.count * sizeof(d->line[0]));
	memcpy(d->src, e->q.src, e->q.count * sizeof(d->src[0]));
	d->run_next = e->q.run_next;
	d->run_left = e->q.run_left;
	if (in->flush) {
		d->count = 0;
		d->run_left = 0;
	} else {
		for (int i = 0; i < IPF_ACCESSES; i++) {
			if (in->acc_access[i])
				event(e, d, in, i, PFE_ACCESS, &run_guarded);
			if (in->acc_miss[i])
				event(e, d, in, i, PFE_MISS, &run_guarded);
			if (in->acc_first_use[i])
				event(e, d, in, i, PFE_FIRST_USE, &run_guarded);
		}
	}
	if (d->run_left)
		ipf_guarded_step(e, d, run_guarded);

	n = d->count;
	out->count = (uint8_t)n;
	memcpy(out->cand_line, d->line, n * sizeof(d->line[0]));
	memcpy(out->cand_src, d->src, n * sizeof(d->src[0]));
	memset(out->cand_line + n, 0, (IPF_QUEUE - n) * sizeof(out->cand_line[0]));
	memset(out->cand_src + n, 0, (IPF_QUEUE - n) * sizeof(out->cand_src[0]));
	out->run_valid = e->q.run_left != 0;
	out->run_line = e->q.run_next;

	assert(in->pop <= n);
	if (in->pop) {
		d->count = n - in->pop;
		memmove(d->line, d->line + in->pop, d->count * sizeof(d->line[0]));
		memmove(d->src, d->src + in->pop, d->count * sizeof(d->src[0]));
	}
}

void ipf_engine_tick(struct ipf_engine *e)
{
	e->q.count = e->d.count;
	memcpy(e->q.line, e->d.line, e->d.count * sizeof(e->q.line[0]));
	memcpy(e->q.src, e->d.src, e->d.count * sizeof(e->q.src[0]));
	e->q.run_next = e->d.run_next;
	e->q.run_left = e->d.run_left;
}
