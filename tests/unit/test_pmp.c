// SPDX-License-Identifier: MIT
/*
 * Physical memory protection (privileged spec 3.7): the default with no
 * entries, NAPOT/TOR/NA4 matching, priority, partial matches and locking.
 * Entries are written through the CSRs so that the WARL and lock rules apply.
 */
#include "unit.h"

#define PMP_R 0x01u
#define PMP_W 0x02u
#define PMP_X 0x04u
#define PMP_TOR 0x08u
#define PMP_NA4 0x10u
#define PMP_NAPOT 0x18u
#define PMP_L 0x80u

static uint32_t napot(uint32_t base, uint32_t size)
{
	return (base >> 2) | ((size >> 3) - 1);
}

/* Writes pmpaddr@i and pmpcfg@i from M-mode with csrrw. */
static void pmp_set(struct rig *r, int i, uint32_t addr, uint8_t cfg)
{
	struct hart *h = r->h;
	uint32_t pc = h->pc, reg = CSR_PMPCFG0 + i / 4, shift = 8 * (i % 4);

	hart_set_reg(h, 5, addr);
	assert_int_equal(rig_exec(r, h, CSRRW(0, CSR_PMPADDR0 + i, 5)), HART_RETIRED);
	hart_set_reg(h, 5, 0xffu << shift);
	assert_int_equal(rig_exec(r, h, CSRRC(0, reg, 5)), HART_RETIRED);
	hart_set_reg(h, 5, (uint32_t)cfg << shift);
	assert_int_equal(rig_exec(r, h, CSRRS(0, reg, 5)), HART_RETIRED);
	h->pc = pc;
}

/* Code region RX for S and U: entry 15, the lowest priority. */
static void code_entry(struct rig *r)
{
	pmp_set(r, 15, napot(CODE, 0x4000), PMP_NAPOT | PMP_R | PMP_X);
}

/* Runs @insn at CODE in mode @p with x1 = @addr; the event. */
static enum hart_event run(struct rig *r, enum priv p, uint32_t insn, uint32_t addr)
{
	rig_set_priv(r->h, p);
	r->h->pc = CODE;
	hart_set_reg(r->h, 1, addr);
	return rig_exec(r, r->h, insn);
}

static void test_no_entries_allow_m(void **state)
{
	struct rig *r = *state;

	assert_int_equal(run(r, PRIV_M, LW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_M, SW(3, 1, 0), DATA), HART_RETIRED);
}

static void test_no_entries_deny_s_and_u(void **state)
{
	struct rig *r = *state;

	assert_int_equal(run(r, PRIV_S, NOP, 0), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, CODE, CODE);
	assert_int_equal(run(r, PRIV_U, NOP, 0), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, CODE, CODE);
}

static void test_napot_entry_grants_its_permissions_inside_its_range(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 0, napot(DATA, 0x1000), PMP_NAPOT | PMP_R);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 0xffc), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, SW(3, 1, 0), DATA), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_ACCESS, CODE, DATA);
	assert_int_equal(run(r, PRIV_U, LW(3, 1, 0), DATA + 0x1000), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_LOAD_ACCESS, CODE, DATA + 0x1000);
}

static void test_fetch_needs_x(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, napot(CODE, 0x10000), PMP_NAPOT | PMP_R | PMP_W);
	assert_int_equal(run(r, PRIV_S, NOP, 0), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, CODE, CODE);
}

static void test_tor_entry_matches_from_previous_address_to_its_own(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 1, DATA >> 2, 0);	/* OFF: only the base of entry 2 */
	pmp_set(r, 2, (DATA + 0x100) >> 2, PMP_TOR | PMP_R | PMP_W);
	assert_int_equal(run(r, PRIV_S, SW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 0xfc), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 0x100), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_ACCESS);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA - 4), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_ACCESS);
}

static void test_tor_entry_zero_starts_at_address_zero(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, (RAM_BASE + 0x20000) >> 2, PMP_TOR | PMP_R | PMP_X);
	assert_int_equal(run(r, PRIV_U, LW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_U, LW(3, 1, 0), RAM_BASE + 0x20000), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_ACCESS);
}

static void test_tor_entry_with_base_above_top_matches_nothing(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 0, (DATA + 0x100) >> 2, 0);
	pmp_set(r, 1, DATA >> 2, PMP_TOR | PMP_R);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 0x80), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_ACCESS);
}

static void test_na4_entry_matches_four_bytes(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 0, (DATA + 8) >> 2, PMP_NA4 | PMP_R);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 8), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, LBU(3, 1, 3), DATA + 8), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 12), HART_TRAPPED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 4), HART_TRAPPED);
}

static void test_lowest_numbered_matching_entry_decides(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 0, DATA >> 2, PMP_NA4);		/* no permissions */
	pmp_set(r, 1, napot(DATA, 0x1000), PMP_NAPOT | PMP_R | PMP_W);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA), HART_TRAPPED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA + 4), HART_RETIRED);
}

