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
	s->free_q = s->free_d = 0;
}

void bus_seq_configure(struct bus_seq *s, const struct config *cfg)
{
	bus_seq_init(s, cfg->bus.clock_div, cfg->bus.width, cfg->bus.arb_cycles,
		     cfg->bus.snoop_cycles, cfg->bus.c2c_cycles, cfg->l2.line);
}
