// SPDX-License-Identifier: MIT
/*
 * Data accesses of a hart. The fast path is a small direct-mapped table of
 * virtual pages whose translation, PMP check and RAM lookup were done once:
 * it holds a host address addend, so an access is a tag compare and a host
 * load or store. Anything else (a device, the HTIF page, a fault) takes the
 * slow path. The tables are flushed whenever translation or privilege could
 * change the outcome (hart_flush_fast).
 */
#include <string.h>

#include "cpu/hart_impl.h"
#include "mem/memmap.h"

void hart_flush_fast(struct hart *h)
{
	h->epoch++;
	/* 0xff bytes make every tag ~0, which no 20-bit page number equals. */
	memset(&h->fetch_page, 0xff, sizeof(h->fetch_page));
	memset(h->fetch_pages, 0xff, sizeof(h->fetch_pages));
	memset(h->rd_pages, 0xff, sizeof(h->rd_pages));
	memset(h->wr_pages, 0xff, sizeof(h->wr_pages));
	h->micro_i.vpn = h->micro_d.vpn = ~0u;
	memset(h->micro_i.fast_vpn, 0xff, sizeof(h->micro_i.fast_vpn));
	memset(h->micro_d.fast_vpn, 0xff, sizeof(h->micro_d.fast_vpn));
}

void lr_break(struct lr_set *lr, uint32_t paddr)
{
	uint32_t word = paddr & ~3u;

	for (uint32_t m = lr->active; m; m &= m - 1) {
		int i = __builtin_ctz(m);

		if (lr->addr[i] == word)
			lr->active &= ~(1u << i);
	}
}

static int access_fault(enum access acc)
{
	return acc == ACC_LOAD ? CAUSE_LOAD_ACCESS : CAUSE_STORE_ACCESS;
}

/*
 * Translates and checks a data access, and fills the fast table when the
 * whole page is plain RAM that PMP allows. Returns 0 with @paddr set, 1
 * when it raised the exception, or HART_REDO inside hart_run_fast, which
 * leaves every access outside the fast tables (a device, a TLB refill) to
 * hart_step: nothing has changed yet, so the instruction runs again there.
 */
static COLD int data_slow(struct hart *h, uint32_t va, int size, enum access acc, uint32_t *paddr)
{
	struct fast_page *fp;
	uint32_t pa, page;
	int cause;
	enum priv eff = h->priv;

	if (h->in_run)
		return HART_REDO;
	cause = mmu_translate(h, va, acc, &pa);
	if (cause >= 0)
		return hart_exception(h, cause, va);
	if (eff == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		eff = (enum priv)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
	if (!pmp_allows(h, pa, size, acc, eff))
		return hart_exception(h, access_fault(acc), va);
	*paddr = pa;

	page = pa & ~(PAGE_SIZE - 1);
	if (!memmap_is_ram(h->env.mm, page, PAGE_SIZE) || (pa >> 12) == h->env.slow_page ||
	    !pmp_allows(h, page, PAGE_SIZE, acc, eff))
		return 0;
	/* A store only reaches here once mmu_translate has set the page's D bit. */
	fp = acc == ACC_LOAD ? &h->rd_pages[(va >> 12) % FAST_PAGES]
			     : &h->wr_pages[(va >> 12) % FAST_PAGES];
	fp->vpn = va >> 12;
	fp->addend = (uintptr_t)memmap_host(h->env.mm, page) - (va & ~(PAGE_SIZE - 1));
	return 0;
}

int hart_load_slow(struct hart *h, uint32_t va, int size, uint32_t *val)
{
	uint32_t pa;
	int redo;

	if ((redo = data_slow(h, va, size, ACC_LOAD, &pa)))
		return redo;
	if (memmap_read(h->env.mm, pa, size, val))
		return hart_exception(h, CAUSE_LOAD_ACCESS, va);
	return 0;
}

int hart_store_slow(struct hart *h, uint32_t va, int size, uint32_t val)
{
	uint32_t pa;
	int redo;

	if ((redo = data_slow(h, va, size, ACC_STORE, &pa)))
		return redo;
	if (h->store_hook && memmap_is_ram(h->env.mm, pa, size) && (pa >> 12) != h->env.slow_page) {
		h->store_hook(h->store_ctx, pa, size, val);
		return 0;
	}
	if (h->env.lr->active)
		lr_break(h->env.lr, pa);
	if (memmap_write(h->env.mm, pa, size, val))
		return hart_exception(h, CAUSE_STORE_ACCESS, va);
	if ((pa >> 12) == h->env.slow_page && h->env.watch_store)
		h->env.watch_store(h->env.ctx, pa, size, val);
	return 0;
}

void hart_set_store_hook(struct hart *h, void (*fn)(void *ctx, uint32_t pa, int size,
						    uint32_t val), void *ctx)
{
	h->store_hook = fn;
	h->store_ctx = ctx;
}

void hart_commit_store(struct hart *h, uint32_t pa, int size, uint32_t val)
{
	uint8_t *p = memmap_host(h->env.mm, pa);

	if (h->env.lr->active)
		lr_break(h->env.lr, pa);
	switch (size) {
	case 1: *p = (uint8_t)val; break;
	case 2: { uint16_t v = (uint16_t)val; memcpy(p, &v, 2); break; }
	default: memcpy(p, &val, 4); break;
	}
}

void lr_set_break(struct lr_set *lr, uint32_t base, uint32_t bytes)
{
	for (uint32_t m = lr->active; m; m &= m - 1) {
		int i = __builtin_ctz(m);

		if (lr->addr[i] - base < bytes)
			lr->active &= ~(1u << i);
	}
}

int hart_lr_holds(const struct hart *h, uint32_t pa)
{
	const struct lr_set *lr = h->env.lr;

	return (lr->active >> h->id) & 1 && lr->addr[h->id] == (pa & ~3u);
}

void hart_lr_lose(struct hart *h, uint32_t base, uint32_t bytes)
{
	struct lr_set *lr = h->env.lr;
	uint32_t bit = 1u << h->id;

	if ((lr->active & bit) && lr->addr[h->id] - base < bytes)
		lr->active &= ~bit;
}
