// SPDX-License-Identifier: MIT
/*
 * Debug triggers (Sdtrig): HART_TRIGGERS address-match triggers of type 2
 * (mcontrol) per hart, reached through tselect/tdata1/tdata2 (tdata3 reads
 * 0), tinfo, and tcontrol's M-mode enable.
 *
 * What a trigger does: with tdata1's execute, load or store bit set and the
 * bit of the hart's privilege mode (m, s, u), an instruction fetched from,
 * or a load or store whose address equals tdata2 raises a breakpoint
 * exception (cause 3) before it executes, with mtval/stval the address (the
 * pc for an execute match). AMOs and SC are stores and loads; LR a load.
 * Only what the implementation supports is writable (WARL): type 2, action
 * 0 (the exception), match 0 (equal), timing 0 (before), no chain, no size
 * (sizelo 0: any size), dmode 0 (no debug mode here). The hit bit is set
 * when the trigger fires. In M mode a trigger fires only while tcontrol.mte
 * is set; a trap into M saves it in mpte and clears it, mret restores it,
 * so that a handler in M is not stopped by its own triggers.
 *
 * A debugger's hardware breakpoints (hart_debug_hw_break) take free
 * triggers as an external debugger does: dmode set (the guest may read them
 * but its writes to them are ignored) and action 1 ("enter debug mode"),
 * which here stops the hart for the debugger instead of raising an
 * exception, in any mode and whatever tcontrol.mte says.
 */
#include "cpu/hart_impl.h"

#define MC_TYPE_SHIFT	28
#define MC_TYPE2	(2u << MC_TYPE_SHIFT)
#define MC_DMODE	(1u << 27)
#define MC_HIT		(1u << 20)
#define MC_ACTION_DEBUG	(1u << 12)
#define MC_M		(1u << 6)
#define MC_S		(1u << 4)
#define MC_U		(1u << 3)
#define MC_EXECUTE	(1u << 2)
#define MC_STORE	(1u << 1)
#define MC_LOAD		(1u << 0)
/* tdata1 bits software may set; the rest read as their only supported value. */
#define MC_WRITABLE	(MC_HIT | MC_M | MC_S | MC_U | MC_EXECUTE | MC_STORE | MC_LOAD)

#define TCONTROL_MTE	(1u << 3)
#define TCONTROL_MPTE	(1u << 7)

/* Recomputes trig_on: whether any trigger could fire, for the step's one test. */
static void update_armed(struct hart *h)
{
	h->trig_on &= 2;
	for (int i = 0; i < HART_TRIGGERS; i++)
		if ((h->tdata1[i] & (MC_EXECUTE | MC_STORE | MC_LOAD)) &&
		    (h->tdata1[i] & (MC_M | MC_S | MC_U)))
			h->trig_on |= 1;
	hart_attend(h);
}

/* ---- a debugger's points (sim/gdb.c), on the same test ---------------------- */

void hart_set_debug(struct hart *h, const struct debug_points *dp)
{
	h->dbg = dp;
	h->trig_on = (uint8_t)((h->trig_on & 1) | (dp || h->dbg_step ? 2 : 0));
	hart_attend(h);
}

void hart_debug_step(struct hart *h, int on)
{
	h->dbg_step = (uint8_t)on;
	h->trig_on = (uint8_t)((h->trig_on & 1) | (h->dbg || on ? 2 : 0));
	hart_attend(h);
}

void hart_debug_resume(struct hart *h)
{
	h->dbg_skip = 1;
}


enum debug_event hart_debug_event(struct hart *h, uint32_t *addr, int *kind)
{
	enum debug_event e = (enum debug_event)h->dbg_event;

	*addr = h->dbg_addr;
	*kind = h->dbg_kind;
	h->dbg_event = DE_NONE;
	return e;
}

/*
 * 2 if a breakpoint or watchpoint stops the hart before @pc, else 0; a step
 * sets its event to report after. @skip: resuming where the hart stopped.
 */
static int debug_check(struct hart *h, uint32_t pc, uint32_t va, uint32_t size, uint32_t access,
		       int skip)
{
	const struct debug_points *dp = h->dbg;

	/* A single step stops before the instruction after the one it ran. */
	if (h->dbg_step == 2) {
		h->dbg_event = DE_STEP;
		return 2;
	}
	if (h->dbg_step)
		h->dbg_step = 2;
	if (dp) {
		for (int i = 0; i < dp->nbreak && !skip; i++)
			if (dp->brk[i] == pc) {
				h->dbg_event = DE_BREAK;
				return 2;
			}
		/*
		 * A watched access stops the hart before it too, as a trigger
		 * would (gdb steps over it to see the new value).
		 */
		for (int i = 0; i < dp->nwatch && access && !skip; i++) {
			int kind = (access & MC_STORE ? DW_WRITE : 0) | (access & MC_LOAD ? DW_READ : 0);

			if ((dp->watch[i].kind & kind) && va < dp->watch[i].addr + dp->watch[i].len &&
			    dp->watch[i].addr < va + size) {
				h->dbg_event = DE_WATCH;
				h->dbg_addr = dp->watch[i].addr;
				h->dbg_kind = dp->watch[i].kind;
				return 2;
			}
		}
	}
	return 0;
}

