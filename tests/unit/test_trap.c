// SPDX-License-Identifier: MIT
/*
 * Trap entry and return, delegation, interrupt priority and enables, and WFI
 * (privileged spec chapters 3.1.6-3.1.9, 3.3 and 4.1).
 */
#include "unit.h"

#include <string.h>

#define MPP(h) (((h)->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT)
#define BIT(irq) (1u << (irq))

/* ---- exceptions into M ---------------------------------------------------- */

static void test_illegal_instruction_sets_mcause_mepc_mtval(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, 0xffffffffu), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, 0xffffffffu);
	assert_int_equal(mctr_total(&hart_stats(r->h)->traps), 1);
}

/*
 * A word whose low bits are not 11 is a 16-bit instruction (the length
 * encoding), illegal without C: mtval holds those 16 bits, as on QEMU
 * (found by tests/robust/qemu_diff.py, where osprey reported the word).
 */
static void test_illegal_16_bit_instruction_sets_mtval_to_its_16_bits(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, 0x66c45000u), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, 0x5000u);
}

static void test_exception_from_u_saves_mie_in_mpie_and_sets_mpp_u(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MIE | (3u << MSTATUS_MPP_SHIFT);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, ECALL), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ECALL_U, CODE, 0);
	assert_int_equal(MPP(r->h), PRIV_U);
	assert_true(r->h->mstatus & MSTATUS_MPIE);
	assert_false(r->h->mstatus & MSTATUS_MIE);
}

static void test_exception_from_s_sets_mpp_s(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MPIE;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, ECALL), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ECALL_S, CODE, 0);
	assert_int_equal(MPP(r->h), PRIV_S);
	assert_false(r->h->mstatus & MSTATUS_MPIE);	/* MIE was 0 */
}

static void test_exception_in_m_sets_mpp_m(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, ECALL), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ECALL_M, CODE, 0);
	assert_int_equal(MPP(r->h), PRIV_M);
}

static void test_ebreak_sets_mtval_to_zero(void **state)
{
	struct rig *r = *state;

	r->h->pc = CODE + 0x40;
	assert_int_equal(rig_exec(r, r->h, EBREAK), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE + 0x40, 0);
}

static void test_misaligned_jump_faults_with_target_and_keeps_rd(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0x55);
	assert_int_equal(rig_exec(r, r->h, JAL(1, 6)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_MISALIGNED, CODE, CODE + 6);
	assert_int_equal(hart_reg(r->h, 1), 0x55);
}

static void test_misaligned_taken_branch_faults(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, BEQ(0, 0, 2)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_MISALIGNED, CODE, CODE + 2);
}

static void test_misaligned_untaken_branch_does_not_fault(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, BNE(0, 0, 2)), HART_RETIRED);
	assert_int_equal(hart_pc(r->h), CODE + 4);
}

static void test_misaligned_load_faults_with_the_address(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, DATA + 1);
	hart_set_reg(r->h, 3, 0x33);
	assert_int_equal(rig_exec(r, r->h, LH(3, 1, 0)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_LOAD_MISALIGNED, CODE, DATA + 1);
	assert_int_equal(hart_reg(r->h, 3), 0x33);
}

static void test_misaligned_store_faults_with_the_address(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, DATA);
	assert_int_equal(rig_exec(r, r->h, SW(1, 1, 2)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_MISALIGNED, CODE, DATA + 2);
	assert_int_equal(rig_get(r, DATA), 0);
}

static void test_load_from_unmapped_address_is_an_access_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0x40000000u);
	assert_int_equal(rig_exec(r, r->h, LW(3, 1, 8)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_LOAD_ACCESS, CODE, 0x40000008u);
}

static void test_store_to_unmapped_address_is_an_access_fault(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0x40000000u);
	assert_int_equal(rig_exec(r, r->h, SW(3, 1, 8)), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_STORE_ACCESS, CODE, 0x40000008u);
}

static void test_fetch_from_unmapped_address_is_an_access_fault(void **state)
{
	struct rig *r = *state;

	r->h->pc = 0x40000000u;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_FETCH_ACCESS, 0x40000000u, 0x40000000u);
}

static void test_unfetchable_trap_vector_reports_stuck(void **state)
{
	struct rig *r = *state;

	r->h->mtvec = 0x40000000u;
	assert_int_equal(rig_exec(r, r->h, ECALL), HART_TRAPPED);
	assert_int_equal(hart_step(r->h), HART_STUCK);
	assert_non_null(strstr(hart_stuck_reason(r->h), "trap vector"));
}

