// SPDX-License-Identifier: MIT
/*
 * mtrap.c - the M-mode layer: per-hart start-up (PMP, delegation, counters)
 * and the M-mode trap handler that serves the kernel's ecalls and forwards
 * the machine timer and software interrupts to S-mode.  See sbi.h for the
 * call table.  The layer runs with translation off, on physical addresses.
 */
#include <stdint.h>
#include "osprey_simctl.h"
#include "riscv_csr.h"
#include "sbi.h"

#define FINISHER	0x00100000u	/* SiFive test finisher */
#define CLINT		0x02000000u
#define CLINT_MSIP(h)	(CLINT + 4 * (h))
#define CLINT_MTIMECMP(h) (CLINT + 0x4000 + 8 * (h))
#define UART		0x10000000u
#define UART_LSR	5		/* line status register */
#define UART_LSR_THRE	0x20		/* transmit holding register empty */

#define REG(a)		(*(volatile uint32_t *)(uintptr_t)(a))

extern char kentry[];			/* the kernel's S-mode entry (kernel/entry.S) */

static uint32_t mharts;			/* harts that entered the layer (AMO add) */

static void m_putc(int c)
{
	while (!(*(volatile uint8_t *)(UART + UART_LSR) & UART_LSR_THRE))
		;
	*(volatile uint8_t *)UART = (uint8_t)c;
}

static void m_puts(const char *s)
{
	while (*s)
		m_putc(*s++);
}

static void m_puthex(uint32_t v)
{
	m_puts("0x");
	for (int i = 28; i >= 0; i -= 4)
		m_putc("0123456789abcdef"[(v >> i) & 15]);
}

static void __attribute__((noreturn)) m_shutdown(uint32_t code)
{
	REG(FINISHER) = code ? (code << 16) | 0x3333 : 0x5555;
	for (;;)
		asm volatile("wfi");
}

static void m_set_timer(uint32_t hart, uint32_t lo, uint32_t hi)
{
	/* never let a half-written compare value look like the past */
	REG(CLINT_MTIMECMP(hart) + 4) = 0xffffffffu;
	REG(CLINT_MTIMECMP(hart)) = lo;
	REG(CLINT_MTIMECMP(hart) + 4) = hi;
	csr_clear(mip, MIP_STIP | MIP_SEIP);	/* SEIP: see m_raise() */
	csr_set(mie, MIP_MTIP);
}

/* Per-hart start-up, called from mstart.S before the mret to S-mode. */
void mstart(uint32_t hart)
{
	/* PMP entry 0: NAPOT over all of memory, RWX (S and U may touch everything) */
	csr_write(pmpaddr0, 0xffffffffu);
	csr_write(pmpcfg0, 0x1f);

	csr_write(medeleg, (1u << CAUSE_FETCH_MISALIGNED) | (1u << CAUSE_FETCH_ACCESS) |
				   (1u << CAUSE_ILLEGAL) | (1u << CAUSE_BREAKPOINT) |
				   (1u << CAUSE_LOAD_MISALIGNED) | (1u << CAUSE_LOAD_ACCESS) |
				   (1u << CAUSE_STORE_MISALIGNED) | (1u << CAUSE_STORE_ACCESS) |
				   (1u << CAUSE_ECALL_U) | (1u << CAUSE_FETCH_PAGE) |
				   (1u << CAUSE_LOAD_PAGE) | (1u << CAUSE_STORE_PAGE));
	csr_write(mideleg, MIP_SSIP | MIP_STIP | MIP_SEIP);
	csr_write(mcounteren, 7);	/* cycle, time, instret readable below M */

	REG(CLINT_MSIP(hart)) = 0;
	REG(CLINT_MTIMECMP(hart) + 4) = 0xffffffffu;
	REG(CLINT_MTIMECMP(hart)) = 0xffffffffu;
	csr_write(mie, MIP_MSIP);	/* MTIE is set by the first SBI_SET_TIMER */

	csr_write(satp, 0);
	csr_clear(mstatus, MSTATUS_MPP);
	csr_set(mstatus, MSTATUS_MPP_S);
	csr_write(mepc, (uint32_t)(uintptr_t)kentry);
	__atomic_fetch_add(&mharts, 1, __ATOMIC_RELAXED);
}

