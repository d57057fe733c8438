// SPDX-License-Identifier: MIT
/*
 * vm.c - Sv32 page tables: the kernel's (megapages only) and each
 * process's, whose upper half (VPN1 >= 512, addresses >= USER_LIMIT) is a
 * copy of the kernel's root entries.  User pages are mapped R|W|X|U.
 * Every access to user memory from the kernel goes through copyin/copyout,
 * which check the mapping and return -EFAULT on any bad address.
 */
#include "abi.h"
#include "defs.h"
#include "memlayout.h"
#include "param.h"
#include "proc.h"

static pte_t kpgtbl[1024] __attribute__((aligned(4096)));
pagetable_t kernel_pagetable = kpgtbl;

#define KERN_FLAGS	(PTE_V | PTE_R | PTE_W | PTE_A | PTE_D | PTE_G)
#define USER_FLAGS	(PTE_V | PTE_U | PTE_A | PTE_D)	/* plus R, W, X as asked */

extern char __shared_hot_start[], __shared_hot_end[];	/* kernel.ld */
extern char __layout_start[], __layout_end[];	/* kernel-layout.ld */

void kvminit(void)
{
	uint32_t hot = (uint32_t)__shared_hot_start;

	for (uint32_t pa = RAM_BASE; pa < RAM_END; pa += MEGAPAGE)
		kpgtbl[VPN1(pa)] = PA2PTE(pa) | KERN_FLAGS | PTE_X;
	/*
	 * The shared-hot variables, when there are any, have a megapage of
	 * their own (kernel.ld): it keeps them coherent by update on osprey
	 * with coh.selective_update (other RSW bits are ignored elsewhere).
	 */
	if ((uint32_t)__shared_hot_end > hot)
		kpgtbl[VPN1(hot)] |= PTE_UPDATE;
	/*
	 * The laid-out code (make kernel LAYOUT=...), when there is any, runs
	 * with guarded sequential prefetching on osprey: PTE bit 8 on its
	 * megapage. The other S-mode code there is the boot entry (entry.S);
	 * the M-mode layer's code shares it but fetches untranslated.
	 */
	if ((uint32_t)__layout_end > (uint32_t)__layout_start)
		for (uint32_t a = (uint32_t)__layout_start & ~(MEGAPAGE - 1);
		     a < (uint32_t)__layout_end; a += MEGAPAGE)
			kpgtbl[VPN1(a)] |= PTE_GUARD;
	kpgtbl[VPN1(UART_VA)] = PA2PTE(UART_PHYS) | KERN_FLAGS;
	kpgtbl[VPN1(CLINT_VA)] = PA2PTE(CLINT_PHYS) | KERN_FLAGS;
	kpgtbl[VPN1(PLIC_VA)] = PA2PTE(PLIC_PHYS) | KERN_FLAGS;
	kpgtbl[VPN1(OSPREY_VA)] = PA2PTE(OSPREY_PHYS) | KERN_FLAGS;	/* touched only if probed */
}

void switch_pagetable(pagetable_t pt)
{
	csr_write(satp, SATP_MODE_SV32 | ((uint32_t)pt >> PGSHIFT));
	sfence_vma();
}

void kvminithart(void)
{
	switch_pagetable(kernel_pagetable);
}

/* The leaf PTE for a user va, creating the second-level table if alloc. */
pte_t *walk(pagetable_t pt, uint32_t va, int alloc)
{
	pte_t *pte = &pt[VPN1(va)];
	pagetable_t l0;

	if (va >= USER_LIMIT)
		return NULL;
	if (*pte & PTE_V) {
		if (*pte & (PTE_R | PTE_W | PTE_X))
			return NULL;	/* a megapage: never in the user half */
		l0 = (pagetable_t)PTE2PA(*pte);
	} else {
		if (!alloc || !(l0 = kalloc()))
			return NULL;
		blk_zero_page(l0);
		*pte = PA2PTE(l0) | PTE_V;
	}
	return &l0[VPN0(va)];
}

/* Map one page; -ENOMEM if a page-table page cannot be had. */
int mappage(pagetable_t pt, uint32_t va, uint32_t pa, uint32_t perm)
{
	pte_t *pte = walk(pt, va, 1);

	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_V)
		panic("mappage: remap of %p", va);
	*pte = PA2PTE(pa) | perm | PTE_V;
	return 0;
}

/* A new user page table: empty user half, the kernel's upper half. */
pagetable_t uvmcreate(void)
{
	pagetable_t pt = kalloc();

	if (!pt)
		return NULL;
	blk_zero_page(pt);
	for (int i = VPN1(USER_LIMIT); i < 1024; i++)
		pt[i] = kernel_pagetable[i];
	return pt;
}

/* Add permissions to the mapped user page at va (a page two ELF segments share). */
void uvmaddperm(pagetable_t pt, uint32_t va, uint32_t perm)
{
	pte_t *pte = walk(pt, va, 0);

	if (pte && (*pte & PTE_V))
		*pte |= perm;
}

/* Unmap [va, va + n pages), freeing the pages; holes are skipped. */
static void uvmunmap(pagetable_t pt, uint32_t va, uint32_t npages)
{
	for (uint32_t a = va; a < va + npages * PGSIZE; a += PGSIZE) {
		pte_t *pte = walk(pt, a, 0);
		if (pte && (*pte & PTE_V)) {
			kfree((void *)PTE2PA(*pte));
			*pte = 0;
		}
	}
}

