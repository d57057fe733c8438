/*
 * vm.h: Sv32 page tables for the osprey ISA tests (include after env.h).
 *
 * VM_INIT builds, in M-mode, a root table with
 *   - VA 0x80000000..0x803fffff: identity megapage, RWX, A and D set (code and data);
 *   - VA 0x40000000..0x403fffff: a second-level table vm_l0 whose entry i maps page i of
 *     vm_pages (VA_PAGE(i)); MAP(i, flags) sets it, PTE_OF(reg, i) reads it back;
 * and turns on Sv32 (satp). M-mode is not translated; S and U are.
 * Page i of vm_pages holds PAGE_WORD(i) in its first word.
 * The macros use t0 and t1.
 */
#ifndef ISA_VM_H
#define ISA_VM_H

#define VA_BASE 0x40000000
#define VA_PAGE(i) (VA_BASE + (i) * 0x1000)
#define VM_NPAGES 8
#define PAGE_WORD(i) (0x600d0000 + (i))
#define PTE_RWXAD (PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)

#define MAP(i, flags)                                                                   \
	la t0, vm_pages + (i) * 4096;                                                   \
	srli t0, t0, 12;                                                                \
	slli t0, t0, 10;                                                                \
	ori t0, t0, (flags);                                                            \
	la t1, vm_l0;                                                                   \
	sw t0, (i) * 4(t1);                                                             \
	sfence.vma

#define PTE_OF(reg, i)                                                                  \
	la t1, vm_l0;                                                                   \
	lw reg, (i) * 4(t1)

#define VM_INIT                                                                         \
	la t1, vm_root + 0x200 * 4;                                                     \
	li t0, ((0x80000000 >> 12) << 10) | PTE_RWXAD;                                  \
	sw t0, 0(t1);                                                                   \
	la t0, vm_l0;                                                                   \
	srli t0, t0, 12;                                                                \
	slli t0, t0, 10;                                                                \
	ori t0, t0, PTE_V;                                                              \
	la t1, vm_root + 0x100 * 4;                                                     \
	sw t0, 0(t1);                                                                   \
	la t0, vm_root;                                                                 \
	srli t0, t0, 12;                                                                \
	li t1, SATP_SV32;                                                               \
	or t0, t0, t1;                                                                  \
	csrw satp, t0;                                                                  \
	sfence.vma

#define VM_DATA                                                                         \
	.balign 4096;                                                                   \
vm_root: .space 4096;                                                                   \
vm_l0: .space 4096;                                                                     \
vm_pages:                                                                               \
	.set vm_i, 0;                                                                   \
	.rept VM_NPAGES;                                                                \
	.word PAGE_WORD(vm_i);                                                          \
	.balign 4096;                                                                   \
	.set vm_i, vm_i + 1;                                                            \
	.endr

#endif
