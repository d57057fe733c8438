/* SPDX-License-Identifier: MIT */
/*
 * The shared snooping bus. Agents (the private L2 caches, the DMA engine's
 * channels) queue transactions; at each bus clock edge with the bus free, the
 * next agent in round-robin order that has a request ready is granted.
 *
 * The bus is atomic (circuit-switched): a granted transaction holds the bus
 * from arbitration through the snoop response to the last data beat,
 * including the memory access when memory supplies the line. Every other
 * agent snoops each transaction and changes state when it is granted (the
 * bus is the point of serialization, so the outcome is decided then); a
 * cache holding the line supplies it (cache-to-cache transfer), and a dirty
 * owner's copy also goes to memory (flush). The requester's fill arrives when
 * the transaction ends.
 */
#ifndef OSPREY_BUS_H
#define OSPREY_BUS_H

#include <stdint.h>

#include "mem/bus_arb.h"
#include "mem/bus_seq.h"
#include "mem/memctl.h"
#include "sys/config.h"
#include "sys/event.h"
#include "sys/param.h"
#include "sys/stats.h"
#include "sys/tap.h"

extern const char *const bus_op_names[BUS_OPS];

/* What a snooping agent reports back (flags). */
#define SNOOP_HAD	0x1	/* held the line (and can supply it) */
#define SNOOP_DIRTY	0x2	/* held it modified: it supplies it and flushes to memory */

struct bus_req {
	uint8_t op;		/* enum bus_op */
	uint8_t agent;		/* requester */
	uint8_t mode;		/* requester hart's privilege (enum stat_mode) when issued */
	uint32_t line;		/* line number (address >> log2 of the bus line size) */
	uint64_t ready;		/* earliest cycle it may be granted */
	uint64_t enqueued;	/* cycle it was queued (wait accounting) */
	uint64_t tag;		/* requester's cookie, returned with done() */
	uint64_t granted;	/* cycle the bus granted it (valid in done()) */
	uint8_t partial;	/* BUS_DMA_WR: part of the line only */
};

struct bus_agent_ops {
	/* Another agent's @op on @line reached its snoop phase: act, return SNOOP_* flags. */
	int (*snoop)(void *agent, uint32_t line, enum bus_op op, uint64_t now);
	/* Whether the agent holds @line (a BusUpgr of a lost line becomes BusRdX). */
	int (*holds)(void *agent, uint32_t line);
	/* The agent's own transaction completed at @now; @shared: another cache kept a copy. */
	void (*done)(void *agent, const struct bus_req *req, int shared, uint64_t now);
};

#define BUS_QUEUE 128	/* requests queued per agent */

struct bus_queue {
	struct bus_req req[BUS_QUEUE];
	uint32_t head, count;
};

/* Per requesting hart, per mode */
struct bus_stats {
	struct mctr busrd, busrdx, busupgr, writeback;
	struct mctr busupd;		/* selective-update word broadcasts (BusUpd) */
	struct mctr c2c;		/* lines supplied by another cache */
	struct mctr from_memory;	/* lines supplied by memory */
	struct mctr wait_cycles;	/* cycles requests waited for the bus */
	struct mctr busy_cycles;	/* cycles the bus was held for this hart's transactions */
};

