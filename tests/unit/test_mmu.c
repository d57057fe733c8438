// SPDX-License-Identifier: MIT
/*
 * Sv32 translation (privileged spec 4.3): 4 KiB pages and megapages, every
 * fault, hardware A/D updates (as QEMU), MPRV, the TLB counters and sfence.vma.
 *
 * Layout: the root table at ROOT maps CODE's megapage (VPN[1] 0x200) as an
 * identity megapage, and the megapage at VA 0x40000000 through the level-0
 * table L0. Test data lives at VA DVA, mapped to physical DATA.
 */
#include "unit.h"

#define PTE_V 0x01u
#define PTE_R 0x02u
#define PTE_W 0x04u
#define PTE_X 0x08u
#define PTE_U 0x10u
#define PTE_A 0x40u
#define PTE_D 0x80u
#define RW (PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#define RWX (RW | PTE_X)

#define ROOT	(RAM_BASE + 0x100000)
#define L0	(RAM_BASE + 0x101000)
#define DVA	0x40000000u		/* virtual page of the test data */
#define DATA2	(DATA + 0x1000)
#define MEGA_PA	(RAM_BASE + 0x400000)	/* a 4 MiB-aligned physical megapage */

static uint32_t pte(uint32_t pa, uint32_t flags)
{
	return (pa >> 12) << 10 | flags;
}

static uint32_t root_slot(uint32_t va)
{
	return ROOT + 4 * (va >> 22);
}

static uint32_t l0_slot(uint32_t va)
{
	return L0 + 4 * ((va >> 12) & 0x3ff);
}

/* Turns on Sv32 with the code megapage's @code_flags, opens PMP, and enters @p. */
static void paging_on(struct rig *r, enum priv p, uint32_t code_flags)
{
	struct hart *h = r->h;

	rig_put(r, root_slot(CODE), pte(CODE, code_flags));
	rig_put(r, root_slot(DVA), pte(L0, PTE_V));
	h->satp = 0x80000000u | ROOT >> 12;
	rig_open_pmp(h);
	rig_set_priv(h, p);
}

static void map(struct rig *r, uint32_t va, uint32_t pa, uint32_t flags)
{
	rig_put(r, l0_slot(va), pte(pa, flags));
}

/* Runs @insn with x1 = @va; returns the event. */
static enum hart_event access(struct rig *r, uint32_t insn, uint32_t va)
{
	hart_set_reg(r->h, 1, va);
	hart_set_reg(r->h, 2, 0xabcd);
	return rig_exec(r, r->h, insn);
}

static void expect_fault(struct rig *r, uint32_t insn, uint32_t va, uint32_t cause)
{
	assert_int_equal(access(r, insn, va), HART_TRAPPED);
	assert_m_trap(r->h, cause, CODE, va);
}

static void test_4k_page_translates(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA + 8, 0x1234);
	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	assert_int_equal(access(r, LW(3, 1, 8), DVA), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x1234);
}

static void test_store_through_4k_page_reaches_physical_memory(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA + 0x1000, DATA2, RW);
	assert_int_equal(access(r, SW(2, 1, 4), DVA + 0x1000), HART_RETIRED);
	assert_int_equal(rig_get(r, DATA2 + 4), 0xabcd);
}

static void test_megapage_translates(void **state)
{
	struct rig *r = *state;
	uint32_t va = 0x40400000u;

	rig_put(r, MEGA_PA + 0x12344, 0x5678);
	paging_on(r, PRIV_S, RWX);
	rig_put(r, root_slot(va), pte(MEGA_PA, RW));
	assert_int_equal(access(r, LW(3, 1, 0), va + 0x12344), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x5678);
}

static void test_code_runs_from_translated_megapage(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	rig_put(r, CODE + 4, ADDI(3, 0, 7));
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 7);
}

static void test_invalid_pte_gives_page_fault_of_the_access_type(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW & ~PTE_V);
	expect_fault(r, LW(3, 1, 0), DVA + 8, CAUSE_LOAD_PAGE);
	rig_set_priv(r->h, PRIV_S);
	r->h->pc = CODE;
	expect_fault(r, SW(2, 1, 0), DVA + 8, CAUSE_STORE_PAGE);
	rig_set_priv(r->h, PRIV_S);
	r->h->pc = DVA + 8;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_PAGE, DVA + 8, DVA + 8);
}

