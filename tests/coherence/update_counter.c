// SPDX-License-Identifier: MIT
/*
 * update_counter.c - four harts add to one counter in turn, each ROUNDS
 * times: hart h waits (reading the counter) until the count modulo the
 * harts is h, then stores count + 1 (a plain load and store: the turn is
 * the lock). The counter lies alone
 * on a selective-update page: without translation, the range of osprey's
 * CSRs mupdbase/mupdlimit (0x7c1/0x7c2) with mpfctl bit 1. With
 * coh.selective_update=on every store to it is broadcast (BusUpd) and every
 * copy stays: after the first reads the counter's line takes no coherence
 * miss (tests/coherence/run.sh checks the profile names no such line);
 * with it off, the same program ping-pongs the line. On QEMU the CSRs are
 * absent: the illegal-instruction trap is skipped and the total is the check.
 */
#include "fw.h"

#define ROUNDS	500

extern volatile uint32_t upd_counter;	/* update.S */
extern uint8_t upd_page[];
static struct barrier bar;
static volatile uint32_t csr_missing;	/* a CSR write trapped: not osprey */

/* M-mode traps: only the CSR writes may trap, as illegal instructions. */
static void on_trap(struct trap_frame *f)
{
	if (f->cause != 2) {
		printf("update_counter: unexpected trap, cause %u at 0x%08x\n", f->cause, f->epc);
		exit_fail(3);
	}
	csr_missing = 1;
	f->epc += 4;
}

/* Enables selective update on this hart for upd_page's 4 KiB. */
static void enable_update(void)
{
	uint32_t base = (uint32_t)(uintptr_t)upd_page;

	__asm__ volatile("csrw 0x7c1, %0" : : "r"(base));
	__asm__ volatile("csrw 0x7c2, %0" : : "r"(base + 4096));
	__asm__ volatile("csrs 0x7c0, %0" : : "r"(2));
}

int main(uint32_t hartid)
{
	uint32_t n = harts_join(hartid, 4);

	if (n == 0)
		park();
	trap_set_mhandler(on_trap);
	enable_update();
	barrier_wait(&bar, n);
	for (uint32_t i = 0; i < ROUNDS; i++) {
		while (upd_counter % n != hartid)
			;
		upd_counter = upd_counter + 1;
	}
	barrier_wait(&bar, n);
	if (hartid != 0)
		return 0;
	printf("update_counter: harts %u, total %u of %u\n", n, upd_counter, n * ROUNDS);
	return upd_counter == n * ROUNDS ? 0 : 1;
}
