// SPDX-License-Identifier: MIT
/*
 * Address translation (Sv32) and physical memory protection.
 *
 * Sv32: a two-level walk from satp.PPN; 4 KiB pages and 4 MiB megapages.
 * The accessed (A) and dirty (D) bits are set by hardware, as QEMU does: a
 * walk that finds A clear, or D clear on a store, writes the PTE back with
 * the bit set instead of raising a page fault. Leaf translations are cached
 * in the I-TLB and D-TLB, which sfence.vma flushes.
 *
 * PMP: 16 entries with OFF, TOR, NA4 and NAPOT matching and a granularity of
 * 4 bytes. The lowest-numbered entry that matches any byte of an access
 * decides; it must cover the whole access. M-mode is checked only against
 * locked entries. When no entry matches, M-mode succeeds and S/U fail.
 */
#include "cpu/hart_impl.h"
#include "mem/memmap.h"

#define PTE_V 0x01
#define PTE_R 0x02
#define PTE_W 0x04
#define PTE_X 0x08
#define PTE_U 0x10
#define PTE_A 0x40
#define PTE_D 0x80

#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_X 0x04
#define PMP_A 0x18
#define PMP_L 0x80
#define PMP_TOR 0x08
#define PMP_NA4 0x10
#define PMP_NAPOT 0x18

static const int page_fault[] = {
	[ACC_FETCH] = CAUSE_FETCH_PAGE, [ACC_LOAD] = CAUSE_LOAD_PAGE, [ACC_STORE] = CAUSE_STORE_PAGE
};
static const int access_fault[] = {
	[ACC_FETCH] = CAUSE_FETCH_ACCESS, [ACC_LOAD] = CAUSE_LOAD_ACCESS,
	[ACC_STORE] = CAUSE_STORE_ACCESS
};

/* The [lo, hi) byte range of PMP entry @i; hi = lo when the entry is OFF. */
static void pmp_range(const struct hart *h, int i, uint64_t *lo, uint64_t *hi)
{
	uint32_t a = h->pmpaddr[i];

	switch (h->pmpcfg[i] & PMP_A) {
	case PMP_TOR:
		*lo = i ? (uint64_t)h->pmpaddr[i - 1] << 2 : 0;
		*hi = (uint64_t)a << 2;
		break;
	case PMP_NA4:
		*lo = (uint64_t)a << 2;
		*hi = *lo + 4;
		break;
	case PMP_NAPOT: {
		int t = a == UINT32_MAX ? 32 : __builtin_ctz(~a);
		uint64_t size = 1ull << (t + 3);

		*lo = ((uint64_t)a << 2) & ~(size - 1);
		*hi = *lo + size;
		break;
	}
	default:
		*lo = *hi = 0;
	}
}

void mmu_pmp_update(struct hart *h)
{
	h->pmp_n = 0;
	for (int i = 0; i < PMP_ENTRIES; i++) {
		pmp_range(h, i, &h->pmp_lo[i], &h->pmp_hi[i]);
		if (h->pmpcfg[i] & PMP_A)
			h->pmp_n = i + 1;
	}
	hart_flush_fast(h);
}

int pmp_allows(const struct hart *h, uint32_t paddr, uint32_t len, enum access acc,
	       enum priv priv)
{
	static const uint8_t need[] = { [ACC_FETCH] = PMP_X, [ACC_LOAD] = PMP_R,
					[ACC_STORE] = PMP_W };
	uint64_t start = paddr, end = (uint64_t)paddr + len;

	for (int i = 0; i < h->pmp_n; i++) {
		uint8_t cfg = h->pmpcfg[i];
		uint64_t lo = h->pmp_lo[i], hi = h->pmp_hi[i];

		if (end <= lo || start >= hi)
			continue;
		if (start < lo || end > hi)
			return 0;	/* matches only part of the access */
		if (priv == PRIV_M && !(cfg & PMP_L))
			return 1;
		return (cfg & need[acc]) != 0;
	}
	return priv == PRIV_M;
}