static void test_invalid_root_pte_gives_page_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	rig_put(r, root_slot(DVA), 0);
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
}

static void test_write_without_read_pte_is_a_page_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_W | PTE_A | PTE_D);
	expect_fault(r, SW(2, 1, 0), DVA, CAUSE_STORE_PAGE);
	assert_int_equal(rig_get(r, DATA), 0);
}

static void test_non_leaf_pte_at_level_zero_is_a_page_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, L0, PTE_V);
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
}

static void test_misaligned_megapage_is_a_page_fault(void **state)
{
	struct rig *r = *state;
	uint32_t va = 0x40400000u;

	paging_on(r, PRIV_S, RWX);
	rig_put(r, root_slot(va), pte(MEGA_PA + 0x1000, RW));
	expect_fault(r, LW(3, 1, 0), va, CAUSE_LOAD_PAGE);
}

static void test_s_load_from_u_page_without_sum_faults(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW | PTE_U);
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
}

static void test_s_load_from_u_page_with_sum_succeeds(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	r->h->mstatus |= MSTATUS_SUM;
	map(r, DVA, DATA, RW | PTE_U);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
}

static void test_s_fetch_from_u_page_faults_even_with_sum(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	r->h->mstatus |= MSTATUS_SUM;
	map(r, DVA, DATA, RWX | PTE_U);
	r->h->pc = DVA;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_PAGE, DVA, DVA);
}

static void test_u_access_to_non_u_page_faults(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_U, RWX | PTE_U);
	map(r, DVA, DATA, RW);
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
	assert_int_equal((r->h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT, PRIV_U);
}

static void test_u_fetch_from_non_u_page_faults(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_U, RWX);
	rig_put(r, CODE, NOP);
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_PAGE, CODE, CODE);
}

static void test_u_access_to_u_page_succeeds(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_U, RWX | PTE_U);
	map(r, DVA, DATA, RW | PTE_U);
	assert_int_equal(access(r, SW(2, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(rig_get(r, DATA), 0xabcd);
}

static void test_store_to_read_only_page_faults(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_A | PTE_D);
	expect_fault(r, SW(2, 1, 0), DVA + 12, CAUSE_STORE_PAGE);
	assert_int_equal(rig_get(r, DATA + 12), 0);
}

static void test_amo_to_read_only_page_is_a_store_page_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_A | PTE_D);
	expect_fault(r, AMOADD_W(3, 2, 1), DVA, CAUSE_STORE_PAGE);
}

static void test_fetch_from_non_executable_page_faults(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	hart_set_reg(r->h, 1, DVA);
	assert_int_equal(rig_exec(r, r->h, JALR(0, 1, 0)), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_PAGE, DVA, DVA);
}

static void test_load_from_execute_only_page_faults_without_mxr(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_X | PTE_A);
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
}

static void test_mxr_makes_execute_only_pages_readable(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA, 0x77);
	paging_on(r, PRIV_S, RWX);
	r->h->mstatus |= MSTATUS_MXR;
	map(r, DVA, DATA, PTE_V | PTE_X | PTE_A);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x77);
}

static void test_load_sets_accessed_bit_only(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_W);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(rig_get(r, l0_slot(DVA)) & (PTE_A | PTE_D), PTE_A);
}

