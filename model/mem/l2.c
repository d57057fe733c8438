// SPDX-License-Identifier: MIT
#include "mem/l2.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/hart.h"
#include "sys/stop.h"

const struct stat_field l2_stat_fields[] = {
	STAT(struct l2_stats, accesses), STAT(struct l2_stats, hits),
	STAT(struct l2_stats, misses), STAT(struct l2_stats, compulsory),
	STAT(struct l2_stats, capacity), STAT(struct l2_stats, conflict),
	STAT(struct l2_stats, coherence), STAT(struct l2_stats, upgrades),
	STAT(struct l2_stats, writebacks), STAT(struct l2_stats, back_invalidations),
	STAT(struct l2_stats, snoop_invalidations), STAT(struct l2_stats, snoop_downgrades),
	STAT(struct l2_stats, pf_bus_reads), STAT(struct l2_stats, updates),
	STAT(struct l2_stats, snoop_updates),
};
const int l2_stat_nfields = sizeof(l2_stat_fields) / sizeof(l2_stat_fields[0]);

/* count_miss_class indexes the class counters by enum miss_class. */
_Static_assert(offsetof(struct l2_stats, capacity) - offsetof(struct l2_stats, compulsory) ==
	       MISS_CAPACITY * sizeof(struct mctr) &&
	       offsetof(struct l2_stats, coherence) - offsetof(struct l2_stats, compulsory) ==
	       MISS_COHERENCE * sizeof(struct mctr), "class counters out of enum order");

int l2_init(struct l2 *c, const struct cache_config *cfg, uint64_t seed, struct bus *bus,
	    struct event_queue *events, const uint8_t *mode)
{
	memset(c, 0, sizeof(*c));
	c->cfg = *cfg;
	if (c->cfg.mshrs > L2_MAX_MSHRS)
		c->cfg.mshrs = L2_MAX_MSHRS;
	c->bus = bus;
	c->events = events;
	c->mode = mode;
	c->pending_tail = &c->pending;
	if (carray_init(&c->arr, cfg->size, cfg->ways, cfg->line, repl_names[cfg->repl], seed))
		return -1;
	c->mc = mclass_new(cfg->size / cfg->line);
	if (!c->mc)
		return -1;
	c->agent = bus_attach(bus, c, &l2_bus_ops);
	return 0;
}

void l2_free(struct l2 *c)
{
	struct l2_pending *p, *next;

	for (p = c->pending; p; p = next) {
		next = p->next;
		free(p);
	}
	carray_free(&c->arr);
	mclass_free(c->mc);
}

void l2_connect(struct l2 *c, struct l1 *l1i, struct l1 *l1d, struct hart *hart)
{
	c->l1i = l1i;
	c->l1d = l1d;
	c->hart = hart;
}

void l2_set_snoop_hook(struct l2 *c,
		       void (*fn)(void *ctx, uint32_t base, uint32_t bytes, int owned, uint64_t now),
		       void *ctx)
{
	c->before_snoop = fn;
	c->before_snoop_ctx = ctx;
}

int l2_quiet(const struct l2 *c, uint64_t now)
{
	const struct bus *b = c->bus;

	if (c->pending || b->q[c->agent].count ||
	    (b->held_by == c->agent && bus_seq_free_at(&b->seq) > now))
		return 0;
	for (uint32_t i = 0; i < c->cfg.mshrs && i < L2_MAX_MSHRS; i++)
		if (c->mshr[i].valid)
			return 0;
	return 1;
}

static uint32_t line_addr(const struct l2 *c, uint32_t line)
{
	return line << c->arr.line_shift;
}

static void bus_send(struct l2 *c, enum bus_op op, uint32_t line, uint64_t ready)
{
	struct bus_req r = { .op = (uint8_t)op, .agent = (uint8_t)c->agent, .mode = *c->mode,
			     .line = line, .ready = ready, .enqueued = ready };

	bus_request(c->bus, &r);
}

/* The state an L1 gets for a line the L2 holds in @l2state. */
static enum line_state l1_state(const struct l2 *c, const struct l2_waiter *w,
				enum line_state l2state)
{
	if (w->l1 == c->l1i)
		return LINE_S;
	if (w->excl == L1_WRITE)
		return LINE_M;
	return l2state == LINE_S ? LINE_S : LINE_E;	/* L1_OWN: never S (an upgrade first) */
}

/*
 * The line reaches the L1 after the L2's latency. A snoop in between may have
 * taken the line away or demoted it: the fill then carries what the L2 holds
 * now, or, when that is not enough, the request starts over.
 */
