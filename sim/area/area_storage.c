// SPDX-License-Identifier: MIT
#include "area_storage.h"

#include <stdio.h>
#include <string.h>

#include "area_cost.h"

const char *const area_cell_names[] = { "register", "sram", "cam" };

#define PA_BITS 32	/* the model's physical addresses (RAM and devices below 4 GiB) */
#define SV32_VPN_BITS 20
#define SV32_PPN_BITS 22
#define SV32_ASID_BITS 9
#define PTE_FLAG_BITS 8	/* V R W X U G A D; the RSW bits are the supports' */
#define LINE_STATE_BITS 2	/* MESI */

void area_add(struct area_part *p, enum area_cell cell, uint64_t bits, const char *what)
{
	struct area_item *it;

	if (!bits)
		return;
	if (p->nitems == AREA_MAX_ITEMS) {
		fprintf(stderr, "area: too many items in %s\n", p->name);
		return;
	}
	it = &p->item[p->nitems++];
	it->cell = cell;
	it->bits = bits;
	snprintf(it->what, sizeof(it->what), "%s", what);
}

static double cell_rbe(enum area_cell cell)
{
	switch (cell) {
	case CELL_SRAM: return RBE_SRAM_BIT;
	case CELL_CAM: return RBE_CAM_BIT;
	default: return RBE_REGISTER_BIT;
	}
}

double area_twin_rbe(const struct area_part *p)
{
	if (!p->twin)
		return 0;
	return (double)p->synth.reg_bits * RBE_REGISTER_BIT + p->synth.logic_ge / GE_PER_RBE;
}

double area_part_rbe(const struct area_part *p)
{
	double rbe = area_twin_rbe(p);

	for (int i = 0; i < p->nitems; i++)
		rbe += (double)p->item[i].bits * cell_rbe(p->item[i].cell);
	return rbe;
}

uint32_t area_log2(uint64_t v)
{
	uint32_t n = 0;

	while ((1ull << n) < v)
		n++;
	return n;
}

uint32_t area_line_bits(uint32_t line_bytes)
{
	return PA_BITS - area_log2(line_bytes);
}

void area_cache(struct area_part *p, const char *name, const struct cache_config *c,
		uint32_t instances)
{
	uint64_t lines = c->size / c->line, sets = lines / c->ways;
	uint32_t tag = PA_BITS - area_log2(c->line) - area_log2(sets);
	uint32_t wbits = area_log2(c->ways);
	const char *repl = repl_names[c->repl];

	memset(p, 0, sizeof(*p));
	p->name = name;
	p->on = 1;
	p->instances = instances;
	area_add(p, CELL_SRAM, lines * tag, "tags");
	area_add(p, CELL_SRAM, lines * LINE_STATE_BITS, "line state (MESI)");
	area_add(p, CELL_SRAM, (uint64_t)c->size * 8, "data");
	/* Replacement: an age rank per way (LRU), a pointer per set (FIFO), an LFSR (random). */
	if (c->ways > 1 && !strcmp(repl, "lru"))
		area_add(p, CELL_SRAM, sets * c->ways * wbits, "replacement (LRU ranks)");
	else if (c->ways > 1 && !strcmp(repl, "fifo"))
		area_add(p, CELL_SRAM, sets * wbits, "replacement (FIFO pointers)");
	else if (c->ways > 1)
		area_add(p, CELL_REGISTER, 16, "replacement (LFSR)");
	/* An MSHR: the line, a valid bit, what the access needs (enum l1_need). */
	area_add(p, CELL_REGISTER, (uint64_t)c->mshrs * (area_line_bits(c->line) + 1 + 2),
		 "MSHRs (line, valid, need)");
}

void area_tlb(struct area_part *p, const char *name, const struct tlb_config *t,
	      uint32_t instances)
{
	uint32_t sets = t->entries / t->ways;
	uint32_t tag = SV32_VPN_BITS - area_log2(sets) + SV32_ASID_BITS + 1 + 1;

	memset(p, 0, sizeof(*p));
	p->name = name;
	p->on = 1;
	p->instances = instances;
	/* A fully-associative TLB compares every tag at once: CAM cells. */
	area_add(p, sets == 1 ? CELL_CAM : CELL_SRAM, (uint64_t)t->entries * tag,
		 "tags (VPN, ASID, megapage, valid)");
	area_add(p, CELL_SRAM, (uint64_t)t->entries * (SV32_PPN_BITS + PTE_FLAG_BITS),
		 "data (PPN, PTE flags)");
}