static void test_store_sets_accessed_and_dirty_bits(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_W);
	assert_int_equal(access(r, SW(2, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(rig_get(r, l0_slot(DVA)) & (PTE_A | PTE_D), PTE_A | PTE_D);
}

static void test_store_after_load_sets_dirty_bit(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_W);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(access(r, SW(2, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(rig_get(r, l0_slot(DVA)) & PTE_D, PTE_D);
}

static void test_fetch_sets_accessed_bit(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, PTE_V | PTE_R | PTE_X);
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
	assert_int_equal(rig_get(r, root_slot(CODE)) & (PTE_A | PTE_D), PTE_A);
}

static void test_faulting_access_does_not_set_accessed_bit(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R);
	expect_fault(r, SW(2, 1, 0), DVA, CAUSE_STORE_PAGE);
	assert_int_equal(rig_get(r, l0_slot(DVA)) & (PTE_A | PTE_D), 0);
}

static void test_pte_outside_ram_is_an_access_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	rig_put(r, root_slot(DVA), pte(0x20000000u, PTE_V));	/* level-0 table outside RAM */
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_ACCESS);
	rig_set_priv(r->h, PRIV_S);
	r->h->pc = CODE;
	expect_fault(r, SW(2, 1, 0), DVA, CAUSE_STORE_ACCESS);
}

static void test_root_table_outside_ram_is_a_fetch_access_fault(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	r->h->satp = 0x80000000u | 0x20000000u >> 12;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, CODE, CODE);
}

static void test_m_mode_ignores_satp(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_M, 0);	/* code megapage invalid */
	rig_put(r, DATA, 0x99);
	assert_int_equal(access(r, LW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x99);
}

static void test_mprv_with_mpp_s_translates_m_mode_loads(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA, 0x4242);
	paging_on(r, PRIV_M, RWX);
	map(r, DVA, DATA, RW);
	r->h->mstatus |= MSTATUS_MPRV | (1u << MSTATUS_MPP_SHIFT);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x4242);
}

static void test_m_mode_load_without_mprv_is_physical(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_M, RWX);
	map(r, DVA, DATA, RW);
	r->h->mstatus |= 1u << MSTATUS_MPP_SHIFT;
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_ACCESS);	/* 0x40000000: nothing there */
}

static void test_mprv_applies_u_permissions(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_M, RWX);
	map(r, DVA, DATA, RW);	/* not a U page */
	r->h->mstatus |= MSTATUS_MPRV;	/* MPP = U */
	expect_fault(r, LW(3, 1, 0), DVA, CAUSE_LOAD_PAGE);
}

static void test_mprv_does_not_translate_fetches(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_M, 0);	/* code megapage invalid */
	r->h->mstatus |= MSTATUS_MPRV | (1u << MSTATUS_MPP_SHIFT);
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
}

/*
 * The counters describe the modelled TLBs: an access that the host-pointer
 * fast path serves is a TLB hit all the same.
 */
static void test_dtlb_second_access_to_a_page_does_not_miss(void **state)
{
	struct rig *r = *state;
	const struct hart_stats *st = hart_stats(r->h);

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	hart_set_reg(r->h, 1, DVA);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(4, 1, 4));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(mctr_total(&st->dtlb_misses), 1);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(mctr_total(&st->dtlb_misses), 1);
}

static void test_dtlb_misses_once_per_page(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	map(r, DVA + 0x1000, DATA2, RW);
	hart_set_reg(r->h, 1, DVA);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(3, 1, 0x400));
	rig_put(r, CODE + 8, LW(3, 1, 0x7fc));
	hart_set_reg(r->h, 2, DVA + 0x1000);
	rig_put(r, CODE + 12, LW(3, 2, 0));
	for (int i = 0; i < 4; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(mctr_total(&hart_stats(r->h)->dtlb_misses), 2);
}

static void test_itlb_misses_once_for_a_page(void **state)
{
	struct rig *r = *state;
	const struct hart_stats *st = hart_stats(r->h);

	paging_on(r, PRIV_S, RWX);
	for (int i = 0; i < 3; i++)
		rig_put(r, CODE + 4 * i, NOP);
	for (int i = 0; i < 3; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(mctr_total(&st->itlb_misses), 1);
}

static void test_changed_pte_is_seen_only_after_sfence_vma(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA, 1);
	rig_put(r, DATA2, 2);
	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	hart_set_reg(r->h, 1, DVA);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(4, 1, 0));
	rig_put(r, CODE + 8, SFENCE_VMA(0, 0));
	rig_put(r, CODE + 12, LW(5, 1, 0));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	map(r, DVA, DATA2, RW);
	for (int i = 0; i < 3; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 1);
	assert_int_equal(hart_reg(r->h, 4), 1);	/* stale translation until sfence.vma */
	assert_int_equal(hart_reg(r->h, 5), 2);
}

