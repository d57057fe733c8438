// SPDX-License-Identifier: MIT
/* The core-less memory system of the timing tests, see tsys.h. */
#include "tsys.h"

#include <stdlib.h>

static void record_wake(void *ctx, uint64_t now)
{
	struct tsys_port *p = ctx;

	p->last_wake = now;
	p->wakes++;
}

struct tsys *tsys_new(const struct config *cfg, int n)
{
	struct tsys *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	assert_true(n >= 1 && n <= TSYS_CORES);
	s->cfg = *cfg;
	s->n = n;
	s->mode = SM_M;
	eventq_init(&s->ev);
	memctl_init(&s->mem, &cfg->mem, cfg->l2.line);
	bus_init(&s->bus, &cfg->bus, cfg->l2.line, &s->mem, &s->ev);
	for (int i = 0; i < n; i++) {
		assert_int_equal(l2_init(&s->l2[i], &cfg->l2, 1 + i, &s->bus, &s->ev, &s->mode), 0);
		assert_int_equal(s->l2[i].agent, i);
		assert_int_equal(l1_init(&s->l1i[i], "l1i", &cfg->l1i, 11 + i, &s->l2[i], &s->ev,
					 &s->mode), 0);
		assert_int_equal(l1_init(&s->l1d[i], "l1d", &cfg->l1d, 21 + i, &s->l2[i], &s->ev,
					 &s->mode), 0);
		s->l1i[i].wake = record_wake;
		s->l1i[i].wake_ctx = &s->pi[i];
		s->l1d[i].wake = record_wake;
		s->l1d[i].wake_ctx = &s->pd[i];
		l2_connect(&s->l2[i], &s->l1i[i], &s->l1d[i], NULL);
	}
	return s;
}

struct tsys *tsys_default(int n)
{
	struct config cfg;

	config_defaults(&cfg);
	return tsys_new(&cfg, n);
}

void tsys_free(struct tsys *s)
{
	for (int i = 0; i < s->n; i++) {
		l1_free(&s->l1i[i]);
		l1_free(&s->l1d[i]);
		l2_free(&s->l2[i]);
	}
	eventq_free(&s->ev);
	free(s);
}

void tsys_run(struct tsys *s, uint64_t end)
{
	for (; s->now < end; s->now++) {
		eventq_run(&s->ev, s->now);
		if (bus_next(&s->bus, s->now) <= s->now)
			bus_tick(&s->bus, s->now);
	}
}

void tsys_settle(struct tsys *s)
{
	uint64_t limit = s->now + TSYS_LIMIT;

	while (s->ev.n || s->bus.queued) {
		assert_true(s->now < limit);
		tsys_run(s, s->now + 1);
	}
}

enum l1_result tsys_d(struct tsys *s, int core, uint32_t addr, int write)
{
	return l1_access(&s->l1d[core], addr, write, s->now);
}

enum l1_result tsys_i(struct tsys *s, int core, uint32_t addr)
{
	return l1_access(&s->l1i[core], addr, 0, s->now);
}

void tsys_read(struct tsys *s, int core, uint32_t addr)
{
	assert_int_not_equal(tsys_d(s, core, addr, 0), L1_BLOCKED);
	tsys_settle(s);
}

void tsys_write(struct tsys *s, int core, uint32_t addr)
{
	assert_int_not_equal(tsys_d(s, core, addr, 1), L1_BLOCKED);
	tsys_settle(s);
}

void tsys_fetch(struct tsys *s, int core, uint32_t addr)
{
	assert_int_not_equal(tsys_i(s, core, addr), L1_BLOCKED);
	tsys_settle(s);
}

static enum line_state state_of(struct cache_array *ca, uint32_t addr)
{
	struct cache_line *l = carray_find(ca, carray_line(ca, addr));

	return l ? (enum line_state)l->state : LINE_I;
}

enum line_state tsys_l2(struct tsys *s, int core, uint32_t addr)
{
	return state_of(&s->l2[core].arr, addr);
}

enum line_state tsys_l1d(struct tsys *s, int core, uint32_t addr)
{
	return state_of(&s->l1d[core].ctl.arr, addr);
}

enum line_state tsys_l1i(struct tsys *s, int core, uint32_t addr)
{
	return state_of(&s->l1i[core].ctl.arr, addr);
}
