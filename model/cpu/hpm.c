// SPDX-License-Identifier: MIT
/*
 * Hardware performance counters (hpm.h). Events in functional mode: only
 * the hart's own statistics exist (hart.*); the timing model's read zero.
 */
#include <string.h>

#include "cpu/hpm.h"

const struct hpm_event hpm_events[] = {
	{ NULL, "nothing: the counter keeps its value" },
	{ "hart.cycles", "cycles (functional mode: one per round of the harts)" },
	{ "hart.insns", "instructions retired" },
	{ "hart.traps", "exceptions taken" },
	{ "hart.interrupts", "interrupts taken" },
	{ "hart.itlb_misses", "instruction TLB misses (page walks)" },
	{ "hart.dtlb_misses", "data TLB misses (page walks)" },
	{ "core.cycles", "timing: core cycles" },
	{ "core.idle", "timing: cycles asleep in WFI" },
	{ "core.loads", "timing: loads" },
	{ "core.stores", "timing: stores" },
	{ "core.branches", "timing: conditional branches" },
	{ "core.mispredicts", "timing: branch and jump mispredictions" },
	{ "core.stall_imiss", "timing: cycles stalled on instruction misses" },
	{ "core.stall_dmiss", "timing: cycles stalled on data misses" },
	{ "core.stall_bus", "timing: cycles stalled waiting for the bus" },
	{ "core.stall_branch", "timing: cycles lost to branches" },
	{ "core.stall_muldiv", "timing: cycles stalled on multiply and divide" },
	{ "core.stall_hazard", "timing: cycles stalled on data hazards" },
	{ "core.stall_tlb", "timing: cycles stalled on TLB refills" },
	{ "core.stall_wb", "timing: cycles stalled on a full write buffer" },
	{ "l1i.accesses", "timing: L1I accesses" },
	{ "l1i.misses", "timing: L1I misses" },
	{ "l1d.accesses", "timing: L1D accesses" },
	{ "l1d.misses", "timing: L1D misses" },
	{ "l1d.coherence", "timing: L1D coherence misses" },
	{ "l1d.writebacks", "timing: L1D write-backs" },
	{ "l2.accesses", "timing: L2 accesses" },
	{ "l2.misses", "timing: L2 misses" },
	{ "bus.wait_cycles", "timing: cycles the hart's L2 waited for the bus" },
	{ "bus.busy_cycles", "timing: bus cycles the hart's transactions held" },
	{ "dma.bus_cycles", "DMA engine: bus cycles of the hart's block operations" },
};
const int hpm_nevents = sizeof(hpm_events) / sizeof(hpm_events[0]);

_Static_assert(sizeof(hpm_events) / sizeof(hpm_events[0]) <= HPM_MAX_EVENTS,
	       "hpm_events outgrew struct hpm's src[]");

/* The counters' state; the events' statistics (src) belong to the machine. */
void hpm_reset(struct hpm *p)
{
	memset(p->event, 0, sizeof(p->event));
	memset(p->eventh, 0, sizeof(p->eventh));
	memset(p->base, 0, sizeof(p->base));
	memset(p->frozen, 0, sizeof(p->frozen));
}

void hpm_bind(struct hpm *p, const struct stat_group *g, int n)
{
	for (int e = 1; e < hpm_nevents; e++) {
		const char *dot = strchr(hpm_events[e].stat, '.');

		p->src[e] = NULL;
		for (int k = 0; k < n; k++)
			if (strlen(g[k].unit) == (size_t)(dot - hpm_events[e].stat) &&
			    !strncmp(g[k].unit, hpm_events[e].stat, (size_t)(dot - hpm_events[e].stat)))
				p->src[e] = stats_find(&g[k], hpm_events[e].stat);
	}
}

/* The event's statistic now, in the modes counter @i counts. */
static uint64_t source(const struct hpm *p, int i)
{
	uint32_t e = p->event[i];
	const struct mctr *c = e < (uint32_t)hpm_nevents ? p->src[e] : NULL;
	uint64_t v = 0;

	if (!c)
		return 0;
	if (!(p->eventh[i] & HPM_UINH))
		v += c->v[SM_U];
	if (!(p->eventh[i] & HPM_SINH))
		v += c->v[SM_S];
	if (!(p->eventh[i] & HPM_MINH))
		v += c->v[SM_M];
	return v;
}

uint64_t hpm_read(const struct hpm *p, int i, uint32_t inhibit)
{
	return (inhibit >> i) & 1 ? p->frozen[i] : source(p, i) - p->base[i];
}

void hpm_write(struct hpm *p, int i, uint64_t value, uint32_t inhibit)
{
	if ((inhibit >> i) & 1)
		p->frozen[i] = value;
	else
		p->base[i] = source(p, i) - value;
}

void hpm_set_event(struct hpm *p, int i, int high, uint32_t v, uint32_t inhibit)
{
	uint64_t now = hpm_read(p, i, inhibit);

	if (high)
		p->eventh[i] = v & HPM_INH_MASK;
	else
		p->event[i] = v < (uint32_t)hpm_nevents ? v : 0;	/* WARL: unknown is 0 */
	hpm_write(p, i, now, inhibit);
}

void hpm_inhibit(struct hpm *p, uint32_t old, uint32_t new)
{
	for (int i = HPM_FIRST; i < HPM_COUNTERS; i++) {
		uint32_t bit = 1u << i;

		if ((new & bit) && !(old & bit))
			p->frozen[i] = source(p, i) - p->base[i];
		else if (!(new & bit) && (old & bit))
			p->base[i] = source(p, i) - p->frozen[i];
	}
}
