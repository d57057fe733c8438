// SPDX-License-Identifier: MIT
/*
 * smc_ahead.c - a store into the straight-line code that is running, two
 * instructions ahead of it, without fence.i: osprey sees every store to code
 * at once, so the store's own run executes the new word, however many
 * instructions the hart runs per turn (sys.quantum) and in timing mode. Not a
 * differential test: the ISA leaves this open without fence.i, and QEMU runs
 * the old word (it keeps the block it translated). Slot s of a code page
 * holds "sw a1, 8(a0); nop; li a0, old; ret" and is called with its own
 * address in a0 and "li a0, new" in a1; every slot's decoded entry has held
 * older code. Prints one line; exits 1 if the old word ran.
 */
#include "fw.h"

#define SLOTS		64		/* functions in the code page, 64 bytes apart */
#define SLOT_WORDS	16
#define ROUNDS		20		/* rewrites of every slot */

#define RET		0x00008067u	/* jalr x0, 0(ra) */
#define SW_A1_8_A0	0x00b52423u	/* sw a1, 8(a0) */
#define NOP		0x00000013u	/* addi x0, x0, 0 */

static uint32_t code[1024] __attribute__((aligned(4096)));

/* addi a0, zero, v (v < 2048) */
static uint32_t li_a0(uint32_t v)
{
	return v << 20 | 10u << 7 | 0x13u;
}

int main(uint32_t h)
{
	int bad = 0;

	if (h != 0)
		return 0;
	for (int r = 0; r < ROUNDS; r++) {
		for (int s = 0; s < SLOTS; s++) {
			uint32_t *f = &code[s * SLOT_WORDS];

			f[0] = SW_A1_8_A0;
			f[1] = NOP;
			f[2] = li_a0(2 * (uint32_t)(r * SLOTS + s) % 2000 + 1);	/* must not run */
			f[3] = RET;
		}
		asm volatile("fence.i" ::: "memory");
		for (int s = 0; s < SLOTS; s++) {
			uintptr_t f = (uintptr_t)&code[s * SLOT_WORDS];
			uint32_t want = 2 * (uint32_t)(r * SLOTS + s) % 2000 + 2, got;

			asm volatile("mv a0, %1; mv a1, %2; jalr ra, 0(%1); mv %0, a0"
				     : "=r"(got)
				     : "r"(f), "r"(li_a0(want))
				     : "a0", "a1", "ra", "memory");
			if (got != want) {
				printf("round %d slot %d ran %u, expected %u\n", r, s, got, want);
				bad = 1;
			}
		}
	}
	printf("a store into the code it runs into: %s\n", bad ? "FAIL" : "ok");
	return bad;
}
