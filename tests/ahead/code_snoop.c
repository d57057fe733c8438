// SPDX-License-Identifier: MIT
/*
 * code_snoop.c - what running ahead (sys.run_ahead, model/cpu/core.c) must
 * not change: when a snoop takes away a line of code a core is running.
 * Hart 1 runs a loop of register-only instructions that jumps from line to
 * line (the fetch unit's redirects, each an L1I access). One of those
 * lines also holds a data word, code_word, which hart 0 writes again and
 * again: each store asks for the line owned, and the bus's grant
 * invalidates hart 1's L1I copy, so that hart 1's next fetch from it
 * misses. A core running ahead makes its L1I accesses only in cycles
 * before the bus's next possible grant; without that bound, hart 1 would
 * hit the line after the grant that took it away. The figures printed
 * depend on timing, so this is no differential test: `make ahead-check`
 * runs it with running ahead off and on, and the two runs' output and
 * statistics must be the same.
 */
#include "fw.h"

#define LAPS	40000	/* hart 1's laps of the loop: 7 instructions each */
#define STORES	2000	/* hart 0's stores to code_word */
#define GAP	40	/* cycles hart 0 waits between them */

/*
 * spin_lines(laps): the loop, over three lines whatever the L1I's line
 * size (up to 128 bytes); code_word shares the second with two
 * instructions. Returns 0.
 */
__asm__(".text\n"
	".globl spin_lines\n"
	".balign 128\n"
	"spin_lines:\n"
	"1:	addi a0, a0, -1\n"
	"	addi a1, a1, 1\n"
	"	j 2f\n"
	".balign 128\n"
	".globl code_word\n"
	"code_word:\n"
	"	.word 0\n"
	"2:	addi a1, a1, 2\n"
	"	j 3f\n"
	".balign 128\n"
	"3:	xor a2, a2, a1\n"
	"	bnez a0, 1b\n"
	"	ret\n");

uint32_t spin_lines(uint32_t laps);
extern volatile uint32_t code_word;

static struct barrier bar;
static volatile uint32_t hart1_cycles;	/* hart 1's cycles in its loop */

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2);

	if (n < 2) {
		if (h == 0)
			printf("code_snoop: needs 2 harts\n");
		return h == 0;
	}
	barrier_wait(&bar, n);
	if (h == 1) {
		uint32_t start = csr_read(mcycle);

		spin_lines(LAPS);
		hart1_cycles = csr_read(mcycle) - start;
	} else if (h == 0) {
		for (uint32_t i = 1; i <= STORES; i++) {
			uint32_t start = csr_read(mcycle);

			code_word = i;
			while (csr_read(mcycle) - start < GAP)
				;
		}
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	printf("code_snoop: hart 1 ran its loop in %u cycles; code_word %u\n", hart1_cycles,
	       code_word);
	return code_word != STORES;
}
