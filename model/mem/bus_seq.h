/* SPDX-License-Identifier: MIT */
/*
 * The bus transaction sequencer: what a transaction that bus_arb granted
 * does and when it ends, as a unit with the _init/_eval contract. The bus
 * (mem/bus.h) runs the snoops and the memory controller, and moves no data;
 * this unit decides from their answers.
 *
 * At a grant at now, on the parameters (times in core cycles, d = bus.clock_div):
 *   op: a BUS_UPGR or BUS_UPDATE whose requester no longer holds the line
 *     becomes BUS_RDX or BUS_RD (the copy was lost while it waited);
 *   phase_at = now + arb_cycles * d, plus snoop_cycles * d but for BUS_WB
 *     (no snoop phase): the snoop and the memory requests happen then;
 *   reads (RD, RDX, DMA_RD): a cache that had the line supplies it at
 *     phase_at + c2c_cycles * d + transfer (a dirty one also writes it to
 *     memory, and the bus waits for the write queue to take it); else memory
 *     does, at its answer rounded up to a bus edge, + transfer;
 *   UPGR ends at phase_at; UPDATE one beat later or when memory takes the
 *   word; DMA_WR after a line's transfer and memory's write (a dirty copy's
 *   other bytes first when the write is partial); WB after a transfer and
 *   memory's write;
 *   shared: another cache had the line (RD, UPDATE).
 * transfer = ceil(line / bus.width) * d. The unit holds no state: the bus
 * holds itself until end.
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
};

struct config;

void bus_seq_init(struct bus_seq *s, uint32_t clock_div, uint32_t width, uint32_t arb_cycles,
		  uint32_t snoop_cycles, uint32_t c2c_cycles, uint32_t line_bytes);

/* The unit for the machine @cfg describes. */
void bus_seq_configure(struct bus_seq *s, const struct config *cfg);

/* Combinational: the outputs from @in. */
void bus_seq_eval(const struct bus_seq *s, const struct bus_seq_in *in, struct bus_seq_out *out);

#endif
