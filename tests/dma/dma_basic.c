// SPDX-License-Identifier: MIT
/*
 * dma_basic.c - the DMA engine through its registers, on hart 0: copies and
 * zeroes of whole pages and of odd pieces of lines (neighbouring bytes
 * untouched), a dirty source line, every refusal with its cause, a start
 * while busy, status clearing, the ID registers, and the completion
 * interrupt through the PLIC (M-mode external interrupt on hart 0).
 * With the engine absent (dma.enabled=off, or QEMU) it says so and passes:
 * the probe must survive the access fault.
 */
#include "dma_test.h"

#define PAGE	4096
#define PLIC_PRIO(s)		(PLIC_BASE + 4 * (s))
#define PLIC_MENABLE(h)		(PLIC_BASE + 0x2000 + 0x80 * (2 * (h)))
#define PLIC_MTHRESHOLD(h)	(PLIC_BASE + 0x200000 + 0x1000 * (2 * (h)))
#define PLIC_MCLAIM(h)		(PLIC_BASE + 0x200004 + 0x1000 * (2 * (h)))

static uint8_t src[2 * PAGE] __attribute__((aligned(PAGE)));
static uint8_t dst[2 * PAGE] __attribute__((aligned(PAGE)));
static volatile uint32_t irq_seen;	/* PLIC claims of the channel's source */
static volatile uint32_t irq_status;	/* the channel's status in the handler */

static uint32_t addr(void *p)
{
	return (uint32_t)(uintptr_t)p;
}

static void fill(uint8_t *p, uint32_t n, uint32_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + i * 7 + (i >> 8));
}

/* Runs one operation to its end; returns its final status (done or error cleared after). */
static uint32_t run(uint32_t op, void *s, void *d, uint32_t len)
{
	uint32_t st;

	dma_start(0, op, addr(s), addr(d), len);
	st = dma_wait(0);
	dma_wr(0, DMA_STATUS, DMA_ST_DONE | DMA_ST_ERR);
	CHECK(!(dma_rd(0, DMA_STATUS) & (DMA_ST_DONE | DMA_ST_ERR)));
	return st;
}

static void test_copy_page(void)
{
	fill(src, PAGE, 1);
	memset(dst, 0x55, PAGE);
	CHECK(run(DMA_OP_COPY, src, dst, PAGE) == DMA_ST_DONE);
	CHECK(memcmp(src, dst, PAGE) == 0);
}

static void test_zero_page(void)
{
	uint32_t nonzero = 0;

	memset(dst, 0x55, 2 * PAGE);
	CHECK(run(DMA_OP_ZERO, 0, dst + PAGE, PAGE) == DMA_ST_DONE);

	for (uint32_t i = 0; i < PAGE; i++)
		nonzero += dst[PAGE + i] != 0;
	CHECK(nonzero == 0);
	CHECK(dst[PAGE - 1] == 0x55);	/* the page before: untouched */
}

static void test_pieces_of_lines(void)
{
	/* odd lengths and offsets (multiples of the 4-byte granule), across lines */
	static const uint32_t off[] = { 4, 28, 60, 100 }, len[] = { 4, 36, 128, 1000 };

	for (uint32_t k = 0; k < 4; k++) {
		fill(src, PAGE, 3 + k);
		memset(dst, 0xaa, PAGE);
		CHECK(run(DMA_OP_COPY, src + 2 * off[k], dst + off[k], len[k]) == DMA_ST_DONE);
		CHECK(memcmp(dst + off[k], src + 2 * off[k], len[k]) == 0);
		CHECK(dst[off[k] - 1] == 0xaa);
		CHECK(dst[off[k] + len[k]] == 0xaa);
	}
}

static void test_dirty_source(void)
{
	/* the source lines sit dirty in this hart's cache: the engine gets them */
	for (uint32_t i = 0; i < PAGE; i += 4)
		*(volatile uint32_t *)(src + i) = 0x9e3779b9u * i;
	CHECK(run(DMA_OP_COPY, src, dst, PAGE) == DMA_ST_DONE);
	CHECK(memcmp(src, dst, PAGE) == 0);
}