void trigger_reset(struct hart *h)
{
	h->tselect = 0;
	h->tcontrol = 0;
	for (int i = 0; i < HART_TRIGGERS; i++) {
		h->tdata1[i] = MC_TYPE2;
		h->tdata2[i] = 0;
	}
	h->trig_on = 0;
	hart_attend(h);
}

int trigger_csr_read(struct hart *h, int csr, uint32_t *val)
{
	switch (csr) {
	case CSR_TSELECT: *val = h->tselect; return 0;
	case CSR_TDATA1: *val = h->tdata1[h->tselect]; return 0;
	case CSR_TDATA2: *val = h->tdata2[h->tselect]; return 0;
	case CSR_TDATA3: *val = 0; return 0;
	case CSR_TINFO: *val = 1u << 2; return 0;	/* type 2 (mcontrol) only */
	case CSR_TCONTROL: *val = h->tcontrol; return 0;
	default: return -1;
	}
}

void trigger_csr_write(struct hart *h, int csr, uint32_t v)
{
	switch (csr) {
	case CSR_TSELECT:
		/* A trigger that does not exist is not selected: tselect keeps its value. */
		if (v < HART_TRIGGERS)
			h->tselect = v;
		break;
	case CSR_TDATA1:
		/* A debugger's trigger (dmode) is not the guest's to change. */
		if (!(h->tdata1[h->tselect] & MC_DMODE))
			h->tdata1[h->tselect] = MC_TYPE2 | (v & MC_WRITABLE);
		break;
	case CSR_TDATA2:
		if (!(h->tdata1[h->tselect] & MC_DMODE))
			h->tdata2[h->tselect] = v;
		break;
	case CSR_TCONTROL:
		h->tcontrol = v & (TCONTROL_MTE | TCONTROL_MPTE);
		break;
	default: /* tdata3, tinfo: nothing to write */
		break;
	}
	update_armed(h);
}

int hart_debug_hw_break(struct hart *h, uint32_t addr, int on)
{
	for (int i = 0; i < HART_TRIGGERS; i++) {
		uint32_t t = h->tdata1[i];

		if (on && !(t & (MC_EXECUTE | MC_STORE | MC_LOAD))) {
			h->tdata1[i] = MC_TYPE2 | MC_DMODE | MC_ACTION_DEBUG | MC_M | MC_S | MC_U |
				       MC_EXECUTE;
			h->tdata2[i] = addr;
			update_armed(h);
			return 0;
		}
		if (!on && (t & MC_DMODE) && h->tdata2[i] == addr) {
			h->tdata1[i] = MC_TYPE2;
			h->tdata2[i] = 0;
			update_armed(h);
			return 0;
		}
	}
	return -1;
}

void trigger_trap_to_m(struct hart *h)
{
	h->tcontrol = (h->tcontrol & TCONTROL_MTE) ? TCONTROL_MPTE : 0;
}

void trigger_mret(struct hart *h)
{
	h->tcontrol = (h->tcontrol & TCONTROL_MPTE) ? (TCONTROL_MTE | TCONTROL_MPTE) : 0;
}

int trigger_check(struct hart *h, enum priv priv, uint32_t pc, const struct insn *d)
{
	uint32_t mode_bit = priv == PRIV_M ? MC_M : priv == PRIV_S ? MC_S : MC_U;
	uint32_t va = 0, access = 0;

	if (d->msize) {
		va = h->x[d->src1] + (uint32_t)(d->cls == IC_AMO ? 0 : d->imm);
		access = d->cls == IC_LOAD ? MC_LOAD : d->cls == IC_STORE ? MC_STORE
			 : (d->uses & INSN_MWRITE) ? MC_LOAD | MC_STORE : MC_LOAD;
	}
	int skip = h->dbg_skip;

	h->dbg_skip = 0;
	if ((h->trig_on & 2) && debug_check(h, pc, va, d->msize, access, skip) == 2)
		return 2;
	if (!(h->trig_on & 1))
		return 0;
	for (int i = 0; i < HART_TRIGGERS; i++) {
		uint32_t t = h->tdata1[i];

		if (!(t & mode_bit))
			continue;
		if (t & MC_ACTION_DEBUG) {
			/* The debugger's: it stops the hart, before the instruction. */
			if ((t & MC_EXECUTE) && h->tdata2[i] == pc && !skip) {
				h->tdata1[i] |= MC_HIT;
				h->dbg_event = DE_HWBREAK;
				return 2;
			}
			continue;
		}
		if (priv == PRIV_M && !(h->tcontrol & TCONTROL_MTE))
			continue;
		if ((t & MC_EXECUTE) && h->tdata2[i] == pc) {
			h->tdata1[i] |= MC_HIT;
			return hart_exception(h, CAUSE_BREAKPOINT, pc);
		}
		if ((t & access) && h->tdata2[i] == va) {
			h->tdata1[i] |= MC_HIT;
			return hart_exception(h, CAUSE_BREAKPOINT, va);
		}
	}
	return 0;
}
