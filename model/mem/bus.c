// SPDX-License-Identifier: MIT
#include "mem/bus.h"

#include <assert.h>
#include <string.h>

const char *const bus_op_names[BUS_OPS] = {
	"busrd", "busrdx", "busupgr", "writeback", "update", "dma_rd", "dma_wr",
};

const struct stat_field bus_stat_fields[] = {
	STAT(struct bus_stats, busrd), STAT(struct bus_stats, busrdx),
	STAT(struct bus_stats, busupgr), STAT(struct bus_stats, writeback),
	STAT(struct bus_stats, busupd),
	STAT(struct bus_stats, c2c), STAT(struct bus_stats, from_memory),
	STAT(struct bus_stats, wait_cycles), STAT(struct bus_stats, busy_cycles),
};
const int bus_stat_nfields = sizeof(bus_stat_fields) / sizeof(bus_stat_fields[0]);

void bus_init(struct bus *b, const struct bus_config *cfg, uint32_t line_bytes,
	      struct memctl *mem, struct event_queue *events)
{
	memset(b, 0, sizeof(*b));
	b->cfg = *cfg;
	b->line_bytes = line_bytes;
	b->edge_pow2 = !(cfg->clock_div & (cfg->clock_div - 1));
	b->edge_mask = cfg->clock_div - 1;
	b->mem = mem;
	b->events = events;
	b->held_by = -1;
	bus_seq_init(&b->seq, cfg->clock_div, cfg->width, cfg->arb_cycles, cfg->snoop_cycles,
		     cfg->c2c_cycles, line_bytes);
	b->arb_tap = (struct unit_tap){ .unit = "bus_arb", .c_unit = &b->arb };
	b->seq_tap = (struct unit_tap){ .unit = "bus_seq", .c_unit = &b->seq };
}

int bus_attach(struct bus *b, void *agent, const struct bus_agent_ops *ops)
{
	assert(b->nagents < BUS_MAX_AGENTS);
	b->agent[b->nagents] = agent;
	b->ops[b->nagents] = ops;
	b->nagents++;
	bus_arb_init(&b->arb, (uint32_t)b->nagents);	/* before any traffic */
	return b->nagents - 1;
}

void bus_request(struct bus *b, const struct bus_req *req)
{
	struct bus_queue *q = &b->q[req->agent];

	assert(q->count < BUS_QUEUE);
	q->req[(q->head + q->count) % BUS_QUEUE] = *req;
	q->count++;
	b->queued++;
	b->ready_fresh = 0;
}

/*
 * One evaluation and clock of the controller at @now, on b->arb_in, through
 * its tap when co-simulation holds it; returns its outputs.
 */
static struct bus_arb_out arb_step(struct bus *b, uint64_t now)
{
	struct bus_arb_out out;
	uint32_t held = b->arb.q.held;

	if (b->arb_tap.eval) {
		b->arb_tap.eval(&b->arb_tap, now, &b->arb_in, &out);
		b->arb_tap.tick(&b->arb_tap);
	} else {
		bus_arb_eval(&b->arb, &b->arb_in, &out);
		bus_arb_tick(&b->arb);
	}
	if (b->arb.q.held != held)
		b->ready_fresh = 0;	/* a request's wait for a hold changed */
	return out;
}

/* A hold command: @lock (bus_lock) or not (bus_unlock) of @agent's entry. */
static void hold_command(struct bus *b, int agent, int lock, uint32_t line, uint64_t now)
{
	struct bus_arb_in *in = &b->arb_in;

	in->lock_valid = (uint8_t)lock;
	in->unlock_valid = (uint8_t)!lock;
	in->cmd_agent = (uint8_t)agent;
	in->cmd_line = line;
	arb_step(b, now);
	in->lock_valid = in->unlock_valid = 0;
	b->ready_fresh = 0;
}

void bus_lock(struct bus *b, int agent, uint32_t addr, uint64_t now)
{
	hold_command(b, agent, 1, addr / b->line_bytes, now);
}

