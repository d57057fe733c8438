// SPDX-License-Identifier: MIT
/*
 * ratio.c - one instruction stream for the clock-ratio test. Hart 0 runs a
 * piece of work twice (ALU, multiplies, divides, loads with their uses,
 * stores, branches; the first pass misses) and prints what the passes took:
 * "hpm EVENT VALUE" for the events of events[] (osprey --hpm-events numbers
 * them), then "ratio mcycle C mtime T sum S". tests/asym/check.py runs it on
 * a core at ratio 1 and at ratio 2: the same instructions, accesses, misses,
 * and core cycles but for the waits on misses (the L2, bus and memory keep
 * the machine clock); mtime (the platform's time) sees ratio machine cycles
 * per core cycle.
 */
#include "fw.h"

#define WORDS	1024	/* 4 KiB: fits every L1D */

static volatile uint32_t data[WORDS] __attribute__((aligned(64)));

/* instructions, cycles, loads, stores, branches, mispredicts, the waits on misses
 * (L1I, L1D, bus), the other stalls, L1I/L1D/L2 accesses and misses */
static const uint32_t events[] = { 2, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23,
				   24, 27, 28 };
#define NEVENTS (sizeof(events) / sizeof(events[0]))

/* csrw/csrr of mhpmevent/mhpmcounter 3 + n, n known at run time. */
#define EV_W(n) case n: asm volatile("csrw %0, %1" : : "i"(0x323 + n), "r"(v)); break;
#define CT_R(n) case n: asm volatile("csrr %0, %1" : "=r"(v) : "i"(0xb03 + n)); break;
#define CASES(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
	X(13) X(14) X(15) X(16) X(17)

static void event_set(uint32_t n, uint32_t v)
{
	switch (n) { CASES(EV_W) }
}

static uint32_t counter(uint32_t n)
{
	uint32_t v = 0;

	switch (n) { CASES(CT_R) }
	return v;
}

static uint32_t work(uint32_t seed)
{
	uint32_t sum = seed, x = 12345;

	for (uint32_t i = 0; i < WORDS; i++) {
		data[i] += i;
		sum += data[(i * 7) & (WORDS - 1)];
		x = x * 1103515245u + 12345;
		if (x & 0x100)
			sum /= (x | 1) % 7 + 1;
	}
	return sum;
}

int main(uint32_t hartid)
{
	uint32_t c0, c1, sum, count[NEVENTS];
	uint64_t t0, t1;

	if (hartid != 0)
		park();
	csr_write(mcountinhibit, ~7u);	/* the event counters wait; mcycle runs */
	for (uint32_t n = 0; n < NEVENTS; n++)
		event_set(n, events[n]);
	for (uint32_t n = 0; n < NEVENTS; n++)
		count[n] = counter(n);	/* from here on, differences */
	t0 = clint_mtime();
	c0 = csr_read(mcycle);
	csr_write(mcountinhibit, 0);
	sum = work(1);		/* cold: fills the L1s */
	sum += work(sum);	/* warm */
	csr_write(mcountinhibit, ~7u);
	c1 = csr_read(mcycle);
	t1 = clint_mtime();
	for (uint32_t n = 0; n < NEVENTS; n++)
		count[n] = counter(n) - count[n];
	for (uint32_t n = 0; n < NEVENTS; n++)
		printf("hpm %u %u\n", events[n], count[n]);
	printf("ratio mcycle %u mtime %u sum %u\n", c1 - c0, (uint32_t)(t1 - t0), sum);
	return 0;
}
