// SPDX-License-Identifier: MIT
/*
 * kalloc.c - the physical page allocator: a free list of 4 KiB pages from
 * the end of the kernel image to PHYSTOP.  The disk window (DISK_BASE and
 * up) is never handed out.
 */
#include "defs.h"
#include "kdata.h"
#include "memlayout.h"
#include "param.h"
#include "spinlock.h"

extern char end[];	/* first address after the kernel image (kernel.ld) */

struct run {
	struct run *next;
};

static struct {
	struct spinlock lock;
	struct run *freelist;	/* lock */
	uint32_t nfree;		/* lock: pages on the list */
} kmem __kopt_line;

void kinit(void)
{
	initlock(&kmem.lock, "kmem");
	for (uint32_t pa = PGROUNDUP((uint32_t)end); pa + PGSIZE <= PHYSTOP; pa += PGSIZE)
		kfree((void *)pa);
}

void kfree(void *pa)
{
	struct run *r = pa;

	if (((uint32_t)pa & (PGSIZE - 1)) || (uint32_t)pa < (uint32_t)end ||
	    (uint32_t)pa >= PHYSTOP)
		panic("kfree: bad page %p", pa);
	acquire(&kmem.lock);
	r->next = kmem.freelist;
	kmem.freelist = r;
	kmem.nfree++;
	release(&kmem.lock);
}

/* One page, not zeroed, or NULL when memory is exhausted. */
void *kalloc(void)
{
	struct run *r;

	acquire(&kmem.lock);
	r = kmem.freelist;
	if (r) {
		kmem.freelist = r->next;
		kmem.nfree--;
	}
	release(&kmem.lock);
	return r;
}

void kalloc_set_aside(uint32_t pages)
{
	for (uint32_t i = 0; i < pages; i++)
		if (!kalloc())
			panic("kalloc_set_aside: out of memory after %u of %u pages", i, pages);
	if (pages)
		printf("osprey kernel: %u pages set aside (boot flags)\n", pages);
}

uint32_t kfree_pages(void)
{
	return kmem.nfree;
}