static void test_sfence_vma_with_address_flushes_that_page(void **state)
{
	struct rig *r = *state;

	rig_put(r, DATA2, 2);
	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	hart_set_reg(r->h, 1, DVA);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, SFENCE_VMA(1, 0));
	rig_put(r, CODE + 8, LW(4, 1, 0));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	map(r, DVA, DATA2, RW);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 4), 2);
}

static void test_sfence_vma_in_u_is_illegal(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, SFENCE_VMA(0, 0)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, SFENCE_VMA(0, 0));
}

static void test_sfence_vma_in_s_with_tvm_is_illegal(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_TVM;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, SFENCE_VMA(0, 0)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, SFENCE_VMA(0, 0));
}

static void test_permissions_are_rechecked_after_sum_changes(void **state)
{
	struct rig *r = *state;

	paging_on(r, PRIV_S, RWX);
	r->h->mstatus |= MSTATUS_SUM;
	map(r, DVA, DATA, RW | PTE_U);
	assert_int_equal(access(r, LW(3, 1, 0), DVA), HART_RETIRED);
	hart_set_reg(r->h, 4, MSTATUS_SUM);
	assert_int_equal(rig_exec(r, r->h, CSRRC(0, CSR_SSTATUS, 4)), HART_RETIRED);
	rig_put(r, hart_pc(r->h), LW(3, 1, 0));
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_PAGE);
}


/* ---- hart_peek's micro-TLB and its host memo of recent pages ---- */

/* Peeks at the next instruction, a load, checks what the D-side reports, and runs it. */
static void peek_load(struct rig *r, uint32_t pa, int lookup, int walk)
{
	struct hart_peek pk;

	hart_peek(r->h, &pk);
	assert_false(pk.mem_fault);
	assert_int_equal(pk.pa, pa);
	assert_int_equal(pk.dtlb_lookup, lookup);
	assert_int_equal(pk.dtlb_walk != 0, walk);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
}

/* S-mode paging with DVA -> DATA and the next page -> DATA2; x1 and x2 point at them. */
static void two_data_pages(struct rig *r)
{
	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW);
	map(r, DVA + 0x1000, DATA2, RW);
	hart_set_reg(r->h, 1, DVA);
	hart_set_reg(r->h, 2, DVA + 0x1000);
}

static void test_peek_counts_a_tlb_lookup_at_every_page_change(void **state)
{
	struct rig *r = *state;

	two_data_pages(r);
	for (int i = 0; i < 6; i += 2) {
		rig_put(r, CODE + 4 * i, LW(3, 1, 8));
		rig_put(r, CODE + 4 * i + 4, LW(3, 2, 8));
	}
	rig_put(r, CODE + 24, LW(3, 2, 12));
	peek_load(r, DATA + 8, 1, 1);
	peek_load(r, DATA2 + 8, 1, 1);
	/* the memo answers these refills: still one TLB lookup (a hit) each */
	for (int i = 0; i < 2; i++) {
		peek_load(r, DATA + 8, 1, 0);
		peek_load(r, DATA2 + 8, 1, 0);
	}
	peek_load(r, DATA2 + 12, 0, 0);	/* same page: the micro-TLB itself */
}

static void test_peek_walks_again_for_a_page_the_tlb_lost(void **state)
{
	struct rig *r = *state;
	struct tlb_config one = { 1, 1 };

	/* a one-entry D-TLB: the second page evicts the first */
	tlb_free(&r->h->dtlb);
	assert_int_equal(tlb_init(&r->h->dtlb, &one), 0);
	two_data_pages(r);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(3, 2, 0));
	rig_put(r, CODE + 8, LW(3, 1, 0));
	peek_load(r, DATA, 1, 1);
	peek_load(r, DATA2, 1, 1);
	peek_load(r, DATA, 1, 1);
	assert_int_equal(mctr_total(&hart_stats(r->h)->dtlb_misses), 3);
}

