// SPDX-License-Identifier: MIT
/*
 * Next-line prefetching (Smith): on an access to line L, prefetch L+1 ..
 * L+degree. `always` triggers on every demand access, `on-miss` on demand
 * misses, `tagged` on misses and on the first demand use of a prefetched line
 * (the per-line prefetched bit is the tag). It stays in L's 4 KiB page: the
 * lines after it in physical memory belong to another page's mapping.
 */
#include "cpu/ipf_engine.h"
#include "sys/config.h"

void ipf_nextline_event(struct ipf_engine *e, enum pf_event ev, uint32_t line)
{
	int fire;

	switch (e->p.nextline) {
	case NL_ALWAYS: fire = ev == PFE_ACCESS; break;
	case NL_ON_MISS: fire = ev == PFE_MISS; break;
	default: fire = ev == PFE_MISS || ev == PFE_FIRST_USE; break;
	}
	if (!fire)
		return;
	for (uint32_t i = 1; i <= e->p.degree && ipf_engine_same_page(e, line, line + i); i++)
		ipf_engine_push(e, line + i, IPF_SRC_NEXTLINE);
}
