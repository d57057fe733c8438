/*
 * hints: instructions that are hints must not trap or change state: Zicbop prefetches
 * (ori x0, rs1, imm with imm[4:0] = 0, 1, 3) to any address, even unmapped or invalid
 * ones (in M and through Sv32 in S), and other x0-destination forms.
 */
#include "env.h"
#include "vm.h"

/* prefetch.i / prefetch.r / prefetch.w offset(rs1), hand-encoded as ori x0. */
#define PREFETCH_I(off, rs1) ori x0, rs1, (off) | 0
#define PREFETCH_R(off, rs1) ori x0, rs1, (off) | 1
#define PREFETCH_W(off, rs1) ori x0, rs1, (off) | 3

TEST_BEGIN
	/* Prefetches of RAM, of nothing (0) and of the top of the address space. */
	TEST_CASE(2, x14, 0x1234, li x14, 0x1234; la x1, hint_data; PREFETCH_R(0, x1); PREFETCH_W(32, x1);
		  PREFETCH_I(64, x1); li x1, 0; PREFETCH_R(0, x1); PREFETCH_W(0, x1); li x1, -64;
		  PREFETCH_R(0, x1); PREFETCH_I(32, x1))
	/* A prefetch.w does not write: the data is unchanged. */
	TEST_CASE(3, x14, 0x5a5a5a5a, la x1, hint_data; PREFETCH_W(0, x1); PREFETCH_W(-32, x1); lw x14, 0(x1))
	/* A prefetch of the data after a store sees the stored data afterwards. */
	TEST_CASE(4, x14, 0x77, la x1, hint_data; li x2, 0x77; sw x2, 64(x1); PREFETCH_R(64, x1);
		  lw x14, 64(x1))
	/* Through Sv32 in S: unmapped and protected pages do not fault. */
	VM_INIT
	MAP(0, 0)
	MAP(1, PTE_V | PTE_R | PTE_A)
	MAP(2, PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)
	TEST_CASE(5, s9, 0, li s9, 0; ENV_ENTER(PRV_S); li x1, VA_PAGE(0); PREFETCH_R(0, x1); PREFETCH_W(0, x1);
		  PREFETCH_I(0, x1); li x1, VA_PAGE(1); PREFETCH_W(0, x1); li x1, VA_PAGE(2); PREFETCH_R(0, x1);
		  PREFETCH_I(0, x1); li x1, 0x12345000; PREFETCH_R(0, x1); ENV_ENTER_M)
	/* The prefetch of the read-only page did not set D. */
	TEST_CASE(6, x14, 0, PTE_OF(x1, 1); andi x14, x1, PTE_D)
	csrw satp, x0
	/* Other hints: x0 destinations of OP and OP-IMM, fence with fm = 0 and no sets. */
	TEST_CASE(7, x14, 7, li x14, 7; add x0, x14, x14; slli x0, x14, 3; sltu x0, x0, x14; lui x0, 1;
		  auipc x0, 1; .word 0x0000000f)
TEST_END

TEST_DATA_BEGIN
	.balign 64
hint_data:
	.word 0x5a5a5a5a
	.space 124
	VM_DATA
TEST_DATA_END