static void test_peek_sees_a_new_mapping_after_sfence_vma(void **state)
{
	struct rig *r = *state;

	two_data_pages(r);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(3, 2, 0));
	rig_put(r, CODE + 8, SFENCE_VMA(0, 0));
	rig_put(r, CODE + 12, LW(3, 1, 0));
	peek_load(r, DATA, 1, 1);
	peek_load(r, DATA2, 1, 1);
	map(r, DVA, MEGA_PA, RW);
	assert_int_equal(hart_step(r->h), HART_RETIRED);	/* sfence.vma */
	peek_load(r, MEGA_PA, 1, 1);
}

static void test_peek_rechecks_pmp_after_a_pmp_change(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	two_data_pages(r);
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(3, 2, 0));
	peek_load(r, DATA, 1, 1);
	peek_load(r, DATA2, 1, 1);
	/* M denies DATA's page (PMP entry 0) and leaves the rest open (entry 1) */
	hart_set_reg(r->h, 5, (DATA >> 2) | 0x1ff);
	hart_set_reg(r->h, 6, 0xffffffffu);
	hart_set_reg(r->h, 7, 0x1f18);
	rig_put(r, CODE + 8, CSRRW(0, CSR_PMPADDR0, 5));
	rig_put(r, CODE + 12, CSRRW(0, CSR_PMPADDR0 + 1, 6));
	rig_put(r, CODE + 16, CSRRW(0, CSR_PMPCFG0, 7));
	r->h->priv = PRIV_M;	/* as after a trap, but without its flush of the fast paths */
	for (int i = 0; i < 3; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	r->h->priv = PRIV_S;
	r->h->pc = CODE;
	hart_peek(r->h, &pk);
	assert_false(pk.fetch_fault);
	assert_true(pk.mem_fault);
	r->h->pc = CODE + 4;
	hart_peek(r->h, &pk);
	assert_false(pk.mem_fault);
	assert_int_equal(pk.pa, DATA2);
}

/* ---- guarded-prefetch enables: PTE bit 8 on code pages, mpfctl without translation ---- */

static void test_guard_enable_comes_from_pte_bit_8_with_translation(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	rig_put(r, CODE, NOP);
	paging_on(r, PRIV_S, RWX | (1u << 8));	/* a megapage with RSW[0] set */
	r->h->mpfctl = 0;			/* ignored with translation on */
	hart_peek(r->h, &pk);
	assert_false(pk.fetch_fault);
	assert_int_equal(pk.guard_en, 1);
}

static void test_guard_enable_is_off_without_pte_bit_8(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	rig_put(r, CODE, NOP);
	paging_on(r, PRIV_S, RWX);
	r->h->mpfctl = MPFCTL_GUARD;		/* ignored with translation on */
	hart_peek(r->h, &pk);
	assert_int_equal(pk.guard_en, 0);
}

static void test_guard_enable_comes_from_mpfctl_without_translation(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	rig_put(r, CODE, CSRRW(0, CSR_MPFCTL, 5));
	rig_put(r, CODE + 4, NOP);
	hart_set_reg(r->h, 5, MPFCTL_GUARD);
	hart_peek(r->h, &pk);
	assert_int_equal(pk.guard_en, 0);
	assert_int_equal(hart_step(r->h), HART_RETIRED);	/* csrw mpfctl */
	hart_peek(r->h, &pk);
	assert_int_equal(pk.guard_en, 1);
}

/* ---- selective-update enables: PTE bit 9 on data pages, mupdbase/limit without translation ---- */

static void test_update_page_comes_from_pte_bit_9_with_translation(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, RW | (1u << 9));
	map(r, DVA + 0x1000, DATA2, RW | (1u << 8));	/* bit 8 is the guard bit: not update */
	rig_put(r, CODE, LW(3, 1, 0));
	rig_put(r, CODE + 4, LW(3, 2, 0));
	hart_set_reg(r->h, 1, DVA);
	hart_set_reg(r->h, 2, DVA + 0x1000);
	hart_peek(r->h, &pk);
	assert_false(pk.mem_fault);
	assert_int_equal(pk.update, 1);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	hart_peek(r->h, &pk);
	assert_int_equal(pk.update, 0);
}

