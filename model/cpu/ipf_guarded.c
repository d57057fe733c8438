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
 *
 * The guard bits come in through the engine's ports (ipf_engine_if.h): for
 * a trigger line and the line after it, and for the run's next line.
 */
#include "cpu/ipf_engine.h"
#include "sys/config.h"

int ipf_guarded_event(struct ipf_engine *e, enum pf_event ev, uint32_t line, int guard_en,
		      int line_guarded)
{
	struct ipf_engine_state *d = &e->d;

	if (!guard_en)
		return 0;
	if (ev != PFE_MISS && !(ev == PFE_FIRST_USE && e->p.guarded == GP_TAGGED))
		return 0;
	if (line_guarded)
		return 0;
	d->run_next = line + 1;
	d->run_left = e->p.guard_depth;
	return 1;
}

void ipf_guarded_step(struct ipf_engine *e, int run_guarded)
{
	struct ipf_engine_state *d = &e->d;
	uint32_t line = d->run_next;

	if (!ipf_engine_same_page(e, line, line - 1)) {
		d->run_left = 0;
		return;
	}
	if (run_guarded) {
		if (e->p.guard_line)
			ipf_engine_push(e, line, IPF_SRC_GUARDED);
		d->run_left = 0;	/* execution leaves the sequence in this line */
		return;
	}
	ipf_engine_push(e, line, IPF_SRC_GUARDED);
	d->run_next++;
	d->run_left--;
}
