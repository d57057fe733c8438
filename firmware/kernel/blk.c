// SPDX-License-Identifier: MIT
/*
 * blk.c - the one block-operation interface.  Every page zero, page copy,
 * buffer-cache fill and write-back, and copy between the buffer cache and
 * user or kernel memory goes through blk_zero()/blk_copy().
 *
 * Where osprey's DMA block-transfer engine is present (probed once at boot
 * through the M-mode layer; QEMU has none), blocks of at least
 * DMA_MIN_BYTES move through it: the engine reads and writes memory at the
 * bus, so the copy neither stalls this hart word by word nor fills its
 * caches with data it may never touch.  Each hart drives its own channel.
 * It polls the channel with interrupts off until the operation ends: a
 * page takes the engine a few thousand cycles, too short to be worth a
 * context switch, and with interrupts off nothing else on this hart can
 * start an operation on the channel meanwhile.  The bytes before the first
 * and after the last multiple of the engine's granule, and blocks whose
 * ends are not equally aligned, move on the CPU, a word at a time when
 * both ends are word-aligned.
 *
 * Kernel addresses of RAM are physical addresses (the kernel maps RAM
 * one-to-one), and callers split user copies at page boundaries, so every
 * block handed to the engine is physically contiguous.
 */
#include "defs.h"
#include "memlayout.h"
#include "osprey_dma.h"
#include "param.h"
#include "proc.h"

/* The engine, as found at boot; read-only afterwards. */
static struct {
	int present;		/* answered at its ID register */
	uint32_t granule;	/* its address and length multiple, bytes */
	uint32_t max_len;	/* bytes one operation may move */
} dma;

#define DMA_REG(h, r)	(*(volatile uint32_t *)(uintptr_t)(DMA_VA + 64u * (h) + (r)))

void blk_init(void)
{
	if (sbi_probe(DMA_PHYS + DMA_ID) != DMA_ID_VALUE)
		return;
	dma.granule = DMA_REG(0, DMA_GRANULE);
	dma.max_len = DMA_REG(0, DMA_MAXLEN);
	dma.present = dma.granule && !(dma.granule & (dma.granule - 1)) &&
		      dma.max_len >= dma.granule;
}

/*
 * Runs one operation on this hart's channel. The caller checked the block
 * (RAM, alignment, length): a refusal is a kernel bug.
 */
static void dma_run(uint32_t op, uint32_t src, uint32_t dst, uint32_t len)
{
	uint32_t st;
	int h;

	push_off();
	h = cpuid();
	__sync_synchronize();	/* this hart's stores to either block first */
	DMA_REG(h, DMA_SRC) = src;
	DMA_REG(h, DMA_DST) = dst;
	DMA_REG(h, DMA_LEN) = len;
	DMA_REG(h, DMA_CTRL) = op;
	while ((st = DMA_REG(h, DMA_STATUS)) & DMA_ST_BUSY)
		;
	DMA_REG(h, DMA_STATUS) = DMA_ST_DONE | DMA_ST_ERR;
	if ((st & (DMA_ST_DONE | DMA_ST_ERR)) != DMA_ST_DONE)
		panic("blk: DMA op %u of %u bytes %p -> %p refused (status %x)", op, len, src, dst,
		      st);
	pop_off();
}

/* True when [a, a + n) is RAM the engine may touch. */
static int dma_ram(uintptr_t a, size_t n)
{
	return a >= RAM_BASE && a < RAM_END && n <= RAM_END - a;
}

/*
 * Moves the granule-aligned middle of a block with the engine (op), leaving
 * *head bytes before it, and what follows it, to the CPU. Returns the
 * bytes it moved, 0 when the whole block stays on the CPU.
 */