void bus_unlock(struct bus *b, int agent, uint64_t now)
{
	hold_command(b, agent, 0, 0, now);
}

/* The agent whose hold keeps @r waiting, or -1. */
static int blocker(const struct bus *b, const struct bus_req *r)
{
	return bus_arb_blocker(&b->arb.q, r->agent, r->line, r->op);
}

uint64_t bus_next_slow(struct bus *b, uint64_t now)
{
	uint64_t best = b->ready_min;

	if (!b->ready_fresh) {
		best = UINT64_MAX;
		for (int i = 0; i < b->nagents; i++) {
			const struct bus_queue *q = &b->q[i];
			uint64_t ready;

			if (!q->count)
				continue;
			ready = q->req[q->head].ready;
			if (ready < best && b->arb.q.held) {
				/*
				 * Held by another agent: it waits for that hold to
				 * end. The controller's evaluations before then
				 * change nothing, and are not needed, once they have
				 * noted the wait (the holder's contended bit), unless
				 * the waiter holds a line itself: they make it let
				 * go (bus_arb.c, settle).
				 */
				int k = blocker(b, &q->req[q->head]);

				if (k >= 0 && (b->arb.q.contended >> k & 1) && !(b->arb.q.held >> i & 1))
					continue;
			}
			if (ready < best)
				best = ready;
		}
		b->ready_min = best;	/* cached until a queue or a hold changes */
		b->ready_fresh = !b->arb.q.held;
	}
	if (best == UINT64_MAX)
		return best;
	if (best < bus_seq_free_at(&b->seq))
		best = bus_seq_free_at(&b->seq);
	if (best < now)
		best = now;
	return bus_edge_from(b, best);
}

/* Snoops every agent but the requester: their responses go to the sequencer's inputs. */
static void snoop_all(struct bus *b, const struct bus_req *r, uint64_t now)
{
	struct bus_seq_in *sin = &b->seq_in;

	for (int i = 0; i < b->nagents; i++)
		if (i != r->agent) {
			int flags = b->ops[i]->snoop(b->agent[i], r->line, (enum bus_op)r->op, now);

			sin->snoop_had |= (uint32_t)((flags & SNOOP_HAD) != 0) << i;
			sin->snoop_dirty |= (uint32_t)((flags & SNOOP_DIRTY) != 0) << i;
		}
}

static void finish(void *ctx, uint64_t arg, uint64_t now)
{
	struct bus *b = ctx;
	uint32_t agent = (uint32_t)(arg >> 32);
	struct bus_queue *q = &b->q[agent];
	struct bus_req r = q->req[q->head];
	int shared = (int)(arg & 1);

	q->head = (q->head + 1) % BUS_QUEUE;
	q->count--;
	b->queued--;
	b->ready_fresh = 0;
	b->ops[agent]->done(b->agent[agent], &r, shared, now);
}

/*
 * One evaluation of the sequencer on b->seq_in at @now, through its tap
 * when co-simulation holds it. The bus evaluates it at a grant, then again
 * as the snoops' and the memory's answers come in, and clocks it after the
 * last (seq_clock).
 */
static void seq_step(struct bus *b, uint64_t now, struct bus_seq_out *out)
{
	if (b->seq_tap.eval)
		b->seq_tap.eval(&b->seq_tap, now, &b->seq_in, out);
	else
		bus_seq_eval(&b->seq, &b->seq_in, out);
}

static void seq_clock(struct bus *b)
{
	if (b->seq_tap.tick)
		b->seq_tap.tick(&b->seq_tap);
	else
		bus_seq_tick(&b->seq);
}

