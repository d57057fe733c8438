/* SPDX-License-Identifier: MIT */
/*
 * Ports of the DMA block-transfer engine (mem/dma.h, rtl/dma.sv). One
 * cycle's inputs and outputs; the engine's registered state (channels, line
 * slots) is in struct dma_state. Data never moves through the ports: the
 * engine says which bytes to take from the source and when to put them at
 * the destination, and the system around it (dev/dmactl.c) moves them in the
 * backing memory.
 *
 * The ports are described once, below, as in cpu/ipf_engine_if.h:
 * S(type, name, bits) is a scalar field, A(type, name, count, bits, bound)
 * an array (valid elements: below the value of the port named bound, or
 * "all"); bits is the SystemVerilog width of one element. The C structs, the
 * Verilator binding (sim/cosim/dma_twin.cpp) and the lockstep checker's
 * comparison, printout and waveform (sim/cosim/ports.h, port_wave.h) are
 * generated from these lists. Field names are the SystemVerilog port names
 * without the _i/_o suffix. Per-channel bit vectors (irq, st_*) have bit c
 * for channel c and DMA_MAX_CHANNELS bits whatever the engine's channels;
 * the bits of absent channels are 0. Every output that its valid bit does
 * not qualify is 0 (the RTL drives the same zeros). A command or clear that
 * names an absent channel is ignored (cmd_cause 0).
 */
#ifndef OSPREY_DMA_IF_H
#define OSPREY_DMA_IF_H

#include <stdint.h>

#include "sys/param.h"

#define DMA_MAX_CHANNELS	16	/* one per hart */
#define DMA_MAX_SLOTS		16	/* line buffers (lines in flight) */

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
#define DMA_IN_PORTS(S, A)                                                                  \
	/* a write of the CTRL register: starts an operation on cmd_chan */                \
	S(uint8_t, cmd_valid, 1)                                                            \
	S(uint8_t, cmd_chan, 4)                                                             \
	S(uint8_t, cmd_op, 2)		/* enum dma_op */                                   \
	S(uint8_t, cmd_irq, 1)		/* raise the channel's interrupt when it ends */    \
	S(uint32_t, cmd_src, 32)	/* physical byte addresses */                       \
	S(uint32_t, cmd_dst, 32)                                                            \
	S(uint32_t, cmd_len, 32)	/* bytes */                                         \
	/* a write of the STATUS register: clears done and error (and the interrupt) */    \
	S(uint8_t, clr_valid, 1)                                                            \
	S(uint8_t, clr_chan, 4)                                                             \
	/* the bus finished one of the engine's transactions */                            \
	S(uint8_t, rsp_valid, 1)                                                            \
	S(uint8_t, rsp_tag, 6)		/* the req_tag it was issued with */                \
	/* the bus accepts a request this cycle */                                         \
	S(uint8_t, req_ready, 1)

/* One cycle's outputs. */
#define DMA_OUT_PORTS(S, A)                                                                 \
	/* a bus request: a snooped line read, or a line write that invalidates every copy */ \
	S(uint8_t, req_valid, 1)                                                            \
	S(uint8_t, req_write, 1)                                                            \
	S(uint8_t, req_partial, 1)	/* a write of part of the line only */             \
	S(uint32_t, req_line, 32)	/* bus line number */                               \
	S(uint8_t, req_tag, 6)		/* slot * 4 + kind: 0, 1 = first, second source     \
					 * line; 2 = write */                               \
	S(uint8_t, req_chan, 4)		/* the channel the request is for */               \
	/* take cap_len source bytes at cap_src into slot cap_slot at cap_off, now */      \
	S(uint8_t, cap_valid, 1)                                                            \
	S(uint8_t, cap_slot, 4)                                                             \
	S(uint32_t, cap_src, 32)                                                            \
	S(uint16_t, cap_off, 16)                                                            \
	S(uint16_t, cap_len, 16)                                                            \
	/* put wr_len bytes of slot wr_slot (or zeros) at wr_dst, now */                   \
	S(uint8_t, wr_valid, 1)                                                             \
	S(uint8_t, wr_slot, 4)                                                              \
	S(uint8_t, wr_zero, 1)                                                              \
	S(uint8_t, wr_chan, 4)                                                              \
	S(uint32_t, wr_dst, 32)                                                             \
	S(uint16_t, wr_len, 16)                                                             \
	/* this cycle's command: DMA_OK (started, or done at once for len 0) or why refused */ \
	S(uint8_t, cmd_cause, 3)	/* enum dma_cause; valid with cmd_valid */         \
	/* a channel's operation completed this cycle (its last write ended) */            \
	S(uint8_t, done_valid, 1)                                                           \
	S(uint8_t, done_chan, 4)                                                            \
	/* from the registered state: the interrupt lines and the STATUS registers */     \
	S(uint16_t, irq, 16)		/* done or in error, with the interrupt asked for */ \
	S(uint16_t, st_busy, 16)	/* an operation is under way */                    \
	S(uint16_t, st_done, 16)	/* the last one completed (until cleared) */       \
	S(uint16_t, st_err, 16)		/* a command was refused (until cleared) */        \
	A(uint8_t, st_cause, DMA_MAX_CHANNELS, 3, all)	/* enum dma_cause of the refusal */

/*
 * The parameters, as configuration keys in the RTL's order (sim/cosim/twin.h
 * names them: SYS_CORES channels, DMA_INFLIGHT slots, L2_LINE bytes a line,
 * DMA_GRANULE, DMA_MAX_LEN, DMA_SETUP, SYS_MEM_SIZE bytes of RAM at RAM_BASE).
 */
#define DMA_PARAMS(P)                                                                       \
	P("sys.cores") P("dma.inflight") P("l2.line") P("dma.granule") P("dma.max_len")      \
	P("dma.setup") P("sys.mem_size")

#define DMA_PORT_FIELD(type, name, bits) type name;
#define DMA_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct dma_in {
	DMA_IN_PORTS(DMA_PORT_FIELD, DMA_PORT_ARRAY)
};

struct dma_out {
	DMA_OUT_PORTS(DMA_PORT_FIELD, DMA_PORT_ARRAY)
};

/*
 * The random stimulus of the co-simulation (sim/cosim/twin.h): a bus
 * completion must name a request the engine has outstanding, which the
 * inputs and outputs of one cycle cannot tell; so the bus answers every
 * request it accepts in the same cycle, and at no other time
 * (tests/cosim/test_dma_lockstep.c's mock bus answers later, in any order).
 * Commands drawn at random would nearly all be refused (outside RAM,
 * unaligned, on an absent channel, mostly channel 0 as narrow inputs are
 * drawn, overlapping as wide inputs are drawn near each other): sources are
 * folded onto the first 64 KiB of RAM and destinations onto the next, word
 * aligned, under 1 KiB long, and their channels onto 0..3 (a machine of 4
 * cores', say) from the addresses' low bits, so that channels run side by side.
 */
static inline void dma_in_legalize(void *in_, const void *out_)
{
	struct dma_in *in = (struct dma_in *)in_;
	const struct dma_out *out = (const struct dma_out *)out_;

	in->cmd_chan = (uint8_t)((in->cmd_src ^ in->cmd_dst ^ in->cmd_len) & 3);
	in->cmd_src = RAM_BASE + (in->cmd_src & 0xfffcu);
	in->cmd_dst = RAM_BASE + 0x10000u + (in->cmd_dst & 0xfffcu);
	in->cmd_len &= 0x3fcu;
	in->rsp_valid = (uint8_t)(out && out->req_valid && in->req_ready);
	in->rsp_tag = in->rsp_valid ? out->req_tag : 0;
}

#endif
