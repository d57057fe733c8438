// SPDX-License-Identifier: MIT
/*
 * CSR access rules (privileged spec, "CSR Address Mapping Conventions" and
 * the counter-enable, TVM and view-register rules) and WARL fields.
 */
#include "unit.h"

/* Runs @insn in mode @p; returns 1 when it raised illegal instruction, 0 when it retired. */
static int illegal_in(struct rig *r, enum priv p, uint32_t insn)
{
	enum hart_event ev;

	r->h->mcause = 0xdead;
	ev = rig_exec_as(r, r->h, p, insn);
	if (ev == HART_RETIRED) {
		assert_int_equal(hart_pc(r->h), CODE + 4);
		return 0;
	}
	assert_int_equal(ev, HART_TRAPPED);
	assert_m_trap(r->h, CAUSE_ILLEGAL, CODE, insn);
	return 1;
}

static void test_s_mode_access_to_m_csr_traps_with_the_instruction_in_mtval(void **state)
{
	struct rig *r = *state;

	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_MSTATUS, 0)));
	assert_int_equal((r->h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT, PRIV_S);
}

static void test_s_mode_write_to_m_csr_traps_and_leaves_it(void **state)
{
	struct rig *r = *state;

	r->h->mscratch = 0x1234;
	hart_set_reg(r->h, 1, 0x5678);
	assert_true(illegal_in(r, PRIV_S, CSRRW(0, CSR_MSCRATCH, 1)));
	assert_int_equal(r->h->mscratch, 0x1234);
}

static void test_u_mode_access_to_s_csr_traps(void **state)
{
	struct rig *r = *state;

	assert_true(illegal_in(r, PRIV_U, CSRRS(3, CSR_SSTATUS, 0)));
}

static void test_trapping_csr_instruction_does_not_write_rd(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 3, 0x77);
	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_MSTATUS, 0)));
	assert_int_equal(hart_reg(r->h, 3), 0x77);
}

static void test_write_to_read_only_csr_traps(void **state)
{
	struct rig *r = *state;

	assert_true(illegal_in(r, PRIV_M, CSRRW(0, CSR_MHARTID, 0)));
	rig_reset(r, r->h);
	assert_true(illegal_in(r, PRIV_M, CSRRWI(3, CSR_MVENDORID, 0)));
	rig_reset(r, r->h);
	assert_true(illegal_in(r, PRIV_M, CSRRW(3, CSR_CYCLE, 1)));
}

/* csrrs/csrrc write unless the rs1 field is x0, whatever value the register holds. */
static void test_csrrs_with_nonzero_rs1_holding_zero_still_writes(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0);
	assert_true(illegal_in(r, PRIV_M, CSRRS(3, CSR_MHARTID, 1)));
}

static void test_csrrs_with_x0_reads_read_only_csr(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h1, CSRRS(3, CSR_MHARTID, 0)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h1, 3), 1);
}

static void test_csrrsi_and_csrrci_with_zero_read_read_only_csr(void **state)
{
	struct rig *r = *state;

	assert_false(illegal_in(r, PRIV_M, CSRRSI(3, CSR_MHARTID, 0)));
	rig_reset(r, r->h);
	assert_false(illegal_in(r, PRIV_M, CSRRCI(3, CSR_MVENDORID, 0)));
}

static void test_csrrw_csrrs_csrrc_return_old_value(void **state)
{
	struct rig *r = *state;

	r->h->mscratch = 0xf0f0;
	hart_set_reg(r->h, 1, 0x0ff0);
	rig_put(r, CODE, CSRRW(3, CSR_MSCRATCH, 1));
	rig_put(r, CODE + 4, CSRRS(4, CSR_MSCRATCH, 1));
	rig_put(r, CODE + 8, CSRRC(5, CSR_MSCRATCH, 1));
	rig_put(r, CODE + 12, CSRRWI(6, CSR_MSCRATCH, 31));
	for (int i = 0; i < 4; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0xf0f0);
	assert_int_equal(hart_reg(r->h, 4), 0x0ff0);
	assert_int_equal(hart_reg(r->h, 5), 0x0ff0);
	assert_int_equal(hart_reg(r->h, 6), 0);
	assert_int_equal(r->h->mscratch, 31);
}