/* ---- trap return ---------------------------------------------------------- */

static void test_mret_returns_to_mpp_and_restores_mie(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MPIE | (1u << MSTATUS_MPP_SHIFT);
	r->h->mepc = CODE + 0x100;
	assert_int_equal(rig_exec(r, r->h, MRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_S);
	assert_int_equal(hart_pc(r->h), CODE + 0x100);
	assert_true(r->h->mstatus & MSTATUS_MIE);
	assert_true(r->h->mstatus & MSTATUS_MPIE);
	assert_int_equal(MPP(r->h), PRIV_U);
}

static void test_mret_to_s_or_u_clears_mprv(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MPRV;	/* MPP = U */
	r->h->mepc = CODE + 0x100;
	rig_open_pmp(r->h);
	assert_int_equal(rig_exec(r, r->h, MRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_U);
	assert_false(r->h->mstatus & MSTATUS_MPRV);
}

static void test_mret_to_m_keeps_mprv(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MPRV | MSTATUS_MPP;
	r->h->mepc = CODE + 0x100;
	assert_int_equal(rig_exec(r, r->h, MRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_M);
	assert_true(r->h->mstatus & MSTATUS_MPRV);
}

static void test_mret_in_s_is_illegal(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, MRET), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, MRET);
}

static void test_sret_returns_to_spp_and_restores_sie(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_SPIE | MSTATUS_MPRV;	/* SPP = U */
	r->h->sepc = CODE + 0x200;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, SRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_U);
	assert_int_equal(hart_pc(r->h), CODE + 0x200);
	assert_true(r->h->mstatus & MSTATUS_SIE);
	assert_true(r->h->mstatus & MSTATUS_SPIE);
	assert_false(r->h->mstatus & MSTATUS_SPP);
	assert_false(r->h->mstatus & MSTATUS_MPRV);
}

static void test_sret_to_s_keeps_s(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_SPP | MSTATUS_SIE;	/* SPIE = 0 */
	r->h->sepc = CODE + 0x200;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, SRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_S);
	assert_false(r->h->mstatus & MSTATUS_SIE);
	assert_false(r->h->mstatus & MSTATUS_SPP);
}

static void test_sret_in_m_ignores_tsr(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_TSR | MSTATUS_SPP;
	r->h->sepc = CODE + 0x200;
	assert_int_equal(rig_exec(r, r->h, SRET), HART_RETIRED);
	assert_int_equal(hart_priv(r->h), PRIV_S);
}

static void test_sret_in_u_is_illegal(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, SRET), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, SRET);
}

static void test_sret_in_s_with_tsr_is_illegal(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_TSR;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, SRET), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, SRET);
}

static void test_wfi_in_u_is_illegal(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, WFI), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, WFI);
}

static void test_wfi_in_s_with_tw_is_illegal(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_TW;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, WFI), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, WFI);
}

static void test_wfi_in_s_without_tw_waits(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, WFI), HART_RETIRED);
	assert_true(hart_in_wfi(r->h));
	assert_int_equal(hart_step(r->h), HART_WAITING);
}

static void test_wfi_in_m_ignores_tw(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_TW;
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	assert_true(hart_in_wfi(r->h));
}

static void test_ecall_cause_depends_on_mode(void **state)
{
	struct rig *r = *state;
	static const struct {
		enum priv p;
		uint32_t cause;
	} cases[] = { { PRIV_U, CAUSE_ECALL_U }, { PRIV_S, CAUSE_ECALL_S }, { PRIV_M, CAUSE_ECALL_M } };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rig_reset(r, r->h);
		assert_int_equal(rig_exec_as(r, r->h, cases[i].p, ECALL), HART_TRAPPED);
		assert_m_trap(r->h, cases[i].cause, CODE, 0);
	}
}

/* ---- delegation ----------------------------------------------------------- */

static void test_medeleg_sends_u_exception_to_s(void **state)
{
	struct rig *r = *state;

	r->h->medeleg = 1u << CAUSE_ECALL_U;
	r->h->mcause = 0xdead;
	r->h->mstatus = MSTATUS_SIE;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, ECALL), HART_TRAPPED);
	assert_s_trap(r->h, CAUSE_ECALL_U, CODE, 0);
	assert_int_equal(r->h->mcause, 0xdead);
	assert_false(r->h->mstatus & MSTATUS_SPP);
	assert_true(r->h->mstatus & MSTATUS_SPIE);
	assert_false(r->h->mstatus & MSTATUS_SIE);
}

