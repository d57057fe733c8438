// SPDX-License-Identifier: MIT
/*
 * smc.c - code that changes under the harts' decoded-instruction caches.
 * Each case writes small functions (li a0, value; ret) into RAM, runs them,
 * and checks that the new code ran, not what a cache may still hold:
 *   1. a hart rewrites its own code, with fence.i before running it;
 *   2. the same without fence.i (osprey and QEMU both see every store to
 *      code at once: the expected values are theirs, not the ISA's promise);
 *   3. hart 1 writes the code, hart 0 runs it after a barrier and fence.i;
 *   4. in S mode under Sv32, one virtual page mapped in turn to two physical
 *      pages holding different code (sfence.vma and fence.i between);
 *   5. two harts at once in two functions 256 KiB apart (ALIAS_DISTANCE),
 *      whose instructions share their entries in osprey's decoded-instruction
 *      cache, which the harts share: hart 1's loads miss in the caches, and
 *      while one waits, hart 0 runs the other function's instruction at the
 *      same place; hart 1 must still run its load.
 * Each case rewrites its functions many times over the 64 slots of a code
 * page, so that every slot's decoded entry has held older code. Prints one
 * line per case; exits 1 on a wrong value.
 */
#include "fw.h"
#include "sv32.h"


#define SLOTS		64		/* functions per code page, 64 bytes apart */
#define SLOT_WORDS	16
#define ROUNDS		20		/* rewrites of every slot per case */
#define CODE_VA		0x40000000u	/* case 4's virtual code page */
#define SYS_EXIT	93

#define RET		0x00008067u	/* jalr x0, 0(ra) */

/*
 * Case 5: osprey's decoded-instruction cache has 65536 entries indexed by
 * pc / 4 (DECODE_CACHE_ENTRIES, model/sys/param.h), so code 256 KiB apart
 * shares its entries. Two loops of the same shape: alias_load(sum, p, n)
 * adds the words at p, p + 64, ... (n of them) to sum; alias_other(acc, p,
 * n) adds 8 to acc n times, with other instructions where alias_load has
 * its load and add. alias_other's loop is long (154 instructions), so that
 * hart 1 mostly finds its load's entry as it left it (osprey's quick path)
 * and hart 0 comes by it only now and then, in some of the waits.
 */
#define ALIAS_DISTANCE	(256u * 1024)
#define ALIAS_STRIDE	64		/* bytes between the loaded words: a line each */
#define ALIAS_WORDS	16384		/* 1 MiB of lines: beyond the L1D and the L2 */
#define ALIAS_ROUNDS	3
uint32_t alias_load(uint32_t sum, const uint32_t *p, uint32_t n);
uint32_t alias_other(uint32_t acc, const uint32_t *p, uint32_t n);
asm(".section .text.alias, \"ax\"\n"
    ".balign 64\n"
    "alias_load:\n"
    "1:	lw t0, 0(a1)\n"
    "	add a0, a0, t0\n"
    "	addi a1, a1, 64\n"
    "	addi a2, a2, -1\n"
    "	bnez a2, 1b\n"
    "	ret\n"
    ".skip 262144 - (. - alias_load)\n"
    "alias_other:\n"
    "1:	addi a0, a0, 3\n"
    "	addi a0, a0, 5\n"
    "	.rept 150\n"
    "	addi a3, a3, 1\n"
    "	.endr\n"
    "	addi a2, a2, -1\n"
    "	bnez a2, 1b\n"
    "	ret\n"
    ".text\n");

/* The code pages: case 1-3 use code[0]; case 4 maps CODE_VA to code[1] or code[2]. */
static uint32_t code[3][1024] __attribute__((aligned(4096)));
static uint32_t root[1024] __attribute__((aligned(4096)));
static uint32_t l1[1024] __attribute__((aligned(4096)));
static uint8_t sstack[8192] __attribute__((aligned(16)));
static struct mode_ctx mctx;
static struct barrier bar;
static volatile uint32_t bad;
static uint32_t alias_data[ALIAS_WORDS * ALIAS_STRIDE / 4];
static volatile uint32_t alias_done;

/* addi a0, zero, v (v < 2048) */
static uint32_t li_a0(uint32_t v)
{
	return v << 20 | 10u << 7 | 0x13u;
}

/* Writes "li a0, v; ret" into slot @s of page @p. */
static void write_slot(uint32_t *p, int s, uint32_t v)
{
	p[s * SLOT_WORDS] = li_a0(v);
	p[s * SLOT_WORDS + 1] = RET;
}

static uint32_t call_at(uintptr_t addr)
{
	return ((uint32_t (*)(void))addr)();
}

static void fence_i(void)
{
	asm volatile("fence.i" ::: "memory");
}

/* The value slot @s holds in round @r of case @c: distinct across them. */
static uint32_t value(int c, int r, int s)
{
	return (uint32_t)(c * 500 + r * 23 + s) % 2000 + 1;
}

static void check(const char *what, int c, int r, int s, uint32_t got)
{
	if (got != value(c, r, s)) {
		printf("%s: round %d slot %d ran %u, expected %u\n", what, r, s, got,
		       value(c, r, s));
		bad = 1;
	}
}

