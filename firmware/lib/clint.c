// SPDX-License-Identifier: MIT
/* clint.c - CLINT register access (SiFive layout, as on QEMU virt). */
#include "clint.h"
#include "platform.h"

enum {
	CLINT_MSIP = 0x0000,		/* 4 bytes per hart */
	CLINT_MTIMECMP = 0x4000,	/* 8 bytes per hart */
	CLINT_MTIME = 0xbff8,		/* 8 bytes */
};

#define CLINT_REG(off) ((volatile uint32_t *)(CLINT_BASE + (off)))

uint64_t clint_mtime(void)
{
	uint32_t hi, lo;

	/* re-read if the low word wrapped between the two reads */
	do {
		hi = *CLINT_REG(CLINT_MTIME + 4);
		lo = *CLINT_REG(CLINT_MTIME);
	} while (hi != *CLINT_REG(CLINT_MTIME + 4));
	return ((uint64_t)hi << 32) | lo;
}

void clint_set_mtimecmp(uint32_t hart, uint64_t when)
{
	volatile uint32_t *cmp = CLINT_REG(CLINT_MTIMECMP + 8 * hart);

	/* high word to the maximum first, so no spurious interrupt in between */
	cmp[1] = 0xffffffff;
	cmp[0] = (uint32_t)when;
	cmp[1] = (uint32_t)(when >> 32);
}

void clint_set_msip(uint32_t hart, uint32_t val)
{
	*CLINT_REG(CLINT_MSIP + 4 * hart) = val & 1;
}

uint32_t clint_msip(uint32_t hart)
{
	return *CLINT_REG(CLINT_MSIP + 4 * hart) & 1;
}
