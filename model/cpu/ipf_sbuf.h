/* SPDX-License-Identifier: MIT */
/*
 * Instruction stream buffers as a prefetcher plug-in (mem/prefetcher.h):
 * the cycle-level unit mem/sbuf.c beside the L1I, or in co-simulation the
 * unit and its RTL twin, driven through its tap (sys/tap.h). Its
 * statistics are the group "sbuf". The state is public for tests, which
 * find a core's instance with pf_set_find(.., &ipf_sbuf_prefetcher).
 */
#ifndef OSPREY_IPF_SBUF_H
#define OSPREY_IPF_SBUF_H

#include <stdint.h>

#include "mem/prefetchers.h"
#include "mem/sbuf.h"
#include "sys/tap.h"

#define IPF_ARRIVED 32	/* lines arrived for the stream buffers, not yet taken */

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
	struct unit_tap sb_tap;		/* co-simulation's hold on sb */
};

#endif