/* Cases 1 and 2: hart 0 rewrites and runs its own code, with or without fence.i. */
static void own_code(int c, int with_fence)
{
	for (int r = 0; r < ROUNDS; r++) {
		for (int s = 0; s < SLOTS; s++)
			write_slot(code[0], s, value(c, r, s));
		if (with_fence)
			fence_i();
		for (int s = 0; s < SLOTS; s++)
			check(with_fence ? "fence.i" : "no fence.i", c, r, s,
			      call_at((uintptr_t)&code[0][s * SLOT_WORDS]));
	}
	printf("case %d, own code %s fence.i: %s\n", c, with_fence ? "with" : "without",
	       bad ? "FAIL" : "ok");
}

/* Case 3: hart 1 writes, hart 0 runs. */
static void other_hart(uint32_t h, int c)
{
	barrier_wait(&bar, 2);	/* hart 0 is done with code[0]'s cases 1 and 2 */
	for (int r = 0; r < ROUNDS; r++) {
		if (h == 1)
			for (int s = 0; s < SLOTS; s++)
				write_slot(code[0], s, value(c, r, s));
		barrier_wait(&bar, 2);
		if (h == 0) {
			fence_i();
			for (int s = 0; s < SLOTS; s++)
				check("other hart", c, r, s,
				      call_at((uintptr_t)&code[0][s * SLOT_WORDS]));
		}
		barrier_wait(&bar, 2);
	}
	if (h == 0)
		printf("case %d, code written by another hart: %s\n", c, bad ? "FAIL" : "ok");
}

/* Case 5: hart 1 sums alias_data through alias_load while hart 0 runs alias_other. */
static void shared_entries(uint32_t h, int c)
{
	const uint32_t words = ALIAS_STRIDE / 4;

	if ((uintptr_t)alias_other - (uintptr_t)alias_load != ALIAS_DISTANCE) {
		printf("case %d: the functions are not %u bytes apart\n", c, ALIAS_DISTANCE);
		bad = 1;
	}
	if (h == 1)
		for (uint32_t i = 0; i < ALIAS_WORDS; i++)
			alias_data[i * words] = i + 1;
	barrier_wait(&bar, 2);
	if (h == 1) {
		uint32_t want = ALIAS_WORDS / 2 * (ALIAS_WORDS + 1);

		for (int r = 0; r < ALIAS_ROUNDS; r++) {
			uint32_t got = alias_load(0, alias_data, ALIAS_WORDS);

			if (got != want) {
				printf("shared entries: round %d summed %u, expected %u\n", r, got,
				       want);
				bad = 1;
			}
		}
		alias_done = 1;
	} else {
		/* How often it runs depends on the machine (QEMU's threads): nothing is printed of it. */
		while (!alias_done) {
			uint32_t got = alias_other(0, alias_data, 64);

			if (got != 8 * 64) {
				printf("shared entries: the other code gave %u, expected %u\n", got,
				       8 * 64);
				bad = 1;
			}
		}
	}
	barrier_wait(&bar, 2);
	if (h == 0)
		printf("case %d, two harts in code that shares decoded entries: %s\n", c,
		       bad ? "FAIL" : "ok");
}

/* Case 4, in S mode: CODE_VA alternates between code[1] and code[2]. */
static void s_remap(uint32_t c)
{
	const uint32_t x = PTE_V | PTE_R | PTE_X | PTE_A;

	csr_write(satp, SATP_MODE_SV32 | (uint32_t)root >> 12);
	sfence_vma();
	for (int r = 0; r < ROUNDS; r++) {
		int page = 1 + (r & 1);

		for (int s = 0; s < SLOTS; s++)
			write_slot(code[page], s, value((int)c, r, s));
		l1[0] = pte((uintptr_t)code[page], x);
		sfence_vma();
		fence_i();
		for (int s = 0; s < SLOTS; s++)
			check("remapped page", (int)c, r, s,
			      call_at(CODE_VA + (uintptr_t)s * SLOT_WORDS * 4));
	}
	asm volatile("mv a0, zero; li a7, %0; ecall" : : "i"(SYS_EXIT) : "a0", "a7");
}

static void mhandler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_S && f->regs[REG_A7] == SYS_EXIT)
		mode_return(&mctx, f->regs[REG_A0]);
	printf("unexpected M trap: cause %x tval %x epc %x\n", f->cause, f->tval, f->epc);
	exit_fail(99);
}

static void remapped_page(int c)
{
	sv32_map_platform(root);
	root[CODE_VA >> 22] = pte((uintptr_t)l1, PTE_V);
	trap_set_mhandler(mhandler);
	pmp_allow_all();
	mode_run(&mctx, PRV_S, s_remap, (uint32_t)(sstack + sizeof(sstack)), (uint32_t)c);
	csr_write(satp, 0);
	sfence_vma();
	printf("case %d, a page remapped to other code: %s\n", c, bad ? "FAIL" : "ok");
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2);

	if (!n)
		return 0;	/* harts past the second park */
	if (h == 0) {
		own_code(1, 1);
		own_code(2, 0);
	}
	if (n == 2) {
		other_hart(h, 3);
		shared_entries(h, 5);
	}
	if (h != 0)
		return 0;
	if (n < 2)
		printf("cases 3 and 5 need 2 harts\n");
	remapped_page(4);
	return bad;
}
