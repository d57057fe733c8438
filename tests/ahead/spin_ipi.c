// SPDX-License-Identifier: MIT
/*
 * spin_ipi.c - what running ahead (sys.run_ahead, model/cpu/core.c) must not
 * change: where an interrupt lands in a loop of register-only instructions,
 * which a core runs ahead of the others. Hart 1 counts in a loop that reads
 * no memory while hart 0 waits a while, then raises hart 1's software
 * interrupt (a device access: a store to the CLINT). Hart 1's handler notes
 * minstret, the instruction the interrupt came before; hart 0 prints it.
 * The figure depends on timing, so this is no differential test: `make
 * ahead-check` runs it with running ahead off and on, and the two runs'
 * output and statistics must be the same.
 */
#include "fw.h"

#define SPINS	200000	/* hart 1's loop: about 3 instructions each */
#define WAIT	30000	/* cycles hart 0 waits before the IPI */

static volatile uint32_t taken_at;	/* hart 1's minstret in its handler, 0 before */
static struct barrier bar;

static void handler(struct trap_frame *f)
{
	if (f->cause != (CAUSE_IRQ | IRQ_M_SOFT)) {
		f->epc += 4;
		return;
	}
	clint_set_msip(hart_id(), 0);
	taken_at = csr_read(minstret);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, 2);

	if (n < 2) {
		if (h == 0)
			printf("spin_ipi: needs 2 harts\n");
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
	} else if (h == 0) {
		uint32_t start = csr_read(mcycle);

		while (csr_read(mcycle) - start < WAIT)
			;
		clint_set_msip(1, 1);
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	printf("spin_ipi: hart 1 took the IPI at minstret %u\n", taken_at);
	return taken_at == 0;
}