static void test_medeleg_sends_s_exception_to_s_with_tval(void **state)
{
	struct rig *r = *state;

	r->h->medeleg = 1u << CAUSE_ILLEGAL;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, 0xffffffffu), HART_TRAPPED);
	assert_s_trap(r->h, CAUSE_ILLEGAL, CODE, 0xffffffffu);
	assert_true(r->h->mstatus & MSTATUS_SPP);
	assert_false(r->h->mstatus & MSTATUS_SPIE);
}

static void test_medeleg_never_delegates_m_mode_exceptions(void **state)
{
	struct rig *r = *state;

	r->h->medeleg = 1u << CAUSE_ILLEGAL | 1u << CAUSE_BREAKPOINT;
	assert_int_equal(rig_exec(r, r->h, EBREAK), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_BREAKPOINT, CODE, 0);
	assert_int_equal(r->h->scause, 0);
}

static void test_undelegated_exception_from_u_goes_to_m(void **state)
{
	struct rig *r = *state;

	r->h->medeleg = 1u << CAUSE_ECALL_S;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, ECALL), HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ECALL_U, CODE, 0);
}

static void test_mideleg_sends_s_interrupts_to_s(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_STI);
	r->h->mie = BIT(IRQ_STI);
	r->h->mip_sw = BIT(IRQ_STI);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, NOP), HART_TRAPPED);
	assert_s_trap(r->h, CAUSE_INTERRUPT | IRQ_STI, CODE, 0);
	assert_int_equal(mctr_total(&hart_stats(r->h)->interrupts), 1);
}

/* ---- interrupt enables and priority --------------------------------------- */

static void test_m_interrupt_in_m_needs_mie(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_MTI);
	hart_set_irq(r->h, IRQ_MTI, 1);
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
	r->h->mstatus |= MSTATUS_MIE;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | IRQ_MTI);
	assert_int_equal(r->h->mepc, CODE + 4);
	assert_int_equal(r->h->mtval, 0);
}

static void test_m_interrupt_below_m_is_taken_regardless_of_mie(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_MSI);
	hart_set_irq(r->h, IRQ_MSI, 1);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, NOP), HART_TRAPPED);
	assert_int_equal(hart_priv(r->h), PRIV_M);
	assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | IRQ_MSI);
	assert_int_equal(MPP(r->h), PRIV_S);
}

static void test_undelegated_s_interrupt_in_s_goes_to_m_regardless_of_mie(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_SEI);
	r->h->mip_sw = BIT(IRQ_SEI);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, NOP), HART_TRAPPED);
	assert_int_equal(hart_priv(r->h), PRIV_M);
	assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | IRQ_SEI);
}

static void test_delegated_interrupt_in_s_needs_sie(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_SSI);
	r->h->mie = BIT(IRQ_SSI);
	r->h->mip_sw = BIT(IRQ_SSI);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, NOP), HART_RETIRED);
	r->h->mstatus |= MSTATUS_SIE;
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_s_trap(r->h, CAUSE_INTERRUPT | IRQ_SSI, CODE + 4, 0);
	assert_true(r->h->mstatus & MSTATUS_SPP);
	assert_true(r->h->mstatus & MSTATUS_SPIE);
}

static void test_delegated_interrupt_in_u_is_taken_regardless_of_sie(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_SEI);
	r->h->mie = BIT(IRQ_SEI);
	hart_set_irq(r->h, IRQ_SEI, 1);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, NOP), HART_TRAPPED);
	assert_s_trap(r->h, CAUSE_INTERRUPT | IRQ_SEI, CODE, 0);
}

static void test_delegated_interrupt_is_never_taken_in_m(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_STI);
	r->h->mie = BIT(IRQ_STI);
	r->h->mip_sw = BIT(IRQ_STI);
	r->h->mstatus = MSTATUS_MIE | MSTATUS_SIE;
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
}

static void test_disabled_interrupt_is_not_taken(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MIE;
	hart_set_irq(r->h, IRQ_MEI, 1);
	assert_int_equal(rig_exec(r, r->h, NOP), HART_RETIRED);
}

