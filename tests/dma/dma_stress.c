// SPDX-License-Identifier: MIT
/*
 * dma_stress.c - four harts each keep their own DMA channel busy with page
 * copies while all four sweep a large array that misses in every cache, so
 * the engine's line transfers compete with every core's misses on the bus.
 * Every copy must complete with the right data (no deadlock), and every
 * channel must get through its operations in comparable time (no
 * starvation: the slowest hart's total wait within 4x the fastest's).
 */
#include "dma_test.h"

#define NHARTS	4
#define OPS	12		/* copies per hart */
#define PAGE	4096
#define SWEEP	(512 * 1024)	/* bytes of the array the harts read: twice an L2 */

static uint32_t buf[NHARTS][2][PAGE / 4] __attribute__((aligned(PAGE)));
static uint8_t big[SWEEP] __attribute__((aligned(64)));
static uint64_t waited[NHARTS];		/* cycles each hart spent in dma_wait */
static uint32_t done_ops[NHARTS];
static struct barrier bar;

static uint64_t cycles(void)
{
	return csr_read(mcycle);	/* the low half is enough for the differences here */
}

static uint32_t sweep(uint32_t from, uint32_t bytes)
{
	uint32_t sum = 0;

	for (uint32_t i = 0; i < bytes; i += 64)
		sum += *(volatile uint8_t *)&big[(from + i) % SWEEP];
	return sum;
}

static void work(uint32_t h)
{
	uint32_t *s = buf[h][0], *d = buf[h][1], pos = h * (SWEEP / NHARTS);

	for (uint32_t op = 0; op < OPS; op++) {
		uint64_t t;
		uint32_t st;

		for (uint32_t i = 0; i < PAGE / 4; i++)
			s[i] = (h << 24) ^ (op << 16) ^ i;
		dma_start(h, DMA_OP_COPY, (uint32_t)(uintptr_t)s, (uint32_t)(uintptr_t)d, PAGE);
		pos += 8192;
		sweep(pos, 8192);	/* misses while the engine works */
		t = cycles();
		st = dma_wait(h);
		waited[h] += cycles() - t;
		dma_wr(h, DMA_STATUS, DMA_ST_DONE);
		CHECK(st == DMA_ST_DONE);
		for (uint32_t i = 0; i < PAGE / 4; i++)
			if (d[i] != ((h << 24) ^ (op << 16) ^ i)) {
				CHECK(d[i] == ((h << 24) ^ (op << 16) ^ i));
				break;
			}
		done_ops[h]++;
	}
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, NHARTS);
	uint64_t lo = ~0ull, hi = 0;

	if (!n)
		return 0;
	if (n != NHARTS) {
		printf("dma_stress: needs %u harts\n", NHARTS);
		return 1;
	}
	if (h == 0 && !dma_present()) {
		printf("dma_stress: no DMA engine\n");
		return 1;
	}
	barrier_wait(&bar, n);
	work(h);
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		CHECK(done_ops[i] == OPS);
		lo = waited[i] < lo ? waited[i] : lo;
		hi = waited[i] > hi ? waited[i] : hi;
	}
	CHECK(hi <= 4 * lo + 1000);
	printf("dma_stress: %u harts x %u copies done; wait per hart %u..%u cycles; %s\n", n,
	       OPS, (uint32_t)lo, (uint32_t)hi, failures ? "FAIL" : "pass");
	return failures ? 1 : 0;
}
