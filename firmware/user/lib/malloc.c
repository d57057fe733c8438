// SPDX-License-Identifier: MIT
/*
 * malloc.c - a first-fit free list on sbrk (after K&R 8.7): blocks carry a
 * header with their size in units; free() keeps the list address-ordered
 * and coalesces neighbours.
 */
#include "ulib.h"

union header {
	struct {
		union header *next;	/* next free block (free list only) */
		size_t units;		/* block size in header units, header included */
	} h;
	uint64_t align;			/* forces 8-byte alignment of blocks */
};

#define MIN_GROW 4096	/* bytes asked of sbrk at least */

static union header base;
static union header *freep;

void free(void *ap)
{
	union header *b, *p;

	if (!ap)
		return;
	b = (union header *)ap - 1;
	for (p = freep; !(b > p && b < p->h.next); p = p->h.next)
		if (p >= p->h.next && (b > p || b < p->h.next))
			break;
	if (b + b->h.units == p->h.next) {
		b->h.units += p->h.next->h.units;
		b->h.next = p->h.next->h.next;
	} else {
		b->h.next = p->h.next;
	}
	if (p + p->h.units == b) {
		p->h.units += b->h.units;
		p->h.next = b->h.next;
	} else {
		p->h.next = b;
	}
	freep = p;
}

static union header *grow(size_t units)
{
	size_t bytes = units * sizeof(union header);
	char *p;

	if (bytes < MIN_GROW)
		bytes = MIN_GROW;
	p = sbrk((int)bytes);
	if ((intptr_t)p < 0 && (intptr_t)p > -4096)
		return NULL;
	((union header *)p)->h.units = bytes / sizeof(union header);
	free((union header *)p + 1);
	return freep;
}

void *malloc(size_t n)
{
	union header *p, *prev;
	size_t units = (n + sizeof(union header) - 1) / sizeof(union header) + 1;

	if (n > 0x40000000)
		return NULL;
	if (!freep) {
		base.h.next = freep = &base;
		base.h.units = 0;
	}
	for (prev = freep, p = prev->h.next;; prev = p, p = p->h.next) {
		if (p->h.units >= units) {
			if (p->h.units == units) {
				prev->h.next = p->h.next;
			} else {
				p->h.units -= units;
				p += p->h.units;
				p->h.units = units;
			}
			freep = prev;
			return p + 1;
		}
		if (p == freep && !(p = grow(units)))
			return NULL;
	}
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > 0x40000000 / size)
		return NULL;
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

void *realloc(void *old, size_t n)
{
	union header *h;
	size_t have;
	void *p;

	if (!old)
		return malloc(n);
	h = (union header *)old - 1;
	have = (h->h.units - 1) * sizeof(union header);
	if (have >= n)
		return old;
	p = malloc(n);
	if (p) {
		memcpy(p, old, have);
		free(old);
	}
	return p;
}
