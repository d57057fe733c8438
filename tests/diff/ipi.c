// SPDX-License-Identifier: MIT
/*
 * ipi.c - machine software interrupts through the CLINT msip registers on
 * 4 harts.  A single token travels 0 -> 1 -> 2 -> 3 -> 0 for ROUNDS rounds,
 * each hip an IPI; since only the token holder sends, the order in which the
 * harts are visited is fixed and is printed.  Also: a hart interrupting
 * itself, and msip read back.  The wake-up IPIs after the last round may or
 * may not be taken, depending on timing, so they are not counted.
 */
#include "fw.h"

#define NHARTS	4	/* harts the test needs */
#define ROUNDS	8	/* trips of the token around the ring */

static volatile uint32_t visits[NHARTS];	/* token arrivals per hart */
static volatile uint32_t order[NHARTS * ROUNDS + 8];	/* hart ids in token order */
static volatile uint32_t norder;		/* entries in order[]; only the holder writes */
static volatile uint32_t done;			/* set by hart 0 after the last round */
static volatile uint32_t self_irq;		/* hart 0's interrupt to itself */
static volatile uint32_t other;			/* traps that were not IPIs */
static struct barrier bar;

static void handler(struct trap_frame *f)
{
	uint32_t h = hart_id();

	if (f->cause != (CAUSE_IRQ | IRQ_M_SOFT)) {
		amoadd_w(&other, 1);
		f->epc += 4;
		return;
	}
	clint_set_msip(h, 0);
	if (h == 0 && !self_irq) {
		self_irq = 1;
		return;
	}
	if (done)	/* the wake-up after the last round */
		return;
	visits[h]++;
	order[norder] = h;
	norder = norder + 1;
	fence();
	if (h == 0 && visits[0] == ROUNDS) {
		done = 1;
		fence();
		return;
	}
	clint_set_msip((h + 1) % NHARTS, 1);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, NHARTS);

	if (!n)
		return 0;
	if (n != NHARTS) {
		printf("ipi: only %u harts arrived\n", n);
		return 1;
	}
	if (h == 0)
		trap_set_mhandler(handler);
	barrier_wait(&bar, n);
	csr_write(mie, MIP_MSIP);
	csr_set(mstatus, MSTATUS_MIE);
	barrier_wait(&bar, n);	/* everyone can take IPIs now */

	if (h == 0) {
		clint_set_msip(0, 1);	/* to itself: taken at once */
		while (!self_irq)
			;
		printf("self IPI taken: %u, msip now %u\n", self_irq, clint_msip(0));
		clint_set_msip(1, 1);	/* start the token */
	}
	/*
	 * Look at done with interrupts off, then wait: an IPI that comes after
	 * the look is pending, so the WFI returns at once and it is taken when
	 * they are on again. (Looking with them on, an IPI taken between the
	 * look and the WFI, whose handler set done, left hart 0 in the WFI for
	 * ever: a quantum of 143 or 144 cycles in functional mode had it.)
	 */
	for (;;) {
		csr_clear(mstatus, MSTATUS_MIE);
		if (done)
			break;
		wfi();
		csr_set(mstatus, MSTATUS_MIE);
	}
	if (h == 0) {	/* wake the others from wfi so they see done */
		for (uint32_t i = 1; i < n; i++)
			clint_set_msip(i, 1);
	}
	csr_clear(mstatus, MSTATUS_MIE);
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;

	printf("token visits:");
	for (int i = 0; i < NHARTS; i++)
		printf(" hart%d=%u", i, visits[i]);
	printf("\norder:");
	for (uint32_t i = 0; i < norder; i++)
		printf(" %u", order[i]);
	printf("\nother traps %u\n", other);
	for (int i = 0; i < NHARTS; i++)
		if (visits[i] != ROUNDS)
			return 1;
	if (norder != NHARTS * ROUNDS || other)
		return 1;
	printf("ipi: pass\n");
	return 0;
}
