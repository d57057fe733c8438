/*
 * vm_amo: AMOs and sc.w that fault in translation raise cause 15 (store/AMO page
 * fault), also on a read-only page where a load would succeed; lr.w faults as a load.
 */
#include "env.h"
#include "vm.h"

#define FAULT(cause, va, insn...)                                                       \
	li x1, va; li s10, cause; li s11, va; li s8, 1; la s7, 10085f; 10085: insn

TEST_BEGIN
	VM_INIT
	MAP(0, 0)
	MAP(1, PTE_V | PTE_R | PTE_A)
	MAP(2, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
	/* Invalid page. */
	TEST_CASE(2, s9, 4, li s9, 0; ENV_ENTER(PRV_S);
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(0), amoadd.w x2, x2, (x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(0), amoswap.w x2, x2, (x1));
		  FAULT(CAUSE_LOAD_PAGE, VA_PAGE(0), lr.w x2, (x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(0), sc.w x2, x2, (x1)); ENV_ENTER_M)
	/* Read-only page: AMOs fault as stores, memory unchanged. */
	TEST_CASE(3, x14, PAGE_WORD(1), li s9, 0; ENV_ENTER(PRV_S);
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(1), amoor.w x2, x1, (x1));
		  FAULT(CAUSE_STORE_PAGE, VA_PAGE(1), amomaxu.w x2, x1, (x1));
		  li x1, VA_PAGE(1); lw x14, 0(x1); ENV_ENTER_M; CHECK(s9, 2))
	/* Writable page: AMO and lr/sc work through translation. */
	TEST_CASE(4, x14, PAGE_WORD(2) + 3, ENV_ENTER(PRV_S); li x1, VA_PAGE(2); li x2, 1;
		  amoadd.w x5, x2, (x1); 1: lr.w x5, (x1); addi x5, x5, 2; sc.w x6, x5, (x1); bnez x6, 1b;
		  ENV_ENTER_M; la x1, vm_pages + 2 * 4096; lw x14, 0(x1))
	csrw satp, x0
TEST_END

TEST_DATA_BEGIN
	VM_DATA
TEST_DATA_END
