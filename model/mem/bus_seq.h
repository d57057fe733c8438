/* SPDX-License-Identifier: MIT */
/*
 * The bus transaction sequencer: what a transaction that bus_arb granted
 * does and when it ends, as a unit with the _init/_eval/_tick contract;
 * rtl/bus_seq.sv is its twin. The bus (mem/bus.h) keeps the queues, runs
 * the snoops in the caches and the memory controller, and moves no data;
 * this unit collects the snoops' responses, decides from them and from
 * memory's answers, and holds the bus until the transaction ends.
 *
 * State: free_at, the first cycle the bus is free (0 at reset).
 *
 * A cycle with grant_valid, at now, on the parameters (times in core
 * cycles, d = bus.clock_div):
 *   op: a BUS_UPGR or BUS_UPDATE whose requester no longer holds the line
 *     becomes BUS_RDX or BUS_RD (the copy was lost while it waited);
 *   the snoop responses are the OR over the agents but the requester:
 *     had (a cache had the line) and dirty (it was modified);
 *   phase_at = now + arb_cycles * d, plus snoop_cycles * d but for BUS_WB
 *     (no snoop phase): the snoop and the memory requests happen then;
 *   reads (RD, RDX, DMA_RD): a cache that had the line supplies it at
 *     phase_at + c2c_cycles * d + transfer (a dirty one also writes it to
 *     memory, and the bus waits for the write queue to take it); else memory
 *     does, at mem_read_at (a bus edge: the bus samples memory's answer on
 *     its clock) + transfer;
 *   UPGR ends at phase_at; UPDATE one beat later or when memory takes the
 *   word; DMA_WR after a line's transfer and memory's write (a dirty copy's
 *   other bytes first when the write is partial); WB after a transfer and
 *   memory's write;
 *   shared: another cache had the line (RD, UPDATE);
 *   the clock edge sets free_at to end.
 * transfer = ceil(line / bus.width) * d. A cycle with release_valid and
 * not grant_valid (the run ends) cuts a transaction in flight: free_at
 * becomes now if it was later. The unit does not check that the bus is free
 * at a grant; the bus grants only from free_at on.
 */
#ifndef OSPREY_BUS_SEQ_H
#define OSPREY_BUS_SEQ_H

#include <stdint.h>

#include "mem/bus_seq_if.h"

struct bus_seq {
	uint32_t clock_div;	/* core cycles per bus cycle */
	uint32_t arb_cycles;	/* bus cycles of arbitration and address */
	uint32_t snoop_cycles;	/* bus cycles of snoop response */
	uint32_t c2c_cycles;	/* bus cycles before a cache supplies data */
	uint32_t transfer;	/* core cycles of one line's data beats */
	uint64_t free_q;	/* registered: the first cycle the bus is free */
	uint64_t free_d;	/* next state, from the last eval */
};

struct config;

/* Reset: the bus free. */
void bus_seq_init(struct bus_seq *s, uint32_t clock_div, uint32_t width, uint32_t arb_cycles,
		  uint32_t snoop_cycles, uint32_t c2c_cycles, uint32_t line_bytes);

/* Reset, for the machine @cfg describes. */
void bus_seq_configure(struct bus_seq *s, const struct config *cfg);

/* The first cycle the bus is free (the registered state). */
static inline uint64_t bus_seq_free_at(const struct bus_seq *s)
{
	return s->free_q;
}

static inline uint64_t bus_seq_later(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/*
 * Combinational: outputs and next state from the state and @in. Inline:
 * the bus evaluates it up to three times at every grant.
 */
static inline void bus_seq_eval(struct bus_seq *s, const struct bus_seq_in *in,
				struct bus_seq_out *out)
{
	uint64_t d = s->clock_div, t = in->now + (uint64_t)s->arb_cycles * d;
	uint32_t others = ~(1u << in->agent);
	int had = (in->snoop_had & others) != 0, dirty = (in->snoop_dirty & others) != 0;
	uint8_t op = in->op;

	if (op == BUS_UPGR && !in->holds)
		op = BUS_RDX;
	else if (op == BUS_UPDATE && !in->holds)
		op = BUS_RD;
	out->op = op;
	out->snoop = op != BUS_WB;
	if (out->snoop)
		t += (uint64_t)s->snoop_cycles * d;
	out->phase_at = t;
	out->mem_read = 0;
	out->mem_writes = 0;
	out->supply = BUS_SEQ_SUPPLY_NONE;
	out->count = BUS_SEQ_COUNT_NONE;
	out->shared = 0;
	switch (op) {
	case BUS_RD:
	case BUS_RDX:
	case BUS_DMA_RD:
		out->count = op == BUS_RD ? BUS_SEQ_COUNT_RD
			   : op == BUS_RDX ? BUS_SEQ_COUNT_RDX : BUS_SEQ_COUNT_NONE;
		out->shared = op == BUS_RD && had;
		if (!had) {
			out->supply = BUS_SEQ_SUPPLY_MEMORY;
			out->mem_read = 1;
			out->end = in->mem_read_at + s->transfer;
			break;
		}
		out->supply = BUS_SEQ_SUPPLY_C2C;
		out->end = t + (uint64_t)s->c2c_cycles * d + s->transfer;
		if (dirty) {
			out->mem_writes = 1;
			out->end = bus_seq_later(out->end, in->mem_write_at[0]);
		}
		break;
	case BUS_UPGR:
		out->count = BUS_SEQ_COUNT_UPGR;
		out->end = t;
		break;
	case BUS_UPDATE:
		/* One beat of data; memory takes the word too (a write in its queue). */
		out->count = BUS_SEQ_COUNT_UPD;
		out->shared = (uint8_t)had;
		out->mem_writes = 1;
		out->end = bus_seq_later(t + d, in->mem_write_at[0]);
		break;
	case BUS_DMA_WR:
		/* A dirty copy's other bytes reach memory before the engine's write. */
		out->mem_writes = dirty && in->partial ? 2 : 1;
		out->end = bus_seq_later(t + s->transfer, in->mem_write_at[0]);
		if (out->mem_writes == 2)
			out->end = bus_seq_later(out->end, in->mem_write_at[1]);
		break;
	default: /* BUS_WB */
		out->count = BUS_SEQ_COUNT_WB;
		out->mem_writes = 1;
		out->end = bus_seq_later(t + s->transfer, in->mem_write_at[0]);
		break;
	}
	out->free_at = s->free_q;
	s->free_d = in->grant_valid ? out->end
		  : in->release_valid && s->free_q > in->now ? in->now : s->free_q;
}

/* Clock edge: next state becomes state. */
static inline void bus_seq_tick(struct bus_seq *s)
{
	s->free_q = s->free_d;
}

#endif