static size_t dma_middle(uint32_t op, uintptr_t src, uintptr_t dst, size_t n, size_t *head)
{
	uint32_t g = dma.granule;
	size_t lead, body, done = 0;

	if (!dma.present || n < DMA_MIN_BYTES || !dma_ram(dst, n) ||
	    (op == DMA_OP_COPY && (!dma_ram(src, n) || ((src ^ dst) & (g - 1)))))
		return 0;
	lead = (g - (dst & (g - 1))) & (g - 1);
	body = (n - lead) & ~(size_t)(g - 1);
	if (body < DMA_MIN_BYTES)
		return 0;
	while (done < body) {
		size_t k = body - done < dma.max_len ? body - done : dma.max_len & ~(size_t)(g - 1);

		dma_run(op, (uint32_t)(src + lead + done), (uint32_t)(dst + lead + done), k);
		done += k;
	}
	*head = lead;
	return done;
}

static void cpu_zero(void *dst, size_t n)
{
	uint8_t *d = dst;

	if (((uintptr_t)d & 3) == 0) {
		for (; n >= 16; n -= 16, d += 16) {
			((uint32_t *)d)[0] = 0;
			((uint32_t *)d)[1] = 0;
			((uint32_t *)d)[2] = 0;
			((uint32_t *)d)[3] = 0;
		}
	}
	while (n--)
		*d++ = 0;
}

/*
 * KOPT_SWPF: how far ahead of a CPU copy its source and destination are
 * prefetched. The copy loop is the costliest D-miss site in --profile of
 * every workload (block reads into the buffer cache, fork's page copies);
 * four 32-byte lines ahead covers a miss to memory at the default preset's
 * copy speed.
 */
#define COPY_PREFETCH_AHEAD	128

static void cpu_copy(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

#ifdef KOPT_SWPF
	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		/* A line (32 bytes) per iteration, with one hint for each side. */
		for (; n >= 32; n -= 32, d += 32, s += 32) {
			prefetch_r(s + COPY_PREFETCH_AHEAD);
			prefetch_w(d + COPY_PREFETCH_AHEAD);
			for (int k = 0; k < 8; k += 4) {
				uint32_t a = ((const uint32_t *)s)[k], b = ((const uint32_t *)s)[k + 1];
				uint32_t c = ((const uint32_t *)s)[k + 2];
				uint32_t e = ((const uint32_t *)s)[k + 3];
				((uint32_t *)d)[k] = a;
				((uint32_t *)d)[k + 1] = b;
				((uint32_t *)d)[k + 2] = c;
				((uint32_t *)d)[k + 3] = e;
			}
		}
	}
#endif
	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 16; n -= 16, d += 16, s += 16) {
			uint32_t a = ((const uint32_t *)s)[0], b = ((const uint32_t *)s)[1];
			uint32_t c = ((const uint32_t *)s)[2], e = ((const uint32_t *)s)[3];
			((uint32_t *)d)[0] = a;
			((uint32_t *)d)[1] = b;
			((uint32_t *)d)[2] = c;
			((uint32_t *)d)[3] = e;
		}
	}
	while (n--)
		*d++ = *s++;
}

void blk_zero(void *dst, size_t n)
{
	size_t head = 0, mid = dma_middle(DMA_OP_ZERO, 0, (uintptr_t)dst, n, &head);

	if (!mid) {
		cpu_zero(dst, n);
		return;
	}
	cpu_zero(dst, head);
	cpu_zero((uint8_t *)dst + head + mid, n - head - mid);
}

void blk_copy(void *dst, const void *src, size_t n)
{
	size_t head = 0, mid = dma_middle(DMA_OP_COPY, (uintptr_t)src, (uintptr_t)dst, n, &head);

	if (!mid) {
		cpu_copy(dst, src, n);
		return;
	}
	cpu_copy(dst, src, head);
	cpu_copy((uint8_t *)dst + head + mid, (const uint8_t *)src + head + mid,
		 n - head - mid);
}

void blk_zero_page(void *pa)
{
	blk_zero(pa, PGSIZE);
}

void blk_copy_page(void *dst, const void *src)
{
	blk_copy(dst, src, PGSIZE);
}
