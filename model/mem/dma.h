/* SPDX-License-Identifier: MIT */
/*
 * The DMA block-transfer engine: one channel per hart, each copying or
 * zeroing a block of physical memory, line by line over the snooping bus. A
 * cycle-level unit with the _init/_eval/_tick contract and ports in
 * mem/dma_if.h; dev/dmactl.c gives it its registers and moves the data.
 *
 * A started operation waits `setup` cycles, then is cut into chunks, one per
 * destination line it touches (the first and last may be partial). A chunk
 * takes one of the engine's `slots` line buffers: a copy chunk reads the one
 * or two source lines its bytes lie in (snooped reads: a cache holding a
 * line dirty supplies it), then writes its destination line (a write that
 * invalidates every cached copy and allocates nothing); a zero chunk only
 * writes. Up to `slots` chunks are in flight, of any channels.
 *
 * Each cycle, over the registered state:
 *   cmd_valid: the command is checked (enum dma_cause, in that order) and,
 *     if good, the channel becomes busy with it (len 0: done at once);
 *   a free slot takes the next chunk of the first busy channel past its
 *     setup, in round-robin order from the channel after the last served;
 *   req: the lowest-numbered slot with a request to make (its first unread
 *     source line, else its write once every read is back) asks the bus;
 *     with req_ready the request is made;
 *   rsp_valid: a read's bytes are captured (cap_*); a write's are put
 *     (wr_*), its slot is freed, and a channel whose last chunk it was is
 *     done (done_*, and its interrupt if it asked for one);
 *   clr_valid: the channel's done and error bits (and interrupt) clear.
 * The outputs of a cycle are combinational from the state and the inputs,
 * but irq and st_* come from the registered state alone (what software reads
 * in STATUS between two cycles). rtl/dma.sv is the twin.
 */
#ifndef OSPREY_DMA_H
#define OSPREY_DMA_H

#include <stdint.h>

#include "mem/dma_if.h"

struct dma_params {
	int channels;		/* harts */
	int slots;		/* lines in flight, 1..DMA_MAX_SLOTS */
	uint32_t line;		/* bytes per bus line (a power of two) */
	uint32_t granule;	/* src, dst and len must be multiples (a power of two) */
	uint32_t max_len;	/* bytes one operation may move */
	uint32_t setup;		/* cycles from a start to its first chunk */
	uint32_t ram_base;	/* the RAM transfers may touch */
	uint64_t ram_size;
};

/* A channel's operation; its status bits are in struct dma_state. */
struct dma_chan {
	uint8_t op;		/* enum dma_op under way */
	uint32_t src, dst, len;	/* the operation */
	uint32_t setup_left;	/* cycles before its first chunk */
	uint32_t cut;		/* bytes handed to chunks so far */
	uint32_t finished;	/* bytes written so far */
};

struct dma_slot {
	uint8_t valid;
	uint8_t chan;
	uint8_t reads;		/* source lines to read: 0 (zero), 1 or 2 */
	uint8_t issued;		/* requests made: reads first, then the write */
	uint8_t back;		/* reads returned */
	uint32_t src, dst;	/* first byte of the chunk */
	uint16_t len;		/* bytes, within one destination line */
};

/*
 * The channels' status is kept as bit vectors, bit c for channel c, as the
 * st_* and irq outputs carry it.
 */
struct dma_state {
	uint16_t busy;		/* an operation is under way */
	uint16_t done;		/* the last operation completed (until cleared) */
	uint16_t err;		/* a command was refused (until cleared) */
	uint16_t irq_en;	/* interrupt at the end of the operation */
	uint8_t cause[DMA_MAX_CHANNELS];	/* enum dma_cause of the last refusal */
	struct dma_chan ch[DMA_MAX_CHANNELS];
	struct dma_slot slot[DMA_MAX_SLOTS];
	uint8_t rr;		/* the channel after the last one that got a slot */
};

struct dma {
	struct dma_params p;
	struct dma_state q;	/* registered state */
	struct dma_state d;	/* next state, from the last eval */
};

/* Reset: every channel idle, every slot free. @p must be valid (dma_check). */
void dma_init(struct dma *e, const struct dma_params *p);

struct config;

/*
 * dma_init for the machine of @cfg: a channel per hart, dma.inflight slots,
 * l2.line, the dma.* limits and the RAM at RAM_BASE (its keys: DMA_PARAMS).
 */
void dma_configure(struct dma *e, const struct config *cfg);

/* Combinational: outputs and next state from the state and @in. */
void dma_eval(struct dma *e, const struct dma_in *in, struct dma_out *out);

/* Clock edge: next state becomes state. */
void dma_tick(struct dma *e);

/* True when some channel or slot has work: the engine must be evaluated each cycle. */
int dma_active(const struct dma *e);

/*
 * True when the engine behaves as reset from here on, whatever comes in: no
 * work, no status bits, the round-robin pointer at channel 0 (what an
 * operation left in a channel's other fields is overwritten before use).
 * An RTL twin fresh from reset can then run beside it.
 */
int dma_as_reset(const struct dma *e);

/* The interrupt lines out.irq carries in the next cycle (from the registered state). */
uint32_t dma_irq(const struct dma *e);

/* A channel's STATUS bits, as the st_* outputs show them (from the registered state). */
struct dma_chan_status {
	uint8_t busy, done, err;
	uint8_t cause;		/* enum dma_cause */
};

static inline struct dma_chan_status dma_chan_status(const struct dma *e, int c)
{
	const struct dma_state *q = &e->q;

	return (struct dma_chan_status){ (uint8_t)(q->busy >> c & 1), (uint8_t)(q->done >> c & 1),
					 (uint8_t)(q->err >> c & 1), q->cause[c] };
}

/* The check a command gets (enum dma_cause), without the busy check. */
enum dma_cause dma_check(const struct dma_params *p, uint8_t op, uint32_t src, uint32_t dst,
			 uint32_t len);

#endif
