// SPDX-License-Identifier: MIT
#include "dev/plic.h"

#include <string.h>

#define PRIORITY_BASE	0x000000
#define PENDING_BASE	0x001000
#define ENABLE_BASE	0x002000
#define ENABLE_STRIDE	0x80
#define CONTEXT_BASE	0x200000
#define CONTEXT_STRIDE	0x1000
#define PRIORITY_MAX	7

/* The source context @ctx would claim now, or 0. */
static int best_source(const struct plic *p, int ctx)
{
	uint32_t cand = p->pending & p->enable[ctx];
	uint32_t best_prio = p->threshold[ctx];
	int best = 0;

	for (; cand; cand &= cand - 1) {
		int s = __builtin_ctz(cand);

		if (p->priority[s] > best_prio) {
			best_prio = p->priority[s];
			best = s;
		}
	}
	return best;
}

static void update(struct plic *p)
{
	for (int h = 0; h < p->nharts; h++) {
		hart_set_irq(p->harts[h], IRQ_MEI, best_source(p, 2 * h) != 0);
		hart_set_irq(p->harts[h], IRQ_SEI, best_source(p, 2 * h + 1) != 0);
	}
}

void plic_init(struct plic *p, struct hart **harts, int nharts)
{
	memset(p, 0, sizeof(*p));
	p->harts = harts;
	p->nharts = nharts;
}

void plic_set_irq(struct plic *p, int src, int level)
{
	uint32_t bit = 1u << src;

	p->level = level ? p->level | bit : p->level & ~bit;
	if (level && !(p->claimed & bit))
		p->pending |= bit;
	else if (!level)
		p->pending &= ~bit;
	update(p);
}

static int plic_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	struct plic *p = dev;
	int ctx = (off - CONTEXT_BASE) / CONTEXT_STRIDE;

	if (size != 4)
		return -1;
	*val = 0;
	if (off < PRIORITY_BASE + 4 * PLIC_SOURCES) {
		*val = p->priority[off / 4];
	} else if (off == PENDING_BASE) {
		*val = p->pending;
	} else if (off >= ENABLE_BASE && off < ENABLE_BASE + ENABLE_STRIDE * 2u * p->nharts) {
		if ((off - ENABLE_BASE) % ENABLE_STRIDE == 0)
			*val = p->enable[(off - ENABLE_BASE) / ENABLE_STRIDE];
	} else if (off >= CONTEXT_BASE && ctx < 2 * p->nharts) {
		if (off % CONTEXT_STRIDE == 0) {
			*val = p->threshold[ctx];
		} else if (off % CONTEXT_STRIDE == 4) {
			int s = best_source(p, ctx);	/* claim */

			if (s) {
				p->pending &= ~(1u << s);
				p->claimed |= 1u << s;
				update(p);
			}
			*val = (uint32_t)s;
		}
	}
	return 0;
}

static int plic_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct plic *p = dev;
	int ctx = (off - CONTEXT_BASE) / CONTEXT_STRIDE;

	if (size != 4)
		return -1;
	if (off < PRIORITY_BASE + 4 * PLIC_SOURCES) {
		if (off)
			p->priority[off / 4] = val > PRIORITY_MAX ? PRIORITY_MAX : val;
	} else if (off >= ENABLE_BASE && off < ENABLE_BASE + ENABLE_STRIDE * 2u * p->nharts) {
		if ((off - ENABLE_BASE) % ENABLE_STRIDE == 0)
			p->enable[(off - ENABLE_BASE) / ENABLE_STRIDE] = val & ~1u;
	} else if (off >= CONTEXT_BASE && ctx < 2 * p->nharts) {
		if (off % CONTEXT_STRIDE == 0) {
			p->threshold[ctx] = val > PRIORITY_MAX ? PRIORITY_MAX : val;
		} else if (off % CONTEXT_STRIDE == 4 && val && val < PLIC_SOURCES &&
			   (p->enable[ctx] & (1u << val))) {
			/* Completion reopens the gateway; for a source not enabled in this
			 * context it is ignored. */
			uint32_t bit = 1u << val;

			p->claimed &= ~bit;
			if (p->level & bit)
				p->pending |= bit;
		}
	}
	update(p);
	return 0;
}

const struct mmio_ops plic_ops = { plic_read, plic_write };
