// SPDX-License-Identifier: MIT
#include "mem/l1.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "mem/l2.h"
#include "mem/prefetcher.h"

const struct stat_field l1_stat_fields[] = {
	STAT(struct l1_stats, accesses), STAT(struct l1_stats, hits),
	STAT(struct l1_stats, misses), STAT(struct l1_stats, compulsory),
	STAT(struct l1_stats, capacity), STAT(struct l1_stats, conflict),
	STAT(struct l1_stats, coherence), STAT(struct l1_stats, upgrades),
	STAT(struct l1_stats, mshr_merges), STAT(struct l1_stats, mshr_full),
	STAT(struct l1_stats, writebacks), STAT(struct l1_stats, invalidations),
	STAT(struct l1_stats, side_hits), STAT(struct l1_stats, coherence_true),
	STAT(struct l1_stats, coherence_false), STAT(struct l1_stats, updates),
};
const int l1_stat_nfields = sizeof(l1_stat_fields) / sizeof(l1_stat_fields[0]);

/* count_miss_class indexes the class counters by enum miss_class. */
_Static_assert(offsetof(struct l1_stats, capacity) - offsetof(struct l1_stats, compulsory) ==
	       MISS_CAPACITY * sizeof(struct mctr) &&
	       offsetof(struct l1_stats, coherence) - offsetof(struct l1_stats, compulsory) ==
	       MISS_COHERENCE * sizeof(struct mctr), "class counters out of enum order");

const struct stat_field pf_stat_fields[] = {
	STAT(struct pf_stats, issued), STAT(struct pf_stats, useful), STAT(struct pf_stats, late),
	STAT(struct pf_stats, useless), STAT(struct pf_stats, bus_reads),
};
const int pf_stat_nfields = sizeof(pf_stat_fields) / sizeof(pf_stat_fields[0]);

/* l1_prefetch_count indexes the counters by enum pf_counter. */
_Static_assert(offsetof(struct pf_stats, bus_reads) - offsetof(struct pf_stats, issued) ==
	       PFC_BUS_READS * sizeof(struct mctr), "prefetch counters out of enum order");

int l1_init(struct l1 *c, const char *name, const struct cache_config *cfg, uint64_t seed,
	    struct l2 *l2, struct event_queue *events, const uint8_t *mode)
{
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->cfg = *cfg;
	if (c->cfg.mshrs > L1_MAX_MSHRS)
		c->cfg.mshrs = L1_MAX_MSHRS;
	c->tap = (struct unit_tap){ .unit = "l1i", .c_unit = &c->ctl, .at_reset = l1i_at_reset,
				    .fast_off = &c->slow_only };
	c->l2 = l2;
	c->events = events;
	c->mode = mode;
	c->claimer = -1;
	memset(c->owner, -1, sizeof(c->owner));
	if (l1i_init(&c->ctl, cfg, seed))
		return -1;
	c->mc = mclass_new(cfg->size / cfg->line);
	return c->mc ? 0 : -1;
}

void l1_free(struct l1 *c)
{
	l1i_free(&c->ctl);
	if (c->pf_to_buffer)
		carray_free(&c->pbuf);
	mclass_free(c->mc);
}

int l1_prefetch_setup(struct l1 *c, uint32_t npf, uint32_t buffer_lines, uint64_t seed)
{
	c->npf = npf > L1_MAX_MSHRS ? L1_MAX_MSHRS : npf;
	memset(c->side_line, 0xff, sizeof(c->side_line));
	if (!buffer_lines || c->pf_to_buffer)
		return 0;
	c->pf_to_buffer = 1;
	return carray_init(&c->pbuf, buffer_lines << c->ctl.arr.line_shift, buffer_lines,
			   1u << c->ctl.arr.line_shift, "fifo", seed);
}

void l1_attach(struct l1 *c, const struct prefetcher *pf, void *self, int src, int *busy)
{
	int i = c->natt++;

	assert(i < L1_MAX_PREFETCHERS);
	c->att[i] = pf;
	c->att_self[i] = self;
	c->att_busy = busy;
	c->listening |= pf->access != NULL;
	c->slow_only |= c->listening;
	if (pf->claim) {
		assert(c->claimer < 0);	/* one look-aside buffer per L1 */
		c->claimer = i;
	}
	for (unsigned k = 0; k < pf->ngroups; k++)
		c->owner[src + (int)k] = (int8_t)i;
}

