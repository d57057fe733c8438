// SPDX-License-Identifier: MIT
/*
 * The single-hart functional benchmark that `make bench` runs on osprey and
 * on QEMU alike: the sieve of Eratosthenes up to SIEVE_LIMIT, SIEVE_PASSES
 * times (about 600 M instructions). Both machines have the test finisher at
 * 0x100000 and start hart 0 at 0x80000000 with its id in a0, so the same ELF
 * runs on both. Each pass checks its prime count: a wrong count exits with
 * status 1 through the finisher (0x3333 | status << 16), a right one passes
 * (0x5555). Other harts, if any, return to start.S and wait.
 */
#include <stdint.h>

#define FINISHER ((volatile uint32_t *)0x00100000)
#define SIEVE_LIMIT 1000000
#define SIEVE_PASSES 40
#define PRIMES_BELOW_LIMIT 78498	/* pi(10^6) */

static uint8_t composite[SIEVE_LIMIT];

/* One pass: clears the table, crosses out multiples, counts what is left. */
static uint32_t sieve_pass(void)
{
	uint32_t count = 0;

	for (uint32_t i = 0; i < SIEVE_LIMIT; i++)
		composite[i] = 0;
	for (uint32_t p = 2; p * p < SIEVE_LIMIT; p++)
		if (!composite[p])
			for (uint32_t k = p * p; k < SIEVE_LIMIT; k += p)
				composite[k] = 1;
	for (uint32_t i = 2; i < SIEVE_LIMIT; i++)
		count += !composite[i];
	return count;
}

void bench_main(uint32_t hart)
{
	if (hart != 0)
		return;
	for (int pass = 0; pass < SIEVE_PASSES; pass++)
		if (sieve_pass() != PRIMES_BELOW_LIMIT)
			*FINISHER = 0x3333 | (1u << 16);
	*FINISHER = 0x5555;
}
