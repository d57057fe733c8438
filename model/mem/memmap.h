/* SPDX-License-Identifier: MIT */
/*
 * The physical address space: RAM (the one backing memory that holds all
 * architectural data) and device regions that register read/write callbacks.
 * Harts reach RAM through host pointers on their fast paths and come here for
 * everything else.
 */
#ifndef OSPREY_MEMMAP_H
#define OSPREY_MEMMAP_H

#include <stdint.h>

#define MEMMAP_MAX_REGIONS 16

/*
 * A device's access callbacks. @off is relative to the region base, @size is
 * 1, 2 or 4 bytes. They return 0, or -1 for an access the device rejects
 * (the hart raises an access fault).
 */
struct mmio_ops {
	int (*read)(void *dev, uint32_t off, int size, uint32_t *val);
	int (*write)(void *dev, uint32_t off, int size, uint32_t val);
};

struct mmio_region {
	uint32_t base, size;		/* bytes */
	const struct mmio_ops *ops;
	void *dev;			/* passed back to the callbacks */
	const char *name;		/* for messages */
};

struct memmap {
	uint8_t *ram;			/* host copy of RAM: the backing memory */
	uint32_t ram_base, ram_size;	/* bytes */
	uint64_t image_lo, image_hi;	/* [lo, hi): RAM the ELF loader filled; lo = hi if none */
	/*
	 * Guard predecode bits beside the instruction words: bit w set when the
	 * RAM word w holds a marked control transfer (from .osprey.guard).
	 * NULL when the program has none.
	 */
	uint8_t *guard;
	struct mmio_region regions[MEMMAP_MAX_REGIONS];
	int nregions;
};

/* Allocates zeroed RAM. Returns 0 or -1 when the host is out of memory. */
int memmap_init(struct memmap *mm, uint32_t ram_base, uint32_t ram_size);
void memmap_free(struct memmap *mm);

/* Adds a device region; regions must not overlap RAM or each other. */
void memmap_add(struct memmap *mm, const char *name, uint32_t base, uint32_t size,
		const struct mmio_ops *ops, void *dev);

/* True when [addr, addr + len) lies in RAM. */
static inline int memmap_is_ram(const struct memmap *mm, uint32_t addr, uint32_t len)
{
	return addr - mm->ram_base < mm->ram_size && len <= mm->ram_size - (addr - mm->ram_base);
}

/* Host pointer of a RAM address; the caller has checked memmap_is_ram(). */
static inline uint8_t *memmap_host(const struct memmap *mm, uint32_t addr)
{
	return mm->ram + (addr - mm->ram_base);
}

/*
 * Physical access of @size bytes (1, 2, 4) anywhere in the map, little endian.
 * Returns 0, or -1 when nothing is mapped there or the device refuses.
 */
int memmap_read(struct memmap *mm, uint32_t addr, int size, uint32_t *val);
int memmap_write(struct memmap *mm, uint32_t addr, int size, uint32_t val);

/* Marks the RAM word at @addr as holding a guarded transfer. 0, or -1 out of memory. */
int memmap_set_guard(struct memmap *mm, uint32_t addr);

/* True when some word of the @bytes-byte line at @addr holds a guarded transfer. */
int memmap_line_guarded(const struct memmap *mm, uint32_t addr, uint32_t bytes);

/* The device region holding @addr, or NULL. */
const struct mmio_region *memmap_find(const struct memmap *mm, uint32_t addr);

#endif