/* The state of attached prefetcher @i, for a hook call: it may have work now. */
static void *hooked(struct l1 *c, int i)
{
	*c->att_busy = 1;
	return c->att_self[i];
}

/* Does source @src keep its prefetched lines beside the cache (a look-aside buffer)? */
static int keeps_fills(const struct l1 *c, int src)
{
	return c->owner[src] >= 0 && c->att[c->owner[src]]->keeps_fills;
}

void l1_wake(struct l1 *c, uint64_t now)
{
	if (c->wake)
		c->wake(c->wake_ctx, now);
}

/*
 * The controller's evaluation for operation @in: the unit's, or its
 * observer's in its stead. Evaluated again if the inputs change; then one
 * ctl_tick with the same @in and @out.
 */
static inline __attribute__((always_inline)) void ctl_eval(struct l1 *c, const struct l1i_in *in,
							    struct l1i_out *out)
{
	if (c->tap.eval) {
		/*
		 * The observer gets copies: the cache's own @in and @out never
		 * leave it, so the compiler keeps them in registers and drops
		 * the outputs nobody reads on the unobserved path.
		 */
		struct l1i_in i = *in;
		struct l1i_out o;

		c->tap.eval(&c->tap, c->now, &i, &o);
		*out = o;
	} else {
		l1i_outputs(&c->ctl, in, out);
	}
}

/*
 * The controller's clock edge: the operation takes effect. Unobserved, the
 * unit applies @in and @out as they are here (what l1i_tick would apply
 * after l1i_eval kept them), without keeping a copy; @op is @in's, given
 * as a constant so that the edge needs no decoding.
 */
static inline __attribute__((always_inline)) void ctl_tick(struct l1 *c, enum l1i_op op,
							    const struct l1i_in *in,
							    const struct l1i_out *out)
{
	if (c->tap.eval) {
		c->tap.tick(&c->tap);
		if (c->tap.failed && c->stop)
			*c->stop = 1;
	} else {
		l1i_apply(&c->ctl, op, in, out);
	}
}

static struct l1_pf_mshr *find_pf(struct l1 *c, uint32_t line)
{
	for (uint32_t i = 0; i < c->npf; i++)
		if (c->pf[i].valid && c->pf[i].line == line)
			return &c->pf[i];
	return NULL;
}

/* The request leaves the L1 after its tag-check latency. arg: line, excl (2 bits), source. */
static void send(void *ctx, uint64_t arg, uint64_t now)
{
	struct l1 *c = ctx;

	l2_request_from(c->l2, c, (uint32_t)arg, (int)((arg >> 32) & 3), (int)(arg >> 34), now);
}

static void schedule(struct l1 *c, uint32_t line, int excl, int src, uint64_t now)
{
	eventq_at(c->events, now + c->cfg.latency, send, c,
		  ((uint64_t)src << 34) | ((uint64_t)excl << 32) | line);
}

/* An operation of the controller with no flags and no answer to wait for. */
static void ctl_op(struct l1 *c, enum l1i_op op, uint32_t line)
{
	struct l1i_in in = { .op = (uint8_t)op, .line = line };
	struct l1i_out out;

	ctl_eval(c, &in, &out);
	ctl_tick(c, op, &in, &out);
}

/*
 * Allocates an MSHR for @line (none has it) and sends the request after the
 * tag-check latency: L1_MISS; or none is free: L1_BLOCKED.
 */
static inline __attribute__((always_inline)) enum l1_result alloc_mshr(struct l1 *c,
									uint32_t line, int excl,
									uint64_t now)
{
	struct l1i_in in = { .op = L1I_ALLOC, .excl = excl != 0, .line = line };
	struct l1i_out out;

	ctl_eval(c, &in, &out);
	ctl_tick(c, L1I_ALLOC, &in, &out);
	if (out.allocated) {
		schedule(c, line, excl, PF_DEMAND, now);
		return L1_MISS;
	}
	c->stats.mshr_full.v[*c->mode]++;
	return L1_BLOCKED;
}

