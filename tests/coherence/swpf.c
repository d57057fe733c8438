// SPDX-License-Identifier: MIT
/*
 * swpf.c - software prefetching (Zicbop) end to end, on hart 0: a sum over
 * an array of SIZE bytes that misses every line, with prefetch.r PF_AHEAD
 * lines ahead (built without the hints as swpf_none, the same sum); then a
 * prefetch.w of a line the loop is about to write, and prefetches of
 * addresses that are no memory at all (0, and the device window), which
 * must neither fault nor change anything. tests/coherence/run.sh compares
 * the two builds' statistics; on QEMU the hints are no-ops and the output is
 * the check.
 */
#include "fw.h"

#define SIZE		(64 * 1024)
#define LINE		32
#define PF_AHEAD	8

static uint32_t data[SIZE / 4] __attribute__((aligned(64)));
static uint32_t out[SIZE / 4] __attribute__((aligned(64)));

#ifdef NO_PREFETCH
/* The same code shape with a plain no-op in place of each hint. */
#define prefetch_r(p)	__asm__ volatile("addi x0, %0, 0" : : "r"(p))
#define prefetch_w(p)	__asm__ volatile("addi x0, %0, 0" : : "r"(p))
#else
#define prefetch_r(p)	__asm__ volatile("ori x0, %0, 1" : : "r"(p))
#define prefetch_w(p)	__asm__ volatile("ori x0, %0, 3" : : "r"(p))
#endif

int main(uint32_t hartid)
{
	/* Through volatile: every access is made, as written (no folding of the sum). */
	volatile uint32_t *d = data, *o = out;
	uint32_t sum = 0, seed = fw_nharts;

	if (hartid != 0)
		park();
	for (uint32_t i = 0; i < SIZE / 4; i++)
		d[i] = (i + seed) * 2654435761u;
	/* The array out of the L1D (32 KiB direct-mapped, or more): touch another 64 KiB. */
	for (uint32_t i = 0; i < SIZE / 4; i += LINE / 4)
		o[i] = 0;
	for (uint32_t i = 0; i < SIZE / 4; i += LINE / 4) {
		prefetch_r(&data[i + PF_AHEAD * LINE / 4]);
		for (uint32_t k = 0; k < LINE / 4; k++)
			sum += d[i + k];
	}
	/* Non-binding: nothing faults, whatever the address. */
	prefetch_r((void *)0);
	prefetch_w((void *)0x10000000);
	prefetch_w(&out[0]);
	o[0] = sum;
	printf("swpf: sum %08x\n", o[0]);
	return 0;
}
