/* SPDX-License-Identifier: MIT */
/*
 * Ports of the DMA block-transfer engine (mem/dma.h; its RTL twin will take
 * the same names with _i/_o suffixes). One cycle's inputs and outputs; the
 * engine's registered state (channels, line slots) is in struct dma_state.
 * Data never moves through the ports: the engine says which bytes to take
 * from the source and when to put them at the destination, and the system
 * around it (dev/dmactl.c) moves them in the backing memory.
 */
#ifndef OSPREY_DMA_IF_H
#define OSPREY_DMA_IF_H

#include <stdint.h>

/* Operations a channel performs (its CTRL register's op field). */
enum dma_op {
	DMA_OP_NONE = 0,
	DMA_OP_COPY = 1,	/* len bytes from src to dst */
	DMA_OP_ZERO = 2,	/* len zero bytes to dst */
};

/* Why a request was refused (the STATUS register's cause field). */
enum dma_cause {
	DMA_OK = 0,
	DMA_ERR_OP = 1,		/* the op field is none of enum dma_op */
	DMA_ERR_ALIGN = 2,	/* src, dst or len is not a multiple of the granule */
	DMA_ERR_LONG = 3,	/* len is more than the engine's maximum */
	DMA_ERR_NOT_RAM = 4,	/* src or dst starts outside RAM (device space) */
	DMA_ERR_END = 5,	/* src or dst runs past the end of RAM */
	DMA_ERR_OVERLAP = 6,	/* the source and destination ranges overlap */
	DMA_ERR_BUSY = 7,	/* a start while the channel was busy (that one goes on) */
	DMA_CAUSES,
};

/* One cycle's inputs. */
struct dma_in {
	/* a write of the CTRL register: starts an operation on cmd_chan */
	uint8_t cmd_valid;
	uint8_t cmd_chan;
	uint8_t cmd_op;		/* enum dma_op */
	uint8_t cmd_irq;	/* raise the channel's interrupt when it ends */
	uint32_t cmd_src;	/* physical byte addresses */
	uint32_t cmd_dst;
	uint32_t cmd_len;	/* bytes */
	/* a write of the STATUS register: clears done and error (and the interrupt) */
	uint8_t clr_valid;
	uint8_t clr_chan;
	/* the bus finished one of the engine's transactions */
	uint8_t rsp_valid;
	uint16_t rsp_tag;	/* the req_tag it was issued with */
	/* the bus accepts a request this cycle */
	uint8_t req_ready;
};

/* One cycle's outputs. */
struct dma_out {
	/* a bus request: a snooped line read, or a line write that invalidates every copy */
	uint8_t req_valid;
	uint8_t req_write;
	uint8_t req_partial;	/* a write of part of the line only */
	uint32_t req_line;	/* bus line number */
	uint16_t req_tag;	/* slot * 4 + kind: 0, 1 = first, second source line; 2 = write */
	/* take cap_len source bytes at cap_src into slot cap_slot at cap_off, now */
	uint8_t cap_valid;
	uint8_t cap_slot;
	uint32_t cap_src;
	uint16_t cap_off;
	uint16_t cap_len;
	/* put wr_len bytes of slot wr_slot (or zeros) at wr_dst, now */
	uint8_t wr_valid;
	uint8_t wr_slot;
	uint8_t wr_zero;
	uint8_t wr_chan;
	uint32_t wr_dst;
	uint16_t wr_len;
	/* this cycle's command: DMA_OK (started, or done at once for len 0) or why refused */
	uint8_t cmd_cause;	/* enum dma_cause; valid with cmd_valid */
	/* a channel's operation completed this cycle (its last write ended) */
	uint8_t done_valid;
	uint8_t done_chan;
	/* the interrupt lines, bit c for channel c */
	uint32_t irq;
};

#endif
