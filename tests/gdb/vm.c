// SPDX-License-Identifier: MIT
/*
 * vm.c - a program that runs with translation on, for the debugger's
 * virtual and physical memory access (tests/gdb/run.sh). Hart 0 maps RAM
 * twice with Sv32 megapages, at its own address and at ALIAS_BASE, maps
 * the low 4 MiB (the test finisher) too, and drops to S-mode in s_main.
 * There s_work reads `marker` through the alias: what a debugger wrote at
 * the alias's virtual address is what it finds. It exits through the
 * finisher: pass when marker holds MARKER_WANT.
 */
#include "fw.h"

#define ALIAS_BASE	0x40000000u	/* VA of RAM's second mapping */
#define MARKER_WANT	77u		/* what the debugger stores through the alias */
#define PTE_LEAF	0xcfu		/* V R W X A D */
#define FINISHER_PASS	0x5555u
#define FINISHER_FAIL	0x3333u

/* The root page table: three megapage leaves. */
static uint32_t root[1024] __attribute__((aligned(4096)));
volatile uint32_t marker = 5;

/* Reads marker through its alias (a function to break in, in S-mode). */
__attribute__((noinline)) uint32_t s_work(void)
{
	volatile uint32_t *alias = (volatile uint32_t *)((uintptr_t)&marker - RAM_BASE + ALIAS_BASE);

	return *alias;
}

__attribute__((noreturn)) static void s_main(void)
{
	volatile uint32_t *finisher = (volatile uint32_t *)FINISHER_BASE;
	uint32_t v = s_work();

	*finisher = v == MARKER_WANT ? FINISHER_PASS : (v << 16) | FINISHER_FAIL;
	for (;;)
		;
}

int main(uint32_t hartid)
{
	if (hartid != 0)
		park();
	root[RAM_BASE >> 22] = ((RAM_BASE >> 12) << 10) | PTE_LEAF;
	root[ALIAS_BASE >> 22] = ((RAM_BASE >> 12) << 10) | PTE_LEAF;
	root[0] = PTE_LEAF;	/* 0 .. 4 MiB: the finisher */
	pmp_allow_all();
	csr_write(satp, 0x80000000u | ((uintptr_t)root >> 12));
	sfence_vma();
	csr_write(mepc, (uintptr_t)s_main);
	csr_clear(mstatus, MSTATUS_MPP);
	csr_set(mstatus, MSTATUS_MPP_S);
	asm volatile("mret");
	return 1;
}