static int perm_ok(const struct hart *h, uint8_t pte, enum access acc, enum priv eff)
{
	if (eff == PRIV_U && !(pte & PTE_U))
		return 0;
	if (eff == PRIV_S && (pte & PTE_U) && (acc == ACC_FETCH || !(h->mstatus & MSTATUS_SUM)))
		return 0;
	switch (acc) {
	case ACC_FETCH: return (pte & PTE_X) != 0;
	case ACC_LOAD: return (pte & PTE_R) || ((h->mstatus & MSTATUS_MXR) && (pte & PTE_X));
	default: return (pte & PTE_W) != 0;
	}
}

/* Reads a PTE, which must be in RAM and readable by S-mode under PMP. */
static int read_pte(struct hart *h, uint64_t addr, uint32_t *pte)
{
	if (addr >> 32 || !memmap_is_ram(h->env.mm, (uint32_t)addr, 4) ||
	    !pmp_allows(h, (uint32_t)addr, 4, ACC_LOAD, PRIV_S))
		return -1;
	*pte = *(uint32_t *)memmap_host(h->env.mm, (uint32_t)addr);
	return 0;
}

/*
 * The Sv32 walk. Fills the TLB with the leaf and returns -1, or returns the
 * exception cause.
 */
static int walk(struct hart *h, struct tlb *tlb, uint32_t va, enum access acc, enum priv eff,
		uint16_t asid)
{
	uint64_t table = (uint64_t)(h->satp & 0x3fffff) << 12, pte_addr = 0;
	uint32_t pte = 0;
	int level;

	for (level = 1; level >= 0; level--) {
		uint32_t vpn = (va >> (12 + 10 * level)) & 0x3ff;

		pte_addr = table + vpn * 4;
		if (h->walk_n < 2)
			h->walk_pte[h->walk_n++] = (uint32_t)pte_addr;
		if (read_pte(h, pte_addr, &pte))
			return access_fault[acc];
		if (!(pte & PTE_V) || ((pte & (PTE_R | PTE_W)) == PTE_W))
			return page_fault[acc];
		if (pte & (PTE_R | PTE_X))
			break;
		table = (uint64_t)(pte >> 10) << 12;
	}
	if (level < 0)
		return page_fault[acc];
	if (level == 1 && ((pte >> 10) & 0x3ff))
		return page_fault[acc];		/* misaligned megapage */
	if (!perm_ok(h, (uint8_t)pte, acc, eff))
		return page_fault[acc];
	if (!(pte & PTE_A) || (acc == ACC_STORE && !(pte & PTE_D))) {
		/* Hardware A/D update: the PTE must be writable memory for S-mode. */
		if (!pmp_allows(h, (uint32_t)pte_addr, 4, ACC_STORE, PRIV_S))
			return access_fault[acc];
		pte |= PTE_A | (acc == ACC_STORE ? PTE_D : 0);
		*(uint32_t *)memmap_host(h->env.mm, (uint32_t)pte_addr) = pte;
	}
	tlb_insert(tlb, level ? (va >> 12) & ~0x3ffu : va >> 12, pte >> 10, asid, pte & 0x3ff,
		   level);
	return -1;
}

