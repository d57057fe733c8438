// SPDX-License-Identifier: MIT
/*
 * timer.c - the CLINT machine timer on one hart: periodic interrupts taken
 * while waiting in wfi, a pending-but-disabled interrupt that wakes wfi
 * without a trap and is taken as soon as mstatus.MIE is set, and vectored
 * mtvec (the timer must enter at base + 4 * 7).  Only counts and causes are
 * printed, never times.
 */
#include "fw.h"

#define TICKS	500	/* mtime ticks between interrupts (50 us) */
#define NTIMER	5	/* interrupts in the periodic phase */

static volatile uint32_t nirq;		/* timer interrupts handled */
static volatile uint32_t rearm;		/* interrupts the handler still re-arms for */
static volatile uint32_t last_cause;	/* mcause of the last one */
static volatile uint32_t other;		/* traps that were not timer interrupts */
volatile uint32_t vectored;		/* entries through vector slot 7 (asm uses it) */

static void handler(struct trap_frame *f)
{
	if (f->cause != (CAUSE_IRQ | IRQ_M_TIMER)) {
		other++;
		last_cause = f->cause;
		f->epc += 4;
		return;
	}
	nirq++;
	last_cause = f->cause;
	if (rearm) {
		rearm--;
		clint_set_mtimecmp(0, clint_mtime() + TICKS);
	} else {
		clint_set_mtimecmp(0, ~0ull);	/* one-shot */
	}
}

void mtrap_entry(void);
void vec_bad(void);

/* Vector table: slot 7 (machine timer) counts and enters the common path. */
asm(".section .text\n"
    ".balign 256\n"
    ".globl vec_table\n"
    "vec_table:\n"
    ".rept 7\n"
    "	j vec_bad\n"
    ".endr\n"
    "	j vec_timer\n"
    ".rept 24\n"
    "	j vec_bad\n"
    ".endr\n"
    "vec_timer:\n"
    "	csrw mscratch, sp\n"	/* borrow: mtrap_entry swaps it back */
    "	la sp, vectored\n"
    "	amoadd.w zero, sp, (sp)\n"	/* any nonzero increment will do */
    "	csrr sp, mscratch\n"
    "	j vec_restore\n"
    ".globl vec_bad\n"
    "vec_bad:\n"
    "	li t0, 0x100000\n"
    "	li t1, (98 << 16) | 0x3333\n"	/* fail with 98 */
    "	sw t1, 0(t0)\n"
    "1:	j 1b\n");

/* mscratch was borrowed above; put the trap stack back, then the common entry. */
uint32_t trap_stack_top;	/* the M trap stack, for vec_restore */
asm(".section .text\n"
    "vec_restore:\n"
    "	csrw mscratch, sp\n"
    "	la sp, trap_stack_top\n"
    "	lw sp, 0(sp)\n"
    "	csrrw sp, mscratch, sp\n"	/* mscratch = trap stack, sp = original */
    "	j mtrap_entry\n");
extern char vec_table[];

int main(uint32_t h)
{
	int bad = 0;

	if (h != 0)
		return 0;
	trap_set_mhandler(handler);
	clint_set_mtimecmp(0, ~0ull);

	/* 1: periodic interrupts while in wfi */
	csr_write(mie, MIP_MTIP);
	rearm = NTIMER - 1;
	clint_set_mtimecmp(0, clint_mtime() + TICKS);
	while (nirq < NTIMER)
		wfi_take_m();
	printf("periodic: %u interrupts, mcause %08x, other traps %u\n", nirq, last_cause, other);
	bad |= nirq != NTIMER || other;

	/* 2: pending while mstatus.MIE = 0: wfi returns, no trap until MIE is set */
	nirq = 0;
	clint_set_mtimecmp(0, clint_mtime() + TICKS);
	while (!(csr_read(mip) & MIP_MTIP))
		wfi();
	uint32_t before = nirq;

	csr_set(mstatus, MSTATUS_MIE);
	asm volatile("nop");
	csr_clear(mstatus, MSTATUS_MIE);
	printf("masked: mip.MTIP seen, traps while masked %u, after enabling %u\n", before, nirq);
	bad |= before != 0 || nirq != 1;

	/* 3: mtimecmp in the future clears MTIP */
	clint_set_mtimecmp(0, clint_mtime() + 100000000ull);
	printf("mip.MTIP after moving mtimecmp: %u\n", !!(csr_read(mip) & MIP_MTIP));
	bad |= !!(csr_read(mip) & MIP_MTIP);

	/* 4: vectored mode */
	trap_stack_top = csr_read(mscratch);
	csr_write(mtvec, (uint32_t)vec_table | 1);
	printf("mtvec mode: %u\n", csr_read(mtvec) & 3);
	nirq = 0;
	clint_set_mtimecmp(0, clint_mtime() + TICKS);
	while (nirq < 1)
		wfi_take_m();
	printf("vectored: %u interrupt, via slot 7: %s\n", nirq, vectored ? "yes" : "NO");
	bad |= nirq != 1 || !vectored;
	trap_init_m();

	/* 5: mie.MTIE = 0: the interrupt stays pending in mip, no trap */
	csr_write(mie, 0);
	clint_set_mtimecmp(0, clint_mtime() + TICKS);
	csr_set(mstatus, MSTATUS_MIE);
	while (!(csr_read(mip) & MIP_MTIP))
		;
	csr_clear(mstatus, MSTATUS_MIE);
	printf("MTIE=0: pending %u, traps %u\n", !!(csr_read(mip) & MIP_MTIP), nirq - 1);
	bad |= nirq != 1;
	clint_set_mtimecmp(0, ~0ull);

	if (bad)
		return 1;
	printf("timer: pass\n");
	return 0;
}
