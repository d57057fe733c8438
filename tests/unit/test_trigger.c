// SPDX-License-Identifier: MIT
/*
 * Debug triggers (Sdtrig, mcontrol): the CSRs as software discovers them,
 * execute, load and store matches in the modes tdata1 selects, the
 * breakpoint exception with its mtval, the hit bit, and tcontrol's M-mode
 * enable across a trap and mret.
 */
#include "unit.h"

#define MC_TYPE2	(2u << 28)
#define MC_HIT		(1u << 20)
#define MC_M		(1u << 6)
#define MC_S		(1u << 4)
#define MC_U		(1u << 3)
#define MC_EXECUTE	(1u << 2)
#define MC_STORE	(1u << 1)
#define MC_LOAD		(1u << 0)

/* Runs csrrw x5, @csr, x6 with x6 = @v in M mode; returns the old value (x5). */
static uint32_t csr_swap(struct rig *r, int csr, uint32_t v)
{
	r->h->priv = PRIV_M;
	hart_set_reg(r->h, 6, v);
	assert_int_equal(rig_exec(r, r->h, CSRRW(5, csr, 6)), HART_RETIRED);
	return hart_reg(r->h, 5);
}

static uint32_t csr_get(struct rig *r, int csr)
{
	r->h->priv = PRIV_M;
	assert_int_equal(rig_exec(r, r->h, CSRRS(5, csr, 0)), HART_RETIRED);
	return hart_reg(r->h, 5);
}

/* Back at CODE in M mode, as rig_reset would leave it, but keeping the triggers. */
static void again(struct rig *r)
{
	r->h->pc = CODE;
	r->h->priv = PRIV_M;
}

/* Trigger @i: tdata1 = @t1, tdata2 = @addr. */
static void arm(struct rig *r, uint32_t i, uint32_t t1, uint32_t addr)
{
	csr_swap(r, CSR_TSELECT, i);
	csr_swap(r, CSR_TDATA1, t1);
	csr_swap(r, CSR_TDATA2, addr);
	again(r);
}

static void test_trigger_count_is_found_by_writing_tselect(void **state)
{
	struct rig *r = *state;
	uint32_t n = 0;

	/* Software's probe: write i, read back; a trigger that is not there reads otherwise. */
	for (uint32_t i = 0; i < 16; i++) {
		csr_swap(r, CSR_TSELECT, i);
		if (csr_get(r, CSR_TSELECT) != i)
			break;
		n++;
	}
	assert_int_equal(n, 4);
	assert_int_equal(csr_get(r, CSR_TINFO), 1u << 2);	/* mcontrol only */
	assert_int_equal(csr_get(r, CSR_TDATA1) >> 28, 2);
	assert_int_equal(csr_get(r, CSR_TDATA3), 0);
}

static void test_tdata1_keeps_only_the_supported_fields(void **state)
{
	struct rig *r = *state;

	csr_swap(r, CSR_TSELECT, 1);
	/* action 1 (debug mode), match 2, chain, dmode: none supported */
	csr_swap(r, CSR_TDATA1, 0xffffffffu);
	assert_int_equal(csr_get(r, CSR_TDATA1),
			 MC_TYPE2 | MC_HIT | MC_M | MC_S | MC_U | MC_EXECUTE | MC_STORE | MC_LOAD);
}

static void test_execute_trigger_in_u_mode_raises_breakpoint_with_pc(void **state)
{
	struct rig *r = *state;

	arm(r, 0, MC_TYPE2 | MC_U | MC_EXECUTE, CODE);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, ADDI(1, 0, 5)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, CODE);
	assert_int_equal(hart_reg(r->h, 1), 0);		/* before it executed */
	csr_swap(r, CSR_TSELECT, 0);
	assert_true(csr_get(r, CSR_TDATA1) & MC_HIT);
}

static void test_execute_trigger_ignores_modes_it_does_not_select(void **state)
{
	struct rig *r = *state;

	arm(r, 0, MC_TYPE2 | MC_U | MC_EXECUTE, CODE);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, ADDI(1, 0, 5)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 1), 5);
}

static void test_load_trigger_raises_breakpoint_with_the_address(void **state)
{
	struct rig *r = *state;

	arm(r, 1, MC_TYPE2 | MC_S | MC_LOAD, DATA + 8);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, SW(0, 2, 8)), HART_RETIRED);	/* a store: no */
	again(r);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, LW(3, 2, 4)), HART_RETIRED);	/* elsewhere */
	again(r);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, LW(3, 2, 8)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, DATA + 8);
}

