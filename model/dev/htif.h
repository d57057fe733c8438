/* SPDX-License-Identifier: MIT */
/*
 * The HTIF tohost/fromhost protocol of the public RISC-V test suites, active
 * when the ELF defines `tohost`. tohost is a 64-bit word in RAM; on RV32 the
 * guest writes the low half, then the high half.
 *   - low half with bit 0 set: exit with code (value >> 1), 0 = pass;
 *   - device 1, command 1: write the low byte of the payload to the console;
 *   - device 0, command 0, payload = address of a 64-bit argument block
 *     whose first word is 64 (SYS_write): write(fd 1 or 2, buf, len).
 * Anything else stops the run with a message naming the command.
 */
#ifndef OSPREY_HTIF_H
#define OSPREY_HTIF_H

#include <stdint.h>
#include <stdio.h>

#include "mem/memmap.h"
#include "sys/stop.h"

struct htif {
	uint32_t tohost;	/* physical address of tohost; 0 when absent */
	uint32_t fromhost;	/* physical address of fromhost; 0 when absent */
	uint32_t low;		/* last low half written to tohost */
	struct memmap *mm;
	struct sim_stop *stop;
	FILE *out;
};

void htif_init(struct htif *t, struct memmap *mm, struct sim_stop *stop, FILE *out,
	       uint32_t tohost, uint32_t fromhost);

/* Called for every store into the page that holds tohost. */
void htif_store(struct htif *t, uint32_t paddr, int size, uint32_t val);

#endif
