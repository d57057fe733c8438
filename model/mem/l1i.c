// SPDX-License-Identifier: MIT
#include "mem/l1i.h"

#include <string.h>

#include "sys/config.h"

int l1i_init(struct l1i *u, const struct cache_config *cfg, uint64_t seed)
{
	memset(u, 0, sizeof(*u));
	u->mshrs = cfg->mshrs > L1_MAX_MSHRS ? L1_MAX_MSHRS : cfg->mshrs;
	u->mshr_all = u->mshrs == 64 ? ~0ull : (1ull << u->mshrs) - 1;
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