void l1_track_sharing(struct l1 *c, struct sharing *sh, int hart)
{
	c->sh = sh;
	c->hart = hart;
}

static void count_miss(struct l1 *c, uint32_t line)
{
	int mode = *c->mode;
	enum miss_class cls = mclass_access(c->mc, line, 0);

	c->stats.accesses.v[mode]++;
	c->stats.misses.v[mode]++;
	count_miss_class(&c->stats.compulsory, cls, mode);
	if (cls == MISS_COHERENCE && c->sh)
		sharing_missed(c->sh, c->hart, line, mode);
}

/* A watched line leaves the cache: a pending coherence miss was false sharing. */
static void departs(struct l1 *c, const struct cache_line *l)
{
	int mode;

	if ((l->watch & L1_WATCH_ALL) &&
	    sharing_departed(c->sh, c->hart, l->tag, &mode) == SHARING_FALSE)
		c->stats.coherence_false.v[mode]++;
}

/* Line @l just came in (or gained ownership): watched if the tracker follows it. */
static void watch_if_tracked(struct l1 *c, struct cache_line *l)
{
	int w;

	if (!c->sh)
		return;
	w = sharing_watch(c->sh, c->hart, l->tag);
	l->watch = (uint8_t)((l->watch & ~(L1_WATCH_ALL | L1_WATCH_WRITES)) |
			     (w & SHARING_WATCH_ALL ? L1_WATCH_ALL : 0) |
			     (w & SHARING_WATCH_WRITES ? L1_WATCH_WRITES : 0));
}

/* @seen: the line came in through a demand miss, so the classifier knows it. */
static void count_hit(struct l1 *c, uint32_t line, int seen)
{
	int mode = *c->mode;

	c->stats.accesses.v[mode]++;
	c->stats.hits.v[mode]++;
	if (seen)
		mclass_hit(c->mc, line);
	else
		mclass_access(c->mc, line, 1);
}

/*
 * 1 when a snoop took @line before its replay and the fill allows @write
 * (and then forgets it: the replay uses it now); 0, remembering it, if not.
 */
static int forget_taken(struct l1 *c, uint32_t line, int write)
{
	for (uint32_t i = 0; i < c->ntaken; i++) {
		if (c->taken[i].line == line) {
			if (write && !c->taken[i].owned)
				return 0;	/* a read's fill: this is another access */
			c->taken[i] = c->taken[--c->ntaken];
			return 1;
		}
	}
	return 0;
}

/*
 * A new fill of @line: what a snoop took from an older fill of it is
 * forgotten, so that the next snoop notes what this fill gives (a read's
 * fill noted unowned would otherwise refuse a later store's replay the
 * owned fill it came for, at every fill, for ever).
 */
static void refilled(struct l1 *c, uint32_t line)
{
	if (c->ntaken)
		forget_taken(c, line, 0);
}

/*
 * A snoop takes line @l from the cache, or its ownership: a replay still to
 * come for it will use the fill's data (struct l1, taken).
 */
static void taken_before_replay(struct l1 *c, const struct cache_line *l, int invalidate)
{
	int owned = l->state >= LINE_E || (l->watch & L1_WATCH_GRANT);

	if (!invalidate && !owned)
		return;		/* shared already: the snoop takes nothing from it */
	if (!l1i_replay_waits(&c->ctl, l->tag))
		return;		/* no replay waits for it */
	for (uint32_t i = 0; i < c->ntaken; i++)
		if (c->taken[i].line == l->tag)
			return;	/* taken once already: what the fill gave is noted */
	if (c->ntaken < L1_MAX_MSHRS)
		c->taken[c->ntaken++] = (struct l1_taken){ l->tag, (uint8_t)owned };
}

/* The controller's ABANDON of @line; returns whether its replay was waiting (now gone). */
static int abandon_op(struct l1 *c, uint32_t line, int pf_demand)
{
	struct l1i_in in = { .op = L1I_ABANDON, .pf_demand = (uint8_t)pf_demand, .line = line };
	struct l1i_out out;

	ctl_eval(c, &in, &out);
	ctl_tick(c, L1I_ABANDON, &in, &out);
	return out.replay_hit;
}

