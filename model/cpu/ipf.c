// SPDX-License-Identifier: MIT
/*
 * The instruction prefetch engine as a prefetcher plug-in
 * (mem/prefetcher.h): the next-line and guarded sequential prefetchers of
 * the cycle-level unit cpu/ipf_engine.h (whose twin is rtl/ipf_engine.sv).
 * This file is their glue: it gathers the engine's inputs as the L1I
 * reports the demand stream during a cycle, evaluates and clocks the engine
 * once per cycle, and offers its candidates to the L1I. Its statistics are
 * two groups, "pf_nextline" and "pf_guarded", one per mechanism.
 */
#include <assert.h>
#include <string.h>

#include "cpu/ipf_engine.h"
#include "mem/prefetcher.h"
#include "sys/tap.h"

struct ipf {
	struct pf_port port;
	struct pf_config cfg;
	uint32_t line_bytes;		/* L1I line size */
	unsigned heard;			/* the L1I events (1 << enum pf_event) they react to */
	struct ipf_engine eng;
	struct ipf_engine_in ein;	/* this cycle's inputs, gathered as events happen */
	int ein_slots;			/* access slots of ein in use */
	struct unit_tap eng_tap;	/* co-simulation's hold on eng */
};

/* Does @line hold a guarded transfer? (the predecode bits beside its words) */
static int guarded(const struct ipf *p, uint32_t line)
{
	return memmap_line_guarded(p->port.mm, line * p->line_bytes, p->line_bytes);
}

/*
 * The events some configured mechanism reacts to, as a mask of 1 << enum
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
 * The access hook: the demand stream, gathered into the engine's access
 * slots for this cycle. An access event opens a slot; a miss or first use
 * joins the access to the same line just before it, or opens its own (a
 * demand that found a prefetch on its way reports only the miss). Events no
 * configured mechanism hears are left out: the engine would ignore them.
 */
static void ipf_access(void *self, enum pf_event ev, uint32_t line, uint64_t now)
{
	struct ipf *p = self;
	struct ipf_engine_in *in = &p->ein;
	int s = p->ein_slots - 1, guard_en = *p->port.guard_en;

	if (!(p->heard & 1u << ev))
		return;
	if (ev == PFE_ACCESS || s < 0 || in->acc_line[s] != line || in->acc_miss[s] ||
	    in->acc_first_use[s]) {
		s = p->ein_slots++;
		/* The fetch unit asks for a line and the one after it, no more, in a cycle. */
		assert(s < IPF_ACCESSES);
		in->acc_line[s] = line;
		if (p->cfg.guarded != GP_OFF && guard_en) {
			in->acc_guarded[s] = (uint8_t)guarded(p, line);
			in->acc_guarded_next[s] = (uint8_t)guarded(p, line + 1);
		}
	}
	in->guard_en = (uint8_t)guard_en;
	if (ev == PFE_ACCESS)
		in->acc_access[s] = 1;
	else if (ev == PFE_MISS)
		in->acc_miss[s] = 1;
	else
		in->acc_first_use[s] = 1;
}

static int ipf_wanted(const struct config *cfg)
{
	return cfg->pf.nextline != NL_OFF || cfg->pf.guarded != GP_OFF;
}

static int ipf_init(void *self, const struct pf_port *port, const struct config *cfg,
		    uint64_t seed)
{
	struct ipf *p = self;

	p->port = *port;
	p->cfg = cfg->pf;
	p->line_bytes = cfg->l1i.line;
	p->heard = heard_events(&cfg->pf);
	ipf_engine_configure(&p->eng, cfg);
	p->eng_tap = (struct unit_tap){ .unit = "ipf_engine", .c_unit = &p->eng };
	return l1_prefetch_setup(port->l1, cfg->pf.inflight,
				 cfg->pf.target ? cfg->pf.buffer_lines : 0, seed);
}

/* fence.i: the engine drops its candidates and run. */
static void ipf_flush(void *self)
{
	struct ipf *p = self;

	p->ein.flush = 1;
}

