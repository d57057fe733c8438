// SPDX-License-Identifier: MIT
#include "cpu/ipf.h"

#include <string.h>

/* The L1I's pf_event hook: its demand stream, told to the prefetchers that are on. */
static void ipf_event(void *ctx, enum pf_event ev, uint32_t line, uint64_t now)
{
	struct ipf *p = ctx;

	if (p->cfg.nextline != NL_OFF)
		ipf_nextline_event(p, ev, line);
	if (p->cfg.guarded != GP_OFF)
		ipf_guarded_event(p, ev, line);
}

int ipf_init(struct ipf *p, struct l1 *l1i, const struct memmap *mm, const struct config *cfg,
	     uint64_t seed)
{
	int any_pf = cfg->pf.nextline != NL_OFF || cfg->pf.guarded != GP_OFF;

	memset(p, 0, sizeof(*p));
	p->l1i = l1i;
	p->mm = mm;
	p->cfg = cfg->pf;
	p->line_bytes = cfg->l1i.line;
	if (!any_pf && !cfg->pf.sbufs)
		return 0;
	p->on = 1;
	if (l1_prefetch_setup(l1i, cfg->pf.inflight, any_pf && cfg->pf.target ?
			      cfg->pf.buffer_lines : 0, seed))
		return -1;
	l1i->pf_event = ipf_event;
	l1i->pf_ctx = p;
	if (cfg->pf.sbufs) {
		sbuf_init(&p->sb, (int)cfg->pf.sbufs, (int)cfg->pf.sbuf_depth, !cfg->pf.sbuf_any);
		l1i->side_claim = ipf_sbuf_claim;
		l1i->side_fill = ipf_sbuf_fill;
		l1i->side_ctx = p;
	}
	return 0;
}

void ipf_enqueue(struct ipf *p, uint32_t line, enum pf_source src)
{
	if (p->qcount == IPF_QUEUE)
		return;		/* full: the oldest candidates are more useful */
	p->queue[(p->qhead + p->qcount) % IPF_QUEUE].line = line;
	p->queue[(p->qhead + p->qcount) % IPF_QUEUE].src = (uint8_t)src;
	p->qcount++;
}

void ipf_flush(struct ipf *p)
{
	p->qcount = 0;
	p->gp_left = 0;
	if (p->cfg.sbufs)
		p->sb_flush = 1;
}

void ipf_cycle(struct ipf *p, uint64_t now)
{
	if (p->gp_left)
		ipf_guarded_cycle(p);
	/* One request per cycle from the queue; drop what is already there. */
	while (p->qcount) {
		uint32_t line = p->queue[p->qhead].line;
		int r = l1_prefetch(p->l1i, line, (enum pf_source)p->queue[p->qhead].src, now);

		if (r < 0)
			break;		/* no slot: try again next cycle */
		p->qhead = (p->qhead + 1) % IPF_QUEUE;
		p->qcount--;
		if (r > 0)
			break;
	}
	if (p->cfg.sbufs)
		ipf_sbuf_cycle(p, now);
}