static void deliver(void *ctx, uint64_t arg, uint64_t now)
{
	struct l2 *c = ctx;
	struct l1 *l1 = arg >> 56 ? c->l1d : c->l1i;
	uint32_t line = (uint32_t)arg;
	enum line_state st = (enum line_state)((arg >> 32) & 0xff);
	int excl = (int)((arg >> 48) & 0xff);
	struct cache_line *l = carray_find(&c->arr, line >> (c->arr.line_shift -
							     l1_line_shift(l1)));

	if (!l || (excl && excl != L1_UPDATE && l->state == LINE_S)) {
		l2_request_from(c, l1, line, excl, (int)((arg >> 40) & 0xff), now);
		return;
	}
	if (st == LINE_E && l->state == LINE_S)
		st = LINE_S;
	if (excl == L1_UPDATE && st == LINE_S)
		l1_update_granted(l1, line, now);
	else
		l1_fill(l1, line, st, now);
}

static void respond(struct l2 *c, const struct l2_waiter *w, enum line_state l2state,
		    uint64_t when)
{
	enum line_state st = l1_state(c, w, l2state);

	/*
	 * arg: the L1 line, its state (bits 39:32), the requester (47:40), its
	 * need (55:48) and which L1 (bit 56: the L1D)
	 */
	eventq_at(c->events, when, deliver, c,
		  ((uint64_t)(w->l1 != c->l1i) << 56) | ((uint64_t)w->excl << 48) |
		  ((uint64_t)w->src << 40) | ((uint64_t)st << 32) | w->line);
}

static struct l2_mshr *find_mshr(struct l2 *c, uint32_t line)
{
	for (uint32_t i = 0; i < c->cfg.mshrs; i++)
		if (c->mshr[i].valid && c->mshr[i].line == line)
			return &c->mshr[i];
	return NULL;
}

static void count_miss(struct l2 *c, uint32_t line)
{
	int mode = *c->mode;

	c->stats.misses.v[mode]++;
	count_miss_class(&c->stats.compulsory, mclass_access(c->mc, line, 0), mode);
}

/* A store to a shared update line: BusUpd with the word. 0, or -1 without a free MSHR. */
static int send_update(struct l2 *c, const struct l2_waiter *w, uint32_t line, uint64_t ready)
{
	int mode = *c->mode;

	for (uint32_t i = 0; i < c->cfg.mshrs; i++) {
		struct l2_mshr *m = &c->mshr[i];

		if (m->valid)
			continue;
		c->stats.accesses.v[mode]++;
		c->stats.hits.v[mode]++;
		c->stats.updates.v[mode]++;
		mclass_hit(c->mc, line);
		*m = (struct l2_mshr){ .valid = 1, .op = BUS_UPDATE, .line = line, .nwait = 1 };
		m->wait[0] = *w;
		bus_send(c, BUS_UPDATE, line, ready);
		return 0;
	}
	return -1;
}

/*
 * Handles a request; returns 0, or -1 when it needs an MSHR (or a waiter
 * slot) that is not free, in which case the caller queues it.
 */
static int handle(struct l2 *c, const struct l2_waiter *wanted, uint64_t now)
{
	struct l2_waiter wcopy = *wanted, *w = &wcopy;
	uint32_t line = w->line >> (c->arr.line_shift - l1_line_shift(w->l1));
	struct cache_line *l = carray_find(&c->arr, line);
	struct l2_mshr *m = find_mshr(c, line);
	uint64_t ready = now + c->cfg.latency;
	int mode = *c->mode;

	if (w->excl == L1_UPDATE) {
		if (m)
			return -1;	/* after the transaction in flight, as a new request */
		if (!l)
			w->excl = L1_READ;	/* lost meanwhile: read it shared, the store retries */
		else if (l->state == LINE_S)
			return send_update(c, w, line, ready);
	}
	if (m) {
		/* Merge with the transaction in flight; done() sorts out ownership. */
		if (m->nwait == L2_WAITERS)
			return -1;
		m->wait[m->nwait++] = *w;
		return 0;
	}
	if (l && (!w->excl || l->state != LINE_S)) {
		c->stats.accesses.v[mode]++;
		c->stats.hits.v[mode]++;
		mclass_hit(c->mc, line);	/* L2 lines only ever come in through misses */
		carray_touch(&c->arr, l);
		if (w->excl == L1_WRITE)
			l->state = LINE_M;	/* E -> M silently; M stays */
		respond(c, w, (enum line_state)l->state, ready);
		return 0;
	}
	for (uint32_t i = 0; i < c->cfg.mshrs; i++) {
		m = &c->mshr[i];
		if (m->valid)
			continue;
		c->stats.accesses.v[mode]++;
		if (l) {
			c->stats.hits.v[mode]++;
			c->stats.upgrades.v[mode]++;
			mclass_access(c->mc, line, 1);
			m->op = BUS_UPGR;
		} else {
			count_miss(c, line);
			m->op = w->excl ? BUS_RDX : BUS_RD;
			if (w->src != PF_DEMAND) {
				c->stats.pf_bus_reads.v[mode]++;
				l1_prefetch_count(w->l1, w->src, PFC_BUS_READS, 1);
			}
		}
		m->valid = 1;
		m->line = line;
		m->nwait = 1;
		m->wait[0] = *w;
		bus_send(c, (enum bus_op)m->op, line, ready);
		return 0;
	}
	return -1;
}