void l1_abandon(struct l1 *c, uint32_t line)
{
	struct l1_pf_mshr *pm = find_pf(c, line);

	/* It leaves the replay list if it came already, else is remembered if on its way. */
	if (abandon_op(c, line, pm && pm->demand) && c->ntaken)
		forget_taken(c, line, 0);
}

static void tell(struct l1 *c, enum pf_event ev, uint32_t line, uint64_t now)
{
	for (int i = 0; c->listening && i < c->natt; i++)
		if (c->att[i]->access)
			c->att[i]->access(hooked(c, i), ev, line, now);
}

/*
 * The controller's FILL of @line in @state (mem/l1i_if.h), with the flags
 * of @in set by the caller: the line goes in if absent, its victim leaving
 * (a dirty one goes to the L2, an unused prefetch is counted). Returns the
 * line's way, NULL when it was present already.
 */
static inline __attribute__((always_inline)) struct cache_line *fill_op(struct l1 *c,
									 struct l1i_in *in,
									 uint32_t line,
									 enum line_state state)
{
	struct l1i_out out;
	struct cache_line *l;

	in->op = L1I_FILL;
	in->state = (uint8_t)state;
	in->line = line;
	ctl_eval(c, in, &out);
	l = l1i_way(&c->ctl, &out);
	if (out.present) {
		ctl_tick(c, L1I_FILL, in, &out);
		return NULL;
	}
	if (out.victim_valid) {
		if (l->state == LINE_M) {
			c->stats.writebacks.v[*c->mode]++;
			l2_l1_writeback(c->l2, l->tag << c->ctl.arr.line_shift);
		}
		if (l->prefetched)
			c->pfs[l->flags].useless.v[*c->mode]++;
		departs(c, l);
	}
	ctl_tick(c, L1I_FILL, in, &out);
	watch_if_tracked(c, l);
	return l;
}

/* Places the absent @line in the array in @state. */
static struct cache_line *place(struct l1 *c, uint32_t line, enum line_state state)
{
	struct l1i_in in = { 0 };

	return fill_op(c, &in, line, state);
}

/*
 * Was @line already claimed by the look-aside buffer and not yet resolved?
 * With @add, remembers it if not (the oldest entry gives way).
 */
static int side_pending(struct l1 *c, uint32_t line, int add)
{
	for (int i = 0; i < 4; i++)
		if (c->side_line[i] == line)
			return 1;
	if (add) {
		memmove(&c->side_line[1], &c->side_line[0], 3 * sizeof(c->side_line[0]));
		c->side_line[0] = line;
	}
	return 0;
}

static void side_resolved(struct l1 *c, uint32_t line)
{
	for (int i = 0; i < 4; i++)
		if (c->side_line[i] == line)
			c->side_line[i] = ~0u;
}

enum l1_result l1_access_slow(struct l1 *c, uint32_t addr, int write, uint64_t now)
{
	uint32_t line = carray_line(&c->ctl.arr, addr);
	/*
	 * The controller's LOOKUP: it forgets an abandon of the line (asked for
	 * again, a line on its way is the client's to replay once more) and, on
	 * a hit (a use), touches the way and consumes the line's replay. A read
	 * hits any line present; a write's hit depends on the line's state.
	 */
	struct l1i_in in = { .op = L1I_LOOKUP, .use = !write, .line = line };
	struct l1i_out out;
	struct cache_line *l;
	struct l1_pf_mshr *pm;
	enum l1_result r;
	int mode = *c->mode, hit;

