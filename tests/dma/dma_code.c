// SPDX-License-Identifier: MIT
/*
 * dma_code.c - code written by the DMA engine, under the harts' decoded-
 * instruction caches: hart 0 builds 64 small functions (li a0, value; ret)
 * in a source page, the engine copies the page onto the code page, and after
 * fence.i hart 0 runs them and checks each returns its new value. Rounds
 * alternate two source pages with different values, so every function's
 * decoded entry always holds the code of the round before; a round also
 * zeroes the code page through the engine (an illegal word there would
 * trap) before copying. Prints "dma_code: pass" or the wrong values.
 */
#include "dma_test.h"

#define PAGE		4096
#define SLOTS		64		/* functions on the code page, 64 bytes apart */
#define SLOT_WORDS	16
#define ROUNDS		16
#define RET		0x00008067u	/* jalr x0, 0(ra) */

static uint32_t source[2][PAGE / 4] __attribute__((aligned(PAGE)));
static uint32_t code[PAGE / 4] __attribute__((aligned(PAGE)));

static uint32_t value(int r, int s)
{
	return (uint32_t)(r * 37 + s * 5) % 2000 + 1;
}

/* Copies (or zeroes, src 0) the code page through hart 0's channel. */
static void dma_to_code(uint32_t op, const void *src)
{
	dma_start(0, op, (uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)code, PAGE);
	CHECK((dma_wait(0) & (DMA_ST_DONE | DMA_ST_ERR)) == DMA_ST_DONE);
	dma_wr(0, DMA_STATUS, DMA_ST_DONE | DMA_ST_ERR);
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	if (!dma_present()) {
		printf("dma_code: no DMA engine\n");
		return 0;
	}
	for (int r = 0; r < ROUNDS; r++) {
		uint32_t *src = source[r & 1];

		for (int s = 0; s < SLOTS; s++) {
			src[s * SLOT_WORDS] = value(r, s) << 20 | 10u << 7 | 0x13u;	/* li a0 */
			src[s * SLOT_WORDS + 1] = RET;
		}
		dma_to_code(DMA_OP_ZERO, 0);
		dma_to_code(DMA_OP_COPY, src);
		asm volatile("fence.i" ::: "memory");
		for (int s = 0; s < SLOTS; s++) {
			uint32_t got = ((uint32_t (*)(void))&code[s * SLOT_WORDS])();

			if (got != value(r, s)) {
				printf("round %d slot %d ran %u, expected %u\n", r, s, got, value(r, s));
				failures++;
			}
		}
	}
	printf("dma_code: %s\n", failures ? "FAIL" : "pass");
	return failures ? 1 : 0;
}
