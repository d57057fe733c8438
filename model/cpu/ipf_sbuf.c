// SPDX-License-Identifier: MIT
/*
 * Instruction stream buffers in the system, a prefetcher plug-in: this file
 * drives the cycle-level unit (mem/sbuf.c) through its ports. Each cycle it
 * gathers the inputs (the L1I's demand miss, one arrived line, whether a
 * prefetch slot is free, fence.i), evaluates the unit (or, in
 * co-simulation, the unit and its RTL twin through sb_tap), and acts on
 * the outputs: a hit whose line has arrived moves into the L1I; a miss goes
 * on to the L2; a request becomes an ordinary read that competes with
 * demand misses. Stream buffer lines do not occupy the L1I until a hit
 * moves them in.
 */
#include "cpu/ipf_sbuf.h"

#include <stddef.h>

/* The claim hook: the L1I missed on @line; the buffers see it this cycle and decide. */
static int ipf_sbuf_claim(void *self, uint32_t line, uint64_t now)
{
	struct ipf_sbuf *p = self;

	if (p->sin.lookup_valid)
		return 0;	/* one lookup per cycle; a second miss goes straight on */
	p->sin.lookup_valid = 1;
	p->sin.lookup_line = line;
	return 1;
}

/* The fill hook: a line the buffers asked for arrived. */
static void ipf_sbuf_fill(void *self, uint32_t line, uint64_t now)
{
	struct ipf_sbuf *p = self;

	if (p->acount < IPF_ARRIVED) {
		p->arrived[(p->ahead + p->acount) % IPF_ARRIVED] = line;
		p->acount++;
	}
	/* A fetch waiting for this line retries, and hits in the buffer next cycle. */
	l1_wake(p->port.l1, now);
}

/* One cycle: gather the inputs, step the unit, count what it did. */
static void ipf_sbuf_cycle(void *self, uint64_t now)
{
	struct ipf_sbuf *p = self;
	struct sbuf_in in = p->sin;
	struct sbuf_out out;
	struct sbuf *s = &p->sb;
	struct sbuf_state pre;
	struct l1 *l1i = p->port.l1;
	int src = p->port.src;

	if (p->acount) {
		in.fill_valid = 1;
		in.fill_line = p->arrived[p->ahead];
		p->ahead = (p->ahead + 1) % IPF_ARRIVED;
		p->acount--;
	}
	in.req_ready = (uint8_t)l1_prefetch_slot_free(l1i);
	in.flush = (uint8_t)p->sb_flush;

	/*
	 * Evaluate and clock the unit. In co-simulation the step function does
	 * both for the C unit and the RTL, so keep the state from before the edge
	 * to count what the buffers lose.
	 */
	sbuf_save(s, &pre);
	if (p->sb_tap.eval) {
		p->sb_tap.eval(&p->sb_tap, now, &in, &out);
		p->sb_tap.tick(&p->sb_tap);
		if (p->sb_tap.failed)
			pf_twin_failed(&p->port);
	} else {
		sbuf_eval(s, &in, &out);
		sbuf_tick(s);
	}

	if (!in.flush && in.lookup_valid && out.hit) {
		if (out.hit_avail) {
			l1_prefetch_count(l1i, src, PFC_USEFUL, 1);
		} else if (p->last_late != in.lookup_line) {
			/* on its way: the fetch waits for it */
			l1_prefetch_count(l1i, src, PFC_LATE, 1);
			p->last_late = in.lookup_line;
		}
	}
	l1_prefetch_count(l1i, src, PFC_USELESS, sbuf_lost(s, &pre, &in, &out));
	p->sb_req = sbuf_wants_request(s);

	/* Act on the outputs. */
	if (out.req_valid && in.req_ready && !in.flush) {
		/* An L1I copy or a request already in flight makes the line available at once. */
		if (l1_prefetch(l1i, out.req_line, src, now) == 0)
			ipf_sbuf_fill(p, out.req_line, now);
	}
	if (in.lookup_valid && !in.flush) {
		if (out.hit && out.hit_avail)
			l1_install(l1i, in.lookup_line, now);
		else if (!out.hit)
			l1_send_miss(l1i, in.lookup_line, now);
	} else if (in.lookup_valid) {
		l1_send_miss(l1i, in.lookup_line, now);
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
	if (p->sb_wait && sbuf_holds_arrived(s, p->sb_wait_line)) {
		p->sb_wait = 0;
		l1_wake(l1i, now);
	}
	p->sin.lookup_valid = 0;
	p->sb_flush = 0;
}

static int ipf_sbuf_wanted(const struct config *cfg)
{
	return cfg->pf.sbufs != 0;
}

static int ipf_sbuf_init(void *self, const struct pf_port *port, const struct config *cfg,
			 uint64_t seed)
{
	struct ipf_sbuf *p = self;

	p->port = *port;
	sbuf_configure(&p->sb, cfg);
	p->sb_tap = (struct unit_tap){ .unit = "sbuf", .c_unit = &p->sb };
	return l1_prefetch_setup(port->l1, cfg->pf.inflight, 0, seed);
}

static int ipf_sbuf_taps(void *self, struct unit_tap **taps)
{
	struct ipf_sbuf *p = self;

	taps[0] = &p->sb_tap;
	return 1;
}

/* fence.i: the buffers drop their streams. */
static void ipf_sbuf_flush(void *self)
{
	struct ipf_sbuf *p = self;

	p->sb_flush = 1;
}

static int ipf_sbuf_due(const void *self)
{
	const struct ipf_sbuf *p = self;

	return p->sin.lookup_valid || p->acount || p->sb_tap.always || p->sb_flush || p->sb_req ||
	       p->sb_wait;
}

static const char *ipf_sbuf_stall_note(const void *self)
{
	const struct ipf_sbuf *p = self;

	if (!p)
		return "no stream buffers";
	return p->sb_wait ? "waiting for a stream buffer" : "stream buffers on";
}

static const char *const sbuf_hit_names[] = { "head", "any", NULL };

static const struct config_key ipf_sbuf_keys[] = {
	PF_FIELD_KEY("sbuf.count", pf.sbufs, CFG_U32, 0, SBUF_MAX_BUFS, NULL,
		     "instruction stream buffers (0 = none)", 0, 0),
	PF_FIELD_KEY("sbuf.depth", pf.sbuf_depth, CFG_U32, 1, SBUF_MAX_DEPTH, NULL,
		     "entries per stream buffer", 4, 4),
	PF_FIELD_KEY("sbuf.hit", pf.sbuf_any, CFG_ENUM, 0, 0, sbuf_hit_names,
		     "a hit counts at the head or any entry", 1, 1),
};

static const struct pf_group ipf_sbuf_groups[] = {
	{ "sbuf", "stream buffers" },
};

const struct prefetcher ipf_sbuf_prefetcher = {
	.name = "stream buffers",
	.side = PF_SIDE_L1I,
	PF_TABLE(keys, ipf_sbuf_keys),
	PF_TABLE(groups, ipf_sbuf_groups),
	.size = sizeof(struct ipf_sbuf),
	.keeps_fills = 1,
	.wanted = ipf_sbuf_wanted,
	.init = ipf_sbuf_init,
	.claim = ipf_sbuf_claim,
	.fill = ipf_sbuf_fill,
	.flush = ipf_sbuf_flush,
	.due = ipf_sbuf_due,
	.cycle = ipf_sbuf_cycle,
	.stall_note = ipf_sbuf_stall_note,
	.taps = ipf_sbuf_taps,
};