enum pf_translation hart_prefetch_translate(struct hart *h, uint32_t va, int acc_write,
					    int fetch, uint32_t *pa)
{
	enum access acc = fetch ? ACC_FETCH : acc_write ? ACC_STORE : ACC_LOAD;
	enum priv eff = h->priv;
	uint64_t p = va;

	if (!fetch && eff == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		eff = (enum priv)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
	if (eff != PRIV_M && (h->satp & 0x80000000u)) {
		struct tlb_entry *e = tlb_lookup(fetch ? &h->itlb : &h->dtlb, va >> 12,
						 (h->satp >> 22) & 0x1ff);

		if (!e)
			return PFT_TLB_MISS;
		/* A/D bits to set would need a walk: the prefetch does not make one. */
		if (!perm_ok(h, (uint8_t)e->pte, acc, eff) || !(e->pte & PTE_A) ||
		    (acc == ACC_STORE && !(e->pte & PTE_D)))
			return PFT_DENIED;
		p = e->mega ? ((uint64_t)(e->ppn & ~0x3ffu) << 12) | (va & 0x3fffff)
			    : ((uint64_t)e->ppn << 12) | (va & 0xfff);
	}
	if (p >> 32 || !memmap_is_ram(h->env.mm, (uint32_t)p, 1) ||
	    (uint32_t)p >> 12 == h->env.slow_page || !pmp_allows(h, (uint32_t)p, 1, acc, eff))
		return PFT_DENIED;
	*pa = (uint32_t)p;
	return PFT_OK;
}

int mmu_translate(struct hart *h, uint32_t va, enum access acc, uint32_t *paddr)
{
	enum priv eff = h->priv;
	struct tlb *tlb = acc == ACC_FETCH ? &h->itlb : &h->dtlb;
	struct mctr *misses = acc == ACC_FETCH ? &h->stats.itlb_misses : &h->stats.dtlb_misses;
	uint16_t asid = (h->satp >> 22) & 0x1ff;
	struct tlb_entry *e;
	uint64_t pa;

	h->walk_n = 0;
	if (acc != ACC_FETCH && eff == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		eff = (enum priv)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
	if (eff == PRIV_M || !(h->satp & 0x80000000u)) {
		*paddr = va;
		h->last_rsw = PTE_RSW_BARE;
		return -1;
	}
	e = tlb_lookup(tlb, va >> 12, asid);
	if (e && perm_ok(h, (uint8_t)e->pte, acc, eff) &&
	    (e->pte & PTE_A) && (acc != ACC_STORE || (e->pte & PTE_D))) {
		/* a hit */
	} else {
		int cause;

		/* A hit whose A/D bits need setting walks again, as a miss would. */
		misses->v[SMODE(h->priv)]++;
		cause = walk(h, tlb, va, acc, eff, asid);
		if (cause >= 0)
			return cause;
		e = tlb_lookup(tlb, va >> 12, asid);
	}
	h->last_rsw = (uint8_t)(e->pte >> 8);
	if (e->mega)
		pa = ((uint64_t)(e->ppn & ~0x3ffu) << 12) | (va & 0x3fffff);
	else
		pa = ((uint64_t)e->ppn << 12) | (va & 0xfff);
	if (pa >> 32)
		return access_fault[acc];	/* beyond the 32-bit physical map */
	*paddr = (uint32_t)pa;
	return -1;
}

int hart_debug_translate(struct hart *h, uint32_t va, uint32_t *pa)
{
	enum priv eff = h->priv;
	uint64_t table = (uint64_t)(h->satp & 0x3fffff) << 12;
	uint32_t pte = 0;

	if (eff == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		eff = (enum priv)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
	if (eff == PRIV_M || !(h->satp & 0x80000000u)) {
		*pa = va;
		return 0;
	}
	/* The walk alone: no TLB fill, no A/D update, no permission check. */
	for (int level = 1; level >= 0; level--) {
		uint64_t a = table + ((va >> (12 + 10 * level)) & 0x3ff) * 4;

		if (a >> 32 || !memmap_is_ram(h->env.mm, (uint32_t)a, 4))
			return -1;
		pte = *(uint32_t *)memmap_host(h->env.mm, (uint32_t)a);
		if (!(pte & PTE_V))
			return -1;
		if (pte & (PTE_R | PTE_X)) {
			uint64_t p = level ? ((uint64_t)(pte >> 20) << 22) | (va & 0x3fffff)
					   : ((uint64_t)(pte >> 10) << 12) | (va & 0xfff);

			if (p >> 32)
				return -1;
			*pa = (uint32_t)p;
			return 0;
		}
		table = (uint64_t)(pte >> 10) << 12;
	}
	return -1;
}
