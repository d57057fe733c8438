/* SPDX-License-Identifier: MIT */
/*
 * The HTIF tohost/fromhost protocol of the public RISC-V test suites, active
 * when the ELF defines `tohost`. tohost is a 64-bit word in RAM:
 * device = bits 63:56, command = bits 55:48, payload = bits 47:0.
 *   - device 0, command 0, payload bit 0 set: exit with code payload >> 1
 *     (0 = pass);
 *   - device 0, command 0, payload even: payload is the address of a block of
 *     64-bit words whose first is 64 (SYS_write): write(fd 1 or 2, buf, len);
 *   - device 1, command 1: write the payload's low byte to the console.
 * Anything else stops the run with a message naming the request.
 *
 * An RV32 guest writes tohost with two 32-bit stores, in either order. As the
 * reference front end does, the host looks at tohost some time after a store
 * to it, not at the store itself: a store arms a check that runs once the
 * machine has retired HTIF_CHECK_DELAY more instructions, by when the other
 * half has been written too. Stores while a check is armed do not move it:
 * a guest that writes tohost again and again until the host answers is seen
 * HTIF_CHECK_DELAY instructions after its first store. The delay counts
 * instructions, so runs stay deterministic.
 */
#ifndef OSPREY_HTIF_H
#define OSPREY_HTIF_H

#include <stdint.h>
#include <stdio.h>

#include "mem/memmap.h"
#include "sys/stop.h"

#define HTIF_CHECK_DELAY 16	/* retired instructions between a store and the check */

struct htif {
	uint32_t tohost;	/* physical address of tohost; 0 when absent */
	uint32_t fromhost;	/* physical address of fromhost; 0 when absent */
	int armed;		/* a store to tohost awaits the check */
	uint64_t check_at;	/* machine's retired-instruction count at which to check;
				 * UINT64_MAX while not armed */
	struct memmap *mm;
	struct sim_stop *stop;
	FILE *out;
};

void htif_init(struct htif *t, struct memmap *mm, struct sim_stop *stop, FILE *out,
	       uint32_t tohost, uint32_t fromhost);

/* Called for every store into the page that holds tohost; @retired is the machine's count. */
void htif_store(struct htif *t, uint32_t paddr, int size, uint32_t val, uint64_t retired);

/* Looks at tohost and carries out a request found there. */
void htif_poll(struct htif *t);

#endif
