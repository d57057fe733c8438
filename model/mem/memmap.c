// SPDX-License-Identifier: MIT
#include "mem/memmap.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int memmap_init(struct memmap *mm, uint32_t ram_base, uint32_t ram_size)
{
	void *ram;

	memset(mm, 0, sizeof(*mm));
	/*
	 * Zeroed pages on first touch, like calloc, but asking for huge pages:
	 * a guest that touches its RAM page by page (a kernel threading its
	 * free list through every frame) otherwise costs a host page fault per
	 * 4 KiB, and host TLB misses.
	 */
	ram = mmap(NULL, ram_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
		   MAP_NORESERVE, -1, 0);
	if (ram == MAP_FAILED)
		return -1;
#ifdef MADV_HUGEPAGE
	madvise(ram, ram_size, MADV_HUGEPAGE);	/* a hint: no matter if refused */
#endif
	mm->ram = ram;
	mm->ram_base = ram_base;
	mm->ram_size = ram_size;
	return 0;
}

void memmap_free(struct memmap *mm)
{
	if (mm->ram)
		munmap(mm->ram, mm->ram_size);
	free(mm->guard);
	mm->ram = NULL;
	mm->guard = NULL;
}

int memmap_set_guard(struct memmap *mm, uint32_t addr)
{
	uint32_t w;

	if (!mm->guard) {
		mm->guard = calloc(1, mm->ram_size / 32);
		if (!mm->guard)
			return -1;
	}
	w = (addr - mm->ram_base) / 4;
	mm->guard[w / 8] |= (uint8_t)(1u << (w % 8));
	return 0;
}

int memmap_line_guarded(const struct memmap *mm, uint32_t addr, uint32_t bytes)
{
	uint32_t w;

	if (!mm->guard || !memmap_is_ram(mm, addr, bytes))
		return 0;
	w = (addr - mm->ram_base) / 4;
	for (uint32_t i = 0; i < bytes / 4; i++)
		if (mm->guard[(w + i) / 8] & (1u << ((w + i) % 8)))
			return 1;
	return 0;
}

void memmap_add(struct memmap *mm, const char *name, uint32_t base, uint32_t size,
		const struct mmio_ops *ops, void *dev)
{
	struct mmio_region *r;

	assert(mm->nregions < MEMMAP_MAX_REGIONS);
	assert(!memmap_is_ram(mm, base, 1) && !memmap_find(mm, base));
	r = &mm->regions[mm->nregions++];
	r->base = base;
	r->size = size;
	r->ops = ops;
	r->dev = dev;
	r->name = name;
}

const struct mmio_region *memmap_find(const struct memmap *mm, uint32_t addr)
{
	for (int i = 0; i < mm->nregions; i++)
		if (addr - mm->regions[i].base < mm->regions[i].size)
			return &mm->regions[i];
	return NULL;
}

int memmap_read(struct memmap *mm, uint32_t addr, int size, uint32_t *val)
{
	const struct mmio_region *r;

	if (memmap_is_ram(mm, addr, size)) {
		const uint8_t *p = memmap_host(mm, addr);

		switch (size) {
		case 1: *val = p[0]; break;
		case 2: { uint16_t v; memcpy(&v, p, 2); *val = v; break; }
		default: memcpy(val, p, 4); break;
		}
		return 0;
	}
	r = memmap_find(mm, addr);
	if (!r || addr - r->base > r->size - size || !r->ops->read)
		return -1;
	return r->ops->read(r->dev, addr - r->base, size, val);
}

int memmap_write(struct memmap *mm, uint32_t addr, int size, uint32_t val)
{
	const struct mmio_region *r;

	if (memmap_is_ram(mm, addr, size)) {
		memcpy(memmap_host(mm, addr), &val, size);	/* little-endian host */
		return 0;
	}
	r = memmap_find(mm, addr);
	if (!r || addr - r->base > r->size - size || !r->ops->write)
		return -1;
	return r->ops->write(r->dev, addr - r->base, size, val);
}
