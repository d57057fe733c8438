// SPDX-License-Identifier: MIT
/*
 * main.c - kernel start-up.  Hart 0 initializes everything and creates the
 * first process; the other harts wait for `started`, then set up their own
 * paging, trap vector, PLIC context and timer.  Every hart ends in
 * scheduler().  Nothing here reads a1 (QEMU's device tree pointer).
 */
#include "defs.h"
#include "osprey_simctl.h"
#include "proc.h"

char cpu_stacks[NCPU][CPU_STACK_SIZE] __attribute__((aligned(16)));	/* entry.S */

volatile int nharts;		/* harts scheduling (AMO add) */
static volatile int started;	/* hart 0 is done initializing */

void kmain(uint32_t hartid)
{
	struct cpu *c = &cpus[hartid];

	c->id = hartid;
	asm volatile("mv tp, %0" : : "r"(c));
	if (hartid == 0) {
		printf("\nosprey kernel: hart 0 booting\n");
		kinit();
		kvminit();
		kvminithart();
		blk_init();
		simctl_init();
		sched_init();
		kalloc_set_aside((simctl_boot_flags() & SIMCTL_BOOT_SET_ASIDE_MASK) >>
				 SIMCTL_BOOT_SET_ASIDE_SHIFT);
		console_init();
		procinit();
		initlock(&tickslock, "ticks");
		trap_init_hart();
		plic_init();
		plic_init_hart();
		binit();
		if (fs_init() < 0) {
			printf("kernel: no file system at %p; powering off\n", DISK_BASE);
			sbi_shutdown(1);
		}
		userinit();
		printf("osprey kernel: %u free pages\n", kfree_pages());
		__sync_synchronize();
		started = 1;
	} else {
		while (!started)
			;
		__sync_synchronize();
		kvminithart();
		trap_init_hart();
		plic_init_hart();
	}
	clock_init_hart();
	c->online = 1;
	__atomic_fetch_add(&nharts, 1, __ATOMIC_SEQ_CST);
	if (hartid == 0) {
		/*
		 * Without a device tree the number of harts is unknown: wait until
		 * every hart that reached the M-mode layer has checked in and none
		 * has arrived for BOOT_SETTLE_US (QEMU starts its harts lazily).
		 */
		const uint64_t us = TIMEBASE_HZ / 1000000;
		uint64_t now = mtime(), settled = now + BOOT_SETTLE_US * us;
		uint64_t limit = now + BOOT_WAIT_US * us;
		int seen = nharts, entered = sbi_nharts();
		while ((now = mtime()) < limit && (now < settled || nharts < entered)) {
			int e = sbi_nharts();
			if (nharts != seen || e != entered) {
				seen = nharts;
				entered = e;
				settled = now + BOOT_SETTLE_US * us;
			}
		}
		printf("osprey kernel: %d harts online\n", nharts);
	}
	scheduler();
}