static void test_csrrc_with_x0_does_not_write(void **state)
{
	struct rig *r = *state;

	r->h->mscratch = 0xffff;
	assert_false(illegal_in(r, PRIV_M, CSRRC(3, CSR_MSCRATCH, 0)));
	assert_int_equal(r->h->mscratch, 0xffff);
	assert_int_equal(hart_reg(r->h, 3), 0xffff);
}

static void test_unknown_csr_traps(void **state)
{
	struct rig *r = *state;
	/* ustatus (no N), fflags (no F), unallocated S CSRs, dcsr (debug mode only), 0xfff */
	static const int unknown[] = { 0x000, 0x001, 0x181, 0x7b0, 0xfff, 0x107 };

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		rig_reset(r, r->h);
		if (!illegal_in(r, PRIV_M, CSRRS(3, unknown[i], 0)))
			fail_msg("CSR 0x%03x should not exist", unknown[i]);
	}
}

static void test_counters_from_s_need_mcounteren(void **state)
{
	struct rig *r = *state;

	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_CYCLE, 0)));
	rig_reset(r, r->h);
	r->h->mcounteren = 1;	/* CY */
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_CYCLE, 0)));
	rig_reset(r, r->h);
	r->h->mcounteren = 1;
	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_INSTRET, 0)));
}

static void test_counters_from_u_need_mcounteren_and_scounteren(void **state)
{
	struct rig *r = *state;

	r->h->mcounteren = 7;
	assert_true(illegal_in(r, PRIV_U, CSRRS(3, CSR_TIME, 0)));
	rig_reset(r, r->h);
	r->h->scounteren = 7;
	assert_true(illegal_in(r, PRIV_U, CSRRS(3, CSR_TIME, 0)));
	rig_reset(r, r->h);
	r->h->mcounteren = 2;
	r->h->scounteren = 2;	/* TM in both */
	assert_false(illegal_in(r, PRIV_U, CSRRS(3, CSR_TIME, 0)));
}

static void test_high_halves_of_counters_use_the_same_enable_bits(void **state)
{
	struct rig *r = *state;

	r->h->mcounteren = 2;
	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_CYCLEH, 0)));
	rig_reset(r, r->h);
	r->h->mcounteren = 2;
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_TIMEH, 0)));
}

static void test_hpmcounter_from_s_needs_its_own_mcounteren_bit(void **state)
{
	struct rig *r = *state;

	r->h->mcounteren = 7;
	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_HPMCOUNTER3, 0)));
	rig_reset(r, r->h);
	r->h->mcounteren = 1u << 3;
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_HPMCOUNTER3, 0)));
}

static void test_m_mode_reads_counters_without_enables(void **state)
{
	struct rig *r = *state;

	assert_false(illegal_in(r, PRIV_M, CSRRS(3, CSR_CYCLE, 0)));
}

static void test_time_csr_reads_mtime(void **state)
{
	struct rig *r = *state;

	r->mtime = 0x123456789ull;
	rig_put(r, CODE, CSRRS(3, CSR_TIME, 0));
	rig_put(r, CODE + 4, CSRRS(4, CSR_TIMEH, 0));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x23456789u);
	assert_int_equal(hart_reg(r->h, 4), 1);
}

static void test_minstret_write_is_not_followed_by_an_increment(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 100);
	rig_put(r, CODE, CSRRW(0, CSR_MINSTRET, 1));
	rig_put(r, CODE + 4, CSRRS(3, CSR_MINSTRET, 0));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 100);
}

static void test_minstret_write_keeps_all_64_bits(void **state)
{
	struct rig *r = *state;

	/* the low word 0 after a high word: the written value stays, no borrow */
	hart_set_reg(r->h, 1, 5);
	rig_put(r, CODE, CSRRW(0, CSR_MINSTRETH, 1));
	rig_put(r, CODE + 4, CSRRW(0, CSR_MINSTRET, 0));
	rig_put(r, CODE + 8, CSRRS(3, CSR_MINSTRET, 0));
	rig_put(r, CODE + 12, CSRRS(4, CSR_MINSTRETH, 0));
	for (int i = 0; i < 4; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0);	/* as written: the write itself does not count */
	assert_int_equal(hart_reg(r->h, 4), 5);
}