void l2_request_from(struct l2 *c, struct l1 *from, uint32_t l1line, int excl, int src,
		     uint64_t now)
{
	struct l2_waiter w = { from, l1line, (uint8_t)excl, (uint8_t)src };
	struct l2_pending *p;

	if (!c->pending && handle(c, &w, now) == 0)
		return;
	/* Keep order: once something waits, later requests wait behind it. */
	p = malloc(sizeof(*p));
	if (!p)
		host_out_of_memory("L2 request queue");
	p->w = w;
	p->next = NULL;
	*c->pending_tail = p;
	c->pending_tail = &p->next;
}

/* Retries queued requests after an MSHR freed. */
static void retry_pending(struct l2 *c, uint64_t now)
{
	while (c->pending && handle(c, &c->pending->w, now) == 0) {
		struct l2_pending *p = c->pending;

		c->pending = p->next;
		if (!c->pending)
			c->pending_tail = &c->pending;
		free(p);
	}
}

/* Removes a line for a fill, keeping the L1s inside it and writing it back if dirty. */
static void evict(struct l2 *c, struct cache_line *v, uint64_t now)
{
	uint32_t base = line_addr(c, v->tag), bytes = 1u << c->arr.line_shift;
	int dirty = v->state == LINE_M;
	int mode = *c->mode;
	uint64_t dropped = 0;

	/*
	 * Once gone from here, the line may be taken by another agent, to own,
	 * with no snoop here: told as such a snoop (this agent's own fill, which
	 * a core parked on a spin loop never has on its way).
	 */
	if (c->before_snoop)
		c->before_snoop(c->before_snoop_ctx, base, bytes, 1, now);
	if (c->l1i)
		l1_snoop_range(c->l1i, base, bytes, L1_SNOOP_INVALIDATE, &dropped);
	if (c->l1d)
		dirty |= l1_snoop_range(c->l1d, base, bytes, L1_SNOOP_INVALIDATE, &dropped);
	c->stats.back_invalidations.v[mode] += dropped;
	if (dirty) {
		c->stats.writebacks.v[mode]++;
		bus_send(c, BUS_WB, v->tag, now);
	}
	v->state = LINE_I;
}

static void install(struct l2 *c, uint32_t line, enum line_state st, uint64_t now)
{
	struct cache_line *l = carray_find(&c->arr, line);

	if (l) {
		l->state = (uint8_t)st;
		carray_touch(&c->arr, l);
		return;
	}
	l = carray_victim(&c->arr, line);
	if (l->state != LINE_I)
		evict(c, l, now);
	carray_fill(&c->arr, l, line, st);
}

