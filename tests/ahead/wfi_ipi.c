// SPDX-License-Identifier: MIT
/*
 * wfi_ipi.c - a core runs ahead while every other core sleeps in WFI, and
 * so past the cycles another core's device access would bound
 * (model/cpu/core.c, ahead_horizon): what wakes a sleeping core must still
 * bound the run. Hart 1 counts in a loop that reads no memory. Hart 0 sets
 * its timer a while ahead and sleeps in WFI until it fires, then raises hart
 * 1's software interrupt (a store to the CLINT); the other harts sleep in
 * WFI throughout. While hart 0 sleeps, only the timer's event (the
 * machine's bound) keeps hart 1's run short of the IPI. Hart 1's handler
 * notes minstret, the instruction the interrupt came before; hart 0 prints
 * it and wakes the sleepers. The figure depends on timing, so this is no
 * differential test: `make ahead-check` runs it with running ahead off and
 * on, and the two runs' output and statistics must be the same.
 */
#include "fw.h"

#define SPINS	200000	/* hart 1's loop: about 3 instructions each */
#define TICKS	1500	/* mtime ticks hart 0 sleeps before the IPI */

static volatile uint32_t taken_at;	/* hart 1's minstret in its handler, 0 before */
static volatile uint32_t timer_fired;	/* hart 0's timer came */
static volatile uint32_t done;		/* the sleepers may go */
static volatile uint32_t counted;	/* hart 1's loop is over */
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

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2);

	if (n < 2) {
		if (h == 0)
			printf("wfi_ipi: needs 2 harts\n");
		return h == 0;
	}
	if (h == 0)
		trap_set_mhandler(handler);
	barrier_wait(&bar, n);
	if (h == 1) {
		uint32_t spins = SPINS;

		csr_write(mie, MIP_MSIP);
		csr_set(mstatus, MSTATUS_MIE);
		/* The count stays in a register: the loop reads and writes no memory. */
		__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(spins));
		csr_clear(mstatus, MSTATUS_MIE);
		counted = 1;
	} else if (h == 0) {
		csr_write(mie, MIP_MTIP);
		clint_set_mtimecmp(0, clint_mtime() + TICKS);
		while (!timer_fired)
			wfi_take_m();
		clint_set_msip(1, 1);
		while (!taken_at && !counted)
			;
		done = 1;
		for (uint32_t i = 2; i < n; i++)
			clint_set_msip(i, 1);
	} else {
		csr_write(mie, MIP_MSIP);
		while (!done)
			wfi_take_m();
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	printf("wfi_ipi: hart 1 took the IPI at minstret %u\n", taken_at);
	return taken_at == 0;
}