static void test_interrupt_priority_is_mei_msi_mti_sei_ssi_sti(void **state)
{
	struct rig *r = *state;
	static const enum irq order[] = { IRQ_MEI, IRQ_MSI, IRQ_MTI, IRQ_SEI, IRQ_SSI, IRQ_STI };

	r->h->mie = 0xaaa;
	r->h->mip_sw = BIT(IRQ_SEI) | BIT(IRQ_SSI) | BIT(IRQ_STI);
	hart_set_irq(r->h, IRQ_MEI, 1);
	hart_set_irq(r->h, IRQ_MSI, 1);
	hart_set_irq(r->h, IRQ_MTI, 1);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		r->h->pc = CODE;
		r->h->mstatus = MSTATUS_MIE;
		assert_int_equal(hart_step(r->h), HART_TRAPPED);
		assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | order[i]);
		r->h->mie &= ~BIT(order[i]);
	}
}

static void test_m_interrupts_outrank_delegated_ones(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_SEI);
	r->h->mie = BIT(IRQ_SEI) | BIT(IRQ_MTI);
	hart_set_irq(r->h, IRQ_SEI, 1);
	hart_set_irq(r->h, IRQ_MTI, 1);
	r->h->mstatus = MSTATUS_SIE;
	assert_int_equal(rig_exec_as(r, r->h, PRIV_S, NOP), HART_TRAPPED);
	assert_int_equal(hart_priv(r->h), PRIV_M);
	assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | IRQ_MTI);
}

static void test_vectored_mtvec_sends_interrupts_to_base_plus_four_times_cause(void **state)
{
	struct rig *r = *state;

	r->h->mtvec = MVEC | 1;
	r->h->mie = BIT(IRQ_MTI);
	r->h->mstatus = MSTATUS_MIE;
	hart_set_irq(r->h, IRQ_MTI, 1);
	rig_put(r, CODE, NOP);
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_int_equal(hart_pc(r->h), MVEC + 4 * IRQ_MTI);
	assert_int_equal(r->h->mepc, CODE);
}

static void test_vectored_mtvec_sends_exceptions_to_base(void **state)
{
	struct rig *r = *state;

	r->h->mtvec = MVEC | 1;
	assert_int_equal(rig_exec(r, r->h, ECALL), HART_TRAPPED);
	assert_int_equal(hart_pc(r->h), MVEC);
}

static void test_vectored_stvec_sends_interrupts_to_base_plus_four_times_cause(void **state)
{
	struct rig *r = *state;

	r->h->stvec = SVEC | 1;
	r->h->mideleg = BIT(IRQ_SSI);
	r->h->mie = BIT(IRQ_SSI);
	r->h->mip_sw = BIT(IRQ_SSI);
	assert_int_equal(rig_exec_as(r, r->h, PRIV_U, NOP), HART_TRAPPED);
	assert_int_equal(hart_pc(r->h), SVEC + 4 * IRQ_SSI);
}

/* ---- WFI ------------------------------------------------------------------ */

static void test_wfi_waits_while_nothing_is_pending(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_MTI);
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_WAITING);
	assert_false(hart_wakeable(r->h));
}

static void test_wfi_ignores_pending_but_disabled_interrupts(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MIE;
	hart_set_irq(r->h, IRQ_MTI, 1);
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	assert_false(hart_wakeable(r->h));
	assert_int_equal(hart_step(r->h), HART_WAITING);
}

static void test_wfi_wakes_on_enabled_interrupt_even_with_mie_clear(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_MTI);
	rig_put(r, CODE + 4, ADDI(3, 0, 9));
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	hart_set_irq(r->h, IRQ_MTI, 1);
	assert_true(hart_wakeable(r->h));
	assert_int_equal(hart_step(r->h), HART_RETIRED);	/* resumes after WFI, no trap */
	assert_false(hart_in_wfi(r->h));
	assert_int_equal(hart_reg(r->h, 3), 9);
}

static void test_wfi_wakes_on_delegated_interrupt_while_in_m(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = BIT(IRQ_SEI);
	r->h->mie = BIT(IRQ_SEI);
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	hart_set_irq(r->h, IRQ_SEI, 1);
	assert_true(hart_wakeable(r->h));
}

