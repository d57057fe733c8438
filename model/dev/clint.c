// SPDX-License-Identifier: MIT
#include "dev/clint.h"

#define MSIP_BASE	0x0000
#define MTIMECMP_BASE	0x4000
#define MTIME		0xbff8

void clint_init(struct clint *c, struct hart **harts, int nharts, const uint64_t *now,
		uint32_t cycles_per_tick)
{
	c->harts = harts;
	c->nharts = nharts;
	c->now = now;
	c->cycles_per_tick = cycles_per_tick;
	c->offset = 0;
	c->moved = NULL;
	for (int i = 0; i < MAX_HARTS; i++) {
		c->msip[i] = 0;
		c->mtimecmp[i] = UINT64_MAX;	/* QEMU's reset value: no timer pending */
	}
	clint_update(c);
}

uint64_t clint_mtime(const struct clint *c)
{
	return *c->now / c->cycles_per_tick + c->offset;
}

void clint_update(struct clint *c)
{
	uint64_t mtime = clint_mtime(c);

	c->next_event = UINT64_MAX;
	for (int i = 0; i < c->nharts; i++) {
		uint64_t cmp = c->mtimecmp[i], tick;

		hart_set_irq(c->harts[i], IRQ_MTI, mtime >= cmp);
		if (mtime >= cmp)
			continue;
		/* The core cycle at which mtime reaches cmp, if it fits in 64 bits. */
		tick = cmp - c->offset;
		if (tick <= UINT64_MAX / c->cycles_per_tick &&
		    tick * c->cycles_per_tick < c->next_event)
			c->next_event = tick * c->cycles_per_tick;
	}
	if (c->moved)
		c->moved(c->moved_ctx);
}

static uint32_t half(uint64_t v, uint32_t off)
{
	return (off & 4) ? (uint32_t)(v >> 32) : (uint32_t)v;
}

static void set_half(uint64_t *v, uint32_t off, uint32_t val)
{
	if (off & 4)
		*v = (*v & 0xffffffffull) | ((uint64_t)val << 32);
	else
		*v = (*v & ~0xffffffffull) | val;
}

static int clint_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	struct clint *c = dev;

	if (size != 4)
		return -1;
	if (off < MSIP_BASE + 4u * c->nharts)
		*val = c->msip[off / 4];
	else if (off >= MTIMECMP_BASE && off < MTIMECMP_BASE + 8u * c->nharts)
		*val = half(c->mtimecmp[(off - MTIMECMP_BASE) / 8], off);
	else if (off == MTIME || off == MTIME + 4)
		*val = half(clint_mtime(c), off);
	else
		*val = 0;
	return 0;
}

static int clint_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct clint *c = dev;

	if (size != 4)
		return -1;
	if (off < MSIP_BASE + 4u * c->nharts) {
		c->msip[off / 4] = val & 1;
		hart_set_irq(c->harts[off / 4], IRQ_MSI, val & 1);
	} else if (off >= MTIMECMP_BASE && off < MTIMECMP_BASE + 8u * c->nharts) {
		set_half(&c->mtimecmp[(off - MTIMECMP_BASE) / 8], off, val);
		clint_update(c);
	} else if (off == MTIME || off == MTIME + 4) {
		uint64_t t = clint_mtime(c);

		set_half(&t, off, val);
		c->offset = t - *c->now / c->cycles_per_tick;
		clint_update(c);
	}
	return 0;
}

const struct mmio_ops clint_ops = { clint_read, clint_write };
