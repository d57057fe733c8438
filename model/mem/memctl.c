// SPDX-License-Identifier: MIT
#include "mem/memctl.h"

#include <string.h>

#include "sys/splitmix.h"

void memctl_init(struct memctl *mc, const struct mem_config *cfg, uint32_t line_bytes)
{
	memset(mc, 0, sizeof(*mc));
	mc->cfg = *cfg;
	mc->line_bytes = line_bytes;
	mc->line_shift = (uint32_t)__builtin_ctz(line_bytes);
}

void memctl_seed(struct memctl *mc, uint64_t seed)
{
	mc->jitter_state = seed;
}

/* A read's extra cycles: 0 to mem.jitter, uniform (the draw's top 32 bits scaled). */
static uint64_t jitter(struct memctl *mc)
{
	uint64_t span = (uint64_t)mc->cfg.jitter + 1;

	return ((splitmix64_next(&mc->jitter_state) >> 32) * span) >> 32;
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
	uint64_t ready = claim(mc, addr, now) + mc->cfg.latency;

	mc->stats.reads++;
	return mc->cfg.jitter ? ready + jitter(mc) : ready;
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
