/* SPDX-License-Identifier: MIT */
/*
 * CLINT (SiFive core-local interruptor, QEMU virt layout): msip per hart at
 * +4*hart, mtimecmp per hart at +0x4000 + 8*hart, mtime at +0xbff8.
 * mtime runs at sys.timebase_hz, derived from the machine's core cycle count.
 */
#ifndef OSPREY_CLINT_H
#define OSPREY_CLINT_H

#include <stdint.h>

#include "cpu/hart.h"
#include "mem/memmap.h"
#include "sys/param.h"

struct clint {
	struct hart **harts;
	int nharts;
	const uint64_t *now;		/* the machine's cycle count */
	uint32_t cycles_per_tick;	/* core cycles per mtime increment */
	uint64_t offset;		/* mtime = now / cycles_per_tick + offset (mod 2^64) */
	uint32_t msip[MAX_HARTS];	/* bit 0 drives the hart's MSIP */
	uint64_t mtimecmp[MAX_HARTS];
	uint64_t next_event;		/* cycle at which some MTIP rises; UINT64_MAX if never */
	/*
	 * Called after next_event was worked out again (a write, a tick), so
	 * that a loop that keeps a copy of it reads it afresh; NULL: none.
	 */
	void (*moved)(void *ctx);
	void *moved_ctx;
};

void clint_init(struct clint *c, struct hart **harts, int nharts, const uint64_t *now,
		uint32_t cycles_per_tick);
uint64_t clint_mtime(const struct clint *c);

/* Recomputes every MTIP line and next_event; the loop calls it at next_event. */
void clint_update(struct clint *c);

extern const struct mmio_ops clint_ops;

#endif
