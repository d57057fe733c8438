// SPDX-License-Identifier: MIT
/* sbi.c - calls into the M-mode layer (firmware/mmode/sbi.h has the table). */
#include "defs.h"
#include "sbi.h"

static uint32_t sbi_call(uint32_t nr, uint32_t a0, uint32_t a1)
{
	register uint32_t r0 asm("a0") = a0;
	register uint32_t r1 asm("a1") = a1;
	register uint32_t r7 asm("a7") = nr;

	asm volatile("ecall" : "+r"(r0) : "r"(r1), "r"(r7) : "memory");
	return r0;
}

void sbi_set_timer(uint64_t deadline)
{
	sbi_call(SBI_SET_TIMER, (uint32_t)deadline, (uint32_t)(deadline >> 32));
}

void sbi_putchar(int c)
{
	sbi_call(SBI_PUTCHAR, (uint32_t)c, 0);
}

void sbi_send_ipi(uint32_t hartmask)
{
	sbi_call(SBI_SEND_IPI, hartmask, 0);
}

void sbi_shutdown(int code)
{
	sbi_call(SBI_SHUTDOWN, (uint32_t)code, 0);
	for (;;)
		asm volatile("wfi");
}

int sbi_nharts(void)
{
	return (int)sbi_call(SBI_NHARTS, 0, 0);
}

uint32_t sbi_probe(uint32_t pa)
{
	return sbi_call(SBI_PROBE, pa, 0);
}

uint32_t sbi_clock_ratio(int hart)
{
	return sbi_call(SBI_CLOCK_RATIO, (uint32_t)hart, 0);
}

uint32_t sbi_boot_flags(void)
{
	return sbi_call(SBI_BOOT_FLAGS, 0, 0);
}
