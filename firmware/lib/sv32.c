// SPDX-License-Identifier: MIT
/* sv32.c - Sv32 page tables for the test programs that run in S mode. */
#include "sv32.h"

#include "platform.h"

#define MEGAPAGE 0x400000u	/* bytes a root entry maps */

/* The root entry of identity-mapped @pa with @flags: its megapage, aligned. */
static void map_identity(uint32_t *root, uint32_t pa, uint32_t flags)
{
	root[pa / MEGAPAGE] = pte(pa & ~(MEGAPAGE - 1), flags);
}

void sv32_map_platform(uint32_t *root)
{
	const uint32_t rw = PTE_V | PTE_R | PTE_W | PTE_A | PTE_D;

	for (uint32_t a = RAM_BASE; a - RAM_BASE < RAM_SIZE; a += MEGAPAGE)
		map_identity(root, a, rw | PTE_X);
	map_identity(root, UART_BASE, rw);
	map_identity(root, FINISHER_BASE, rw);
}
