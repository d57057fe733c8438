// SPDX-License-Identifier: MIT
/*
 * dma_race.c - hart 0 copies four pages with the DMA engine while hart 1
 * follows the destination line by line (one word per 64-byte bus line of the
 * default preset): it waits on each line until it turns from old to new
 * data, and checks the line before never turns back (the engine moves a
 * line's bytes at the cycle its write completes and takes every cached copy
 * away then). With one line in flight (dma.inflight=1) the engine is slower
 * than one core's misses, so hart 1 must have seen most lines old before
 * new: the copy was watched in progress. With more in flight the engine
 * runs ahead of hart 1, which then checks only that nothing went back. At
 * the end every byte is new.
 */
#include "dma_test.h"

#define BYTES	(4 * 4096)
#define PIECE	64			/* bytes hart 1 samples one word of: a bus line */
#define PIECES	(BYTES / PIECE)
#define OLD	0x01010101u		/* words of the destination before */
#define NEW(i)	(0x80000000u | (i))	/* word i of the source */

static uint32_t src[BYTES / 4] __attribute__((aligned(4096)));
static uint32_t dst[BYTES / 4] __attribute__((aligned(4096)));
static volatile uint32_t go, copied, was_busy;
static struct barrier bar;

static void copier(void)
{
	uint32_t st;

	dma_start(0, DMA_OP_COPY, (uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)dst, BYTES);
	was_busy = (dma_rd(0, DMA_STATUS) & DMA_ST_BUSY) != 0;
	st = dma_wait(0);
	CHECK(st == DMA_ST_DONE);
	copied = 1;
}

static uint32_t piece(uint32_t p)
{
	return *(volatile uint32_t *)&dst[p * PIECE / 4];
}

/*
 * Follows the copy piece by piece: waits on each until it turns new, then
 * checks the one before stayed new. A switch is witnessed when the piece
 * was seen old first.
 */
static void observer(void)
{
	uint32_t witnessed = 0, back = 0;

	for (uint32_t p = 0; p < PIECES; p++) {
		uint32_t olds = 0, w;

		while ((w = piece(p)) == OLD) {
			olds++;
			if (copied && piece(p) == OLD)
				break;	/* the copy ended without this piece: fails below */
		}
		w = piece(p);
		CHECK(w == NEW(p * PIECE / 4));
		if (w != NEW(p * PIECE / 4))
			break;
		witnessed += olds > 0;
		if (p && piece(p - 1) != NEW((p - 1) * PIECE / 4))
			back++;
	}
	while (!copied)
		;
	CHECK(back == 0);
	if (was_busy && dma_rd(0, DMA_SLOTS) == 1)
		CHECK(witnessed > PIECES / 2);
	for (uint32_t i = 0; i < BYTES / 4; i++)
		if (dst[i] != NEW(i)) {
			CHECK(dst[i] == NEW(i));
			break;
		}
	printf("dma_race: %u of %u lines seen old, then new; %u seen going back\n", witnessed,
	       PIECES, back);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2);

	if (!n)
		return 0;
	if (h == 0) {
		if (!dma_present()) {
			printf("dma_race: no DMA engine\n");
			return 1;
		}
		for (uint32_t i = 0; i < BYTES / 4; i++) {
			src[i] = NEW(i);
			dst[i] = OLD;
		}
		fence();
		go = 1;
	}
	while (!go)
		;
	barrier_wait(&bar, n);
	if (h == 0)
		copier();
	else
		observer();
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	printf("dma_race: %s\n", failures ? "FAIL" : "pass");
	return failures ? 1 : 0;
}
