/* SPDX-License-Identifier: MIT */
/*
 * osprey_simctl.h - the guest's view of osprey's sim-control port: the page
 * at SIMCTL_PHYS in the osprey device window (absent on QEMU, and on osprey
 * unless sys.simctl=on; a kernel finds it with SBI_PROBE of SIMCTL_ID).
 *
 * Through it the kernel tells the simulator what it does - context
 * switches, run-queue changes, migrations, idle periods - for the timeline
 * and the scheduler checker. The port changes nothing in the guest: writes
 * only record, reads return constants: the ID, each hart's clock ratio and
 * the boot flags, which the M-mode layer passes on (SBI_CLOCK_RATIO,
 * SBI_BOOT_FLAGS).
 *
 * One 64-byte block per hart at SIMCTL_HART(h); a hart writes only its own.
 * An event is the arguments (SIMCTL_A0..A2, and for a switch the new
 * process's name in SIMCTL_NAME, 16 bytes, NUL-padded, little-endian words)
 * followed by a write of the event code to SIMCTL_EVENT, which records it
 * at that cycle on that hart.
 */
#ifndef OSPREY_SIMCTL_GUEST_H
#define OSPREY_SIMCTL_GUEST_H

#define SIMCTL_PHYS		0x04000000u	/* the port's page, the window's first */
#define SIMCTL_HART(h)		(SIMCTL_PHYS + 64u * (h))

/* Register offsets within a hart's block */
#define SIMCTL_A0	0x00	/* first argument */
#define SIMCTL_A1	0x04	/* second argument */
#define SIMCTL_A2	0x08	/* third argument */
#define SIMCTL_EVENT	0x0c	/* write: an event code below; records the event */
#define SIMCTL_NAME	0x10	/* 16 bytes: a process name (4 words) */
#define SIMCTL_ID	0x20	/* reads SIMCTL_ID_VALUE (hart 0's block: the probe) */
#define SIMCTL_CLOCK_RATIO 0x24	/* reads the hart's clock ratio: machine cycles per core
				 * cycle (osprey's core.speeds; 1 = full speed) */
#define SIMCTL_BOOT_FLAGS 0x28	/* reads the boot flags (osprey's sys.boot_flags, any block) */

/* Boot flags (SIMCTL_BOOT_FLAGS): what the platform asks of the kernel */
#define SIMCTL_BOOT_ASYM_SCHED	0x1	/* asymmetry-aware scheduling (kernel/sched.c) */
#define SIMCTL_BOOT_CPUTIME	0x2	/* print each process's CPU time at its exit */
/*
 * Bits 15:8: pages the kernel's page allocator sets aside at boot (0-255),
 * before the first process: every page it hands out later lies that many
 * pages lower in RAM. Another count moves where the processes' pages lie,
 * and with them which lines conflict in the caches: the OS-support study's
 * noise floor reruns the baseline under several (experiments/os-supports.exp).
 */
#define SIMCTL_BOOT_SET_ASIDE_SHIFT	8
#define SIMCTL_BOOT_SET_ASIDE_MASK	0xff00u

#define SIMCTL_ID_VALUE	0x4c544353u	/* "SCTL" */
#define SIMCTL_NAME_LEN	16

/* Event codes (SIMCTL_EVENT) and their arguments */
#define SIMCTL_EV_SWITCH	1	/* A0 old pid, A1 new pid, NAME new's name (pid 0: none) */
#define SIMCTL_EV_ENQUEUE	2	/* A0 pid, A1 queue's hart, A2 queue length after */
#define SIMCTL_EV_DEQUEUE	3	/* A0 pid, A1 queue's hart, A2 queue length after */
#define SIMCTL_EV_MIGRATE	4	/* A0 pid, A1 from hart, A2 to hart */
#define SIMCTL_EV_IDLE_ENTER	5	/* the hart waits for work (wfi) */
#define SIMCTL_EV_IDLE_EXIT	6	/* ... and stopped waiting */
#define SIMCTL_EV_MAX		6

#endif /* OSPREY_SIMCTL_GUEST_H */
