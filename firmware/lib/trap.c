// SPDX-License-Identifier: MIT
/* trap.c - trap dispatch to the installed handlers; per-hart trap stacks. */
#include "csr.h"
#include "finisher.h"
#include "platform.h"
#include "trap.h"
#include "uart.h"

void mtrap_entry(void);
void strap_entry(void);
void mtrap_dispatch(struct trap_frame *f);
void strap_dispatch(struct trap_frame *f);

/* Installed handlers; written before the traps they handle can happen. */
static trap_handler_fn mhandler, shandler;

/* Per-hart trap stacks, one for each of M and S mode; in .noinit: not cleared at boot. */
static uint8_t mtrap_stacks[FW_MAX_HARTS][1 << FW_TSTACK_SHIFT]
	__attribute__((aligned(16), section(".noinit")));
static uint8_t strap_stacks[FW_MAX_HARTS][1 << FW_TSTACK_SHIFT]
	__attribute__((aligned(16), section(".noinit")));

void trap_set_mhandler(trap_handler_fn fn)
{
	mhandler = fn;
	fence();
}

void trap_set_shandler(trap_handler_fn fn)
{
	shandler = fn;
	fence();
}

void trap_init_m(void)
{
	uint32_t h = hart_id();

	csr_write(mscratch, (uint32_t)mtrap_stacks[h + 1]);
	csr_write(mtvec, (uint32_t)mtrap_entry);
}

/* S mode cannot read mhartid, so the S stack is chosen by tp, set by start.c. */
void trap_init_s(void)
{
	uint32_t h;

	asm volatile("mv %0, tp" : "=r"(h));
	csr_write(sscratch, (uint32_t)strap_stacks[h + 1]);
	csr_write(stvec, (uint32_t)strap_entry);
}

/* printf without its lock, which the code that trapped may hold */
static void raw_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void unexpected(const char *mode, struct trap_frame *f)
{
	uint32_t h;

	asm volatile("mv %0, tp" : "=r"(h));
	raw_printf("unexpected trap to %s mode: hart %u cause %x epc %x tval %x\n", mode, h,
		   f->cause, f->epc, f->tval);
	exit_fail(99);
}

void mtrap_dispatch(struct trap_frame *f)
{
	if (mhandler)
		mhandler(f);
	else
		unexpected("M", f);
}

void strap_dispatch(struct trap_frame *f)
{
	if (shandler)
		shandler(f);
	else
		unexpected("S", f);
}