struct bus {
	struct bus_config cfg;
	uint32_t line_bytes;
	int edge_pow2;			/* clock_div is a power of two: an edge is a mask test */
	uint64_t edge_mask;		/* clock_div - 1 */
	struct memctl *mem;
	struct event_queue *events;
	int nagents;
	void *agent[BUS_MAX_AGENTS];
	const struct bus_agent_ops *ops[BUS_MAX_AGENTS];
	struct bus_queue q[BUS_MAX_AGENTS];
	uint32_t queued;		/* requests in all queues */
	uint64_t ready_min;		/* earliest ready time among queue heads, if fresh */
	int ready_fresh;		/* ready_min is up to date */
	uint64_t busy_total;		/* cycles held, all agents (charged at grant) */
	/*
	 * The controller: round robin and the lines held after an LR (the
	 * A extension's forward progress for constrained LR/SC loops: the
	 * other agents' requests for a held line wait until the holder lets
	 * it go). arb_in is its input, kept between evaluations: a command
	 * sets only the command's fields, an arbitration only the requests',
	 * and each clears its valid flags after its evaluation.
	 */
	struct bus_arb arb;
	struct bus_arb_in arb_in;
	struct unit_tap arb_tap;	/* where --cosim/--rtl/--waves take the controller over */
	/*
	 * The sequencer: what a granted transaction does, and the bus held
	 * until it ends (its free_at). seq_in is its input, filled at a grant
	 * as the answers come in.
	 */
	struct bus_seq seq;
	struct bus_seq_in seq_in;
	struct unit_tap seq_tap;	/* where --cosim/--rtl/--waves take the sequencer over */
	int held_by;			/* agent of the last grant, -1 before the first */
	/*
	 * The cycle of the last grant: its snoops act then, after the cores'
	 * turns in it, though they answer at the snoop phase (their @now).
	 */
	uint64_t granted_at;
	uint8_t held_mode;		/* and the mode its busy cycles were charged to */
	struct bus_stats stats[BUS_MAX_AGENTS];
};

void bus_init(struct bus *b, const struct bus_config *cfg, uint32_t line_bytes,
	      struct memctl *mem, struct event_queue *events);

/* Adds an agent; returns its number. */
int bus_attach(struct bus *b, void *agent, const struct bus_agent_ops *ops);

/* Queues a request; its agent field says whose queue. */
void bus_request(struct bus *b, const struct bus_req *req);

uint64_t bus_next_slow(struct bus *b, uint64_t now);

/* The earliest cycle at which bus_tick could grant something, or UINT64_MAX. */
static inline uint64_t bus_next(struct bus *b, uint64_t now)
{
	return b->queued ? bus_next_slow(b, now) : UINT64_MAX;
}

/* The first bus clock edge at or after @t. */
static inline uint64_t bus_edge_from(const struct bus *b, uint64_t t)
{
	uint64_t d = b->cfg.clock_div;

	return b->edge_pow2 ? (t + b->edge_mask) & ~b->edge_mask : (t + d - 1) / d * d;
}

/*
 * The earliest cycle at which bus_tick could grant a transaction, and so
 * snoop the caches, counting requests not yet made: the first edge at or
 * after @now with the sequencer free.
 */
static inline uint64_t bus_grant_bound(const struct bus *b, uint64_t now)
{
	uint64_t free_at = bus_seq_free_at(&b->seq);

	return bus_edge_from(b, free_at > now ? free_at : now);
}

/* True when @now is a bus clock edge (a multiple of clock_div). */
static inline int bus_edge(const struct bus *b, uint64_t now)
{
	return b->edge_pow2 ? !(now & b->edge_mask) : !(now % b->cfg.clock_div);
}

/*
 * @agent holds the bus line holding byte @addr until bus_unlock(): other
 * agents' requests for it are not granted before. Refused (and the agent's
 * hold released) when another agent waited for that line during the agent's
 * last hold and has not had it since: the line goes to the waiter first.
 * A holder whose own next request waits for another agent's hold loses its
 * hold, so holds never wait for each other in a circle.
 */
void bus_lock(struct bus *b, int agent, uint32_t addr, uint64_t now);

/* @agent lets its held line go (its SC executed, or it left the LR/SC sequence). */
void bus_unlock(struct bus *b, int agent, uint64_t now);

/* A bus clock edge at @now (a multiple of clock_div): grants one transaction if it can. */
void bus_tick(struct bus *b, uint64_t now);

/*
 * The run ends at @now: a transaction still holding the bus was charged its
 * whole length at grant; only the cycles before @now count.
 */
void bus_account(struct bus *b, uint64_t now);

extern const struct stat_field bus_stat_fields[];
extern const int bus_stat_nfields;

#endif
