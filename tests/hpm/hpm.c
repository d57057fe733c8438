// SPDX-License-Identifier: MIT
/*
 * hpm.c - the hardware performance counters against the statistics. Hart
 * 0 programs mhpmcounter3..31 with events FIRST_EVENT.. (one each; events
 * past the table must read back as 0), counting in U and S mode only
 * (mhpmeventNh.MINH), runs a piece of work in S-mode that misses in the
 * caches, branches, divides and traps, and back in M-mode prints every
 * counter: "hpm COUNTER EVENT HIGH LOW". tests/hpm/run.sh compares each with
 * the U+S total of the event's statistic in the run's --stats file: M-mode
 * (this printing) does not count, so they must be equal.
 */
#include "fw.h"

#ifndef FIRST_EVENT
#define FIRST_EVENT 1
#endif

#define WORDS	(64 * 1024 / 4)	/* twice the largest L1D of the presets */

static volatile uint32_t data[WORDS] __attribute__((aligned(64)));
static uint32_t s_stack[1024] __attribute__((aligned(16)));
static struct mode_ctx ctx;

/* csrw/csrr of a CSR numbered at run time: one case per counter. */
#define CASE_W(n, base) case n: asm volatile("csrw %0, %1" : : "i"(base + n), "r"(v)); break;
#define CASE_R(n, base) case n: asm volatile("csrr %0, %1" : "=r"(v) : "i"(base + n)); break;
#define CASES(X, base) \
	X(3, base) X(4, base) X(5, base) X(6, base) X(7, base) X(8, base) X(9, base) \
	X(10, base) X(11, base) X(12, base) X(13, base) X(14, base) X(15, base) X(16, base) \
	X(17, base) X(18, base) X(19, base) X(20, base) X(21, base) X(22, base) X(23, base) \
	X(24, base) X(25, base) X(26, base) X(27, base) X(28, base) X(29, base) X(30, base) \
	X(31, base)

static void csr_w(int base, int n, uint32_t v)
{
	switch (base) {
	case 0x320: switch (n) { CASES(CASE_W, 0x320) } break;	/* mhpmeventN */
	case 0x720: switch (n) { CASES(CASE_W, 0x720) } break;	/* mhpmeventNh */
	case 0xb00: switch (n) { CASES(CASE_W, 0xb00) } break;	/* mhpmcounterN */
	case 0xb80: switch (n) { CASES(CASE_W, 0xb80) } break;	/* mhpmcounterNh */
	}
}

static uint32_t csr_r(int base, int n)
{
	uint32_t v = 0;

	switch (base) {
	case 0x320: switch (n) { CASES(CASE_R, 0x320) } break;
	case 0xb00: switch (n) { CASES(CASE_R, 0xb00) } break;
	case 0xb80: switch (n) { CASES(CASE_R, 0xb80) } break;
	case 0xc00: switch (n) { CASES(CASE_R, 0xc00) } break;	/* hpmcounterN, as S reads it */
	}
	return v;
}

static volatile uint32_t s_seen;	/* what S-mode read through hpmcounter3 */

/* S-mode: sweeps, dependent divides, unpredictable branches, a trap. */
static void work(uint32_t arg)
{
	uint32_t sum = arg, x = 12345;

	for (int pass = 0; pass < 3; pass++)
		for (uint32_t i = 0; i < WORDS; i += 4) {
			data[i] += i;
			sum += data[(i * 7) & (WORDS - 1)];
			x = x * 1103515245u + 12345;
			if (x & 0x100)
				sum /= (x | 1) % 7 + 1;
		}
	s_seen = csr_r(0xc00, 3);
	data[0] = sum;
	asm volatile("ecall");
}

static void on_mtrap(struct trap_frame *f)
{
	if (f->cause == 9)	/* ecall from S */
		mode_return(&ctx, 0);
	printf("hpm: unexpected trap cause %u at %08x\n", f->cause, f->epc);
	exit_fail(98);
}

/* mcountinhibit freezes a counter; clearing it lets the count go on from there. */
static int check_inhibit(void)
{
	uint32_t a, b, c;

	csr_w(0x320, 3, 2);		/* instructions retired */
	csr_w(0x720, 3, 0);		/* in every mode */
	csr_write(mcountinhibit, 1u << 3);
	a = csr_r(0xb00, 3);
	for (volatile int i = 0; i < 100; i++)
		;
	b = csr_r(0xb00, 3);
	csr_w(0xb00, 3, 1000);		/* written while frozen: reads back as written */
	c = csr_r(0xb00, 3);
	csr_write(mcountinhibit, 0);
	for (volatile int i = 0; i < 100; i++)
		;
	if (a != b || c != 1000 || csr_r(0xb00, 3) < 1300) {
		printf("hpm: inhibit: %u then %u frozen, %u after writing 1000, then %u\n", a, b, c,
		       csr_r(0xb00, 3));
		return 3;
	}
	return 0;
}

int main(uint32_t hartid)
{
	if (hartid != 0)
		park();
	trap_set_mhandler(on_mtrap);
	pmp_allow_all();	/* S-mode may use all of memory */
	csr_write(mcounteren, 0xffffffffu);
	for (int n = 3; n < 32; n++) {
		csr_w(0x320, n, FIRST_EVENT + n - 3);
		csr_w(0x720, n, 1u << 30);	/* MINH: not in M-mode */
		csr_w(0xb00, n, 0);
		csr_w(0xb80, n, 0);
	}
	mode_run(&ctx, PRV_S, work, (uint32_t)&s_stack[1024], 7);
	for (int n = 3; n < 32; n++) {
		uint32_t hi = csr_r(0xb80, n), lo = csr_r(0xb00, n);

		printf("hpm %d %u %u %u\n", n, csr_r(0x320, n), hi, lo);
	}
	printf("hpm s-read %u\n", s_seen);
	return check_inhibit();
}
