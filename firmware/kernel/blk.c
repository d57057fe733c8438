// SPDX-License-Identifier: MIT
/*
 * blk.c - the one block-operation interface.  Every page zero, page copy,
 * buffer-cache fill and write-back, and copy between the buffer cache and
 * user memory goes through blk_zero()/blk_copy(), so that a DMA engine can
 * take them over later.  Today the CPU moves the data, a word at a time
 * when both ends are word-aligned.
 */
#include "defs.h"

void blk_zero(void *dst, size_t n)
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

void blk_copy(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

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

void blk_zero_page(void *pa)
{
	blk_zero(pa, PGSIZE);
}

void blk_copy_page(void *dst, const void *src)
{
	blk_copy(dst, src, PGSIZE);
}