static void test_wfi_wakes_into_the_interrupt_when_enabled(void **state)
{
	struct rig *r = *state;

	r->h->mie = BIT(IRQ_MSI);
	r->h->mstatus = MSTATUS_MIE;
	assert_int_equal(rig_exec(r, r->h, WFI), HART_RETIRED);
	hart_set_irq(r->h, IRQ_MSI, 1);
	assert_int_equal(hart_step(r->h), HART_TRAPPED);
	assert_int_equal(r->h->mcause, CAUSE_INTERRUPT | IRQ_MSI);
	assert_int_equal(r->h->mepc, CODE + 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_illegal_instruction_sets_mcause_mepc_mtval),
		RIG_TEST(test_illegal_16_bit_instruction_sets_mtval_to_its_16_bits),
		RIG_TEST(test_exception_from_u_saves_mie_in_mpie_and_sets_mpp_u),
		RIG_TEST(test_exception_from_s_sets_mpp_s),
		RIG_TEST(test_exception_in_m_sets_mpp_m),
		RIG_TEST(test_ebreak_sets_mtval_to_zero),
		RIG_TEST(test_misaligned_jump_faults_with_target_and_keeps_rd),
		RIG_TEST(test_misaligned_taken_branch_faults),
		RIG_TEST(test_misaligned_untaken_branch_does_not_fault),
		RIG_TEST(test_misaligned_load_faults_with_the_address),
		RIG_TEST(test_misaligned_store_faults_with_the_address),
		RIG_TEST(test_load_from_unmapped_address_is_an_access_fault),
		RIG_TEST(test_store_to_unmapped_address_is_an_access_fault),
		RIG_TEST(test_fetch_from_unmapped_address_is_an_access_fault),
		RIG_TEST(test_unfetchable_trap_vector_reports_stuck),
		RIG_TEST(test_mret_returns_to_mpp_and_restores_mie),
		RIG_TEST(test_mret_to_s_or_u_clears_mprv),
		RIG_TEST(test_mret_to_m_keeps_mprv),
		RIG_TEST(test_mret_in_s_is_illegal),
		RIG_TEST(test_sret_returns_to_spp_and_restores_sie),
		RIG_TEST(test_sret_to_s_keeps_s),
		RIG_TEST(test_sret_in_m_ignores_tsr),
		RIG_TEST(test_sret_in_u_is_illegal),
		RIG_TEST(test_sret_in_s_with_tsr_is_illegal),
		RIG_TEST(test_wfi_in_u_is_illegal),
		RIG_TEST(test_wfi_in_s_with_tw_is_illegal),
		RIG_TEST(test_wfi_in_s_without_tw_waits),
		RIG_TEST(test_wfi_in_m_ignores_tw),
		RIG_TEST(test_ecall_cause_depends_on_mode),
		RIG_TEST(test_medeleg_sends_u_exception_to_s),
		RIG_TEST(test_medeleg_sends_s_exception_to_s_with_tval),
		RIG_TEST(test_medeleg_never_delegates_m_mode_exceptions),
		RIG_TEST(test_undelegated_exception_from_u_goes_to_m),
		RIG_TEST(test_mideleg_sends_s_interrupts_to_s),
		RIG_TEST(test_m_interrupt_in_m_needs_mie),
		RIG_TEST(test_m_interrupt_below_m_is_taken_regardless_of_mie),
		RIG_TEST(test_undelegated_s_interrupt_in_s_goes_to_m_regardless_of_mie),
		RIG_TEST(test_delegated_interrupt_in_s_needs_sie),
		RIG_TEST(test_delegated_interrupt_in_u_is_taken_regardless_of_sie),
		RIG_TEST(test_delegated_interrupt_is_never_taken_in_m),
		RIG_TEST(test_disabled_interrupt_is_not_taken),
		RIG_TEST(test_interrupt_priority_is_mei_msi_mti_sei_ssi_sti),
		RIG_TEST(test_m_interrupts_outrank_delegated_ones),
		RIG_TEST(test_vectored_mtvec_sends_interrupts_to_base_plus_four_times_cause),
		RIG_TEST(test_vectored_mtvec_sends_exceptions_to_base),
		RIG_TEST(test_vectored_stvec_sends_interrupts_to_base_plus_four_times_cause),
		RIG_TEST(test_wfi_waits_while_nothing_is_pending),
		RIG_TEST(test_wfi_ignores_pending_but_disabled_interrupts),
		RIG_TEST(test_wfi_wakes_on_enabled_interrupt_even_with_mie_clear),
		RIG_TEST(test_wfi_wakes_on_delegated_interrupt_while_in_m),
		RIG_TEST(test_wfi_wakes_into_the_interrupt_when_enabled),
	};

	return UNIT_RUN("trap", tests);
}
