/* SPDX-License-Identifier: MIT */
/*
 * Ports of the instruction prefetch engine (cpu/ipf_engine.h,
 * rtl/ipf_engine.sv): the next-line and guarded sequential prefetchers and
 * their candidate queue. Field names are the SystemVerilog port names
 * without the _i/_o suffix; an array field is a flat vector there, element
 * 0 in the low bits.
 */
#ifndef OSPREY_IPF_ENGINE_IF_H
#define OSPREY_IPF_ENGINE_IF_H

#include <stdint.h>

#define IPF_ACCESSES 2	/* L1I demand accesses a cycle (the fetch unit: a line and the next) */
#define IPF_QUEUE 32	/* prefetch candidates waiting for a free slot */

/* One cycle's inputs. */
struct ipf_engine_in {
	uint8_t guard_en;	/* guarded prefetching is enabled for the code being fetched */
	/*
	 * The L1I's demand accesses this cycle, in order; a slot with no flag
	 * set is empty, and none has both a miss and a first use.
	 */
	uint8_t acc_access[IPF_ACCESSES];	/* a demand access to acc_line */
	uint8_t acc_miss[IPF_ACCESSES];		/* ... that missed (or found a prefetch on its way) */
	uint8_t acc_first_use[IPF_ACCESSES];	/* ... the first demand use of a prefetched line */
	uint32_t acc_line[IPF_ACCESSES];	/* line number */
	uint8_t acc_guarded[IPF_ACCESSES];	/* acc_line holds a guarded transfer */
	uint8_t acc_guarded_next[IPF_ACCESSES];	/* acc_line + 1 does */
	uint8_t run_guarded;	/* the guarded run's registered next line (run_line) does */
	uint8_t flush;		/* fence.i this cycle, after its accesses: everything is dropped */
	uint8_t pop;		/* candidates the L1I took or dropped from the head this cycle
				 * (depends on this cycle's outputs; at most count) */
};

/* One cycle's outputs. */
struct ipf_engine_out {
	uint8_t count;			/* candidates queued, this cycle's included */
	uint32_t cand_line[IPF_QUEUE];	/* in order, head first; valid below count */
	uint8_t cand_src[IPF_QUEUE];	/* enum pf_source: PF_NEXTLINE or PF_GUARDED; valid below count */
	uint8_t run_valid;		/* a guarded run is under way (registered) */
	uint32_t run_line;		/* its next line (registered) */
};

#endif
