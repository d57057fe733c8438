// SPDX-License-Identifier: MIT
#include "mem/l1.h"

#include <string.h>

#include "mem/l2.h"

const struct stat_field l1_stat_fields[] = {
	STAT(struct l1_stats, accesses), STAT(struct l1_stats, hits),
	STAT(struct l1_stats, misses), STAT(struct l1_stats, compulsory),
	STAT(struct l1_stats, capacity), STAT(struct l1_stats, conflict),
	STAT(struct l1_stats, coherence), STAT(struct l1_stats, upgrades),
	STAT(struct l1_stats, mshr_merges), STAT(struct l1_stats, mshr_full),
	STAT(struct l1_stats, writebacks), STAT(struct l1_stats, invalidations),
};
const int l1_stat_nfields = sizeof(l1_stat_fields) / sizeof(l1_stat_fields[0]);

int l1_init(struct l1 *c, const char *name, const struct cache_config *cfg, uint64_t seed,
	    struct l2 *l2, struct event_queue *events, const uint8_t *mode)
{
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->cfg = *cfg;
	if (c->cfg.mshrs > L1_MAX_MSHRS)
		c->cfg.mshrs = L1_MAX_MSHRS;
	c->l2 = l2;
	c->events = events;
	c->mode = mode;
	if (carray_init(&c->arr, cfg->size, cfg->ways, cfg->line, repl_names[cfg->repl], seed))
		return -1;
	c->mc = mclass_new(cfg->size / cfg->line);
	return c->mc ? 0 : -1;
}

void l1_free(struct l1 *c)
{
	carray_free(&c->arr);
	mclass_free(c->mc);
}

static struct l1_mshr *find_mshr(struct l1 *c, uint32_t line)
{
	for (uint32_t i = 0; i < c->cfg.mshrs; i++)
		if (c->mshr[i].valid && c->mshr[i].line == line)
			return &c->mshr[i];
	return NULL;
}

/* The request leaves the L1 after its tag-check latency. */
static void send(void *ctx, uint64_t arg, uint64_t now)
{
	struct l1 *c = ctx;

	l2_request(c->l2, c, (uint32_t)arg, (int)(arg >> 32), now);
}

/* Allocates an MSHR and sends the request after the tag-check latency. */
static enum l1_result alloc_mshr(struct l1 *c, uint32_t line, int excl, uint64_t now)
{
	for (uint32_t i = 0; i < c->cfg.mshrs; i++) {
		if (!c->mshr[i].valid) {
			c->mshr[i] = (struct l1_mshr){ 1, (uint8_t)excl, line };
			eventq_at(c->events, now + c->cfg.latency, send, c,
				  ((uint64_t)excl << 32) | line);
			return L1_MISS;
		}
	}
	c->stats.mshr_full.v[*c->mode]++;
	return L1_BLOCKED;
}

static void count_miss(struct l1 *c, uint32_t line)
{
	int mode = *c->mode;

	c->stats.accesses.v[mode]++;
	c->stats.misses.v[mode]++;
	switch (mclass_access(c->mc, line, 0)) {
	case MISS_COMPULSORY: c->stats.compulsory.v[mode]++; break;
	case MISS_CAPACITY: c->stats.capacity.v[mode]++; break;
	case MISS_CONFLICT: c->stats.conflict.v[mode]++; break;
	default: c->stats.coherence.v[mode]++; break;
	}
}

static void count_hit(struct l1 *c, uint32_t line)
{
	int mode = *c->mode;

	c->stats.accesses.v[mode]++;
	c->stats.hits.v[mode]++;
	mclass_access(c->mc, line, 1);
}

/* True (and forgotten) when @line was just filled for an access now replayed. */
static int consume_replay(struct l1 *c, uint32_t line)
{
	for (uint32_t i = 0; i < c->nreplay; i++) {
		if (c->replay[i] == line) {
			c->replay[i] = c->replay[--c->nreplay];
			return 1;
		}
	}
	return 0;
}

enum l1_result l1_access(struct l1 *c, uint32_t addr, int write, uint64_t now)
{
	uint32_t line = carray_line(&c->arr, addr);
	struct cache_line *l = carray_find(&c->arr, line);
	struct l1_mshr *m;
	enum l1_result r;

	if (l && (!write || l->state != LINE_S)) {
		if (!consume_replay(c, line))
			count_hit(c, line);
		carray_touch(&c->arr, l);
		l->prefetched = 0;
		if (write)
			l->state = LINE_M;
		return L1_HIT;
	}
	m = find_mshr(c, line);
	if (m) {
		/* Wait for the line in flight; a write behind a pending read retries after it. */
		c->stats.mshr_merges.v[*c->mode]++;
		return write && !m->excl ? L1_BLOCKED : L1_MISS;
	}
	r = alloc_mshr(c, line, write, now);
	if (r != L1_MISS)
		return r;
	if (l) {
		/* A write to a shared line: a hit, but ownership must be gained first. */
		count_hit(c, line);
		c->stats.upgrades.v[*c->mode]++;
	} else {
		count_miss(c, line);
	}
	return L1_MISS;
}

void l1_fill(struct l1 *c, uint32_t line, enum line_state state, uint64_t now)
{
	struct l1_mshr *m = find_mshr(c, line);
	struct cache_line *l = carray_find(&c->arr, line);

	if (!l) {
		l = carray_victim(&c->arr, line);
		if (l->state == LINE_M) {
			c->stats.writebacks.v[*c->mode]++;
			l2_l1_writeback(c->l2, l->tag << c->arr.line_shift);
		}
		carray_fill(&c->arr, l, line, state);
	} else if (state > l->state) {
		l->state = (uint8_t)state;	/* an upgrade completed */
	}
	if (m) {
		m->valid = 0;
		if (c->nreplay < L1_MAX_MSHRS)
			c->replay[c->nreplay++] = line;
	}
	if (c->wake)
		c->wake(c->wake_ctx, now);
}

int l1_snoop_range(struct l1 *c, uint32_t base, uint32_t bytes, int invalidate)
{
	uint32_t first = carray_line(&c->arr, base);
	uint32_t n = bytes >> c->arr.line_shift;
	int dirty = 0;

	for (uint32_t i = 0; i < (n ? n : 1); i++) {
		struct cache_line *l = carray_find(&c->arr, first + i);

		if (!l)
			continue;
		dirty |= l->state == LINE_M;
		if (invalidate) {
			carray_invalidate(&c->arr, first + i);
			c->stats.invalidations.v[*c->mode]++;
		} else {
			l->state = LINE_S;
		}
	}
	return dirty;
}

void l1_flush(struct l1 *c)
{
	for (uint32_t i = 0; i < c->arr.sets * c->arr.ways; i++)
		c->arr.lines[i].state = LINE_I;
}
