/*
 * pmp_access: PMP checks for S and U: entry 0 is a NAPOT 4 KiB page with restricted
 * permissions, entry 1 NAPOT all memory RWX. Denied accesses raise access faults
 * (1 fetch, 5 load, 7 store) with mtval = the address; M-mode is not restricted
 * by unlocked entries.
 */
#include "env.h"

#define RET_INSN 0x00008067	/* jalr x0, 0(ra) */

/* pmpcfg0 bytes: entry 0 = cfg0 | NAPOT, entry 1 = NAPOT RWX. */
#define PMP_SET(cfg0)                                                                   \
	la t0, pmp_page; srli t0, t0, 2; ori t0, t0, 0x1ff; csrw pmpaddr0, t0;            \
	li t0, -1; csrw pmpaddr1, t0; li t0, 0x1f00 | 0x18 | (cfg0); csrw pmpcfg0, t0;      \
	sfence.vma
#define PMP_RESET li t0, -1; csrw pmpaddr0, t0; li t0, 0x1f; csrw pmpcfg0, t0; sfence.vma

#define FAULT(cause, addr_label, insn...)                                               \
	la x1, addr_label; li s10, cause; mv s11, x1; li s8, 1; la s7, 10085f; 10085: insn

TEST_BEGIN
	la t0, pmp_page
	li t1, RET_INSN
	sw t1, 0(t0)
	fence.i
	/* Read-only page: U and S loads work, stores fault with cause 7. */
	PMP_SET(1)
	TEST_CASE(2, s9, 1, li s9, 0; ENV_ENTER(PRV_U); la x1, pmp_page; lw x2, 0(x1);
		  FAULT(CAUSE_STORE_ACCESS, pmp_page + 8, sw x2, 0(x1)); ENV_ENTER_M)
	TEST_CASE(3, s9, 1, li s9, 0; ENV_ENTER(PRV_S); la x1, pmp_page; lw x2, 0(x1);
		  FAULT(CAUSE_STORE_ACCESS, pmp_page + 12, amoadd.w x2, x2, (x1)); ENV_ENTER_M)
	/* The store did not happen; M-mode can still write (entry not locked). */
	TEST_CASE(4, x14, RET_INSN, la x1, pmp_page; lw x14, 8(x1); CHECK(x14, 0); li x2, 5; sw x2, 8(x1);
		  lw x14, 0(x1))
	/* Read-only, not executable: a fetch faults with cause 1 (resume at ra). */
	TEST_CASE(5, s9, 1, li s9, 0; ENV_ENTER(PRV_U); la x1, pmp_page; mv s11, x1; li s10, CAUSE_FETCH_ACCESS;
		  li s8, 1; mv s7, x1; jalr ra, 0(x1); ENV_ENTER_M)
	/* No permissions: loads fault with cause 5. */
	PMP_SET(0)
	TEST_CASE(6, s9, 1, li s9, 0; ENV_ENTER(PRV_U); FAULT(CAUSE_LOAD_ACCESS, pmp_page + 4, lw x2, 0(x1));
		  ENV_ENTER_M)
	/* Execute only: the fetch works, a load faults. */
	PMP_SET(4)
	TEST_CASE(7, s9, 1, li s9, 0; ENV_ENTER(PRV_S); la x1, pmp_page; jalr ra, 0(x1);
		  FAULT(CAUSE_LOAD_ACCESS, pmp_page, lw x2, 0(x1)); ENV_ENTER_M)
	/* Outside the page entry 1 applies: RWX. */
	TEST_CASE(8, x14, 0x77, ENV_ENTER(PRV_U); la x1, pmp_other; li x2, 0x77; sw x2, 0(x1); lw x14, 0(x1);
		  ENV_ENTER_M)
	/* M-mode ignores unlocked entries even with no permissions. */
	PMP_SET(0)
	TEST_CASE(9, x14, 9, la x1, pmp_page; li x2, 9; sw x2, 4(x1); lw x14, 4(x1))
	PMP_RESET
TEST_END

TEST_DATA_BEGIN
	.balign 4096
pmp_page:
	.space 4096
pmp_other:
	.word 0
TEST_DATA_END
