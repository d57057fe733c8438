/* SPDX-License-Identifier: MIT */
/*
 * sbi.h - the interface between the M-mode layer and the kernel.
 *
 * The kernel runs in S-mode and reaches the M-mode layer with `ecall`:
 * the call number in a7, arguments in a0 and a1, the result in a0 (0 or a
 * value on success, SBI_ERR on an unknown call).  Every other register is
 * preserved.  This is SBI-like but not SBI: the numbers are our own.
 *
 *   call            a0              a1             effect
 *   SBI_SET_TIMER   deadline low    deadline high  arm this hart's timer for mtime >= deadline
 *                                                  and clear its pending supervisor timer
 *                                                  interrupt (sip.STIP)
 *   SBI_PUTCHAR     byte            -              write one byte to the UART (polled)
 *   SBI_SEND_IPI    hart mask       -              raise a supervisor software interrupt
 *                                                  (sip.SSIP) on every hart in the mask
 *   SBI_SHUTDOWN    exit code       -              power off through the test finisher:
 *                                                  0 passes (0x5555), else (code<<16)|0x3333
 *   SBI_NHARTS      -               -              returns how many harts entered the layer
 *   SBI_PROBE       physical addr   -              the word at that address in the osprey
 *                                                  device window (0x04000000-0x043fffff),
 *                                                  or 0 if reading it faults (the device is
 *                                                  absent, as on QEMU); SBI_ERR outside
 *   SBI_CLOCK_RATIO hart id         -              that hart's clock ratio: machine cycles
 *                                                  per core cycle (1 = full speed, 2 = half);
 *                                                  0 when the platform does not say (no
 *                                                  sim-control port: QEMU, or osprey without
 *                                                  sys.simctl=on); SBI_ERR past the harts
 *   SBI_BOOT_FLAGS  -               -              the platform's boot flags for the kernel
 *                                                  (osprey_simctl.h: SIMCTL_BOOT_*), 0 when
 *                                                  the platform has none
 *
 * Interrupt forwarding: the machine timer interrupt (MTI) is turned into a
 * supervisor timer interrupt (mip.STIP set, MTIE masked until the next
 * SBI_SET_TIMER); a machine software interrupt (the CLINT msip an IPI wrote)
 * is turned into a supervisor software interrupt (mip.SSIP set, msip
 * cleared).  The kernel clears sip.SSIP itself.
 *
 * Delegated to S-mode at start-up: every exception except ecall from S
 * (misaligned, access faults, illegal instruction, breakpoint, ecall from U,
 * page faults) and the supervisor software, timer and external interrupts.
 * PMP entry 0 is NAPOT over the whole address space with RWX.
 *
 * Every hart enters the kernel at `kentry` in S-mode with a0 = hart id,
 * satp = 0 and interrupts disabled.
 */
#ifndef OSPREY_SBI_H
#define OSPREY_SBI_H

#define SBI_SET_TIMER	0
#define SBI_PUTCHAR	1
#define SBI_SEND_IPI	2
#define SBI_SHUTDOWN	3
#define SBI_NHARTS	4
#define SBI_PROBE	5
#define SBI_CLOCK_RATIO	6
#define SBI_BOOT_FLAGS	7

#define OSPREY_WINDOW_BASE	0x04000000u	/* the devices SBI_PROBE may read */
#define OSPREY_WINDOW_SIZE	0x00400000u

#define SBI_ERR		(-1)

#define MMODE_MAX_HARTS	16	/* harts the layer starts; others park in wfi */
#define MSTACK_SHIFT	11	/* log2 of each hart's M-mode stack (2 KiB) */

#endif /* OSPREY_SBI_H */
