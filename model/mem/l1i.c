// SPDX-License-Identifier: MIT
#include "mem/l1i.h"

#include <string.h>

#include "sys/config.h"

int l1i_init(struct l1i *u, const struct cache_config *cfg, uint64_t seed)
{
	memset(u, 0, sizeof(*u));
	u->mshrs = cfg->mshrs > L1_MAX_MSHRS ? L1_MAX_MSHRS : cfg->mshrs;
	return carray_init(&u->arr, cfg->size, cfg->ways, cfg->line, repl_names[cfg->repl], seed);
}

void l1i_free(struct l1i *u)
{
	carray_free(&u->arr);
}

void l1i_configure(struct l1i *u, const struct config *cfg)
{
	l1i_init(u, &cfg->l1i, 0);
}

void l1i_in_legalize(void *in, const void *out)
{
	struct l1i_in *i = in;

	if (i->state == LINE_I)
		i->state = LINE_S;
}

int l1i_at_reset(const void *p)
{
	const struct l1i *u = p;

	for (uint32_t i = 0; i < u->arr.sets * u->arr.ways; i++)
		if (u->arr.lines[i].state != LINE_I)
			return 0;
	for (uint32_t i = 0; i < u->mshrs; i++)
		if (u->mshr[i].valid)
			return 0;
	return !u->nreplay && !u->nabandoned;
}

/* Is @line in @list of @n lines? */
static int listed(const uint32_t *list, uint32_t n, uint32_t line)
{
	for (uint32_t i = 0; i < n; i++)
		if (list[i] == line)
			return 1;
	return 0;
}

/* Removes @line from @list of *@n lines (the last entry takes its place). */
static void unlist(uint32_t *list, uint32_t *n, uint32_t line)
{
	for (uint32_t i = 0; i < *n; i++) {
		if (list[i] == line) {
			list[i] = list[--*n];
			return;
		}
	}
}

void l1i_eval(struct l1i *u, const struct l1i_in *in, struct l1i_out *out)
{
	uint32_t line = in->line, ways = u->arr.ways;
	struct cache_line *set = &u->arr.lines[(size_t)carray_set(&u->arr, line) * ways];
	uint32_t free_slot = u->mshrs, busy = 0;

	memset(out, 0, sizeof(*out));
	for (uint32_t w = 0; w < ways; w++) {
		if (set[w].tag == line && set[w].state != LINE_I) {
			out->present = 1;
			out->way = (uint8_t)w;
			out->line_state = set[w].state;
			break;
		}
	}
	for (uint32_t i = 0; i < u->mshrs; i++) {
		const struct l1_mshr *m = &u->mshr[i];

		busy += m->valid;
		if (!m->valid && free_slot == u->mshrs)
			free_slot = i;
		if (m->valid && m->line == line && !out->mshr_hit) {
			out->mshr_hit = 1;
			out->mshr_excl = m->excl != 0;
			out->mshr_slot = (uint8_t)i;
		}
	}
	out->mshr_full = free_slot == u->mshrs;
	if (in->op == L1I_ALLOC && !out->mshr_hit && !out->mshr_full) {
		out->allocated = 1;
		out->mshr_slot = (uint8_t)free_slot;
	}
	out->replay_hit = (uint8_t)listed(u->replay, u->nreplay, line);
	out->abandoned_hit = (uint8_t)listed(u->abandoned, u->nabandoned, line);
	out->mshrs_busy = (uint8_t)busy;
	out->replays = (uint8_t)u->nreplay;
	out->abandons = (uint8_t)u->nabandoned;
	if (in->op == L1I_FILL && !out->present) {
		/* The victim way, chosen only for a fill (a FIFO marks its set then). */
		struct cache_line *v = carray_victim(&u->arr, line);

		out->way = (uint8_t)(v - set);
		out->victim_valid = v->state != LINE_I;
		out->victim_line = out->victim_valid ? v->tag : 0;
	}
	u->op_in = *in;
	u->op_out = *out;
}

/* A fill for an access that missed: its replay, unless the access was abandoned. */
static void add_replay(struct l1i *u, uint32_t line, int abandoned)
{
	if (abandoned) {
		unlist(u->abandoned, &u->nabandoned, line);
		return;
	}
	u->replay[u->nreplay < L1I_LIST ? u->nreplay++ : 0] = line;
}

void l1i_tick(struct l1i *u)
{
	const struct l1i_in *in = &u->op_in;
	const struct l1i_out *out = &u->op_out;
	uint32_t line = in->line;
	struct cache_line *l = l1i_way(u, line, out);

	switch (in->op) {
	case L1I_LOOKUP:
		if (out->abandoned_hit)
			unlist(u->abandoned, &u->nabandoned, line);
		if (in->use && out->present) {
			carray_touch(&u->arr, l);
			if (out->replay_hit)
				unlist(u->replay, &u->nreplay, line);
		}
		break;
	case L1I_ALLOC:
		if (out->allocated)
			u->mshr[out->mshr_slot] = (struct l1_mshr){ 1, in->excl, line };
		break;
	case L1I_FILL:
		if (!out->present)
			carray_fill(&u->arr, l, line, (enum line_state)in->state);
		if (in->free && out->mshr_hit)
			u->mshr[out->mshr_slot].valid = 0;
		if (in->replay || (in->replay_new && !out->present))
			add_replay(u, line, out->abandoned_hit);
		break;
	case L1I_ABANDON:
		if (out->replay_hit)
			unlist(u->replay, &u->nreplay, line);
		else if ((out->mshr_hit || in->pf_demand) && !out->abandoned_hit &&
			 u->nabandoned < L1I_LIST)
			u->abandoned[u->nabandoned++] = line;
		break;
	case L1I_INVAL:
		if (out->present)
			carray_invalidate(&u->arr, line);
		break;
	case L1I_FLUSH:
		for (uint32_t i = 0; i < u->arr.sets * u->arr.ways; i++)
			u->arr.lines[i].state = LINE_I;
		break;
	}
	u->op_in.op = L1I_NONE;	/* a second tick changes nothing */
}
