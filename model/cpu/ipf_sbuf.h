/* SPDX-License-Identifier: MIT */
/*
 * Instruction stream buffers as a prefetcher plug-in (mem/prefetcher.h):
 * the cycle-level unit mem/sbuf.c beside the L1I, or in co-simulation the
 * unit and its RTL twin, driven through a step function. Its statistics are
 * the group "sbuf". The state is public for the co-simulation, which finds
 * a core's instance with pf_set_find(.., &ipf_sbuf_prefetcher) and sets
 * sb_step.
 */
#ifndef OSPREY_IPF_SBUF_H
#define OSPREY_IPF_SBUF_H

#include <stdint.h>

#include "mem/prefetchers.h"
#include "mem/sbuf.h"

#define IPF_ARRIVED 32	/* lines arrived for the stream buffers, not yet taken */

/* A stream buffer observer: evaluates, compares and ticks the unit(s) for a cycle. */
typedef int sbuf_step_fn(void *ctx, uint64_t cycle, const struct sbuf_in *in,
			 struct sbuf_out *out);

struct ipf_sbuf {
	struct pf_port port;
	struct sbuf sb;
	struct sbuf_in sin;		/* this cycle's inputs, gathered as events happen */
	uint32_t arrived[IPF_ARRIVED];	/* lines that came back for the buffers, one per cycle */
	uint32_t ahead, acount;
	int sb_flush;			/* fence.i this cycle */
	int sb_req;			/* the unit has a request to make next cycle */
	uint32_t last_late;		/* the last line counted as a late hit */
	int sb_wait;			/* a fetch waits for sb_wait_line to arrive in a buffer */
	uint32_t sb_wait_line;
	sbuf_step_fn *sb_step;		/* NULL: the C unit alone */
	void *sb_step_ctx;
	int sb_always;			/* step every cycle (co-simulation), not only when busy */
};

#endif
