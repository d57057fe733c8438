// SPDX-License-Identifier: MIT
#include "cpu/fetch.h"

#include <string.h>

#include "sys/config.h"

void fetch_init(struct fetch *u, const struct fetch_params *p)
{
	uint32_t queue_bytes = 4 * p->queue_insns;

	memset(u, 0, sizeof(*u));
	u->p = *p;
	u->line_shift = (uint32_t)__builtin_ctz(p->line_bytes);
	u->line_mask = p->line_bytes - 1;
	u->ahead_from = queue_bytes > u->line_mask ? 0 : p->line_bytes - queue_bytes;
}

void fetch_configure(struct fetch *u, const struct config *cfg)
{
	struct fetch_params p = { cfg->l1i.line, cfg->core.fetch_queue };

	fetch_init(u, &p);
}