static void test_store_trigger_fires_on_a_store_and_an_amo(void **state)
{
	struct rig *r = *state;

	arm(r, 2, MC_TYPE2 | MC_U | MC_STORE, DATA);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, LW(3, 2, 0)), HART_RETIRED);	/* a load: no */
	again(r);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, SW(3, 2, 0)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, DATA);
	again(r);
	hart_set_reg(r->h, 2, DATA);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, AMOADD_W(3, 4, 2)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, DATA);
}

static void test_m_mode_trigger_needs_tcontrol_mte_which_a_trap_saves(void **state)
{
	struct rig *r = *state;

	arm(r, 0, MC_TYPE2 | MC_M | MC_EXECUTE, CODE);
	/* mte clear: no breakpoint in M */
	assert_int_equal(rig_exec(r, r->h, ADDI(1, 0, 1)), HART_RETIRED);
	again(r);
	csr_swap(r, CSR_TCONTROL, 1u << 3);
	again(r);
	assert_int_equal(rig_exec(r, r->h, ADDI(1, 0, 2)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, CODE);
	/* The trap moved mte to mpte; mret brings it back. */
	assert_int_equal(csr_get(r, CSR_TCONTROL), 1u << 7);
	r->h->mepc = CODE + 0x100;
	rig_put(r, CODE + 0x100, NOP);
	r->h->pc = CODE + 0x80;
	assert_int_equal(rig_exec(r, r->h, MRET), HART_RETIRED);
	assert_int_equal(csr_get(r, CSR_TCONTROL), (1u << 3) | (1u << 7));
}

static void test_debugger_hw_breakpoint_takes_a_trigger_the_guest_cannot_change(void **state)
{
	struct rig *r = *state;

	arm(r, 0, MC_TYPE2 | MC_U | MC_LOAD, DATA);	/* the guest's own, in use */
	assert_int_equal(hart_debug_hw_break(r->h, CODE + 0x40, 1), 0);
	/* It took trigger 1, the first free one: dmode, action 1, every mode. */
	csr_swap(r, CSR_TSELECT, 1);
	assert_int_equal(csr_get(r, CSR_TDATA2), CODE + 0x40);
	assert_true(csr_get(r, CSR_TDATA1) & (1u << 27));
	csr_swap(r, CSR_TDATA1, 0);			/* ignored: not the guest's */
	csr_swap(r, CSR_TDATA2, 0);
	assert_int_equal(csr_get(r, CSR_TDATA2), CODE + 0x40);
	/* In M mode with tcontrol.mte clear, it stops the hart for the debugger. */
	r->h->pc = CODE + 0x40;
	assert_int_equal(rig_exec(r, r->h, ADDI(1, 0, 9)), HART_DEBUG);
	assert_int_equal(hart_reg(r->h, 1), 0);
	assert_int_equal(r->h->pc, CODE + 0x40);
	/* Removed, the instruction runs. */
	assert_int_equal(hart_debug_hw_break(r->h, CODE + 0x40, 0), 0);
	assert_int_equal(rig_exec(r, r->h, ADDI(1, 0, 9)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 1), 9);
}

static void test_debugger_hw_breakpoints_run_out_with_the_triggers(void **state)
{
	struct rig *r = *state;

	for (uint32_t i = 0; i < 4; i++)
		assert_int_equal(hart_debug_hw_break(r->h, CODE + 4 * i, 1), 0);
	assert_int_equal(hart_debug_hw_break(r->h, CODE + 16, 1), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_trigger_count_is_found_by_writing_tselect),
		RIG_TEST(test_tdata1_keeps_only_the_supported_fields),
		RIG_TEST(test_execute_trigger_in_u_mode_raises_breakpoint_with_pc),
		RIG_TEST(test_execute_trigger_ignores_modes_it_does_not_select),
		RIG_TEST(test_load_trigger_raises_breakpoint_with_the_address),
		RIG_TEST(test_store_trigger_fires_on_a_store_and_an_amo),
		RIG_TEST(test_m_mode_trigger_needs_tcontrol_mte_which_a_trap_saves),
		RIG_TEST(test_debugger_hw_breakpoint_takes_a_trigger_the_guest_cannot_change),
		RIG_TEST(test_debugger_hw_breakpoints_run_out_with_the_triggers),
	};

	return UNIT_RUN("trigger", tests);
}