static void test_update_range_comes_from_csrs_without_translation(void **state)
{
	struct rig *r = *state;
	struct hart_peek pk;

	rig_put(r, CODE, CSRRW(0, CSR_MUPDBASE, 5));
	rig_put(r, CODE + 4, CSRRW(0, CSR_MUPDLIMIT, 6));
	rig_put(r, CODE + 8, CSRRW(0, CSR_MPFCTL, 7));
	rig_put(r, CODE + 12, LW(3, 1, 0));
	rig_put(r, CODE + 16, LW(3, 2, 0));
	hart_set_reg(r->h, 5, DATA | 0x123);		/* the low 12 bits read as 0 */
	hart_set_reg(r->h, 6, DATA + 0x1000);
	hart_set_reg(r->h, 7, MPFCTL_UPDATE);
	hart_set_reg(r->h, 1, DATA + 8);
	hart_set_reg(r->h, 2, DATA2);
	for (int i = 0; i < 3; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(r->h->mupdbase, DATA);
	hart_peek(r->h, &pk);
	assert_int_equal(pk.update, 1);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	hart_peek(r->h, &pk);
	assert_int_equal(pk.update, 0);		/* DATA2 is past the limit */
}

/* ---- Zicbop prefetch translation: TLB only, never a walk or a fault ---- */

static void test_prefetch_translation_is_dropped_on_a_tlb_miss_without_a_walk(void **state)
{
	struct rig *r = *state;
	uint32_t pa = 0;
	uint64_t misses = mctr_total(&hart_stats(r->h)->dtlb_misses);

	two_data_pages(r);
	assert_int_equal(hart_prefetch_translate(r->h, DVA + 4, 0, 0, &pa), PFT_TLB_MISS);
	assert_int_equal(mctr_total(&hart_stats(r->h)->dtlb_misses), misses);
	/* A load walks and fills the TLB: now the prefetch translates. */
	rig_put(r, CODE, LW(3, 1, 0));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_prefetch_translate(r->h, DVA + 4, 0, 0, &pa), PFT_OK);
	assert_int_equal(pa, DATA + 4);
}

static void test_prefetch_of_an_unmapped_address_does_not_fault(void **state)
{
	struct rig *r = *state;
	uint32_t pa = 0;

	paging_on(r, PRIV_S, RWX);
	/* Nothing maps DVA + 0x5000; a prefetch there drops, the hart traps not. */
	rig_put(r, CODE, ORI(0, 1, 1));			/* prefetch.r 0(x1) */
	hart_set_reg(r->h, 1, DVA + 0x5000);
	assert_int_equal(hart_prefetch_translate(r->h, DVA + 0x5000, 0, 0, &pa), PFT_TLB_MISS);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_pc(r->h), CODE + 4);
}

static void test_prefetch_w_to_a_read_only_page_is_denied(void **state)
{
	struct rig *r = *state;
	uint32_t pa;

	paging_on(r, PRIV_S, RWX);
	map(r, DVA, DATA, PTE_V | PTE_R | PTE_A);
	rig_put(r, CODE, LW(3, 1, 0));
	hart_set_reg(r->h, 1, DVA);
	assert_int_equal(hart_step(r->h), HART_RETIRED);	/* the TLB has the page */
	assert_int_equal(hart_prefetch_translate(r->h, DVA, 0, 0, &pa), PFT_OK);
	assert_int_equal(hart_prefetch_translate(r->h, DVA, 1, 0, &pa), PFT_DENIED);
}