static void test_refusals(void)
{
	uint32_t max = dma_rd(0, DMA_MAXLEN), g = dma_rd(0, DMA_GRANULE);
	uint32_t ram_end = RAM_BASE + RAM_SIZE;
	struct { uint32_t op, s, d, len, cause; } bad[] = {
		{ 3, addr(src), addr(dst), 64, DMA_ERR_OP },
		{ DMA_OP_COPY, addr(src) + 1, addr(dst), 64, DMA_ERR_ALIGN },
		{ DMA_OP_COPY, addr(src), addr(dst) + 2, 64, DMA_ERR_ALIGN },
		{ DMA_OP_ZERO, 0, addr(dst), 66, DMA_ERR_ALIGN },
		{ DMA_OP_ZERO, 0, addr(dst), max + g, DMA_ERR_LONG },
		{ DMA_OP_COPY, addr(src), 0x10000000u, 64, DMA_ERR_NOT_RAM },
		{ DMA_OP_COPY, 0x02000000u, addr(dst), 64, DMA_ERR_NOT_RAM },
		{ DMA_OP_ZERO, 0, ram_end - 32, 64, DMA_ERR_END },
		{ DMA_OP_COPY, addr(src), addr(src) + 64, 128, DMA_ERR_OVERLAP },
		{ DMA_OP_COPY, addr(src) + 64, addr(src), 128, DMA_ERR_OVERLAP },
	};

	memset(dst, 0x11, 128);
	for (uint32_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		uint32_t st = run(bad[k].op, (void *)(uintptr_t)bad[k].s, (void *)(uintptr_t)bad[k].d,
				  bad[k].len);

		CHECK(st & DMA_ST_ERR);
		CHECK(!(st & DMA_ST_DONE));
		CHECK(DMA_ST_CAUSE(st) == bad[k].cause);
		if (DMA_ST_CAUSE(st) != bad[k].cause)
			printf("  refusal %u: status %x\n", k, st);
	}
	CHECK(dst[0] == 0x11 && dst[127] == 0x11);	/* nothing moved */
}

/* Functional mode completes an operation at its start: nothing is ever busy there. */
static void test_start_while_busy(void)
{
	uint32_t st;

	fill(src, 2 * PAGE, 9);
	dma_start(0, DMA_OP_COPY, addr(src), addr(dst), 2 * PAGE);
	if (!(dma_rd(0, DMA_STATUS) & DMA_ST_BUSY)) {
		CHECK(memcmp(src, dst, 2 * PAGE) == 0);
		dma_wr(0, DMA_STATUS, DMA_ST_DONE);
		return;
	}
	dma_wr(0, DMA_CTRL, DMA_OP_ZERO);	/* a second start while busy */
	st = dma_wait(0);
	CHECK((st & (DMA_ST_DONE | DMA_ST_ERR)) == (DMA_ST_DONE | DMA_ST_ERR));
	CHECK(DMA_ST_CAUSE(st) == DMA_ERR_BUSY);
	CHECK(memcmp(src, dst, 2 * PAGE) == 0);	/* the first one went on */
	dma_wr(0, DMA_STATUS, DMA_ST_DONE | DMA_ST_ERR);
}

static void test_zero_length(void)
{
	CHECK(run(DMA_OP_COPY, src, dst, 0) == DMA_ST_DONE);
}

static void irq_handler(struct trap_frame *f)
{
	uint32_t id;

	if (f->cause != (CAUSE_IRQ | IRQ_M_EXT)) {
		printf("FAIL unexpected trap %x at %x\n", f->cause, f->epc);
		failures++;
		f->epc += 4;
		return;
	}
	id = REG(PLIC_MCLAIM(0));
	if (id == DMA_IRQ(0)) {
		irq_status = dma_rd(0, DMA_STATUS);
		dma_wr(0, DMA_STATUS, DMA_ST_DONE | DMA_ST_ERR);	/* lowers the line */
		irq_seen++;
	}
	REG(PLIC_MCLAIM(0)) = id;
}

static void test_interrupt(void)
{
	fill(src, PAGE, 21);
	REG(PLIC_PRIO(DMA_IRQ(0))) = 1;
	REG(PLIC_MENABLE(0)) = 1u << DMA_IRQ(0);
	REG(PLIC_MTHRESHOLD(0)) = 0;
	trap_set_mhandler(irq_handler);
	csr_set(mie, MIP_MEIP);
	dma_start(0, DMA_OP_COPY | DMA_CTRL_IRQ, addr(src), addr(dst), PAGE);
	while (!irq_seen)
		wfi_take_m();
	CHECK(irq_seen == 1);
	CHECK(irq_status & DMA_ST_DONE);
	CHECK(memcmp(src, dst, PAGE) == 0);
	/* a refusal interrupts too, when asked */
	dma_start(0, DMA_OP_COPY | DMA_CTRL_IRQ, addr(src) + 1, addr(dst), 64);
	while (irq_seen < 2)
		wfi_take_m();
	CHECK((irq_status & DMA_ST_ERR) && DMA_ST_CAUSE(irq_status) == DMA_ERR_ALIGN);
	/* without the bit, no interrupt */
	CHECK(run(DMA_OP_ZERO, 0, dst, 64) == DMA_ST_DONE);
	CHECK(irq_seen == 2);
	csr_clear(mie, MIP_MEIP);
	trap_set_mhandler(0);
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	if (!dma_present()) {
		printf("dma_basic: no DMA engine (absent: the probe faulted)\n");
		return 0;
	}
	CHECK(dma_rd(0, DMA_GRANULE) == 4);
	CHECK(dma_rd(0, DMA_SLOTS) >= 1);
	test_copy_page();
	test_zero_page();
	test_pieces_of_lines();
	test_dirty_source();
	test_refusals();
	test_start_while_busy();
	test_zero_length();
	test_interrupt();
	printf("dma_basic: %s\n", failures ? "FAIL" : "pass");
	return failures ? 1 : 0;
}
