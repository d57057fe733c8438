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

void ipf_engine_configure(struct ipf_engine *e, const struct config *cfg)
{
	struct ipf_engine_params p = {
		.nextline = (uint8_t)cfg->pf.nextline, .guarded = (uint8_t)cfg->pf.guarded,
		.degree = cfg->pf.degree, .guard_depth = cfg->pf.guard_depth,
		.guard_line = (uint8_t)cfg->pf.guard_line, .line_bytes = cfg->l1i.line,
	};

	ipf_engine_init(e, &p);
}

/* An event of access slot @i: the prefetchers that are on hear it. */
static void event(struct ipf_engine *e, const struct ipf_engine_in *in, int i, enum pf_event ev,
		  int *run_guarded)
{
	if (e->p.nextline != NL_OFF)
		ipf_nextline_event(e, ev, in->acc_line[i]);
	if (e->p.guarded != GP_OFF &&
	    ipf_guarded_event(e, ev, in->acc_line[i], in->guard_en, in->acc_guarded[i]))
		*run_guarded = in->acc_guarded_next[i];	/* the run starts at acc_line + 1 */
}

void ipf_engine_eval(struct ipf_engine *e, const struct ipf_engine_in *in,
		     struct ipf_engine_out *out)
{
	struct ipf_engine_state *d = &e->d;
	int run_guarded = in->run_guarded;
	uint32_t n, first;

	*d = e->q;
	if (in->flush) {
		d->count = 0;
		d->run_left = 0;
	} else {
		for (int i = 0; i < IPF_ACCESSES; i++) {
			assert(!(in->acc_miss[i] && in->acc_first_use[i]));
			if (in->acc_access[i])
				event(e, in, i, PFE_ACCESS, &run_guarded);
			if (in->acc_miss[i])
				event(e, in, i, PFE_MISS, &run_guarded);
			if (in->acc_first_use[i])
				event(e, in, i, PFE_FIRST_USE, &run_guarded);
		}
	}
	if (d->run_left)
		ipf_guarded_step(e, run_guarded);

	/* The candidates in order: the ring from the head, in at most two pieces. */
	n = d->count;
	first = IPF_QUEUE - d->head < n ? IPF_QUEUE - d->head : n;
	out->count = (uint8_t)n;
	memcpy(out->cand_line, e->line + d->head, first * sizeof(e->line[0]));
	memcpy(out->cand_line + first, e->line, (n - first) * sizeof(e->line[0]));
	memcpy(out->cand_src, e->src + d->head, first * sizeof(e->src[0]));
	memcpy(out->cand_src + first, e->src, (n - first) * sizeof(e->src[0]));
	out->run_valid = e->q.run_left != 0;
	out->run_line = e->q.run_next;

	assert(in->pop <= n);
	d->head = (d->head + in->pop) % IPF_QUEUE;
	d->count = n - in->pop;
}

void ipf_engine_tick(struct ipf_engine *e)
{
	e->q = e->d;
}