static void test_mcountinhibit_ir_stops_minstret(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 4);	/* IR */
	rig_put(r, CODE, CSRRS(3, CSR_MINSTRET, 0));
	rig_put(r, CODE + 4, CSRRW(0, CSR_MCOUNTINHIBIT, 1));
	rig_put(r, CODE + 8, NOP);
	rig_put(r, CODE + 12, CSRRS(4, CSR_MINSTRET, 0));
	rig_put(r, CODE + 16, CSRRW(0, CSR_MCOUNTINHIBIT, 0));
	rig_put(r, CODE + 20, NOP);
	rig_put(r, CODE + 24, CSRRS(5, CSR_MINSTRET, 0));
	for (int i = 0; i < 7; i++)
		assert_int_equal(hart_step(r->h), HART_RETIRED);
	/* inhibited from the write on (the write itself is not counted) */
	assert_int_equal(hart_reg(r->h, 4), hart_reg(r->h, 3) + 1);
	/* counting again from the write that clears IR, which counts */
	assert_int_equal(hart_reg(r->h, 5), hart_reg(r->h, 4) + 2);
}

static void test_satp_access_from_s_traps_with_tvm(void **state)
{
	struct rig *r = *state;

	r->h->mstatus |= MSTATUS_TVM;
	assert_true(illegal_in(r, PRIV_S, CSRRS(3, CSR_SATP, 0)));
	rig_reset(r, r->h);
	r->h->mstatus |= MSTATUS_TVM;
	assert_true(illegal_in(r, PRIV_S, CSRRW(0, CSR_SATP, 0)));
}

static void test_satp_access_from_s_is_allowed_without_tvm(void **state)
{
	struct rig *r = *state;

	r->h->satp = 0x1234;
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_SATP, 0)));
	assert_int_equal(hart_reg(r->h, 3), 0x1234);
}

static void test_satp_access_from_m_ignores_tvm(void **state)
{
	struct rig *r = *state;

	r->h->mstatus |= MSTATUS_TVM;
	assert_false(illegal_in(r, PRIV_M, CSRRS(3, CSR_SATP, 0)));
}

static void test_sstatus_reads_only_supervisor_fields_of_mstatus(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MIE | MSTATUS_SIE | MSTATUS_MPP | MSTATUS_SUM | MSTATUS_TVM |
			MSTATUS_SPP | MSTATUS_MXR;
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_SSTATUS, 0)));
	assert_int_equal(hart_reg(r->h, 3), MSTATUS_SIE | MSTATUS_SUM | MSTATUS_SPP | MSTATUS_MXR);
}

static void test_sstatus_write_changes_only_supervisor_fields(void **state)
{
	struct rig *r = *state;

	r->h->mstatus = MSTATUS_MIE | (1u << MSTATUS_MPP_SHIFT);
	hart_set_reg(r->h, 1, 0xffffffffu);
	assert_false(illegal_in(r, PRIV_S, CSRRW(0, CSR_SSTATUS, 1)));
	assert_true(r->h->mstatus & MSTATUS_MIE);
	assert_int_equal(r->h->mstatus & MSTATUS_MPP, 1u << MSTATUS_MPP_SHIFT);
	assert_false(r->h->mstatus & (MSTATUS_TVM | MSTATUS_TSR | MSTATUS_TW | MSTATUS_MPRV));
	assert_true(r->h->mstatus & MSTATUS_SIE);
	assert_true(r->h->mstatus & MSTATUS_SUM);
	assert_true(r->h->mstatus & MSTATUS_MXR);
}

static void test_sie_is_mie_masked_by_mideleg(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = 1u << IRQ_STI;
	r->h->mie = (1u << IRQ_STI) | (1u << IRQ_SSI) | (1u << IRQ_MTI);
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_SIE, 0)));
	assert_int_equal(hart_reg(r->h, 3), 1u << IRQ_STI);
}