/* True when the engine has inputs this cycle or work in its state. */
static int ipf_due(const void *self)
{
	const struct ipf *p = self;

	return p->ein_slots || p->ein.flush || p->eng_tap.always || ipf_engine_busy(&p->eng);
}

static int ipf_taps(void *self, struct unit_tap **taps)
{
	struct ipf *p = self;

	taps[0] = &p->eng_tap;
	return 1;
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
static void ipf_cycle(void *self, uint64_t now)
{
	struct ipf *p = self;
	struct ipf_engine_in *in = &p->ein;
	struct ipf_engine_out out;
	uint8_t pop = 0;

	in->pop = 0;
	if (p->cfg.guarded != GP_OFF && p->eng.q.run_left)
		in->run_guarded = (uint8_t)guarded(p, p->eng.q.run_next);
	engine_eval(p, now, &out);
	for (uint32_t i = 0; i < out.count; i++) {
		/* the engine's source codes are its groups, in order, from 1 */
		int r = l1_prefetch(p->port.l1, out.cand_line[i],
				    p->port.src + out.cand_src[i] - IPF_SRC_NEXTLINE, now);

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
	if (p->eng_tap.failed)
		pf_twin_failed(&p->port);
	memset(in, 0, sizeof(*in));
	p->ein_slots = 0;
}

static const char *const nl_names[] = { "off", "always", "on-miss", "tagged", NULL };
static const char *const gp_names[] = { "off", "miss", "tagged", NULL };
static const char *const target_names[] = { "l1i", "buffer", NULL };
static const char *const guard_line_names[] = { "skip", "fetch", NULL };

/*
 * Its keys. pf.target, pf.buffer_lines and pf.inflight set the L1I's
 * prefetch buffer and slots, which every instruction prefetcher uses; they
 * are listed here, where they have always been printed.
 */
static const struct config_key ipf_keys[] = {
	PF_FIELD_KEY("pf.nextline", pf.nextline, CFG_ENUM, 0, 0, nl_names,
		     "next-line prefetch: off, always, on-miss, tagged", NL_OFF, NL_OFF),
	PF_FIELD_KEY("pf.degree", pf.degree, CFG_U32, 1, 16, NULL,
		     "lines per next-line trigger", 1, 1),
	PF_FIELD_KEY("pf.target", pf.target, CFG_ENUM, 0, 0, target_names,
		     "prefetches fill: l1i or buffer", 0, 0),
	PF_FIELD_KEY("pf.buffer_lines", pf.buffer_lines, CFG_U32, 1, 64, NULL,
		     "prefetch buffer lines", 8, 8),
	PF_FIELD_KEY("pf.inflight", pf.inflight, CFG_U32, 1, 64, NULL,
		     "prefetches in flight per core", 4, 8),
	PF_FIELD_KEY("pf.guarded", pf.guarded, CFG_ENUM, 0, 0, gp_names,
		     "guarded sequential prefetch: off, miss, tagged", GP_OFF, GP_OFF),
	PF_FIELD_KEY("pf.guard_depth", pf.guard_depth, CFG_U32, 1, 64, NULL,
		     "lines the guarded prefetcher runs ahead", 4, 4),
	PF_FIELD_KEY("pf.guard_line", pf.guard_line, CFG_ENUM, 0, 0, guard_line_names,
		     "the line holding a guarded transfer: skip or fetch", 0, 0),
};

/* In the order of the engine's source codes (enum ipf_src). */
static const struct pf_group ipf_groups[] = {
	{ "pf_nextline", "next-line" },
	{ "pf_guarded", "guarded" },
};

const struct prefetcher ipf_engine_prefetcher = {
	.name = "instruction prefetch engine",
	.side = PF_SIDE_L1I,
	PF_TABLE(keys, ipf_keys),
	PF_TABLE(groups, ipf_groups),
	.size = sizeof(struct ipf),
	.wanted = ipf_wanted,
	.init = ipf_init,
	.access = ipf_access,
	.flush = ipf_flush,
	.due = ipf_due,
	.cycle = ipf_cycle,
	.taps = ipf_taps,
};
