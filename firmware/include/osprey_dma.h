/* SPDX-License-Identifier: MIT */
/*
 * osprey_dma.h - the guest's view of osprey's DMA block-transfer engine
 * (absent on QEMU; the README's platform table is the reference). One
 * 64-byte register block per hart at DMA_PHYS + 64 * hart; the channel's
 * completion interrupt is PLIC source DMA_IRQ(hart).
 */
#ifndef OSPREY_DMA_GUEST_H
#define OSPREY_DMA_GUEST_H

#define OSPREY_WINDOW_PHYS	0x04000000u	/* the osprey devices, a 4 KiB page each */
#define DMA_PHYS		0x04001000u	/* the engine's page */
#define DMA_CHAN(h)		(DMA_PHYS + 64u * (h))

/* Register offsets within a channel's block */
#define DMA_SRC		0x00	/* source physical address */
#define DMA_DST		0x04	/* destination physical address */
#define DMA_LEN		0x08	/* bytes */
#define DMA_CTRL	0x0c	/* write: op | DMA_CTRL_IRQ starts it */
#define DMA_STATUS	0x10	/* busy, done, error, cause; write done/error bits to clear */
#define DMA_ID		0x14	/* reads DMA_ID_VALUE */
#define DMA_GRANULE	0x18	/* src, dst, len must be multiples of it */
#define DMA_MAXLEN	0x1c	/* bytes one operation may move */
#define DMA_SLOTS	0x20	/* lines in flight */

#define DMA_ID_VALUE	0x444d4131u	/* "DMA1" */

#define DMA_OP_COPY	1
#define DMA_OP_ZERO	2
#define DMA_CTRL_IRQ	0x100		/* interrupt at the end */

#define DMA_ST_BUSY	0x1
#define DMA_ST_DONE	0x2
#define DMA_ST_ERR	0x4
#define DMA_ST_CAUSE(s)	(((s) >> 8) & 0xff)

/* Error causes (DMA_ST_CAUSE) */
#define DMA_ERR_OP	1	/* no such operation */
#define DMA_ERR_ALIGN	2	/* src, dst or len not a multiple of the granule */
#define DMA_ERR_LONG	3	/* len above DMA_MAXLEN */
#define DMA_ERR_NOT_RAM	4	/* src or dst outside RAM */
#define DMA_ERR_END	5	/* src or dst runs past the end of RAM */
#define DMA_ERR_OVERLAP	6	/* source and destination overlap */
#define DMA_ERR_BUSY	7	/* started while busy (the running one goes on) */

#define DMA_IRQ(h)	(16 + (h))	/* PLIC source of hart h's channel */

#endif /* OSPREY_DMA_GUEST_H */
