// SPDX-License-Identifier: MIT
#include "mem/bus_arb.h"

#include <string.h>

#include "sys/config.h"

void bus_arb_init(struct bus_arb *a, uint32_t agents)
{
	memset(a, 0, sizeof(*a));
	a->agents = agents;
}

void bus_arb_configure(struct bus_arb *a, const struct config *cfg)
{
	bus_arb_init(a, bus_arb_agents(cfg->cores, cfg->dma.enabled));
}

int bus_arb_blocker(const struct bus_arb_state *s, uint32_t agent, uint32_t line, int op)
{
	if (op == BUS_WB)
		return -1;	/* a write-back gives a line up: it never waits */
	for (uint32_t m = s->held & ~(1u << agent); m; m &= m - 1) {
		int i = __builtin_ctz(m);

		if (s->line[i] == line)
			return i;
	}
	return -1;
}

/* The hold command of this cycle, on the next state. */
static void command(struct bus_arb_state *d, const struct bus_arb_in *in, uint32_t agents)
{
	uint32_t a = in->cmd_agent, bit = 1u << a;

	if (a >= agents)
		return;		/* no such agent */
	if (in->lock_valid) {
		if ((d->contended & bit) && d->line[a] == in->cmd_line) {
			d->held &= ~bit;	/* the waiter has the line first */
		} else {
			d->line[a] = in->cmd_line;
			d->held |= bit;
			d->contended &= ~bit;
		}
	}
	if (in->unlock_valid)
		d->held &= ~bit;
}

/* Step 1: holders whose own ready request waits for another hold let theirs go. */
static void settle(struct bus_arb_state *d, const struct bus_arb_in *in, uint32_t ready)
{
	int changed;

	do {
		changed = 0;
		for (uint32_t m = d->held & ready; m; m &= m - 1) {
			uint32_t i = (uint32_t)__builtin_ctz(m);

			if (bus_arb_blocker(d, i, in->req_line[i], in->req_op[i]) >= 0) {
				d->held &= ~(1u << i);
				changed = 1;
			}
		}
	} while (changed);
}

/* Steps 2 and 3: the grant, into @out; -1 when nothing may go. */
static int grant(struct bus_arb *a, struct bus_arb_state *d, const struct bus_arb_in *in,
		 uint32_t ready)
{
	for (uint32_t k = 0; k < a->agents; k++) {
		uint32_t i = (d->rr + k) % a->agents;
		int held;

		if (!(ready >> i & 1))
			continue;
		held = bus_arb_blocker(d, i, in->req_line[i], in->req_op[i]);
		if (held >= 0) {
			d->contended |= 1u << held;	/* it waits for the holder */
			continue;
		}
		if (in->req_op[i] != BUS_WB) {
			for (uint32_t j = 0; j < a->agents; j++) {
				if (j != i && d->line[j] == in->req_line[i]) {
					d->line[j] = 0;
					d->held &= ~(1u << j);
					d->contended &= ~(1u << j);
				}
			}
		}
		d->rr = (i + 1) % a->agents;
		return (int)i;
	}
	return -1;
}

void bus_arb_eval(struct bus_arb *a, const struct bus_arb_in *in, struct bus_arb_out *out)
{
	struct bus_arb_state *d = &a->d;
	int g = -1;

	*d = a->q;
	command(d, in, a->agents);
	if (in->arb_valid) {
		uint32_t ready = in->req_ready & (a->agents < 32 ? (1u << a->agents) - 1 : ~0u);

		if (d->held)
			settle(d, in, ready);
		g = grant(a, d, in, ready);
	}
	out->grant_valid = g >= 0;
	out->grant_agent = (uint8_t)(g >= 0 ? g : 0);
	out->held = a->q.held;
	out->contended = a->q.contended;
	memcpy(out->hold_line, a->q.line, sizeof(out->hold_line));
}

void bus_arb_tick(struct bus_arb *a)
{
	a->q = a->d;
}
