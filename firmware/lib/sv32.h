/* SPDX-License-Identifier: MIT */
/* sv32.h - Sv32 page tables for the test programs that run in S mode. */
#ifndef FW_SV32_H
#define FW_SV32_H

#include <stdint.h>

/* PTE bits (privileged specification, Sv32). */
enum {
	PTE_V = 1 << 0, PTE_R = 1 << 1, PTE_W = 1 << 2, PTE_X = 1 << 3,
	PTE_U = 1 << 4, PTE_G = 1 << 5, PTE_A = 1 << 6, PTE_D = 1 << 7,
};

/* A PTE for the page (or next-level table) at physical address @pa, with @flags. */
static inline uint32_t pte(uintptr_t pa, uint32_t flags)
{
	return (uint32_t)(pa >> 12) << 10 | flags;
}

/*
 * Fills @root's entries for the platform with identity-mapped 4 MiB pages,
 * A and D set: RAM readable, writable and executable; the UART and the test
 * finisher readable and writable.
 */
void sv32_map_platform(uint32_t *root);

#endif /* FW_SV32_H */