uint32_t m_probe_word(uint32_t pa);	/* mstart.S */

/* Reads a device word that may be absent; the trap CSRs survive the fault it may take. */
static uint32_t m_probe(uint32_t pa)
{
	uint32_t epc = csr_read(mepc), cause = csr_read(mcause), tval = csr_read(mtval);
	uint32_t status = csr_read(mstatus), v;

	v = m_probe_word(pa);
	csr_write(mepc, epc);
	csr_write(mcause, cause);
	csr_write(mtval, tval);
	csr_write(mstatus, status);
	return v;
}

static uint32_t m_ecall(uint32_t *r, uint32_t hart)
{
	uint32_t a0 = r[10], a1 = r[11];

	switch (r[17]) {
	case SBI_SET_TIMER:
		m_set_timer(hart, a0, a1);
		return 0;
	case SBI_PUTCHAR:
		m_putc(a0);
		return 0;
	case SBI_SEND_IPI:
		for (uint32_t h = 0; h < MMODE_MAX_HARTS; h++)
			if (a0 & (1u << h))
				REG(CLINT_MSIP(h)) = 1;
		return 0;
	case SBI_SHUTDOWN:
		m_shutdown(a0);
	case SBI_NHARTS:
		return __atomic_load_n(&mharts, __ATOMIC_RELAXED);
	case SBI_PROBE:
		if (a0 - OSPREY_WINDOW_BASE >= OSPREY_WINDOW_SIZE || (a0 & 3))
			return (uint32_t)SBI_ERR;
		return m_probe(a0);
	case SBI_CLOCK_RATIO:
		if (a0 >= MMODE_MAX_HARTS)
			return (uint32_t)SBI_ERR;
		/* The port's registers, where the port is (its ID answers): 0 elsewhere. */
		if (m_probe(SIMCTL_PHYS + SIMCTL_ID) != SIMCTL_ID_VALUE)
			return 0;
		return m_probe(SIMCTL_HART(a0) + SIMCTL_CLOCK_RATIO);
	case SBI_BOOT_FLAGS:
		if (m_probe(SIMCTL_PHYS + SIMCTL_ID) != SIMCTL_ID_VALUE)
			return 0;
		return m_probe(SIMCTL_PHYS + SIMCTL_BOOT_FLAGS);
	}
	return (uint32_t)SBI_ERR;
}

/* Set a supervisor interrupt-pending bit in mip. */
static void m_raise(uint32_t bit)
{
	csr_set(mip, bit);
}

/* r: the 32 saved registers, indexed by register number. */
void mtrap(uint32_t *r)
{
	uint32_t cause = csr_read(mcause), hart = csr_read(mhartid);

	if (cause == (CAUSE_IRQ | IRQ_M_TIMER)) {
		csr_clear(mie, MIP_MTIP);
		m_raise(MIP_STIP);
	} else if (cause == (CAUSE_IRQ | IRQ_M_SOFT)) {
		REG(CLINT_MSIP(hart)) = 0;
		m_raise(MIP_SSIP);
	} else if (cause == CAUSE_ECALL_S) {
		r[10] = m_ecall(r, hart);
		csr_write(mepc, csr_read(mepc) + 4);
	} else {
		m_puts("\nmmode: unexpected trap on hart ");
		m_putc('0' + hart % 10);
		m_puts(": mcause ");
		m_puthex(cause);
		m_puts(" mepc ");
		m_puthex(csr_read(mepc));
		m_puts(" mtval ");
		m_puthex(csr_read(mtval));
		m_puts("\n");
		m_shutdown(0x7f);
	}
}
