// SPDX-License-Identifier: MIT
/*
 * Guarded sequential prefetching. After code layout the sequential path is
 * the likely one inside a sequence; the control transfers where execution
 * leaves a sequence carry a guard bit (predecode bits from .osprey.guard).
 * On a trigger at line L (a demand miss; with `tagged` also the first use
 * of a prefetched line), when the code page has guarded prefetching enabled
 * (PTE bit 8, or mpfctl without translation), the prefetcher runs ahead
 * sequentially from L+1, one line per cycle, up to pf.guard_depth lines, and
 * stops at the first line holding a guarded transfer: that line is
 * prefetched too with pf.guard_line = fetch, not with skip. A trigger line
 * that itself holds a guarded transfer starts no run: execution leaves the
 * sequence there. Without guard bits it is plain sequential prefetching
 * bounded by the depth. Runs stay in the trigger's 4 KiB page.
 */
#include "cpu/ipf.h"

static int guarded(const struct ipf *p, uint32_t line)
{
	return memmap_line_guarded(p->mm, line * p->line_bytes, p->line_bytes);
}

void ipf_guarded_event(struct ipf *p, enum pf_event ev, uint32_t line)
{
	if (!p->guard_en)
		return;
	if (ev != PFE_MISS && !(ev == PFE_FIRST_USE && p->cfg.guarded == GP_TAGGED))
		return;
	if (guarded(p, line))
		return;
	p->gp_next = line + 1;
	p->gp_left = p->cfg.guard_depth;
}

void ipf_guarded_cycle(struct ipf *p)
{
	uint32_t line = p->gp_next;

	if (!ipf_same_page(p, line, line - 1)) {
		p->gp_left = 0;
		return;
	}
	if (guarded(p, line)) {
		if (p->cfg.guard_line)
			ipf_enqueue(p, line, PF_GUARDED);
		p->gp_left = 0;		/* execution leaves the sequence in this line */
		return;
	}
	ipf_enqueue(p, line, PF_GUARDED);
	p->gp_next++;
	p->gp_left--;
}
