// SPDX-License-Identifier: MIT
/*
 * spin_ipi.c - what running ahead (sys.run_ahead, model/cpu/core.c) must not
 * change: where an interrupt lands in a loop of register-only instructions,
 * which a core runs ahead of the others. Hart 1 counts in a loop that reads
 * no memory while hart 0 raises its software interrupt (a device access: a
 * store to the CLINT); hart 1's handler notes minstret, the instruction the
 * interrupt came before, and hart 0 prints it. Two rounds:
 *   - hart 0 waits a while, spinning on mcycle;
 *   - hart 0 sleeps in WFI until its timer fires, and the other harts sleep
 *     in WFI throughout: hart 1 then runs ahead past the cycles another
 *     core's device access would bound (ahead_horizon), and only the
 *     timer's event (the machine's bound) keeps it short of the IPI.
 * The figures depend on timing, so this is no differential test: `make
 * ahead-check` runs it with running ahead off and on, and the two runs'
 * output and statistics must be the same.
 */
#include "fw.h"

#define SPINS	200000	/* hart 1's loop: about 3 instructions each */
#define WAIT	30000	/* cycles hart 0 waits before the first round's IPI */
#define TICKS	1500	/* mtime ticks hart 0 sleeps before the second's */

static volatile uint32_t taken_at;	/* hart 1's minstret in its handler, 0 before */
static volatile uint32_t counted;	/* hart 1's loop is over */
static volatile uint32_t timer_fired;	/* hart 0's timer came */
static volatile uint32_t done;		/* the sleepers may go */
static struct barrier bar;

static void handler(struct trap_frame *f)
{
	uint32_t h = hart_id();

	if (f->cause == (CAUSE_IRQ | IRQ_M_TIMER)) {
		clint_set_mtimecmp(h, ~0ull);
		timer_fired = 1;
		return;
	}
	if (f->cause != (CAUSE_IRQ | IRQ_M_SOFT)) {
		f->epc += 4;
		return;
	}
	clint_set_msip(h, 0);
	if (h == 1)
		taken_at = csr_read(minstret);
}

/* Hart 1's round: the loop, with the software interrupt enabled. */
static void count(void)
{
	uint32_t spins = SPINS;

	csr_write(mie, MIP_MSIP);
	csr_set(mstatus, MSTATUS_MIE);
	/* The count stays in a register: the loop reads and writes no memory. */
	__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(spins));
	csr_clear(mstatus, MSTATUS_MIE);
	counted = 1;
}

/* One round on hart @h of @n; @sleep: hart 0 and the others wait in WFI. The IPI's minstret. */
static uint32_t round_of(uint32_t h, uint32_t n, int sleep)
{
	uint32_t at;

	taken_at = counted = timer_fired = done = 0;
	barrier_wait(&bar, n);
	if (h == 1) {
		count();
	} else if (h == 0) {
		if (sleep) {
			csr_write(mie, MIP_MTIP);
			clint_set_mtimecmp(0, clint_mtime() + TICKS);
			while (!timer_fired)
				wfi_take_m();
		} else {
			uint32_t start = csr_read(mcycle);

			while (csr_read(mcycle) - start < WAIT)
				;
		}
		clint_set_msip(1, 1);
		while (!taken_at && !counted)
			;
		done = 1;
		for (uint32_t i = 2; sleep && i < n; i++)
			clint_set_msip(i, 1);
	} else if (sleep) {
		csr_write(mie, MIP_MSIP);
		while (!done)
			wfi_take_m();
	}
	at = taken_at;
	barrier_wait(&bar, n);
	return at;
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2), spun, slept;

	if (n < 2) {
		if (h == 0)
			printf("spin_ipi: needs 2 harts\n");
		return h == 0;
	}
	if (h == 0)
		trap_set_mhandler(handler);
	spun = round_of(h, n, 0);
	slept = round_of(h, n, 1);
	if (h != 0)
		return 0;
	printf("spin_ipi: hart 1 took the IPI at minstret %u\n", spun);
	printf("spin_ipi: with hart 0 woken by its timer, at minstret %u\n", slept);
	return !spun || !slept;
}