static void bus_done(void *agent, const struct bus_req *r, int shared, uint64_t now)
{
	struct l2 *c = agent;
	struct l2_mshr *m;
	enum line_state st;
	int need_excl = 0, need_write = 0;

	if (r->op == BUS_WB)
		return;
	m = find_mshr(c, r->line);
	if (m && m->op == BUS_UPDATE) {
		/*
		 * The word is on the bus: the line stays shared if another cache
		 * kept a copy, else it is this cache's alone (and clean: memory
		 * took the word). Read instead when the copy was lost meanwhile
		 * (the bus turned the BusUpd into a BusRd): no update happened.
		 */
		if (r->op != BUS_UPDATE)
			for (int i = 0; i < m->nwait; i++)
				m->wait[i].excl = L1_READ;
		st = shared ? LINE_S : LINE_E;
		install(c, r->line, st, now);
		for (int i = 0; i < m->nwait; i++)
			respond(c, &m->wait[i], st, now);
		m->valid = 0;
		retry_pending(c, now);
		return;
	}
	for (int i = 0; m && i < m->nwait; i++) {
		need_excl |= m->wait[i].excl != L1_READ;
		need_write |= m->wait[i].excl == L1_WRITE;
	}
	/* Owned after BusRdX or BusUpgr: dirty only if a waiter writes (an LR does not). */
	st = r->op == BUS_RD ? (shared ? LINE_S : LINE_E) : need_write ? LINE_M : LINE_E;
	install(c, r->line, st, now);
	if (m && need_excl && st == LINE_S) {
		/* A write merged into a shared read: gain ownership before answering it. */
		int k = 0;

		for (int i = 0; i < m->nwait; i++) {
			if (m->wait[i].excl)
				m->wait[k++] = m->wait[i];
			else
				respond(c, &m->wait[i], st, now);
		}
		m->nwait = k;
		m->op = BUS_UPGR;
		c->stats.upgrades.v[*c->mode]++;
		bus_send(c, BUS_UPGR, r->line, now);
		return;
	}
	if (st == LINE_E && need_write) {
		st = LINE_M;
		carray_find(&c->arr, r->line)->state = LINE_M;
	}
	if (m) {
		for (int i = 0; i < m->nwait; i++)
			respond(c, &m->wait[i], st, now);
		m->valid = 0;
	}
	retry_pending(c, now);
}

static int bus_holds(void *agent, uint32_t line)
{
	struct l2 *c = agent;

	return carray_find(&c->arr, line) != NULL;
}

static int bus_snoop(void *agent, uint32_t line, enum bus_op op, uint64_t now)
{
	struct l2 *c = agent;
	struct cache_line *l = carray_find(&c->arr, line);
	uint32_t base = line_addr(c, line), bytes = 1u << c->arr.line_shift;
	int flags, mode = *c->mode;

	if (!l)
		return 0;
	if (c->before_snoop)
		c->before_snoop(c->before_snoop_ctx, base, bytes, op == BUS_RDX || op == BUS_UPGR,
				c->bus->granted_at);
	flags = SNOOP_HAD;
	if (op == BUS_DMA_RD) {
		/* The engine keeps no copy: a dirty line is supplied, flushed, and kept clean. */
		if (c->l1d && l1_snoop_range(c->l1d, base, bytes, L1_SNOOP_CLEAN, NULL))
			l->state = LINE_M;
		if (l->state == LINE_M) {
			flags |= SNOOP_DIRTY;
			l->state = LINE_E;
		}
		return flags;
	}
	if (op == BUS_UPDATE) {
		/* Another cache's word: every copy here takes it and stays (shared, clean). */
		c->stats.snoop_updates.v[mode]++;
		return flags;
	}
	if (op == BUS_RD) {
		if (c->l1d && l1_snoop_range(c->l1d, base, bytes, L1_SNOOP_SHARE, NULL))
			l->state = LINE_M;	/* the L1's dirty copy is the one flushed */
		if (l->state == LINE_M)
			flags |= SNOOP_DIRTY;
		if (l->state != LINE_S)
			c->stats.snoop_downgrades.v[mode]++;
		l->state = LINE_S;
		return flags;
	}
	/* BusRdX, BusUpgr, the engine's write: give the line up */
	if (c->l1i)
		l1_snoop_range(c->l1i, base, bytes, L1_SNOOP_INVALIDATE, NULL);
	if (c->l1d && l1_snoop_range(c->l1d, base, bytes, L1_SNOOP_INVALIDATE, NULL))
		l->state = LINE_M;
	if (l->state == LINE_M && (op == BUS_RDX || op == BUS_DMA_WR))
		flags |= SNOOP_DIRTY;
	carray_invalidate(&c->arr, line);
	mclass_invalidated(c->mc, line);
	if (c->l1d)
		l1_lines_taken(c->l1d, base, bytes);
	if (c->l1i)
		l1_lines_taken(c->l1i, base, bytes);
	if (c->hart)
		hart_lr_lose(c->hart, base, bytes);
	c->stats.snoop_invalidations.v[mode]++;
	return flags;
}

void l2_l1_writeback(struct l2 *c, uint32_t addr)
{
	struct cache_line *l = carray_find(&c->arr, carray_line(&c->arr, addr));

	if (l)
		l->state = LINE_M;
}

const struct bus_agent_ops l2_bus_ops = { bus_snoop, bus_holds, bus_done };