	c->now = now;
	ctl_eval(c, &in, &out);
	l = out.present ? l1i_way(&c->ctl, &out) : NULL;
	if (write == L1_UPDATE && !l)
		write = L1_READ;	/* bring it in shared; the store comes back for its update */
	hit = l && (!write || l->state != LINE_S ||
		    (write == L1_UPDATE && (l->watch & L1_WATCH_GRANT)));
	if (hit && !in.use) {
		/* A write's hit, decided on the line's state: the way is used after all. */
		in.use = 1;
		if (c->tap.eval)
			ctl_eval(c, &in, &out);	/* use changes no output: the C unit's edge reads in */
	}
	ctl_tick(c, L1I_LOOKUP, &in, &out);
	if (hit) {
		if (!out.replay_hit) {
			count_hit(c, line, !l->prefetched);
			tell(c, PFE_ACCESS, line, now);
		} else if (c->ntaken) {
			forget_taken(c, line, 0);	/* the replay came: the fill buffer is free */
		}
		if ((l->watch & L1_WATCH_ALL) ||
		    ((write & L1_WRITE) && (l->watch & L1_WATCH_WRITES))) {
			int miss_mode;

			if (sharing_access(c->sh, c->hart, addr, write & L1_WRITE, &miss_mode) ==
			    SHARING_TRUE) {
				c->stats.coherence_true.v[miss_mode]++;
				watch_if_tracked(c, l);	/* settled: reads need not report */
			}
		}
		if (l->prefetched) {
			l->prefetched = 0;
			c->pfs[l->flags].useful.v[mode]++;
			tell(c, PFE_FIRST_USE, line, now);
		}
		if (write == L1_UPDATE && l->state == LINE_S)
			l->watch &= (uint8_t)~L1_WATCH_GRANT;	/* the update performs: once */
		else if (write & L1_WRITE)
			l->state = LINE_M;
		return L1_HIT;
	}
	/*
	 * A snoop took the line after its fill, before this replay: the fill
	 * buffer serves it, and the replay leaves the controller's list.
	 */
	if (c->ntaken && now < c->filled_at + c->cfg.latency && forget_taken(c, line, write) &&
	    out.replay_hit) {
		abandon_op(c, line, 0);
		return L1_HIT;
	}
	if (out.mshr_hit) {
		/* Wait for the line in flight; a write behind a pending read retries after it. */
		c->stats.mshr_merges.v[mode]++;
		return write && !out.mshr_excl ? L1_BLOCKED : L1_MISS;
	}
	if (!l) {
		pm = find_pf(c, line);
		if (pm) {
			/* A prefetch is bringing it: the demand waits for that fill. */
			if (!pm->demand) {
				pm->demand = 1;
				c->pfs[pm->src].late.v[mode]++;
				count_miss(c, line);
				tell(c, PFE_MISS, line, now);
			}
			return L1_MISS;
		}
		if (c->pf_to_buffer) {
			struct cache_line *b = carray_find(&c->pbuf, line);

			if (b) {
				/* The prefetch buffer beside the cache has it: move it in. */
				c->pfs[b->flags].useful.v[mode]++;
				carray_invalidate(&c->pbuf, line);
				place(c, line, LINE_S);
				count_hit(c, line, 0);
				tell(c, PFE_ACCESS, line, now);
				tell(c, PFE_FIRST_USE, line, now);
				return L1_HIT;
			}
		}
		if (c->claimer >= 0 && c->att[c->claimer]->claim(hooked(c, c->claimer), line, now)) {
			if (!side_pending(c, line, 1)) {
				count_miss(c, line);
				tell(c, PFE_ACCESS, line, now);
				tell(c, PFE_MISS, line, now);
			}
			return L1_MISS;
		}
	}
	r = alloc_mshr(c, line, write, now);
	if (r != L1_MISS)
		return r;
	if (l) {
		/*
		 * A write to a shared line: a hit, but ownership must be gained
		 * first (or, on an update line, the word broadcast).
		 */
		count_hit(c, line, 1);
		if (write == L1_UPDATE)
			c->stats.updates.v[mode]++;
		else
			c->stats.upgrades.v[mode]++;
	} else {
		count_miss(c, line);
		tell(c, PFE_ACCESS, line, now);
		tell(c, PFE_MISS, line, now);
	}
	return L1_MISS;
}

/* True when @line is in the cache, the prefetch buffer, or on its way. */
static int has_or_pending(struct l1 *c, uint32_t line)
{
	return carray_find(&c->ctl.arr, line) || l1i_find_mshr(&c->ctl, line) || find_pf(c, line) ||
	       (c->pf_to_buffer && carray_find(&c->pbuf, line));
}