/* An entry matching only some bytes fails the access, whatever later entries say. */
static void test_partial_match_denies_the_access(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, DATA >> 2, PMP_NA4 | PMP_R);
	pmp_set(r, 1, 0xffffffffu, PMP_NAPOT | PMP_R | PMP_W | PMP_X);
	assert_true(pmp_allows(r->h, DATA, 4, ACC_LOAD, PRIV_S));
	assert_false(pmp_allows(r->h, DATA - 4, 8, ACC_LOAD, PRIV_S));
	assert_false(pmp_allows(r->h, DATA + 2, 4, ACC_LOAD, PRIV_S));
	assert_false(pmp_allows(r->h, DATA - 4, 8, ACC_LOAD, PRIV_M));
}

/* After one allowed access, the rest of a partly covered page is still checked. */
static void test_allowed_access_does_not_open_the_rest_of_the_page(void **state)
{
	struct rig *r = *state;

	code_entry(r);
	pmp_set(r, 0, DATA >> 2, PMP_NA4 | PMP_R | PMP_W);
	assert_int_equal(run(r, PRIV_S, SW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_S, SW(3, 1, 4), DATA), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_STORE_ACCESS);
	assert_int_equal(run(r, PRIV_S, LW(3, 1, 4), DATA), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_LOAD_ACCESS);
}

static void test_unlocked_entries_do_not_restrict_m(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, 0xffffffffu, PMP_NAPOT);
	assert_int_equal(run(r, PRIV_M, SW(3, 1, 0), DATA), HART_RETIRED);
}

static void test_locked_entry_restricts_m(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, DATA >> 2, PMP_NA4 | PMP_R | PMP_L);
	assert_int_equal(run(r, PRIV_M, LW(3, 1, 0), DATA), HART_RETIRED);
	assert_int_equal(run(r, PRIV_M, SW(3, 1, 0), DATA), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_ACCESS, CODE, DATA);
}

static void test_locked_entry_ignores_writes(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, DATA >> 2, PMP_NA4 | PMP_R | PMP_L);
	pmp_set(r, 0, 0x1234, PMP_NAPOT | PMP_R | PMP_W | PMP_X);
	assert_int_equal(r->h->pmpcfg[0], PMP_NA4 | PMP_R | PMP_L);
	assert_int_equal(r->h->pmpaddr[0], DATA >> 2);
}

static void test_locked_tor_entry_locks_the_previous_address(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, DATA >> 2, 0);
	pmp_set(r, 1, (DATA + 0x100) >> 2, PMP_TOR | PMP_R | PMP_L);
	pmp_set(r, 0, 0x1234, 0);
	assert_int_equal(r->h->pmpaddr[0], DATA >> 2);
}

static void test_locked_entry_leaves_other_entries_writable(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 0, DATA >> 2, PMP_NA4 | PMP_L);
	pmp_set(r, 1, 0x1234, PMP_NA4 | PMP_R);
	assert_int_equal(r->h->pmpcfg[1], PMP_NA4 | PMP_R);
	assert_int_equal(r->h->pmpaddr[1], 0x1234);
}

static void test_pmpcfg_reads_back_what_was_written(void **state)
{
	struct rig *r = *state;

	pmp_set(r, 5, 0xabcd, PMP_TOR | PMP_X | PMP_R);
	rig_exec(r, r->h, CSRRS(3, CSR_PMPCFG0 + 1, 0));
	assert_int_equal(hart_reg(r->h, 3), (uint32_t)(PMP_TOR | PMP_X | PMP_R) << 8);
	rig_exec(r, r->h, CSRRS(4, CSR_PMPADDR0 + 5, 0));
	assert_int_equal(hart_reg(r->h, 4), 0xabcd);
}

static void test_page_walk_reads_are_checked_by_pmp(void **state)
{
	struct rig *r = *state;
	uint32_t root = RAM_BASE + 0x100000;

	code_entry(r);
	pmp_set(r, 0, napot(DATA, 0x1000), PMP_NAPOT | PMP_R | PMP_W);
	/* the root table is in no entry: S may not read it */
	rig_put(r, root + 4 * (CODE >> 22), (CODE >> 12) << 10 | 0xcf);
	r->h->satp = 0x80000000u | root >> 12;
	assert_int_equal(run(r, PRIV_S, NOP, 0), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, CODE, CODE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_no_entries_allow_m),
		RIG_TEST(test_no_entries_deny_s_and_u),
		RIG_TEST(test_napot_entry_grants_its_permissions_inside_its_range),
		RIG_TEST(test_fetch_needs_x),
		RIG_TEST(test_tor_entry_matches_from_previous_address_to_its_own),
		RIG_TEST(test_tor_entry_zero_starts_at_address_zero),
		RIG_TEST(test_tor_entry_with_base_above_top_matches_nothing),
		RIG_TEST(test_na4_entry_matches_four_bytes),
		RIG_TEST(test_lowest_numbered_matching_entry_decides),
		RIG_TEST(test_partial_match_denies_the_access),
		RIG_TEST(test_allowed_access_does_not_open_the_rest_of_the_page),
		RIG_TEST(test_unlocked_entries_do_not_restrict_m),
		RIG_TEST(test_locked_entry_restricts_m),
		RIG_TEST(test_locked_entry_ignores_writes),
		RIG_TEST(test_locked_tor_entry_locks_the_previous_address),
		RIG_TEST(test_locked_entry_leaves_other_entries_writable),
		RIG_TEST(test_pmpcfg_reads_back_what_was_written),
		RIG_TEST(test_page_walk_reads_are_checked_by_pmp),
	};

	return UNIT_RUN("pmp", tests);
}
