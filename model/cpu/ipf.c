// SPDX-License-Identifier: MIT
#include "cpu/ipf.h"

#include <assert.h>
#include <string.h>

/* Does @line hold a guarded transfer? (the predecode bits beside its words) */
static int guarded(const struct ipf *p, uint32_t line)
{
	return memmap_line_guarded(p->mm, line * p->line_bytes, p->line_bytes);
}

/*
 * The events some configured prefetcher reacts to, as a mask of 1 << enum
 * pf_event: the engine ignores the others, so they need not reach it.
 */
static unsigned heard_events(const struct pf_config *pf)
{
	unsigned m = 0;

	if (pf->nextline == NL_ALWAYS)
		m |= 1u << PFE_ACCESS;
	if (pf->nextline == NL_ON_MISS || pf->guarded != GP_OFF)
		m |= 1u << PFE_MISS;
	if (pf->nextline == NL_TAGGED)
		m |= 1u << PFE_MISS | 1u << PFE_FIRST_USE;
	if (pf->guarded == GP_TAGGED)
		m |= 1u << PFE_FIRST_USE;
	return m;
}

/*
 * The L1I's pf_event hook: its demand stream, gathered into the engine's
 * access slots for this cycle. An access event opens a slot; a miss or first
 * use joins the access to the same line just before it, or opens its own
 * (a demand that found a prefetch on its way reports only the miss). Events
 * no configured prefetcher hears are left out: the engine would ignore them.
 */
static void ipf_event(void *ctx, enum pf_event ev, uint32_t line, uint64_t now)
{
	struct ipf *p = ctx;
	struct ipf_engine_in *in = &p->ein;
	int s = p->ein_slots - 1;

	if (!(p->heard & 1u << ev))
		return;
	if (ev == PFE_ACCESS || s < 0 || in->acc_line[s] != line || in->acc_miss[s] ||
	    in->acc_first_use[s]) {
		s = p->ein_slots++;
		/* The fetch unit asks for a line and the one after it, no more, in a cycle. */
		assert(s < IPF_ACCESSES);
		in->acc_line[s] = line;
		if (p->cfg.guarded != GP_OFF && p->guard_en) {
			in->acc_guarded[s] = (uint8_t)guarded(p, line);
			in->acc_guarded_next[s] = (uint8_t)guarded(p, line + 1);
		}
	}
	in->guard_en = (uint8_t)p->guard_en;
	if (ev == PFE_ACCESS)
		in->acc_access[s] = 1;
	else if (ev == PFE_MISS)
		in->acc_miss[s] = 1;
	else
		in->acc_first_use[s] = 1;
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
	ipf_engine_configure(&p->eng, cfg);
	p->eng_tap = (struct unit_tap){ .unit = "ipf_engine", .c_unit = &p->eng };
	p->sb_tap = (struct unit_tap){ .unit = "sbuf", .c_unit = &p->sb };
	if (!any_pf && !cfg->pf.sbufs)
		return 0;
	p->on = 1;
	p->engine_on = any_pf;
	p->heard = heard_events(&cfg->pf);
	if (l1_prefetch_setup(l1i, cfg->pf.inflight, any_pf && cfg->pf.target ?
			      cfg->pf.buffer_lines : 0, seed))
		return -1;
	l1i->pf_event = ipf_event;
	l1i->pf_ctx = p;
	if (cfg->pf.sbufs) {
		sbuf_configure(&p->sb, cfg);
		l1i->side_claim = ipf_sbuf_claim;
		l1i->side_fill = ipf_sbuf_fill;
		l1i->side_ctx = p;
	}
	return 0;
}

void ipf_flush(struct ipf *p)
{
	if (p->engine_on)
		p->ein.flush = 1;
	if (p->cfg.sbufs)
		p->sb_flush = 1;
}

int ipf_taps(struct ipf *p, struct unit_tap **taps)
{
	int n = 0;

	if (p->engine_on)
		taps[n++] = &p->eng_tap;
	if (p->cfg.sbufs)
		taps[n++] = &p->sb_tap;
	return n;
}

/* The engine's eval, through the tap when co-simulation holds it. */
static void engine_eval(struct ipf *p, uint64_t now, struct ipf_engine_out *out)
{
	if (p->eng_tap.eval)
		p->eng_tap.eval(&p->eng_tap, now, &p->ein, out);
	else
		ipf_engine_eval(&p->eng, &p->ein, out);
}

/*
 * One cycle of the engine: evaluate it, offer its candidates to the L1I
 * from the head (one that is already there or on its way is dropped and the
 * next one offered; the first one issued, or the first that finds no free
 * slot, ends the cycle), evaluate again with that many popped, and clock it.
 */
static void engine_cycle(struct ipf *p, uint64_t now)
{
	struct ipf_engine_in *in = &p->ein;
	struct ipf_engine_out out;
	uint8_t pop = 0;

	in->pop = 0;
	if (p->cfg.guarded != GP_OFF && p->eng.q.run_left)
		in->run_guarded = (uint8_t)guarded(p, p->eng.q.run_next);
	engine_eval(p, now, &out);
	for (uint32_t i = 0; i < out.count; i++) {
		int r = l1_prefetch(p->l1i, out.cand_line[i], (enum pf_source)out.cand_src[i], now);

		if (r < 0)
			break;		/* no slot: try again next cycle */
		pop++;
		if (r > 0)
			break;
	}
	if (pop) {
		in->pop = pop;
		engine_eval(p, now, &out);
	}
	if (p->eng_tap.tick)
		p->eng_tap.tick(&p->eng_tap);
	else
		ipf_engine_tick(&p->eng);
	memset(in, 0, sizeof(*in));
	p->ein_slots = 0;
}

void ipf_cycle(struct ipf *p, uint64_t now)
{
	if (ipf_engine_due(p))
		engine_cycle(p, now);
	if (p->cfg.sbufs)
		ipf_sbuf_cycle(p, now);
}