static void test_sie_write_changes_only_delegated_bits(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = 1u << IRQ_SEI;
	r->h->mie = 1u << IRQ_MTI;
	hart_set_reg(r->h, 1, 0xffffffffu);
	assert_false(illegal_in(r, PRIV_S, CSRRW(0, CSR_SIE, 1)));
	assert_int_equal(r->h->mie, (1u << IRQ_MTI) | (1u << IRQ_SEI));
}

static void test_sip_is_mip_masked_by_mideleg(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = 1u << IRQ_SSI;
	r->h->mip_sw = (1u << IRQ_SSI) | (1u << IRQ_STI);
	hart_set_irq(r->h, IRQ_MTI, 1);
	assert_false(illegal_in(r, PRIV_S, CSRRS(3, CSR_SIP, 0)));
	assert_int_equal(hart_reg(r->h, 3), 1u << IRQ_SSI);
}

static void test_sip_write_changes_only_delegated_ssip(void **state)
{
	struct rig *r = *state;

	r->h->mideleg = (1u << IRQ_SSI) | (1u << IRQ_STI);
	hart_set_reg(r->h, 1, 0xffffffffu);
	assert_false(illegal_in(r, PRIV_S, CSRRW(0, CSR_SIP, 1)));
	assert_int_equal(hart_mip(r->h), 1u << IRQ_SSI);	/* STIP is read-only in sip */
}


static void test_mip_set_does_not_latch_the_external_seip_line(void **state)
{
	struct rig *r = *state;

	/* The PLIC raises SEIP; M-mode sets STIP with csrrs while it is high. */
	hart_set_irq(r->h, IRQ_SEI, 1);
	hart_set_reg(r->h, 1, 1u << IRQ_STI);
	assert_false(illegal_in(r, PRIV_M, CSRRS(3, CSR_MIP, 1)));
	assert_int_equal(hart_reg(r->h, 3) & (1u << IRQ_SEI), 1u << IRQ_SEI);	/* reads it */
	hart_set_irq(r->h, IRQ_SEI, 0);
	/* Once the line drops, SEIP reads clear: only the software bit took the write. */
	assert_int_equal(hart_mip(r->h), 1u << IRQ_STI);
}

static void test_mip_device_bits_are_read_only(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, (1u << IRQ_MTI) | (1u << IRQ_MSI) | (1u << IRQ_MEI));
	assert_false(illegal_in(r, PRIV_M, CSRRW(0, CSR_MIP, 1)));
	assert_int_equal(hart_mip(r->h), 0);
	rig_reset(r, r->h);
	hart_set_reg(r->h, 1, 1u << IRQ_STI);
	assert_false(illegal_in(r, PRIV_M, CSRRW(0, CSR_MIP, 1)));
	assert_int_equal(hart_mip(r->h), 1u << IRQ_STI);
}

static void test_mepc_and_sepc_low_bits_read_as_zero(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0x80000003u);
	rig_put(r, CODE, CSRRW(0, CSR_MEPC, 1));
	rig_put(r, CODE + 4, CSRRW(0, CSR_SEPC, 1));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(r->h->mepc, 0x80000000u);
	assert_int_equal(r->h->sepc, 0x80000000u);
}

static void test_mtvec_keeps_direct_and_vectored_modes(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, MVEC | 1);
	rig_put(r, CODE, CSRRW(0, CSR_MTVEC, 1));
	assert_int_equal(hart_step(r->h), HART_RETIRED);
	assert_int_equal(r->h->mtvec, MVEC | 1);
}

static void test_mtvec_never_holds_a_reserved_mode(void **state)
{
	struct rig *r = *state;

	for (uint32_t mode = 2; mode <= 3; mode++) {
		rig_reset(r, r->h);
		hart_set_reg(r->h, 1, MVEC + 0x100 + mode);
		assert_int_equal(rig_exec(r, r->h, CSRRW(0, CSR_MTVEC, 1)), HART_RETIRED);
		assert_true((r->h->mtvec & 3) < 2);
		rig_reset(r, r->h);
		hart_set_reg(r->h, 1, SVEC + 0x100 + mode);
		assert_int_equal(rig_exec(r, r->h, CSRRW(0, CSR_STVEC, 1)), HART_RETIRED);
		assert_true((r->h->stvec & 3) < 2);
	}
}

