// SPDX-License-Identifier: MIT
/*
 * lr_guard.c - a store running ahead must not break another hart's LR
 * reservation before that hart's turn in the store's drain cycle
 * (model/cpu/core.c, ahead_store_line), nor an AMO in its own cycle
 * (ahead_amo_line). Hart 0 reserves word A (lr.w), then
 * evicts A's line from its caches by loads of lines of the same sets: the
 * reservation outlives the line. Hart 1 then takes the line by a store to
 * the word beside A (which breaks no reservation), waits exactly D cycles (a
 * run of nops entered D from its end) and stores to A, a store that runs
 * ahead; hart 0 tries its SC a while after releasing hart 1, and P cycles
 * more. Over the trials (D in 0..SWEEP-1, P in 0..PHASES-1) the SC falls
 * in the cycle of hart 1's drain in some of them (three, on the default
 * machine): there hart 0's turn comes first, finds the reservation and asks
 * for the line. A second sweep does the same with an amoswap.w to A, on
 * the line hart 1 owns, in place of the store. With 2 harts or more; the
 * others only join the barriers.
 * The figures depend on timing, so this is no differential test: `make
 * ahead-check` runs it with running ahead off and on, and the two runs'
 * output and statistics must be the same.
 */
#include "fw.h"

#define SWEEP	128		/* delays tried, one cycle apart */
#define PHASES	8		/* and for each, hart 0's SC this many cycles later, one apart */
#define WAIT	150		/* cycles hart 0 waits after releasing hart 1 */
#define L2_WAY	(128 * 1024)	/* bytes of one way of the default L2: its sets repeat so */
#define EVICT	3		/* lines of A's sets hart 0 loads (L2 and L1D) */

/* A and the word beside it, on a line of their own. */
static volatile uint32_t target[16] __attribute__((aligned(64)));
static volatile uint32_t go __attribute__((aligned(64)));
static uint8_t far_lines[(EVICT + 1) * L2_WAY] __attribute__((aligned(64)));
static struct barrier bar;

/* Runs @d (0..127) nops: a jump into a run of 128, @d from its end. */
static void exact_delay(uint32_t d)
{
	__asm__ volatile("la t0, 1f\n\t"
			 "slli t1, %0, 2\n\t"
			 "sub t0, t0, t1\n\t"
			 "jr t0\n\t"
			 ".rept 128\n\t"
			 "nop\n\t"
			 ".endr\n"
			 "1:"
			 :
			 : "r"(d)
			 : "t0", "t1", "memory");
}

/* Loads of lines that share A's sets in the L1D and the L2, which push A out. */
static void evict_a(void)
{
	uintptr_t a = (uintptr_t)&target[0], base = (uintptr_t)far_lines;
	uintptr_t first = base + ((a - base) % L2_WAY);

	for (int i = 0; i < EVICT; i++)
		(void)*(volatile uint32_t *)(first + (uintptr_t)i * L2_WAY);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2), sc_fails[2] = { 0, 0 }, sum[2] = { 0, 0 };

	if (n < 2) {
		if (h == 0)
			printf("lr_guard: needs 2 harts\n");
		return h == 0;
	}
	for (uint32_t t = 0; t < 2 * SWEEP * PHASES; t++) {
		uint32_t d = t / PHASES % SWEEP, amo = t >= SWEEP * PHASES;

		barrier_wait(&bar, n);
		if (h == 0) {
			uint32_t start;

			lr_w(&target[0]);
			evict_a();
			start = csr_read(mcycle);
			go = t + 1;
			while (csr_read(mcycle) - start < WAIT)
				;
			exact_delay(t % PHASES);
			sc_fails[amo] += sc_w(&target[0], d);
			sum[amo] += csr_read(mcycle) - start;
		} else if (h == 1) {
			while (go != t + 1)
				;
			target[1] = d;	/* the line, with no store to A */
			exact_delay(d);
			if (amo)
				(void)amoswap_w(&target[0], d + 100);
			else
				target[0] = d + 100;
		}
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	for (int i = 0; i < 2; i++)
		printf("lr_guard: %s to A: %u of %u SCs failed; their trials took %u cycles\n",
		       i ? "amoswap.w" : "store", sc_fails[i], SWEEP * PHASES, sum[i]);
	return 0;
}
