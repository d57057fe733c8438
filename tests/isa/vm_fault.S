/*
 * vm_fault: Sv32 page faults, cause 12 (fetch), 13 (load), 15 (store/AMO) with
 * mtval/stval = the faulting virtual address (AMOs are in vm_amo); permission rules for R/W/X, the U bit
 * with SUM, MXR, reserved encodings, misaligned megapages, sfence.vma, delegation.
 */
#include "env.h"
#include "vm.h"

#define RET_INSN 0x00008067	/* jalr x0, 0(ra) */

/* In the current mode, `insn` on address `va` must fault with `cause`. */
#define FAULT(cause, va, insn...)                                                       \
	li x1, va; li s10, cause; li s11, va; li s8, 1; la s7, 10085f; 10085: insn

TEST_BEGIN
	VM_INIT
	MAP(0, 0)
	MAP(1, PTE_V | PTE_R | PTE_A)
	MAP(2, PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)
	MAP(3, PTE_V | PTE_X | PTE_A)
	MAP(4, PTE_V | PTE_W | PTE_A | PTE_D)
	MAP(5, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
	MAP(6, PTE_V | PTE_R | PTE_X | PTE_U | PTE_A)
	la t0, vm_pages + 6 * 4096
	li t1, RET_INSN
	sw t1, 0(t0)
	la t0, vm_pages + 5 * 4096
	sw t1, 0(t0)
	fence.i

	/* Invalid PTE: load and store fault (AMOs: vm_amo). */
	TEST_CASE(2, s9, 2, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(0), lw x2, 0(x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(0), sw x2, 0(x1)); ENV_ENTER_M)
	/* Offsets within the page appear in tval. */
	TEST_CASE(3, s9, 1, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(0) + 0x7fc,
		  lw x2, 0(x1)); ENV_ENTER_M)
	/* Read-only page: loads work, stores fault. */
	TEST_CASE(4, x14, PAGE_WORD(1), li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_STORE_PAGE, VA_PAGE(1) + 8,
		  sw x2, 0(x1)); li x1, VA_PAGE(1); lw x14, 0(x1); ENV_ENTER_M; CHECK(s9, 1))
	/* U page from S: faults with SUM = 0, works with SUM = 1. */
	TEST_CASE(5, s9, 2, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(2), lw x2, 0(x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(2), sw x2, 0(x1)); ENV_ENTER_M)
	TEST_CASE(6, x14, PAGE_WORD(2), li s9, 0; li x1, MSTATUS_SUM; csrs mstatus, x1; ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(2); sw x0, 4(x1); lw x14, 0(x1); ENV_ENTER_M; li x1, MSTATUS_SUM;
		  csrc mstatus, x1; CHECK(s9, 0))
	/* Execute-only page: loads fault unless MXR = 1; stores always fault. */
	TEST_CASE(7, s9, 1, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(3), lw x2, 0(x1));
		  ENV_ENTER_M)
	TEST_CASE(8, x14, PAGE_WORD(3), li s9, 0; li x1, MSTATUS_MXR; csrs mstatus, x1; ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(3); lw x14, 0(x1); FAULT(CAUSE_STORE_PAGE, VA_PAGE(3), sw x2, 0(x1));
		  ENV_ENTER_M; li x1, MSTATUS_MXR; csrc mstatus, x1; CHECK(s9, 1))
	/* W without R is reserved: loads and stores fault. */
	TEST_CASE(9, s9, 2, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(4), lw x2, 0(x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(4), sw x2, 0(x1)); ENV_ENTER_M)
	/* Fetch from a page without X: cause 12, tval = the target (resume at ra). */
	TEST_CASE(10, s9, 1, li s9, 0; ENV_ENTER(PRV_S); li x1, VA_PAGE(5); TRAP_EXPECT_AT(CAUSE_FETCH_PAGE,
		  VA_PAGE(5), VA_PAGE(5)); jalr ra, 0(x1); ENV_ENTER_M)
	/* Fetch from a U page in S faults, even with SUM = 1. */
	TEST_CASE(11, s9, 1, li s9, 0; li x1, MSTATUS_SUM; csrs mstatus, x1; ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(6); TRAP_EXPECT_AT(CAUSE_FETCH_PAGE, VA_PAGE(6), VA_PAGE(6)); jalr ra, 0(x1);
		  ENV_ENTER_M; li x1, MSTATUS_SUM; csrc mstatus, x1)
	/* Fetch from an unmapped page. */
	TEST_CASE(12, s9, 1, li s9, 0; ENV_ENTER(PRV_S); li x1, VA_PAGE(0) + 0x100;
		  TRAP_EXPECT_AT(CAUSE_FETCH_PAGE, VA_PAGE(0) + 0x100, VA_PAGE(0) + 0x100); jalr ra, 0(x1);
		  ENV_ENTER_M)
	/* MPRV with MPP = U: M-mode loads use U permissions (non-U page faults). */
	TEST_CASE(13, s9, 1, li s9, 0; li x1, MSTATUS_MPP; csrc mstatus, x1; li x5, MSTATUS_MPRV;
		  csrs mstatus, x5; FAULT(CAUSE_LOAD_PAGE, VA_PAGE(5), lw x2, 0(x1)); csrc mstatus, x5)
	TEST_CASE(14, x14, PAGE_WORD(2), li x1, MSTATUS_MPP; csrc mstatus, x1; li x5, MSTATUS_MPRV;
		  csrs mstatus, x5; li x1, VA_PAGE(2); lw x14, 0(x1); csrc mstatus, x5)
	/* Making a PTE valid and sfence.vma: the access then works. */
	TEST_CASE(15, x14, PAGE_WORD(0), MAP(0, PTE_V | PTE_R | PTE_A); ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(0); lw x14, 0(x1); ENV_ENTER_M)
	/* Invalidating it again and sfence.vma x1 (one address): faults again. */
	TEST_CASE(16, s9, 1, li s9, 0; MAP(0, 0); ENV_ENTER(PRV_S); li x1, VA_PAGE(0); sfence.vma x1, x0;
		  FAULT(CAUSE_LOAD_PAGE, VA_PAGE(0), lw x2, 0(x1)); ENV_ENTER_M)
	/* A misaligned megapage (PPN[0] != 0) is a page fault. */
	TEST_CASE(17, s9, 1, li s9, 0; la t1, vm_root + 0x101 * 4;
		  li t0, (((0x80000000 >> 12) + 1) << 10) | PTE_RWXAD; sw t0, 0(t1); sfence.vma;
		  ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, 0x40400000, lw x2, 0(x1)); ENV_ENTER_M)
	/* An aligned megapage elsewhere works. */
	TEST_CASE(18, x14, PAGE_WORD(0), la t1, vm_root + 0x101 * 4; la t0, vm_pages; li t2, 0xffc00000;
		  and t0, t0, t2; srli t0, t0, 2; ori t0, t0, PTE_RWXAD; sw t0, 0(t1); sfence.vma;
		  la x5, vm_pages; li t2, 0x003fffff; and x5, x5, t2; li x1, 0x40400000; add x1, x1, x5;
		  ENV_ENTER(PRV_S); lw x14, 0(x1); ENV_ENTER_M)
	/* A pointer PTE at the last level (leaf expected) is a fault: l0 entry with no R/W/X. */
	TEST_CASE(19, s9, 1, li s9, 0; MAP(0, PTE_V); ENV_ENTER(PRV_S);
		  FAULT(CAUSE_LOAD_PAGE, VA_PAGE(0), lw x2, 0(x1)); ENV_ENTER_M)
	/* Delegated page faults go to S with stval. */
	li x1, (1 << CAUSE_LOAD_PAGE) | (1 << CAUSE_STORE_PAGE) | (1 << CAUSE_FETCH_PAGE)
	csrw medeleg, x1
	TEST_CASE(20, s9, 3, li s9, 0; ENV_ENTER(PRV_S); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(4) + 16,
		  lw x2, 0(x1)); FAULT(CAUSE_STORE_PAGE, VA_PAGE(1) + 32, sw x2, 0(x1)); li x1, VA_PAGE(5);
		  TRAP_EXPECT_AT(CAUSE_FETCH_PAGE, VA_PAGE(5), VA_PAGE(5)); jalr ra, 0(x1); ENV_ENTER_M)
	csrw medeleg, x0
	csrw satp, x0
TEST_END

TEST_DATA_BEGIN
	VM_DATA
TEST_DATA_END