static void test_mstatus_mpp_never_holds_the_reserved_mode(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 2u << MSTATUS_MPP_SHIFT);
	assert_int_equal(rig_exec(r, r->h, CSRRW(0, CSR_MSTATUS, 1)), HART_RETIRED);
	assert_int_not_equal((r->h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT, 2);
}

static void test_misa_reports_rv32imasu(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rig_exec(r, r->h, CSRRS(3, CSR_MISA, 0)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 0x40141101u);
}

static void test_mideleg_holds_only_supervisor_interrupts(void **state)
{
	struct rig *r = *state;

	hart_set_reg(r->h, 1, 0xffffffffu);
	assert_int_equal(rig_exec(r, r->h, CSRRW(0, CSR_MIDELEG, 1)), HART_RETIRED);
	assert_int_equal(r->h->mideleg, (1u << IRQ_SSI) | (1u << IRQ_STI) | (1u << IRQ_SEI));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_s_mode_access_to_m_csr_traps_with_the_instruction_in_mtval),
		RIG_TEST(test_s_mode_write_to_m_csr_traps_and_leaves_it),
		RIG_TEST(test_u_mode_access_to_s_csr_traps),
		RIG_TEST(test_trapping_csr_instruction_does_not_write_rd),
		RIG_TEST(test_write_to_read_only_csr_traps),
		RIG_TEST(test_csrrs_with_nonzero_rs1_holding_zero_still_writes),
		RIG_TEST(test_csrrs_with_x0_reads_read_only_csr),
		RIG_TEST(test_csrrsi_and_csrrci_with_zero_read_read_only_csr),
		RIG_TEST(test_csrrw_csrrs_csrrc_return_old_value),
		RIG_TEST(test_csrrc_with_x0_does_not_write),
		RIG_TEST(test_unknown_csr_traps),
		RIG_TEST(test_counters_from_s_need_mcounteren),
		RIG_TEST(test_counters_from_u_need_mcounteren_and_scounteren),
		RIG_TEST(test_high_halves_of_counters_use_the_same_enable_bits),
		RIG_TEST(test_hpmcounter_from_s_needs_its_own_mcounteren_bit),
		RIG_TEST(test_m_mode_reads_counters_without_enables),
		RIG_TEST(test_time_csr_reads_mtime),
		RIG_TEST(test_minstret_write_is_not_followed_by_an_increment),
		RIG_TEST(test_minstret_write_keeps_all_64_bits),
		RIG_TEST(test_mcountinhibit_ir_stops_minstret),
		RIG_TEST(test_satp_access_from_s_traps_with_tvm),
		RIG_TEST(test_satp_access_from_s_is_allowed_without_tvm),
		RIG_TEST(test_satp_access_from_m_ignores_tvm),
		RIG_TEST(test_sstatus_reads_only_supervisor_fields_of_mstatus),
		RIG_TEST(test_sstatus_write_changes_only_supervisor_fields),
		RIG_TEST(test_sie_is_mie_masked_by_mideleg),
		RIG_TEST(test_sie_write_changes_only_delegated_bits),
		RIG_TEST(test_sip_is_mip_masked_by_mideleg),
		RIG_TEST(test_sip_write_changes_only_delegated_ssip),
		RIG_TEST(test_mip_device_bits_are_read_only),
		RIG_TEST(test_mip_set_does_not_latch_the_external_seip_line),
		RIG_TEST(test_mepc_and_sepc_low_bits_read_as_zero),
		RIG_TEST(test_mtvec_keeps_direct_and_vectored_modes),
		RIG_TEST(test_mtvec_never_holds_a_reserved_mode),
		RIG_TEST(test_mstatus_mpp_never_holds_the_reserved_mode),
		RIG_TEST(test_misa_reports_rv32imasu),
		RIG_TEST(test_mideleg_holds_only_supervisor_interrupts),
	};

	return UNIT_RUN("csr", tests);
}
