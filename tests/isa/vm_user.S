/*
 * vm_user: U-mode under Sv32. The code megapage is made a U page (M is not translated,
 * S is not used), so U runs the test body: U pages work, non-U pages fault (13/15),
 * fetches from non-U pages fault (12), and MXR applies to U too.
 */
#include "env.h"
#include "vm.h"

#define RET_INSN 0x00008067	/* jalr x0, 0(ra) */

#define FAULT(cause, va, insn...)                                                       \
	li x1, va; li s10, cause; li s11, va; li s8, 1; la s7, 10085f; 10085: insn

TEST_BEGIN
	VM_INIT
	/* Identity megapage for code and data, now with U. */
	la t1, vm_root + 0x200 * 4
	li t0, ((0x80000000 >> 12) << 10) | PTE_RWXAD | PTE_U
	sw t0, 0(t1)
	sfence.vma
	MAP(0, PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)
	MAP(1, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
	MAP(2, PTE_V | PTE_X | PTE_U | PTE_A)
	MAP(3, PTE_V | PTE_R | PTE_X | PTE_A)
	MAP(4, PTE_V | PTE_R | PTE_U | PTE_A)
	MAP(5, PTE_V | PTE_R | PTE_X | PTE_U | PTE_A)
	la t0, vm_pages + 3 * 4096
	li t1, RET_INSN
	sw t1, 0(t0)
	la t0, vm_pages + 5 * 4096
	sw t1, 0(t0)
	fence.i
	/* U page: load and store work. */
	TEST_CASE(2, x14, 0x99, ENV_ENTER(PRV_U); li x1, VA_PAGE(0); li x2, 0x99; sw x2, 4(x1); lw x14, 4(x1);
		  ENV_ENTER_M)
	/* Non-U page: faults from U. */
	TEST_CASE(3, s9, 2, li s9, 0; ENV_ENTER(PRV_U); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(1), lw x2, 0(x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(1) + 4, sw x2, 0(x1)); ENV_ENTER_M)
	/* SUM does not open S pages to U. */
	TEST_CASE(4, s9, 1, li s9, 0; li x5, MSTATUS_SUM; csrs mstatus, x5; ENV_ENTER(PRV_U);
		  FAULT(CAUSE_LOAD_PAGE, VA_PAGE(1), lw x2, 0(x1)); ENV_ENTER_M; csrc mstatus, x5)
	/* Execute-only U page: load faults, with MXR it works. */
	TEST_CASE(5, s9, 1, li s9, 0; ENV_ENTER(PRV_U); FAULT(CAUSE_LOAD_PAGE, VA_PAGE(2), lw x2, 0(x1));
		  ENV_ENTER_M)
	TEST_CASE(6, x14, PAGE_WORD(2), li x5, MSTATUS_MXR; csrs mstatus, x5; ENV_ENTER(PRV_U);
		  li x1, VA_PAGE(2); lw x14, 0(x1); ENV_ENTER_M; csrc mstatus, x5)
	/* Fetch from a non-U page faults; from a U page works. */
	TEST_CASE(7, s9, 1, li s9, 0; ENV_ENTER(PRV_U); li x1, VA_PAGE(3);
		  TRAP_EXPECT_AT(CAUSE_FETCH_PAGE, VA_PAGE(3), VA_PAGE(3)); jalr ra, 0(x1); ENV_ENTER_M)
	TEST_CASE(8, s9, 0, li s9, 0; ENV_ENTER(PRV_U); li x1, VA_PAGE(5); jalr ra, 0(x1); ENV_ENTER_M)
	/* Read-only U page: store faults. */
	TEST_CASE(9, s9, 1, li s9, 0; ENV_ENTER(PRV_U); FAULT(CAUSE_STORE_PAGE, VA_PAGE(4), sw x0, 0(x1));
		  ENV_ENTER_M)
	csrw satp, x0
TEST_END

TEST_DATA_BEGIN
	VM_DATA
TEST_DATA_END
