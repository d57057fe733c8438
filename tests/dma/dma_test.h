/* SPDX-License-Identifier: MIT */
/*
 * dma_test.h - what the DMA firmware tests share: register access to the
 * calling hart's channel, a probe that survives the device's absence, and
 * a check macro that reports the failing line.
 */
#ifndef DMA_TEST_H
#define DMA_TEST_H

#include "fw.h"
#include "osprey_dma.h"

#define REG(a)	(*(volatile uint32_t *)(uintptr_t)(a))

static inline void dma_wr(uint32_t h, uint32_t reg, uint32_t v)
{
	REG(DMA_CHAN(h) + reg) = v;
}

static inline uint32_t dma_rd(uint32_t h, uint32_t reg)
{
	return REG(DMA_CHAN(h) + reg);
}

/* Starts op on hart h's channel (the stores reach the device in order). */
static inline void dma_start(uint32_t h, uint32_t op, uint32_t src, uint32_t dst, uint32_t len)
{
	fence();	/* the CPU's own stores to the buffers first */
	dma_wr(h, DMA_SRC, src);
	dma_wr(h, DMA_DST, dst);
	dma_wr(h, DMA_LEN, len);
	dma_wr(h, DMA_CTRL, op);
}

/* Polls until the channel is not busy; returns the final status. */
static inline uint32_t dma_wait(uint32_t h)
{
	uint32_t st;

	while ((st = dma_rd(h, DMA_STATUS)) & DMA_ST_BUSY)
		;
	return st;
}

/* Skips a faulting probe (trap.h's probe_lw leaves its sentinel). */
static void probe_handler(struct trap_frame *f)
{
	f->epc += 4;
}

/* True when the engine answers at its ID register (M-mode probe). */
static inline int dma_present(void)
{
	uint32_t id;

	trap_set_mhandler(probe_handler);
	id = probe_lw(DMA_CHAN(0) + DMA_ID);
	trap_set_mhandler(0);
	return id == DMA_ID_VALUE;
}

static int failures;

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			failures++;					\
		}							\
	} while (0)

#endif
