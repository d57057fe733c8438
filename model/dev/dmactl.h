/* SPDX-License-Identifier: MIT */
/*
 * The DMA block-transfer engine as a device: its registers in the osprey
 * window, one 64-byte block per hart's channel at DMA_BASE + 64 * hart, and
 * the engine (mem/dma.h) around them. In timing mode each channel is an
 * agent of the snooping bus (with its own turn in the arbitration, as the
 * hart's own misses have) and the engine moves each line's bytes in the backing memory at
 * the cycle its bus transaction completes; in functional mode an operation
 * completes at the store that starts it (same data, same results).
 *
 * Registers of a channel (32-bit accesses only; anything else in the page,
 * or a channel beyond the harts, is an access fault):
 *   0x00 SRC     source physical address (copy)
 *   0x04 DST     destination physical address
 *   0x08 LEN     bytes
 *   0x0c CTRL    write: bits 1:0 op (1 copy, 2 zero), bit 8 interrupt at the
 *                end; starts the operation. Read: the last value written.
 *   0x10 STATUS  read: bit 0 busy, bit 1 done, bit 2 error, bits 15:8 the
 *                error's cause (enum dma_cause). Write: bits 1 and 2 set
 *                clear done and error, and with them the interrupt.
 *   0x14 ID      DMA_ID: present (the kernel's probe)
 *   0x18 GRANULE src, dst and len must be multiples of it (bytes)
 *   0x1c MAXLEN  the most bytes one operation may move
 *   0x20 SLOTS   lines the engine keeps in flight
 * The interrupt of channel c is PLIC source DMA_IRQ_BASE + c, high while
 * the channel is done or in error with its interrupt asked for.
 */
#ifndef OSPREY_DMACTL_H
#define OSPREY_DMACTL_H

#include <stdint.h>

#include "cpu/hart.h"
#include "dev/plic.h"
#include "mem/bus.h"
#include "mem/dma.h"
#include "mem/memmap.h"
#include "sys/config.h"
#include "sys/stats.h"
#include "sys/tap.h"

#define DMA_BASE	0x04001000u	/* the engine's page in the osprey window */
#define DMA_SIZE	0x1000u
#define DMA_CHAN_BYTES	64		/* register block per channel */
#define DMA_ID		0x444d4131u	/* "DMA1" */
#define DMA_IRQ_BASE	16		/* PLIC source of channel 0 */

enum dma_reg {
	DMA_REG_SRC = 0x00, DMA_REG_DST = 0x04, DMA_REG_LEN = 0x08, DMA_REG_CTRL = 0x0c,
	DMA_REG_STATUS = 0x10, DMA_REG_ID = 0x14, DMA_REG_GRANULE = 0x18, DMA_REG_MAXLEN = 0x1c,
	DMA_REG_SLOTS = 0x20,
};

#define DMA_CTRL_OP	0x3		/* enum dma_op */
#define DMA_CTRL_IRQ	0x100		/* interrupt at the end */
#define DMA_ST_BUSY	0x1
#define DMA_ST_DONE	0x2
#define DMA_ST_ERR	0x4
#define DMA_ST_CAUSE_SHIFT 8

/* Per hart (its channel), by the mode the hart was in when it started the operation. */
struct dma_stats {
	struct mctr ops;		/* operations started */
	struct mctr lines;		/* line transfers written */
	struct mctr bytes;		/* bytes moved (or zeroed) */
	struct mctr bus_cycles;		/* cycles the engine's transactions held the bus */
	struct mctr errors;		/* commands refused */
	/*
	 * Cycles from the hart's first STATUS read that found the operation
	 * busy to its end: the time a polling hart waited for it.
	 */
	struct mctr wait_cycles;
};

#define DMACTL_QUEUE 16	/* commands, clears and bus completions waiting for the engine */

struct dmactl {
	struct dma unit;
	int nchan;
	struct memmap *mm;
	struct plic *plic;
	struct hart **harts;
	struct lr_set *lr;		/* reservations the engine's writes break */
	const uint64_t *now;		/* the machine's cycle */
	/* Told of every operation's start (accepted) and end (the timeline), or NULL. */
	void (*observer)(void *ctx, int chan, int finished, uint32_t op, uint32_t len,
			 uint64_t now);
	void *observer_ctx;
	struct bus *bus;		/* NULL: functional mode, operations complete at once */
	/*
	 * Each channel requests the bus as an agent of its own, so a hart's
	 * block transfers get the share of the bus its own misses would.
	 */
	int agent[DMA_MAX_CHANNELS];
	struct dmactl_port { struct dmactl *d; int chan; } port[DMA_MAX_CHANNELS];

	/* the registers software writes before CTRL */
	uint32_t src[DMA_MAX_CHANNELS], dst[DMA_MAX_CHANNELS], len[DMA_MAX_CHANNELS];
	uint32_t ctrl[DMA_MAX_CHANNELS];

	/* inputs for the engine's next cycles, one of each kind a cycle */
	struct dma_in cmd[DMACTL_QUEUE];
	uint32_t cmd_head, cmd_count;
	uint8_t clr[DMACTL_QUEUE];
	uint32_t clr_head, clr_count;
	uint8_t rsp[DMACTL_QUEUE];
	uint32_t rsp_head, rsp_count;
	uint32_t queued_cmds;		/* bit c: a command of channel c waits (it reads busy) */

	uint8_t mode[DMA_MAX_CHANNELS];	/* enum stat_mode of each channel's operation */
	uint8_t waiting[DMA_MAX_CHANNELS];	/* its hart has found it busy */
	uint64_t wait_from[DMA_MAX_CHANNELS];
	uint32_t irq;			/* lines driven to the PLIC, bit c for channel c */
	int active;			/* after its last cycle, the engine had work or an
					 * interrupt line to change */
	/*
	 * Where --cosim/--rtl/--waves take the engine over (unit "dma", with
	 * core 0's units): its eval and tick in place of dma_eval and dma_tick.
	 */
	struct unit_tap tap;
	uint8_t buf[DMA_MAX_SLOTS][PAGE_SIZE];	/* the slots' line data (a line is at most a page) */
	struct dma_stats stats[DMA_MAX_CHANNELS];
};

/*
 * Builds the engine for @cfg's harts and RAM, in functional form (operations
 * complete at once) until dmactl_attach_bus(). @harts (for the mode each
 * operation counts in) may be NULL: everything then counts in M mode.
 */
void dmactl_init(struct dmactl *d, const struct config *cfg, struct memmap *mm, struct plic *plic,
		 struct hart **harts, struct lr_set *lr, const uint64_t *now);

/* Timing mode: the engine's channels become agents of @bus, transfers line by line. */
void dmactl_attach_bus(struct dmactl *d, struct bus *bus);

/* True when the engine has work: an operation, a queued command, an answer. */
static inline int dmactl_working(const struct dmactl *d)
{
	return d->active || d->cmd_count || d->clr_count || d->rsp_count;
}

/*
 * True when the engine must be stepped this cycle (timing mode): working,
 * or watched every cycle (a twin beside it, its waves).
 */
static inline int dmactl_busy(const struct dmactl *d)
{
	return dmactl_working(d) || d->tap.always;
}

/* One cycle of the engine at @now (timing mode). */
void dmactl_cycle(struct dmactl *d, uint64_t now);

extern const struct mmio_ops dmactl_ops;
extern const struct stat_field dma_stat_fields[];
extern const int dma_stat_nfields;

#endif
