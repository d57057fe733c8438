/*
 * vm_ad: Sv32 translation with hardware-managed A and D bits: an access through a
 * PTE with A = 0 sets A; a store sets D; loads and fetches do not set D.
 */
#include "env.h"
#include "vm.h"

#define RET_INSN 0x00008067	/* jalr x0, 0(ra) */
#define LI_A0_5 0x00500513	/* addi a0, x0, 5 */

TEST_BEGIN
	VM_INIT
	MAP(0, PTE_V | PTE_R | PTE_W)
	MAP(1, PTE_V | PTE_R | PTE_W)
	MAP(2, PTE_V | PTE_R | PTE_W | PTE_A)
	MAP(3, PTE_V | PTE_R | PTE_X)
	MAP(4, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
	/* Code for page 3: li a0, 5; ret. */
	la t0, vm_pages + 3 * 4096
	li t1, LI_A0_5
	sw t1, 0(t0)
	li t1, RET_INSN
	sw t1, 4(t0)
	fence.i
	/* satp reads back. */
	TEST_CASE(2, x14, 1, csrr x1, satp; srli x14, x1, 31)
	/* A load through VA gets the page's word; A set, D not. */
	TEST_CASE(3, x14, PAGE_WORD(0), ENV_ENTER(PRV_S); li x1, VA_PAGE(0); lw x14, 0(x1); ENV_ENTER_M)
	TEST_CASE(4, x14, PTE_A, PTE_OF(x1, 0); andi x14, x1, PTE_A | PTE_D)
	/* A store sets A and D; the value lands in the physical page. */
	TEST_CASE(5, x14, 0x12345, ENV_ENTER(PRV_S); li x1, VA_PAGE(1); li x2, 0x12345; sw x2, 8(x1);
		  ENV_ENTER_M; la x1, vm_pages + 4096; lw x14, 8(x1))
	TEST_CASE(6, x14, PTE_A | PTE_D, PTE_OF(x1, 1); andi x14, x1, PTE_A | PTE_D)
	/* A = 1, D = 0: a load keeps D clear, a store sets it. */
	TEST_CASE(7, x14, PTE_A, ENV_ENTER(PRV_S); li x1, VA_PAGE(2); lw x2, 0(x1); ENV_ENTER_M;
		  PTE_OF(x1, 2); andi x14, x1, PTE_A | PTE_D)
	TEST_CASE(8, x14, PTE_A | PTE_D, ENV_ENTER(PRV_S); li x1, VA_PAGE(2); sb x0, 5(x1); ENV_ENTER_M;
		  PTE_OF(x1, 2); andi x14, x1, PTE_A | PTE_D)
	/* An instruction fetch sets A (not D). */
	TEST_CASE(9, a0, 5, li a0, 0; ENV_ENTER(PRV_S); li x1, VA_PAGE(3); jalr ra, 0(x1); ENV_ENTER_M)
	TEST_CASE(10, x14, PTE_A, PTE_OF(x1, 3); andi x14, x1, PTE_A | PTE_D)
	/* An AMO sets A and D. */
	TEST_CASE(11, x14, PTE_A | PTE_D, MAP(5, PTE_V | PTE_R | PTE_W); ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(5); li x2, 1; amoadd.w x0, x2, (x1); ENV_ENTER_M; PTE_OF(x1, 5);
		  andi x14, x1, PTE_A | PTE_D)
	TEST_CASE(12, x14, PAGE_WORD(5) + 1, la x1, vm_pages + 5 * 4096; lw x14, 0(x1))
	/* Already A and D: the PTE is not changed. */
	TEST_CASE(13, x14, 0, PTE_OF(x5, 4); ENV_ENTER(PRV_S); li x1, VA_PAGE(4); sw x0, 4(x1);
		  ENV_ENTER_M; PTE_OF(x6, 4); sub x14, x5, x6)
	/* Two virtual pages mapping one physical page see each other's stores. */
	TEST_CASE(14, x14, 0xabcd, la t0, vm_pages + 4096 * 4; srli t0, t0, 12; slli t0, t0, 10;
		  ori t0, t0, PTE_RWXAD; la t1, vm_l0; sw t0, 6 * 4(t1); sfence.vma; ENV_ENTER(PRV_S);
		  li x1, VA_PAGE(4); li x2, 0xabcd; sw x2, 12(x1); li x1, VA_PAGE(6); lw x14, 12(x1);
		  ENV_ENTER_M)
	/* The same from U through MPRV: M-mode loads with MPP = U are translated. */
	TEST_CASE(15, x14, PAGE_WORD(7), MAP(7, PTE_V | PTE_R | PTE_U); li x1, MSTATUS_MPP; csrc mstatus, x1;
		  li x1, MSTATUS_MPRV; li x2, VA_PAGE(7); csrs mstatus, x1; lw x14, 0(x2); csrc mstatus, x1)
	TEST_CASE(16, x14, PTE_A, PTE_OF(x1, 7); andi x14, x1, PTE_A | PTE_D)
	csrw satp, x0
TEST_END

TEST_DATA_BEGIN
	VM_DATA
TEST_DATA_END
