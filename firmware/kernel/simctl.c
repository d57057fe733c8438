// SPDX-License-Identifier: MIT
/*
 * simctl.c - scheduling events for osprey's sim-control port
 * (osprey_simctl.h): context switches, run-queue changes, migrations and
 * idle periods, for the simulator's timeline and scheduler checker.
 *
 * The port is probed once at boot; where it is absent (QEMU, or osprey
 * without sys.simctl) every report is one load and branch on a flag that
 * never changes, and nothing else happens. The port records and never
 * answers, so the kernel behaves the same with it or without.
 */
#include "defs.h"
#include "memlayout.h"
#include "proc.h"
#include "osprey_simctl.h"
#include "sbi.h"

/* Set once at boot by simctl_init, read-only afterwards. */
static int simctl_present;

#define SIMCTL_VA	(OSPREY_VA + (SIMCTL_PHYS - OSPREY_PHYS))
#define SIMCTL_REG(h, r) (*(volatile uint32_t *)(uintptr_t)(SIMCTL_VA + 64u * (h) + (r)))

void simctl_init(void)
{
	simctl_present = sbi_probe(SIMCTL_PHYS + SIMCTL_ID) == SIMCTL_ID_VALUE;
}

/* Writes an event's arguments, then its code, into this hart's block. */
static void report(uint32_t code, uint32_t a0, uint32_t a1, uint32_t a2)
{
	int h;

	if (!simctl_present)
		return;
	push_off();	/* the whole event from one hart's block */
	h = cpuid();
	SIMCTL_REG(h, SIMCTL_A0) = a0;
	SIMCTL_REG(h, SIMCTL_A1) = a1;
	SIMCTL_REG(h, SIMCTL_A2) = a2;
	SIMCTL_REG(h, SIMCTL_EVENT) = code;
	pop_off();
}

void simctl_switch(struct proc *old, struct proc *new)
{
	int h;

	if (!simctl_present)
		return;
	push_off();
	h = cpuid();
	if (new) {
		/* the name a word at a time, little-endian, NUL-padded */
		for (int w = 0; w < SIMCTL_NAME_LEN / 4; w++) {
			uint32_t v = 0;

			for (int b = 0; b < 4; b++)
				v |= (uint32_t)(uint8_t)new->name[4 * w + b] << (8 * b);
			SIMCTL_REG(h, SIMCTL_NAME + 4 * w) = v;
		}
	}
	SIMCTL_REG(h, SIMCTL_A0) = old ? (uint32_t)old->pid : 0;
	SIMCTL_REG(h, SIMCTL_A1) = new ? (uint32_t)new->pid : 0;
	SIMCTL_REG(h, SIMCTL_EVENT) = SIMCTL_EV_SWITCH;
	pop_off();
}

void simctl_enqueue(struct proc *p, int queue, int len)
{
	report(SIMCTL_EV_ENQUEUE, (uint32_t)p->pid, (uint32_t)queue, (uint32_t)len);
}

void simctl_dequeue(struct proc *p, int queue, int len)
{
	report(SIMCTL_EV_DEQUEUE, (uint32_t)p->pid, (uint32_t)queue, (uint32_t)len);
}

void simctl_migrate(struct proc *p, int from, int to)
{
	report(SIMCTL_EV_MIGRATE, (uint32_t)p->pid, (uint32_t)from, (uint32_t)to);
}

void simctl_idle(int entering)
{
	report(entering ? SIMCTL_EV_IDLE_ENTER : SIMCTL_EV_IDLE_EXIT, 0, 0, 0);
}

/*
 * The platform's word to the kernel and the harts' clock ratios come from
 * the M-mode layer (SBI_BOOT_FLAGS, SBI_CLOCK_RATIO), which reads them from
 * this port. They are asked only where the port is: elsewhere the answer
 * is 0 anyway, and the kernel's boot stays as it was.
 */
uint32_t simctl_boot_flags(void)
{
	return simctl_present ? sbi_boot_flags() : 0;
}

/* Hart @hart's clock ratio (machine cycles per core cycle), 0 when unknown. */
uint32_t simctl_clock_ratio(int hart)
{
	uint32_t r = simctl_present ? sbi_clock_ratio(hart) : 0;

	return r == (uint32_t)SBI_ERR ? 0 : r;
}
