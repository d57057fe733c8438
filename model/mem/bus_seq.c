// SPDX-License-Identifier: MIT
#include "mem/bus_seq.h"

#include "sys/config.h"

void bus_seq_init(struct bus_seq *s, uint32_t clock_div, uint32_t width, uint32_t arb_cycles,
		  uint32_t snoop_cycles, uint32_t c2c_cycles, uint32_t line_bytes)
{
	s->clock_div = clock_div;
	s->arb_cycles = arb_cycles;
	s->snoop_cycles = snoop_cycles;
	s->c2c_cycles = c2c_cycles;
	s->transfer = (line_bytes + width - 1) / width * clock_div;
}

void bus_seq_configure(struct bus_seq *s, const struct config *cfg)
{
	bus_seq_init(s, cfg->bus.clock_div, cfg->bus.width, cfg->bus.arb_cycles,
		     cfg->bus.snoop_cycles, cfg->bus.c2c_cycles, cfg->l2.line);
}

static uint64_t later(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

void bus_seq_eval(const struct bus_seq *s, const struct bus_seq_in *in, struct bus_seq_out *out)
{
	uint64_t d = s->clock_div, t = in->now + (uint64_t)s->arb_cycles * d;
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
		out->shared = op == BUS_RD && in->snoop_had;
		if (!in->snoop_had) {
			out->supply = BUS_SEQ_SUPPLY_MEMORY;
			out->mem_read = 1;
			out->end = (in->mem_read_at + d - 1) / d * d + s->transfer;
			break;
		}
		out->supply = BUS_SEQ_SUPPLY_C2C;
		out->end = t + (uint64_t)s->c2c_cycles * d + s->transfer;
		if (in->snoop_dirty) {
			out->mem_writes = 1;
			out->end = later(out->end, in->mem_write_at[0]);
		}
		break;
	case BUS_UPGR:
		out->count = BUS_SEQ_COUNT_UPGR;
		out->end = t;
		break;
	case BUS_UPDATE:
		/* One beat of data; memory takes the word too (a write in its queue). */
		out->count = BUS_SEQ_COUNT_UPD;
		out->shared = in->snoop_had;
		out->mem_writes = 1;
		out->end = later(t + d, in->mem_write_at[0]);
		break;
	case BUS_DMA_WR:
		/* A dirty copy's other bytes reach memory before the engine's write. */
		out->mem_writes = in->snoop_dirty && in->partial ? 2 : 1;
		out->end = later(t + s->transfer, in->mem_write_at[0]);
		if (out->mem_writes == 2)
			out->end = later(out->end, in->mem_write_at[1]);
		break;
	default: /* BUS_WB */
		out->count = BUS_SEQ_COUNT_WB;
		out->mem_writes = 1;
		out->end = later(t + s->transfer, in->mem_write_at[0]);
		break;
	}
}