/* The transaction counter a grant counts, by enum bus_seq_count (none: NULL). */
static struct mctr *count_of(struct bus_stats *s, int count)
{
	switch (count) {
	case BUS_SEQ_COUNT_RD:
		return &s->busrd;
	case BUS_SEQ_COUNT_RDX:
		return &s->busrdx;
	case BUS_SEQ_COUNT_UPGR:
		return &s->busupgr;
	case BUS_SEQ_COUNT_WB:
		return &s->writeback;
	case BUS_SEQ_COUNT_UPD:
		return &s->busupd;
	default:
		return NULL;
	}
}

void bus_tick(struct bus *b, uint64_t now)
{
	struct bus_arb_in *in = &b->arb_in;
	struct bus_seq_in *sin = &b->seq_in;
	struct bus_arb_out out;
	struct bus_seq_out sout;
	struct bus_req *r;
	struct bus_stats *s;
	struct mctr *count;
	uint32_t addr;
	int agent;

	if (now < bus_seq_free_at(&b->seq))
		return;
	in->req_ready = 0;
	for (int i = 0; i < b->nagents; i++) {
		const struct bus_queue *q = &b->q[i];

		if (q->count && q->req[q->head].ready <= now) {
			in->req_ready |= 1u << i;
			in->req_line[i] = q->req[q->head].line;
			in->req_op[i] = q->req[q->head].op;
		}
	}
	if (!in->req_ready)
		return;		/* nothing ready: an evaluation would change nothing */
	in->arb_valid = 1;
	out = arb_step(b, now);
	in->arb_valid = 0;
	if (!out.grant_valid)
		return;
	agent = out.grant_agent;
	r = &b->q[agent].req[b->q[agent].head];
	r->granted = now;
	b->granted_at = now;
	s = &b->stats[agent];
	s->wait_cycles.v[r->mode] += now - r->ready;
	b->ready_fresh = 0;
	addr = r->line * b->line_bytes;

	/* The grant: whether the line is still held matters only to UPGR and UPDATE. */
	*sin = (struct bus_seq_in){ .now = now, .grant_valid = 1, .agent = (uint8_t)agent,
				    .op = r->op, .partial = r->partial };
	if (r->op == BUS_UPGR || r->op == BUS_UPDATE)
		sin->holds = (uint8_t)(b->ops[agent]->holds(b->agent[agent], r->line) != 0);
	seq_step(b, now, &sout);
	r->op = sout.op;
	if (sout.snoop) {
		snoop_all(b, r, sout.phase_at);
		seq_step(b, now, &sout);
	}
	if (sout.mem_read || sout.mem_writes) {
		if (sout.mem_read)
			sin->mem_read_at = bus_edge_from(b, memctl_read(b->mem, addr, sout.phase_at));
		for (int i = 0; i < sout.mem_writes; i++)
			sin->mem_write_at[i] = memctl_write(b->mem, addr, sout.phase_at);
		seq_step(b, now, &sout);
	}
	seq_clock(b);
	count = count_of(s, sout.count);
	if (count)
		count->v[r->mode]++;
	if (sout.supply == BUS_SEQ_SUPPLY_C2C)
		s->c2c.v[r->mode]++;
	else if (sout.supply == BUS_SEQ_SUPPLY_MEMORY)
		s->from_memory.v[r->mode]++;
	s->busy_cycles.v[r->mode] += sout.end - now;
	b->busy_total += sout.end - now;
	b->held_by = agent;
	b->held_mode = r->mode;
	eventq_at(b->events, sout.end, finish, b, ((uint64_t)agent << 32) | (uint64_t)sout.shared);
}

void bus_account(struct bus *b, uint64_t now)
{
	struct bus_seq_out sout;
	uint64_t over, free_at = bus_seq_free_at(&b->seq);

	if (b->held_by < 0 || free_at <= now)
		return;
	over = free_at - now;
	b->busy_total -= over;
	b->stats[b->held_by].busy_cycles.v[b->held_mode] -= over;
	/* The transaction in flight is cut: the sequencer frees the bus now. */
	b->seq_in = (struct bus_seq_in){ .now = now, .release_valid = 1 };
	seq_step(b, now, &sout);
	seq_clock(b);
}
