/* SPDX-License-Identifier: MIT */
/*
 * The memory controller: a fixed access latency and a bandwidth limit. Lines
 * interleave across banks; a bank is busy for mem.bank_busy cycles per
 * access, so back-to-back accesses to one bank queue behind each other.
 * Writes (write-backs, flushes of dirty lines) are posted into a write
 * queue of mem.write_queue lines per bank: they occupy the bank in turn
 * (reads queue behind them), and nobody waits for them unless the queue is
 * full, when the write is taken only once a place frees (the bus
 * transaction that carries it waits: back-pressure). Without that bound a
 * stream of writes faster than the banks could push every read arbitrarily
 * far into the future.
 *
 * With mem.jitter J, each read's latency grows by 0 to J cycles, drawn
 * uniformly from a sequence seeded by sys.seed (writes are posted: nobody
 * waits for their latency). A few cycles more or less on some reads change
 * how the harts interleave, as a real machine's run-to-run variation does:
 * the spread of a program's figures over several seeds is the noise a
 * difference between two configurations must rise above (the OS-support
 * study's noise floor).
 */
#ifndef OSPREY_MEMCTL_H
#define OSPREY_MEMCTL_H

#include <stdint.h>

#include "sys/config.h"

#define MEMCTL_MAX_BANKS 64

struct memctl_stats {
	uint64_t reads, writes;		/* line accesses */
	uint64_t bytes;			/* bytes moved to and from memory */
	uint64_t bank_wait;		/* cycles accesses waited for a busy bank */
	uint64_t write_stall;		/* cycles writes waited for room in a full write queue */
};

struct memctl {
	struct mem_config cfg;
	uint32_t line_bytes;
	uint32_t line_shift;		/* log2(line_bytes) */
	uint64_t bank_free[MEMCTL_MAX_BANKS];	/* cycle at which each bank is free */
	uint64_t jitter_state;		/* mem.jitter's draws: a splitmix64 sequence from the seed */
	struct memctl_stats stats;
};

void memctl_init(struct memctl *mc, const struct mem_config *cfg, uint32_t line_bytes);

/*
 * Seeds mem.jitter's draws (sys.seed): the same seed gives the same extra
 * cycles in the same order of reads. Without it, the seed is 0.
 */
void memctl_seed(struct memctl *mc, uint64_t seed);

/* A line read issued at @now: returns the cycle its data is ready. */
uint64_t memctl_read(struct memctl *mc, uint32_t addr, uint64_t now);

/* A posted line write issued at @now: returns the cycle the write queue takes it. */
uint64_t memctl_write(struct memctl *mc, uint32_t addr, uint64_t now);

#endif
