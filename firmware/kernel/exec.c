// SPDX-License-Identifier: MIT
/*
 * exec.c - replace the current process's image with an ELF from the file
 * system.  The new address space is built completely before the old one is
 * dropped, so any failure (missing file, malformed or hostile ELF, no
 * memory, arguments too big) returns an error to the unchanged caller.
 *
 * Accepted: 32-bit little-endian RISC-V ET_EXEC with PT_LOAD segments in
 * ascending, non-overlapping order inside [USER_TEXT_BASE, heap limit), each
 * with filesz <= memsz inside the file, and the entry inside a segment.
 * Pages get the segment's R/W/X permissions (a page two segments share gets
 * both); heap and stack pages are R/W.
 */
#include "abi.h"
#include "defs.h"
#include "fs.h"
#include "proc.h"

#define ELF_MAGIC	0x464c457fu	/* "\x7fELF", little-endian */
#define EM_RISCV	243
#define ET_EXEC		2
#define PT_LOAD		1
#define PF_X		1
#define PF_W		2
#define PF_R		4
#define MAX_PHNUM	32

struct elfhdr {
	uint32_t magic;
	uint8_t class, data, version, osabi, pad[8];
	uint16_t type, machine;
	uint32_t version2, entry, phoff, shoff, flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct proghdr {
	uint32_t type, off, vaddr, paddr, filesz, memsz, flags, align;
};

/* Copy n bytes at file offset off into user va of pt (pages already mapped). */
static int loadseg(pagetable_t pt, uint32_t va, struct inode *ip, uint32_t off, uint32_t n)
{
	while (n > 0) {
		pte_t *pte = walk(pt, PGROUNDDOWN(va), 0);
		uint32_t m = PGSIZE - (va & (PGSIZE - 1));
		if (!pte || !(*pte & PTE_V))
			panic("loadseg: unmapped %p", va);
		if (m > n)
			m = n;
		if (readi(ip, 0, PTE2PA(*pte) + (va & (PGSIZE - 1)), off, m) != (int)m)
			return -ENOEXEC;
		va += m;
		off += m;
		n -= m;
	}
	return 0;
}

int exec(const char *path, char **argv)
{
	const uint32_t stack_lo = USER_STACK_TOP - USER_STACK_PAGES * PGSIZE;
	const uint32_t heap_limit = stack_lo - PGSIZE;	/* a guard page below the stack */
	struct proc *p = myproc();
	struct elfhdr eh;
	struct proghdr ph;
	struct inode *ip;
	pagetable_t pt = NULL, oldpt;
	uint32_t sz = USER_TEXT_BASE, sp, ustack[MAXARG + 1];
	int err, argc, nload = 0;
	uint32_t perm;
	const char *last, *s;

	if (!(ip = namei(path, &err)))
		return err;
	ilock(ip);
	err = -ENOEXEC;
	if (ip->type != T_FILE)
		goto bad;
	if (readi(ip, 0, (uint32_t)&eh, 0, sizeof(eh)) != sizeof(eh))
		goto bad;
	if (eh.magic != ELF_MAGIC || eh.class != 1 || eh.data != 1 || eh.type != ET_EXEC ||
	    eh.machine != EM_RISCV || eh.phentsize != sizeof(ph) || eh.phnum > MAX_PHNUM)
		goto bad;
	if (!(pt = uvmcreate())) {
		err = -ENOMEM;
		goto bad;
	}
	for (int i = 0; i < eh.phnum; i++) {
		err = -ENOEXEC;
		if (readi(ip, 0, (uint32_t)&ph, eh.phoff + i * sizeof(ph), sizeof(ph)) != sizeof(ph))
			goto bad;
		if (ph.type != PT_LOAD || ph.memsz == 0)
			continue;
		if (ph.filesz > ph.memsz || ph.vaddr < sz || ph.vaddr >= heap_limit ||
		    ph.memsz > heap_limit - ph.vaddr || ph.off > ip->size ||
		    ph.filesz > ip->size - ph.off)
			goto bad;
		perm = (ph.flags & PF_R ? PTE_R : 0) | (ph.flags & PF_W ? PTE_W | PTE_R : 0) |
		       (ph.flags & PF_X ? PTE_X : 0);
		if (!perm)
			goto bad;
		if (PGROUNDDOWN(ph.vaddr) < PGROUNDUP(sz))	/* shares a page with the last */
			uvmaddperm(pt, PGROUNDDOWN(ph.vaddr), perm);
		if ((err = uvmalloc(pt, sz, ph.vaddr + ph.memsz, perm)) < 0)
			goto bad;
		sz = ph.vaddr + ph.memsz;
		if ((err = loadseg(pt, ph.vaddr, ip, ph.off, ph.filesz)) < 0)
			goto bad;
		nload++;
	}
	err = -ENOEXEC;
	if (nload == 0 || eh.entry < USER_TEXT_BASE || eh.entry >= sz)
		goto bad;
	iunlockput(ip);
	ip = NULL;

	/* stack: strings, then the argv array, 16-byte aligned */
	sz = PGROUNDUP(sz);
	if ((err = uvmalloc(pt, stack_lo, USER_STACK_TOP, PTE_R | PTE_W)) < 0)
		goto bad;
	sp = USER_STACK_TOP;
	err = -E2BIG;
	for (argc = 0; argv[argc]; argc++) {
		uint32_t len = strlen(argv[argc]) + 1;
		if (argc >= MAXARG || sp - stack_lo < len + 64)
			goto bad;
		sp -= len;
		if (copyout(pt, sp, argv[argc], len) < 0)
			goto bad;
		ustack[argc] = sp;
	}
	ustack[argc] = 0;
	sp = (sp - (argc + 1) * 4) & ~15u;
	if (sp < stack_lo || copyout(pt, sp, ustack, (argc + 1) * 4) < 0)
		goto bad;

	for (last = s = path; *s; s++)
		if (*s == '/')
			last = s + 1;
	safestrcpy(p->name, last, sizeof(p->name));
	oldpt = p->pagetable;
	p->pagetable = pt;
	p->sz = p->heap_base = sz;
	p->tf->sepc = eh.entry;
	p->tf->sp = sp;
	p->tf->a1 = sp;		/* argv; a0 = argc is the return value */
	switch_pagetable(pt);
	uvmfree(oldpt);
	return argc;

bad:
	if (pt)
		uvmfree(pt);
	if (ip)
		iunlockput(ip);
	return err;
}