static void test_prefetch_without_translation_is_denied_outside_ram(void **state)
{
	struct rig *r = *state;
	uint32_t pa;

	assert_int_equal(hart_prefetch_translate(r->h, DATA, 0, 0, &pa), PFT_OK);
	assert_int_equal(pa, DATA);
	assert_int_equal(hart_prefetch_translate(r->h, 0x10000000u, 0, 0, &pa), PFT_DENIED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_peek_counts_a_tlb_lookup_at_every_page_change),
		RIG_TEST(test_peek_walks_again_for_a_page_the_tlb_lost),
		RIG_TEST(test_peek_sees_a_new_mapping_after_sfence_vma),
		RIG_TEST(test_peek_rechecks_pmp_after_a_pmp_change),
		RIG_TEST(test_4k_page_translates),
		RIG_TEST(test_store_through_4k_page_reaches_physical_memory),
		RIG_TEST(test_megapage_translates),
		RIG_TEST(test_code_runs_from_translated_megapage),
		RIG_TEST(test_invalid_pte_gives_page_fault_of_the_access_type),
		RIG_TEST(test_invalid_root_pte_gives_page_fault),
		RIG_TEST(test_write_without_read_pte_is_a_page_fault),
		RIG_TEST(test_non_leaf_pte_at_level_zero_is_a_page_fault),
		RIG_TEST(test_misaligned_megapage_is_a_page_fault),
		RIG_TEST(test_s_load_from_u_page_without_sum_faults),
		RIG_TEST(test_s_load_from_u_page_with_sum_succeeds),
		RIG_TEST(test_s_fetch_from_u_page_faults_even_with_sum),
		RIG_TEST(test_u_access_to_non_u_page_faults),
		RIG_TEST(test_u_fetch_from_non_u_page_faults),
		RIG_TEST(test_u_access_to_u_page_succeeds),
		RIG_TEST(test_store_to_read_only_page_faults),
		RIG_TEST(test_amo_to_read_only_page_is_a_store_page_fault),
		RIG_TEST(test_fetch_from_non_executable_page_faults),
		RIG_TEST(test_load_from_execute_only_page_faults_without_mxr),
		RIG_TEST(test_mxr_makes_execute_only_pages_readable),
		RIG_TEST(test_load_sets_accessed_bit_only),
		RIG_TEST(test_store_sets_accessed_and_dirty_bits),
		RIG_TEST(test_store_after_load_sets_dirty_bit),
		RIG_TEST(test_fetch_sets_accessed_bit),
		RIG_TEST(test_faulting_access_does_not_set_accessed_bit),
		RIG_TEST(test_pte_outside_ram_is_an_access_fault),
		RIG_TEST(test_root_table_outside_ram_is_a_fetch_access_fault),
		RIG_TEST(test_m_mode_ignores_satp),
		RIG_TEST(test_mprv_with_mpp_s_translates_m_mode_loads),
		RIG_TEST(test_m_mode_load_without_mprv_is_physical),
		RIG_TEST(test_mprv_applies_u_permissions),
		RIG_TEST(test_mprv_does_not_translate_fetches),
		RIG_TEST(test_dtlb_second_access_to_a_page_does_not_miss),
		RIG_TEST(test_dtlb_misses_once_per_page),
		RIG_TEST(test_itlb_misses_once_for_a_page),
		RIG_TEST(test_guard_enable_comes_from_pte_bit_8_with_translation),
		RIG_TEST(test_guard_enable_is_off_without_pte_bit_8),
		RIG_TEST(test_guard_enable_comes_from_mpfctl_without_translation),
		RIG_TEST(test_update_page_comes_from_pte_bit_9_with_translation),
		RIG_TEST(test_update_range_comes_from_csrs_without_translation),
		RIG_TEST(test_prefetch_translation_is_dropped_on_a_tlb_miss_without_a_walk),
		RIG_TEST(test_prefetch_of_an_unmapped_address_does_not_fault),
		RIG_TEST(test_prefetch_w_to_a_read_only_page_is_denied),
		RIG_TEST(test_prefetch_without_translation_is_denied_outside_ram),
		RIG_TEST(test_changed_pte_is_seen_only_after_sfence_vma),
		RIG_TEST(test_sfence_vma_with_address_flushes_that_page),
		RIG_TEST(test_sfence_vma_in_u_is_illegal),
		RIG_TEST(test_sfence_vma_in_s_with_tvm_is_illegal),
		RIG_TEST(test_permissions_are_rechecked_after_sum_changes),
	};

	return UNIT_RUN("mmu", tests);
}
