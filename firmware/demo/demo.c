// SPDX-License-Identifier: MIT
/*
 * demo.c - a parallel segmented sieve of Eratosthenes and a matrix product,
 * split over the harts, with one deterministic report from hart 0.
 *
 * Hart count: the work is meant for DEMO_HARTS (4) harts.  Harts with an id
 * of DEMO_HARTS or more park; if fewer harts exist, the work is split over
 * all of them (harts_join() counts them), so any count from 1 to 16 works and
 * the results -- everything printed except the "harts" line -- are the same.
 */
#include "fw.h"

#ifndef DEMO_HARTS
#define DEMO_HARTS	4		/* harts the work is split over, at most */
#endif

#define SIEVE_N		300000		/* primes below this are counted */
#define SIEVE_PRIMES	25997		/* pi(SIEVE_N - 1), for the self-check */
#define BASE_MAX	548		/* >= sqrt(SIEVE_N) */
#define MAT_N		48		/* matrix dimension */

/* composite[i] != 0 once i is known composite; each hart writes only its own segment */
static uint8_t composite[SIEVE_N];

/* Per-hart results, written by their hart before the barrier, read by hart 0 after. */
static struct {
	uint32_t count;		/* primes in the segment */
	uint32_t sum;		/* their sum, mod 2^32 */
	uint32_t hash;		/* xor of p * 2654435761 over them */
} part[DEMO_HARTS];

static int32_t mat_a[MAT_N][MAT_N], mat_b[MAT_N][MAT_N];
/* C = A * B; row i written by hart i % nharts */
static int32_t mat_c[MAT_N][MAT_N];

static struct barrier bar;

/* Sieves [lo, hi) with the primes below BASE_MAX, found by a private small sieve. */
static void sieve_segment(uint32_t lo, uint32_t hi, uint32_t h)
{
	uint8_t small[BASE_MAX + 1] = { 0 };

	for (uint32_t p = 2; p <= BASE_MAX; p++) {
		if (small[p])
			continue;
		for (uint32_t m = p * p; m <= BASE_MAX; m += p)
			small[m] = 1;
		uint32_t m = p * p;

		if (m < lo)
			m = (lo + p - 1) / p * p;
		for (; m < hi; m += p)
			composite[m] = 1;
	}
	for (uint32_t i = lo; i < hi; i++) {
		if (i < 2 || composite[i])
			continue;
		part[h].count++;
		part[h].sum += i;
		part[h].hash ^= i * 2654435761u;
	}
}

/* Deterministic matrix entries in [-50, 50) from a linear congruential generator. */
static void mat_fill(void)
{
	uint32_t x = 12345;

	for (int i = 0; i < MAT_N; i++) {
		for (int j = 0; j < MAT_N; j++) {
			x = x * 1103515245u + 12345u;
			mat_a[i][j] = (int32_t)((x >> 16) % 100) - 50;
			x = x * 1103515245u + 12345u;
			mat_b[i][j] = (int32_t)((x >> 16) % 100) - 50;
		}
	}
}

static void mat_rows(uint32_t h, uint32_t n)
{
	for (uint32_t i = h; i < MAT_N; i += n) {
		for (int j = 0; j < MAT_N; j++) {
			int32_t s = 0;

			for (int k = 0; k < MAT_N; k++)
				s += mat_a[i][k] * mat_b[k][j];
			mat_c[i][j] = s;
		}
	}
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, DEMO_HARTS);

	if (!n)
		return 0;	/* surplus hart: parks */

	if (h == 0)
		mat_fill();
	barrier_wait(&bar, n);

	sieve_segment(SIEVE_N / n * h, h == n - 1 ? SIEVE_N : SIEVE_N / n * (h + 1), h);
	mat_rows(h, n);
	barrier_wait(&bar, n);

	if (h != 0)
		return 0;

	uint32_t count = 0, sum = 0, hash = 0, msum = 0;

	for (uint32_t i = 0; i < n; i++) {
		count += part[i].count;
		sum += part[i].sum;
		hash ^= part[i].hash;
	}
	for (int i = 0; i < MAT_N; i++)
		for (int j = 0; j < MAT_N; j++)
			msum = msum * 31 + (uint32_t)mat_c[i][j];

	printf("osprey demo: segmented sieve and %dx%d matrix product\n", MAT_N, MAT_N);
	printf("harts: %u\n", n);
	printf("sieve: %u primes below %u, sum %u, hash %08x\n", count, SIEVE_N, sum, hash);
	printf("matrix: c[0][0] %d, c[%d][%d] %d, checksum %08x\n", mat_c[0][0], MAT_N - 1,
	       MAT_N - 1, mat_c[MAT_N - 1][MAT_N - 1], msum);
	if (count != SIEVE_PRIMES) {
		printf("demo: FAIL (expected %u primes)\n", SIEVE_PRIMES);
		return 1;
	}
	printf("demo: pass\n");
	return 0;
}