void l1_prefetch_count(struct l1 *c, int src, enum pf_counter what, uint64_t n)
{
	struct mctr *ctr = &c->pfs[src].issued + what;

	ctr->v[*c->mode] += n;
}

int l1_prefetch(struct l1 *c, uint32_t line, int src, uint64_t now)
{
	return l1_prefetch_need(c, line, src, L1_READ, now);
}

int l1_prefetch_slot_free(const struct l1 *c)
{
	for (uint32_t i = 0; i < c->npf; i++)
		if (!c->pf[i].valid)
			return 1;
	return 0;
}

int l1_prefetch_need(struct l1 *c, uint32_t line, int src, int need, uint64_t now)
{
	if (has_or_pending(c, line))
		return 0;
	for (uint32_t i = 0; i < c->npf; i++) {
		if (!c->pf[i].valid) {
			c->pf[i] = (struct l1_pf_mshr){ 1, (uint8_t)src, 0, line };
			c->pfs[src].issued.v[*c->mode]++;
			schedule(c, line, need, src, now);
			return 1;
		}
	}
	return -1;
}

void l1_install(struct l1 *c, uint32_t line, uint64_t now)
{
	c->now = now;
	side_resolved(c, line);
	refilled(c, line);
	place(c, line, LINE_S);		/* if absent */
	c->stats.side_hits.v[*c->mode]++;
	if (c->wake)
		c->wake(c->wake_ctx, now);
}

void l1_send_miss(struct l1 *c, uint32_t line, uint64_t now)
{
	struct l1_pf_mshr *pm = find_pf(c, line);

	c->now = now;
	side_resolved(c, line);
	if (pm) {
		/* A prefetch (of a stream since dropped) is already bringing it. */
		pm->demand = 1;
		return;
	}
	if (!l1i_find_mshr(&c->ctl, line) && alloc_mshr(c, line, 0, now) != L1_MISS && c->wake)
		c->wake(c->wake_ctx, now);	/* no MSHR: the fetch asks again */
}

/*
 * Would a fill of @line evict a line whose replay has yet to come? The
 * controller unit's own choice of victim, looked at without changing it. A
 * prefetch does not take that line: with a cache of few ways and a core
 * slower than the machine, the prefetches a miss starts would evict its
 * line before the core's next edge, at every miss, for ever.
 */
static int evicts_replay(struct l1 *c, uint32_t line)
{
	struct l1i_in in = { .op = L1I_FILL, .line = line };
	struct l1i_out out;

	l1i_eval(&c->ctl, &in, &out);
	return out.victim_valid && l1i_replay_waits(&c->ctl, out.victim_line);
}

/* A prefetch's line arrives. */
static void pf_fill(struct l1 *c, struct l1_pf_mshr *pm, uint32_t line, enum line_state state,
		    uint64_t now)
{
	int src = pm->src, demand = pm->demand;
	struct cache_line *l;

	pm->valid = 0;
	if (keeps_fills(c, src) && !demand)
		return;		/* its prefetcher holds it (l1_fill told it) */
	if (demand) {
		/* Late: the demand access waits for it, so it goes straight in, used. */
		struct l1i_in in = { .replay_new = 1 };

		refilled(c, line);
		if (!fill_op(c, &in, line, state))
			return;		/* present already */
		c->filled_at = now;
		c->pfs[src].useful.v[*c->mode]++;
		if (c->wake)
			c->wake(c->wake_ctx, now);
		return;
	}
	if (carray_find(&c->ctl.arr, line))
		return;
	if (c->pf_to_buffer) {
		l = carray_victim(&c->pbuf, line);
		if (l->state != LINE_I)
			c->pfs[l->flags].useless.v[*c->mode]++;
		carray_fill(&c->pbuf, l, line, LINE_S);
	} else {
		if (c->ctl.nreplay && evicts_replay(c, line)) {
			c->pfs[src].useless.v[*c->mode]++;	/* dropped, unused */
			return;
		}
		l = place(c, line, state);
		l->prefetched = 1;
	}
	l->flags = (uint8_t)src;
}

