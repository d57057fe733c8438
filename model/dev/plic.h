/* SPDX-License-Identifier: MIT */
/*
 * PLIC with the QEMU virt layout: two contexts per hart (2h = M-mode, driving
 * MEIP; 2h+1 = S-mode, driving SEIP). Sources are level-triggered through a
 * gateway: a source is pending while its line is high and it is not being
 * serviced (claimed and not yet completed).
 */
#ifndef OSPREY_PLIC_H
#define OSPREY_PLIC_H

#include <stdint.h>

#include "cpu/hart.h"
#include "mem/memmap.h"
#include "sys/param.h"

#define PLIC_CONTEXTS (2 * MAX_HARTS)

struct plic {
	struct hart **harts;
	int nharts;
	uint32_t priority[PLIC_SOURCES];	/* 0 = never interrupts */
	uint32_t level;			/* bit s: source s's line */
	uint32_t pending;		/* bit s: waiting to be claimed */
	uint32_t claimed;		/* bit s: claimed, not yet completed */
	uint32_t enable[PLIC_CONTEXTS];	/* bit s: source s enabled for the context */
	uint32_t threshold[PLIC_CONTEXTS];
};

void plic_init(struct plic *p, struct hart **harts, int nharts);

/* Drives source @src's interrupt line. */
void plic_set_irq(struct plic *p, int src, int level);

extern const struct mmio_ops plic_ops;

#endif
