// SPDX-License-Identifier: MIT
#include "mem/memctl.h"

#include <string.h>

void memctl_init(struct memctl *mc, const struct mem_config *cfg, uint32_t line_bytes)
{
	memset(mc, 0, sizeof(*mc));
	mc->cfg = *cfg;
	mc->line_bytes = line_bytes;
	mc->line_shift = (uint32_t)__builtin_ctz(line_bytes);
}

/* Claims the bank of @addr at or after @now; returns when the access starts. */
static uint64_t claim(struct memctl *mc, uint32_t addr, uint64_t now)
{
	uint32_t bank = (addr >> mc->line_shift) & (mc->cfg.banks - 1);
	uint64_t start = mc->bank_free[bank] > now ? mc->bank_free[bank] : now;

	mc->stats.bank_wait += start - now;
	mc->bank_free[bank] = start + mc->cfg.bank_busy;
	mc->stats.bytes += mc->line_bytes;
	return start;
}

uint64_t memctl_read(struct memctl *mc, uint32_t addr, uint64_t now)
{
	mc->stats.reads++;
	return claim(mc, addr, now) + mc->cfg.latency;
}

uint64_t memctl_write(struct memctl *mc, uint32_t addr, uint64_t now)
{
	/* Writes ahead of this one, in bank time: a full queue holds it back. */
	uint64_t room = (uint64_t)mc->cfg.write_queue * mc->cfg.bank_busy;
	uint64_t start = claim(mc, addr, now), taken = start > now + room ? start - room : now;

	mc->stats.writes++;
	mc->stats.write_stall += taken - now;
	return taken;
}