void l1_fill(struct l1 *c, uint32_t line, enum line_state state, uint64_t now)
{
	struct l1_mshr *m = l1i_find_mshr(&c->ctl, line);
	struct l1_pf_mshr *pm = find_pf(c, line);
	/* An MSHR that waits for the line is done, its access replayed. */
	struct l1i_in in = { .free = 1 };
	struct cache_line *l;

	c->now = now;
	/*
	 * A prefetcher hears of every line it asked for, whoever else waits for
	 * it too: a stream buffer entry left waiting would make the fetch that
	 * hits it wait for ever.
	 */
	if (pm && c->owner[pm->src] >= 0 && c->att[c->owner[pm->src]]->fill)
		c->att[c->owner[pm->src]]->fill(hooked(c, c->owner[pm->src]), line, now);
	if (pm && !m) {
		pf_fill(c, pm, line, state, now);
		return;
	}
	if (pm)
		pm->valid = 0;	/* a demand miss brought the same line: one fill serves both */
	refilled(c, line);
	if (m)
		c->filled_at = now;	/* a fill for a replay (fill_op frees the MSHR) */
	if (!fill_op(c, &in, line, state)) {
		l = carray_find(&c->ctl.arr, line);
		if (state > l->state) {
			l->state = (uint8_t)state;	/* an upgrade completed */
			watch_if_tracked(c, l);
		}
	}
	if (c->wake)
		c->wake(c->wake_ctx, now);
}

void l1_update_granted(struct l1 *c, uint32_t line, uint64_t now)
{
	struct cache_line *l = carray_find(&c->ctl.arr, line);

	if (l)
		l->watch |= L1_WATCH_GRANT;
	l1_fill(c, line, LINE_S, now);
}

int l1_holds_range(struct l1 *c, uint32_t base, uint32_t bytes)
{
	uint32_t first = carray_line(&c->ctl.arr, base);
	uint32_t n = bytes >> c->ctl.arr.line_shift;

	for (uint32_t i = 0; i < (n ? n : 1); i++)
		if (carray_find(&c->ctl.arr, first + i))
			return 1;
	return 0;
}

int l1_snoop_range(struct l1 *c, uint32_t base, uint32_t bytes, int action, uint64_t *dropped)
{
	int invalidate = action == L1_SNOOP_INVALIDATE;
	uint32_t first = carray_line(&c->ctl.arr, base);
	uint32_t n = bytes >> c->ctl.arr.line_shift;
	int dirty = 0;

	for (uint32_t i = 0; i < (n ? n : 1); i++) {
		struct cache_line *l = carray_find(&c->ctl.arr, first + i);

		if (invalidate && c->pf_to_buffer)
			carray_invalidate(&c->pbuf, first + i);
		if (!l)
			continue;
		dirty |= l->state == LINE_M;
		if (c->ctl.nreplay && action != L1_SNOOP_CLEAN)
			taken_before_replay(c, l, invalidate);
		if (invalidate) {
			if (l->prefetched)
				c->pfs[l->flags].useless.v[*c->mode]++;
			departs(c, l);
			ctl_op(c, L1I_INVAL, first + i);
			c->stats.invalidations.v[*c->mode]++;
			if (dropped)
				++*dropped;
		} else if (action == L1_SNOOP_SHARE) {
			l->state = LINE_S;
		} else if (l->state == LINE_M) {
			l->state = LINE_E;
		}
	}
	return dirty;
}

void l1_lines_taken(struct l1 *c, uint32_t base, uint32_t bytes)
{
	for (uint32_t a = base; a < base + bytes; a += 1u << c->ctl.arr.line_shift) {
		mclass_invalidated(c->mc, carray_line(&c->ctl.arr, a));
		if (c->sh)
			sharing_invalidated(c->sh, c->hart, carray_line(&c->ctl.arr, a));
	}
}

void l1_flush(struct l1 *c)
{
	for (int i = 0; i < c->natt; i++)
		if (c->att[i]->flush)
			c->att[i]->flush(hooked(c, i));
	ctl_op(c, L1I_FLUSH, 0);
	if (c->pf_to_buffer)
		for (uint32_t i = 0; i < c->pbuf.sets * c->pbuf.ways; i++)
			c->pbuf.lines[i].state = LINE_I;
}