/*
 * Map fresh zeroed pages for [PGROUNDUP(oldsz), newsz) with perm (a mix of
 * PTE_R, PTE_W, PTE_X); all or nothing.
 */
int uvmalloc(pagetable_t pt, uint32_t oldsz, uint32_t newsz, uint32_t perm)
{
	if (newsz <= oldsz)
		return 0;
	for (uint32_t a = PGROUNDUP(oldsz); a < newsz; a += PGSIZE) {
		pte_t *pte = walk(pt, a, 1);
		void *mem;
		if (pte && (*pte & PTE_V))
			panic("uvmalloc: remap of %p", a);
		if (!pte || !(mem = kalloc())) {
			uvmdealloc(pt, a, PGROUNDUP(oldsz));
			return -ENOMEM;
		}
		blk_zero_page(mem);
		*pte = PA2PTE(mem) | USER_FLAGS | perm;
	}
	return 0;
}

/* Free the pages of [PGROUNDUP(newsz), PGROUNDUP(oldsz)); returns newsz. */
uint32_t uvmdealloc(pagetable_t pt, uint32_t oldsz, uint32_t newsz)
{
	uint32_t lo = PGROUNDUP(newsz), hi = PGROUNDUP(oldsz);

	if (hi > lo)
		uvmunmap(pt, lo, (hi - lo) / PGSIZE);
	return newsz;
}

/* Free every user page, the second-level tables and the root. */
void uvmfree(pagetable_t pt)
{
	for (int i = 0; i < (int)VPN1(USER_LIMIT); i++) {
		if (!(pt[i] & PTE_V))
			continue;
		pagetable_t l0 = (pagetable_t)PTE2PA(pt[i]);
		for (int j = 0; j < 1024; j++)
			if (l0[j] & PTE_V)
				kfree((void *)PTE2PA(l0[j]));
		kfree(l0);
		pt[i] = 0;
	}
	kfree(pt);
}

/* fork: copy every user page of old into new (eager copy). */
int uvmcopy(pagetable_t old, pagetable_t new)
{
	for (int i = 0; i < (int)VPN1(USER_LIMIT); i++) {
		if (!(old[i] & PTE_V))
			continue;
		pagetable_t l0 = (pagetable_t)PTE2PA(old[i]);
		for (int j = 0; j < 1024; j++) {
			if (!(l0[j] & PTE_V))
				continue;
			uint32_t va = ((uint32_t)i << 22) | ((uint32_t)j << 12);
			void *mem = kalloc();
			if (!mem)
				return -ENOMEM;
			blk_copy_page(mem, (void *)PTE2PA(l0[j]));
			if (mappage(new, va, (uint32_t)mem, PTE_FLAGS(l0[j]) & ~PTE_V) < 0) {
				kfree(mem);
				return -ENOMEM;
			}
		}
	}
	return 0;
}

/* Physical address of user va if mapped with all of perm, else 0. */
static uint32_t uaddr(pagetable_t pt, uint32_t va, uint32_t perm)
{
	pte_t *pte = walk(pt, va, 0);

	if (!pte || (*pte & (PTE_V | PTE_U | perm)) != (PTE_V | PTE_U | perm))
		return 0;
	return PTE2PA(*pte) | (va & (PGSIZE - 1));
}

int copyout(pagetable_t pt, uint32_t dstva, const void *src, uint32_t len)
{
	while (len > 0) {
		uint32_t pa = uaddr(pt, dstva, PTE_W);
		if (!pa)
			return -EFAULT;
		uint32_t n = PGSIZE - (dstva & (PGSIZE - 1));
		if (n > len)
			n = len;
		blk_copy((void *)pa, src, n);
		len -= n;
		src = (const char *)src + n;
		dstva += n;
	}
	return 0;
}

int copyin(pagetable_t pt, void *dst, uint32_t srcva, uint32_t len)
{
	while (len > 0) {
		uint32_t pa = uaddr(pt, srcva, PTE_R);
		if (!pa)
			return -EFAULT;
		uint32_t n = PGSIZE - (srcva & (PGSIZE - 1));
		if (n > len)
			n = len;
		blk_copy(dst, (void *)pa, n);
		len -= n;
		dst = (char *)dst + n;
		srcva += n;
	}
	return 0;
}

/* Copy a NUL-terminated string of at most max bytes with its NUL: its length. */
int copyinstr(pagetable_t pt, char *dst, uint32_t srcva, uint32_t max)
{
	uint32_t got = 0;

	while (got < max) {
		uint32_t pa = uaddr(pt, srcva, PTE_R);
		if (!pa)
			return -EFAULT;
		uint32_t n = PGSIZE - (srcva & (PGSIZE - 1));
		const char *s = (const char *)pa;
		for (; n > 0 && got < max; n--, got++, srcva++) {
			dst[got] = *s++;
			if (dst[got] == 0)
				return got;
		}
	}
	return -ENAMETOOLONG;
}

/* Copy to a user address (user = 1) or a kernel address. */
int either_copyout(int user, uint32_t dst, const void *src, uint32_t len)
{
	if (user)
		return copyout(myproc()->pagetable, dst, src, len);
	blk_copy((void *)dst, src, len);
	return 0;
}

int either_copyin(void *dst, int user, uint32_t src, uint32_t len)
{
	if (user)
		return copyin(myproc()->pagetable, dst, src, len);
	blk_copy(dst, (const void *)src, len);
	return 0;
}
