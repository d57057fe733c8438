// SPDX-License-Identifier: MIT
/*
 * Trap entry: exceptions and interrupts, delegation through medeleg/mideleg,
 * and the priority of simultaneous interrupts (privileged spec: MEI, MSI,
 * MTI, SEI, SSI, STI).
 */
#include "cpu/hart_impl.h"

static void enter(struct hart *h, uint32_t cause, uint32_t tval)
{
	int irq = (cause & CAUSE_INTERRUPT) != 0;
	uint32_t code = cause & ~CAUSE_INTERRUPT;
	uint32_t deleg = irq ? h->mideleg : h->medeleg;
	uint32_t s = h->mstatus, vec;
	enum priv from = h->priv;	/* for the trap observer */

	if (h->priv != PRIV_M && code < 32 && ((deleg >> code) & 1)) {
		h->scause = cause;
		h->sepc = h->pc;
		h->stval = tval;
		s = (s & ~MSTATUS_SPIE) | ((s & MSTATUS_SIE) ? MSTATUS_SPIE : 0);
		s = (s & ~MSTATUS_SPP) | (h->priv == PRIV_S ? MSTATUS_SPP : 0);
		s &= ~MSTATUS_SIE;
		h->priv = PRIV_S;
		vec = h->stvec;
	} else {
		h->mcause = cause;
		h->mepc = h->pc;
		h->mtval = tval;
		s = (s & ~MSTATUS_MPIE) | ((s & MSTATUS_MIE) ? MSTATUS_MPIE : 0);
		s = (s & ~MSTATUS_MPP) | ((uint32_t)h->priv << MSTATUS_MPP_SHIFT);
		s &= ~MSTATUS_MIE;
		h->priv = PRIV_M;
		vec = h->mtvec;
		trigger_trap_to_m(h);
	}
	h->mstatus = s;
	/* Vectored mode sends interrupts to base + 4 * cause. */
	h->pc = (vec & ~3u) + ((vec & 1) && irq ? 4 * code : 0);
	h->wfi = 0;
	hart_attend(h);
	h->spin = 0;
	h->last_trap_vector = h->pc;
	h->just_trapped = 1;
	hart_flush_fast(h);
	if (__builtin_expect(h->env.on_trap != NULL, 0))
		h->env.on_trap(h->env.ctx, h->id, cause, (int)from);
}

int hart_exception(struct hart *h, enum cause cause, uint32_t tval)
{
	h->stats.traps.v[SMODE(h->priv)]++;
	enter(h, cause, tval);
	return 1;
}

/* Highest-priority interrupt in @bits, or -1. */
static int highest(uint32_t bits)
{
	static const int order[] = { IRQ_MEI, IRQ_MSI, IRQ_MTI, IRQ_SEI, IRQ_SSI, IRQ_STI };

	for (unsigned i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (bits & (1u << order[i]))
			return order[i];
	return -1;
}

/*
 * Takes the highest-priority pending and enabled interrupt, if any. An
 * interrupt for M is enabled below M always, and in M when MIE is set; one
 * delegated to S likewise for S and SIE, and never while in M.
 */
uint32_t hart_takeable(const struct hart *h, uint32_t pending)
{
	uint32_t m_on = h->priv < PRIV_M || (h->mstatus & MSTATUS_MIE);
	uint32_t s_on = h->priv < PRIV_S || (h->priv == PRIV_S && (h->mstatus & MSTATUS_SIE));

	pending &= h->mie;
	return (m_on ? pending & ~h->mideleg : 0) | (s_on ? pending & h->mideleg : 0);
}

int hart_check_interrupts(struct hart *h)
{
	uint32_t bits = hart_takeable(h, hart_mip(h));
	/* Interrupts for M outrank those delegated to S. */
	int irq = highest(bits & ~h->mideleg);

	if (irq < 0)
		irq = highest(bits & h->mideleg);
	if (irq < 0)
		return 0;
	h->stats.interrupts.v[SMODE(h->priv)]++;
	enter(h, CAUSE_INTERRUPT | (uint32_t)irq, 0);
	return 1;
}
