/*
 * irq_prio: with several M interrupts pending and enabled, the one taken first is
 * MSI before MTI (priority MEI > MSI > MTI > SEI > SSI > STI); M interrupts are taken
 * before the M-level SSI (mip.SSIP, not delegated).
 */
#include "env.h"

TEST_BEGIN
	la x1, prio_handler
	csrw mtvec, x1
	/* MSIP and MTIP pending: MSI first, then MTI. */
	test_2:
	li TESTNUM, 2
	li x20, 0
	li x21, 0
	li x1, CLINT_BASE + CLINT_MTIMECMP
	sw x0, 0(x1)
	sw x0, 4(x1)
	li x1, CLINT_BASE + CLINT_MSIP
	li x2, 1
	sw x2, 0(x1)
	li x1, MIP_MSIP | MIP_MTIP
	csrw mie, x1
1:	csrr x2, mip
	and x2, x2, x1
	bne x2, x1, 1b
	csrsi mstatus, MSTATUS_MIE
	nop
	nop
	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	la x1, env_mtrap
	csrw mtvec, x1
	CHECK(x20, IRQ_BIT | 3)
	CHECK(x21, IRQ_BIT | 7)
	/* SSIP (M-level, not delegated) and MSIP: MSI first. */
	test_3:
	li TESTNUM, 3
	la x1, prio_handler
	csrw mtvec, x1
	li x20, 0
	li x21, 0
	li x1, CLINT_BASE + CLINT_MSIP
	li x2, 1
	sw x2, 0(x1)
	csrsi mip, MIP_SSIP
	li x1, MIP_MSIP | MIP_SSIP
	csrw mie, x1
1:	csrr x2, mip
	and x2, x2, x1
	bne x2, x1, 1b
	csrsi mstatus, MSTATUS_MIE
	nop
	nop
	csrci mstatus, MSTATUS_MIE
	csrw mie, x0
	la x1, env_mtrap
	csrw mtvec, x1
	CHECK(x20, IRQ_BIT | 3)
	CHECK(x21, IRQ_BIT | 1)
	j 9f

	/* Records the first two interrupts in x20, x21 and silences each source. */
	.balign 4
prio_handler:
	csrr x22, mcause
	bgez x22, 8f
	bnez x20, 1f
	mv x20, x22
	j 2f
1:	mv x21, x22
2:	slli x22, x22, 1
	srli x22, x22, 1
	li x29, 3
	bne x22, x29, 3f
	li x29, CLINT_BASE + CLINT_MSIP
	sw x0, 0(x29)
	mret
3:	li x29, 7
	bne x22, x29, 4f
	li x29, CLINT_BASE + CLINT_MTIMECMP
	li x22, -1
	sw x22, 4(x29)
	sw x22, 0(x29)
	mret
4:	csrci mip, MIP_SSIP
	mret
	/* An exception (a failing check or the end): the environment's handler. */
8:	la x22, env_mtrap
	csrw mtvec, x22
	j env_mtrap
9:	nop
TEST_END
