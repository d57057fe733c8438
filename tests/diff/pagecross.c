// SPDX-License-Identifier: MIT
/*
 * pagecross.c - code that runs across page boundaries, for osprey's
 * functional loop, which checks the page of the next pc only where the
 * place of an instruction in its page says it can leave the page: a loop
 * whose body straddles two pages, entered by a jal within its page, with a
 * branch in the last word of a page (taken into the next page, or falling
 * through into it), a jal to another page and the jalr back, a branch back
 * into the previous page, a load in the last word of a page and an add that
 * falls through into a third page. It runs twice: in M mode, where the
 * pages follow each other in RAM, and in S mode from copies of the pages
 * that Sv32 maps in the same order at CODE_VA but that lie apart in RAM,
 * between pages of other code (a run that took the wrong next page would
 * run that code and get another checksum). The checksums are compared with
 * the same computation in C; QEMU must print the same.
 */
#include "fw.h"
#include "sv32.h"

#define ITERATIONS 1000
#define CODE_VA 0x40000000u	/* the S-mode run's three code pages */
#define SYS_EXIT 93

uint32_t pagecross(uint32_t n, uint32_t *word);

/*
 * Three pages of their own section; .org places the instructions at the
 * page offsets named in the comments. pagecross(n, word): a0 = n (the loop
 * runs n times, n > 0), a1 = a word of scratch memory; returns the checksum.
 */
asm(".pushsection .text.pagecross, \"ax\", @progbits\n"
    ".option push\n"
    ".option norelax\n"		/* the offsets must stay as written */
    ".balign 4096\n"
    ".globl pagecross\n"
    "pagecross:\n"			/* page A */
    "	li t0, 0\n"
    "	j 2f\n"				/* a jal within page A */
    "add5:\n"
    "	addi t0, t0, 5\n"
    "	jr t4\n"			/* jalr back to page B */
    ".org 0xfe8\n"
    "2:	addi t0, t0, 3\n"		/* A + 0xfe8: the loop */
    "	xor t0, t0, a0\n"
    "	slli t2, t0, 1\n"
    "	add t0, t0, t2\n"
    "	andi t2, t0, 4\n"
    "	beqz t2, 1f\n"			/* A + 0xffc: taken into page B, or not */
    "	addi t0, t0, 7\n"		/* page B */
    "1:	sw t0, 0(a1)\n"
    "	lw t2, 0(a1)\n"
    "	add t0, t0, t2\n"
    "	jal t4, add5\n"			/* a jal to page A */
    "	addi a0, a0, -1\n"
    "	bnez a0, 2b\n"			/* a branch back to page A */
    "	j 3f\n"
    ".org 0x1ff8\n"
    "3:	addi t0, t0, 1\n"		/* B + 0xff8 */
    "	lw t2, 0(a1)\n"			/* B + 0xffc: a load in a page's last word */
    "	add t0, t0, t2\n"		/* page C */
    "	mv a0, t0\n"
    "	ret\n"
    ".option pop\n"
    ".popsection\n");

/* pagecross in C. */
static uint32_t model(uint32_t n)
{
	uint32_t t0 = 0, word = 0;

	do {
		t0 += 3;
		t0 ^= n;
		t0 += t0 << 1;
		if (t0 & 4)
			t0 += 7;
		word = t0;
		t0 += word;
		t0 += 5;
	} while (--n);
	return t0 + 1 + word;
}

static uint32_t root[1024] __attribute__((aligned(4096)));
static uint32_t l1[1024] __attribute__((aligned(4096)));
/*
 * The copies of pages A, B and C in phys[3], phys[1] and phys[5]; the
 * others hold "addi t0, t0, 0x123" in every word.
 */
static uint32_t phys[7][1024] __attribute__((aligned(4096)));
static const int copy_of[3] = { 3, 1, 5 };
static uint8_t sstack[4096] __attribute__((aligned(16)));
static struct mode_ctx mctx;
static uint32_t word;
static uint32_t scattered_sum;	/* the S-mode run's checksum */

#define ADDI_T0_T0_0X123 0x12328293u

static void mhandler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_S && f->regs[REG_A7] == SYS_EXIT)
		mode_return(&mctx, 0);
	printf("unexpected M trap: cause %x tval %x epc %x\n", f->cause, f->tval, f->epc);
	exit_fail(99);
}

static void s_main(uint32_t arg)
{
	uint32_t (*f)(uint32_t, uint32_t *) = (uint32_t (*)(uint32_t, uint32_t *))CODE_VA;

	(void)arg;
	csr_write(satp, SATP_MODE_SV32 | (uint32_t)root >> 12);
	sfence_vma();
	scattered_sum = f(ITERATIONS, &word);
	asm volatile("li a7, %0; ecall" : : "i"(SYS_EXIT) : "a7", "memory");
}

/* The run in S mode from the scattered copies; returns its checksum. */
static uint32_t run_scattered(void)
{
	const uint32_t *code = (const uint32_t *)(uintptr_t)pagecross;

	sv32_map_platform(root);
	root[CODE_VA >> 22] = pte((uintptr_t)l1, PTE_V);
	for (int p = 0; p < 7; p++)
		for (int j = 0; j < 1024; j++)
			phys[p][j] = ADDI_T0_T0_0X123;
	for (int i = 0; i < 3; i++) {
		memcpy(phys[copy_of[i]], code + i * 1024, 4096);
		l1[i] = pte((uintptr_t)phys[copy_of[i]], PTE_V | PTE_R | PTE_X | PTE_A);
	}
	asm volatile("fence.i" ::: "memory");
	trap_set_mhandler(mhandler);
	pmp_allow_all();
	mode_run(&mctx, PRV_S, s_main, (uint32_t)(sstack + sizeof(sstack)), 0);
	csr_write(satp, 0);
	sfence_vma();
	return scattered_sum;
}

int main(uint32_t h)
{
	uint32_t flat, scattered, want = model(ITERATIONS);

	if (h != 0)
		return 0;
	flat = pagecross(ITERATIONS, &word);
	printf("code across pages, M mode: %08x %s\n", flat, flat == want ? "ok" : "FAIL");
	scattered = run_scattered();
	printf("code across pages apart in RAM, S mode: %08x %s\n", scattered,
	       scattered == want ? "ok" : "FAIL");
	return flat != want || scattered != want;
}
