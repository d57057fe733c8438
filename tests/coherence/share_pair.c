// SPDX-License-Identifier: MIT
/*
 * share_pair.c - harts 0 and 1 each add to their own counter, ROUNDS times,
 * with a store the other hart's cache must give up its copy for. Built
 * twice: with the two counters in one line (share_pair: false sharing, and
 * nothing else, since neither hart touches the other's counter until the
 * end) and with each alone in a 64-byte line, the bus's coherence unit
 * (share_apart: no coherence misses on them). tests/coherence/run.sh
 * checks the profile names both counters with their writers. Runs on QEMU
 * too (the totals are the check there).
 */
#include "fw.h"

#define ROUNDS	2000

/* Placed by pair.S: adjacent words of one line, or (APART) a line each. */
extern volatile uint32_t left_count, right_count;
static struct barrier start;

int main(uint32_t hartid)
{
	uint32_t n = harts_join(hartid, 2);

	if (n == 0)
		park();
	barrier_wait(&start, n);
	for (uint32_t i = 0; i < ROUNDS; i++) {
		if (hartid == 0)
			left_count++;
		else
			right_count++;
	}
	barrier_wait(&start, n);
	if (hartid != 0)
		return 0;
	printf("share_pair: harts %u, left %u, right %u\n", n, left_count, right_count);
	return left_count == ROUNDS && right_count == (n > 1 ? ROUNDS : 0) ? 0 : 1;
}
