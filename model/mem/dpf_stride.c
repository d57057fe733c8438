// SPDX-License-Identifier: MIT
/*
 * A data stride prefetcher on the L1D, and the example of a prefetcher
 * plug-in (mem/prefetcher.h): this file and one line in mem/prefetchers.h.
 *
 * It watches the L1D's demand misses and first uses of lines it prefetched.
 * When two of these in a row are the same distance apart in lines (a stride
 * d, nonzero, at most DPF_MAX_STRIDE lines either way), it asks for the
 * lines d, 2d, .. dpf.stride x d beyond the newest one, inside its 4 KiB
 * page. A stream it keeps ahead of goes on through the first uses of its
 * prefetched lines. There is one stream per core, found from misses alone
 * (no program counter), so interleaved streams defeat it.
 *
 * Candidates wait in a small queue and are issued from the cycle hook, as
 * many a cycle as the L1D has free prefetch slots (shared with the Zicbop
 * instructions).
 */
#include <stddef.h>
#include <stdlib.h>

#include "mem/prefetcher.h"

#define DPF_QUEUE 16		/* candidates waiting for a prefetch slot */
#define DPF_MAX_STRIDE 16	/* lines between trigger lines, at most, either way */

struct dpf_stride {
	struct pf_port port;
	uint32_t degree;	/* lines ahead along the stride, 1..16 */
	uint32_t page_lines;	/* L1D lines in a 4 KiB page */
	int seen;		/* a trigger line has been seen */
	uint32_t last;		/* the last trigger's line */
	int32_t stride;		/* the distance from the trigger before it, lines */
	uint32_t queue[DPF_QUEUE];	/* candidate lines, oldest at head */
	unsigned head, count;
};

static void push(struct dpf_stride *p, uint32_t line)
{
	if (p->count == DPF_QUEUE)
		return;		/* full: the older candidates are nearer their use */
	p->queue[(p->head + p->count++) % DPF_QUEUE] = line;
}

static void dpf_access(void *self, enum pf_event ev, uint32_t line, uint64_t now)
{
	struct dpf_stride *p = self;
	int32_t d = (int32_t)(line - p->last);

	if (ev == PFE_ACCESS)
		return;
	if (p->seen && d != 0 && d == p->stride && abs(d) <= DPF_MAX_STRIDE) {
		for (uint32_t i = 1; i <= p->degree; i++) {
			uint32_t next = line + (uint32_t)((int32_t)i * d);

			if (next / p->page_lines != line / p->page_lines)
				break;
			push(p, next);
		}
	}
	if (p->seen)
		p->stride = d;
	p->last = line;
	p->seen = 1;
}

static int dpf_due(const void *self)
{
	const struct dpf_stride *p = self;

	return p->count != 0;
}

/* Issues candidates from the head while slots are free; those present or on their way drop. */
static void dpf_cycle(void *self, uint64_t now)
{
	struct dpf_stride *p = self;

	while (p->count && l1_prefetch(p->port.l1, p->queue[p->head], p->port.src, now) >= 0) {
		p->head = (p->head + 1) % DPF_QUEUE;
		p->count--;
	}
}

static const struct config_key dpf_keys[] = {
	{ "dpf.stride", CONFIG_OWN_SLOT, CFG_U32, 0, 16,
	  "lines the L1D stride prefetcher runs ahead (0 = off)", NULL, { 0, 0 } },
};

static int dpf_wanted(const struct config *cfg)
{
	return config_key_value(cfg, &dpf_keys[0]) != 0;
}

static int dpf_init(void *self, const struct pf_port *port, const struct config *cfg,
		    uint64_t seed)
{
	struct dpf_stride *p = self;

	p->port = *port;
	p->degree = (uint32_t)config_key_value(cfg, &dpf_keys[0]);
	p->page_lines = 4096 >> l1_line_shift(port->l1);
	return 0;
}

static const struct pf_group dpf_groups[] = {
	{ "dpf_stride", "stride (L1D)" },
};

const struct prefetcher dpf_stride_prefetcher = {
	.name = "L1D stride prefetcher",
	.side = PF_SIDE_L1D,
	PF_TABLE(keys, dpf_keys),
	PF_TABLE(groups, dpf_groups),
	.size = sizeof(struct dpf_stride),
	.wanted = dpf_wanted,
	.init = dpf_init,
	.access = dpf_access,
	.due = dpf_due,
	.cycle = dpf_cycle,
};
