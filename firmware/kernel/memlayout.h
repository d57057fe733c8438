/* SPDX-License-Identifier: MIT */
/*
 * memlayout.h - physical devices and where the kernel maps them.
 *
 * Every address space (the kernel's and each process's) shares the upper
 * half: RAM identity-mapped with 4 MiB megapages at 0x80000000-0x88000000
 * (kernel, free pages, disk window) and the devices at 0xF0000000 and up,
 * because their physical addresses fall in the user half (abi.h: user space
 * is everything below USER_LIMIT = 0x80000000).
 */
#ifndef KERNEL_MEMLAYOUT_H
#define KERNEL_MEMLAYOUT_H

#define RAM_BASE	0x80000000u

#define UART_PHYS	0x10000000u
#define CLINT_PHYS	0x02000000u
#define PLIC_PHYS	0x0c000000u

#define OSPREY_PHYS	0x04000000u	/* osprey's own devices (absent on QEMU) */

#define UART_VA		0xf0000000u	/* one megapage each */
#define CLINT_VA	0xf0400000u
#define PLIC_VA		0xf0800000u
#define OSPREY_VA	0xf0c00000u

#define DMA_VA		(OSPREY_VA + 0x1000)	/* the DMA engine's page (osprey_dma.h) */

#define CLINT_MTIME	(CLINT_VA + 0xbff8)

#define PLIC_PRIORITY(irq)	(PLIC_VA + 4 * (irq))
#define PLIC_SENABLE(h)		(PLIC_VA + 0x2000 + 0x80 * (2 * (h) + 1))
#define PLIC_STHRESHOLD(h)	(PLIC_VA + 0x200000 + 0x1000 * (2 * (h) + 1))
#define PLIC_SCLAIM(h)		(PLIC_VA + 0x200004 + 0x1000 * (2 * (h) + 1))

#define UART_IRQ	10

#endif
