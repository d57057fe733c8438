// SPDX-License-Identifier: MIT
/*
 * Control and status registers. Access rules follow the privileged spec:
 * csr[9:8] is the lowest privilege that may access a CSR, csr[11:10] == 3
 * marks it read-only, counters need mcounteren (and scounteren for U), satp
 * and sfence.vma trap in S-mode when mstatus.TVM is set. Anything else not
 * listed here is an unknown CSR and raises illegal instruction.
 *
 * PMP registers are stored, read back and enforced (mmu.c). Hardware
 * performance counters 3..31 count the events their mhpmevent selects, with
 * Sscofpmf's mode-inhibit bits in mhpmeventNh (hpm.c); no overflow interrupt.
 */
#include "cpu/decode.h"
#include "cpu/hart_impl.h"

enum {
	CSR_SSTATUS = 0x100, CSR_SIE = 0x104, CSR_STVEC = 0x105, CSR_SCOUNTEREN = 0x106,
	CSR_SENVCFG = 0x10a, CSR_SSCRATCH = 0x140, CSR_SEPC = 0x141, CSR_SCAUSE = 0x142,
	CSR_STVAL = 0x143, CSR_SIP = 0x144, CSR_SATP = 0x180,
	CSR_MSTATUS = 0x300, CSR_MISA = 0x301, CSR_MEDELEG = 0x302, CSR_MIDELEG = 0x303,
	CSR_MIE = 0x304, CSR_MTVEC = 0x305, CSR_MCOUNTEREN = 0x306, CSR_MENVCFG = 0x30a,
	CSR_MSTATUSH = 0x310, CSR_MENVCFGH = 0x31a, CSR_MCOUNTINHIBIT = 0x320,
	CSR_MHPMEVENT3 = 0x323, CSR_MHPMEVENT31 = 0x33f,
	CSR_MHPMEVENT3H = 0x723, CSR_MHPMEVENT31H = 0x73f,
	CSR_MSCRATCH = 0x340, CSR_MEPC = 0x341, CSR_MCAUSE = 0x342, CSR_MTVAL = 0x343,
	CSR_MIP = 0x344, CSR_PMPCFG0 = 0x3a0, CSR_PMPCFG3 = 0x3a3, CSR_PMPADDR0 = 0x3b0,
	CSR_PMPADDR15 = 0x3bf,
	CSR_MCYCLE = 0xb00, CSR_MINSTRET = 0xb02, CSR_MHPMCOUNTER3 = 0xb03,
	CSR_MHPMCOUNTER31 = 0xb1f, CSR_MCYCLEH = 0xb80, CSR_MINSTRETH = 0xb82,
	CSR_MHPMCOUNTER3H = 0xb83, CSR_MHPMCOUNTER31H = 0xb9f,
	CSR_CYCLE = 0xc00, CSR_TIME = 0xc01, CSR_INSTRET = 0xc02, CSR_HPMCOUNTER31 = 0xc1f,
	CSR_CYCLEH = 0xc80, CSR_TIMEH = 0xc81, CSR_INSTRETH = 0xc82, CSR_HPMCOUNTER31H = 0xc9f,
	CSR_MVENDORID = 0xf11, CSR_MARCHID = 0xf12, CSR_MIMPID = 0xf13, CSR_MHARTID = 0xf14,
	CSR_MCONFIGPTR = 0xf15,
};

/* Writable bits */
#define MSTATUS_WMASK (MSTATUS_SIE | MSTATUS_MIE | MSTATUS_SPIE | MSTATUS_MPIE | MSTATUS_SPP | \
		       MSTATUS_MPP | MSTATUS_MPRV | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_TVM | \
		       MSTATUS_TW | MSTATUS_TSR)
#define SSTATUS_MASK (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR)
#define S_INTS ((1u << IRQ_SSI) | (1u << IRQ_STI) | (1u << IRQ_SEI))
#define ALL_INTS (S_INTS | (1u << IRQ_MSI) | (1u << IRQ_MTI) | (1u << IRQ_MEI))
/* Exceptions S-mode may handle: all but ecall from M and the reserved codes. */
#define MEDELEG_MASK 0xb3ffu

/* May the current mode read counter @csr (cycle, time, instret, hpmcounterN)? */
static int counter_enabled(const struct hart *h, int csr)
{
	uint32_t bit = 1u << (csr & 31);

	if (h->priv < PRIV_M && !(h->mcounteren & bit))
		return 0;
	if (h->priv < PRIV_S && !(h->scounteren & bit))
		return 0;
	return 1;
}

/* Reads @csr into @val. Returns 0, or -1 when the access is illegal. */
static int csr_read(struct hart *h, int csr, uint32_t *val)
{
	uint64_t t;

	if (csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31H &&
	    (csr <= CSR_HPMCOUNTER31 || csr >= CSR_CYCLEH)) {
		if (!counter_enabled(h, csr))
			return -1;
		switch (csr & ~0x80) {
		case CSR_CYCLE: t = h->cycle; break;
		case CSR_TIME: t = h->env.read_mtime(h->env.ctx); break;
		case CSR_INSTRET: t = h->instret; break;
		default: t = hpm_read(&h->hpm, csr & 31, h->mcountinhibit);
		}
		*val = (csr & 0x80) ? (uint32_t)(t >> 32) : (uint32_t)t;
		return 0;
	}
	if ((csr >= CSR_MHPMCOUNTER3 && csr <= CSR_MHPMCOUNTER31) ||
	    (csr >= CSR_MHPMCOUNTER3H && csr <= CSR_MHPMCOUNTER31H)) {
		t = hpm_read(&h->hpm, csr & 31, h->mcountinhibit);
		*val = (csr & 0x80) ? (uint32_t)(t >> 32) : (uint32_t)t;
		return 0;
	}
	if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
		*val = h->hpm.event[csr & 31];
		return 0;
	}
	if (csr >= CSR_MHPMEVENT3H && csr <= CSR_MHPMEVENT31H) {
		*val = h->hpm.eventh[csr & 31];
		return 0;
	}
	if (csr >= CSR_PMPCFG0 && csr <= CSR_PMPCFG3) {
		const uint8_t *c = &h->pmpcfg[(csr - CSR_PMPCFG0) * 4];

		*val = c[0] | (c[1] << 8) | (c[2] << 16) | ((uint32_t)c[3] << 24);
		return 0;
	}
	if (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR15) {
		*val = h->pmpaddr[csr - CSR_PMPADDR0];
		return 0;
	}
	switch (csr) {
	case CSR_SSTATUS: *val = h->mstatus & SSTATUS_MASK; break;
	case CSR_SIE: *val = h->mie & h->mideleg; break;
	case CSR_STVEC: *val = h->stvec; break;
	case CSR_SCOUNTEREN: *val = h->scounteren; break;
	case CSR_SENVCFG: *val = h->senvcfg; break;
	case CSR_SSCRATCH: *val = h->sscratch; break;
	case CSR_SEPC: *val = h->sepc; break;
	case CSR_SCAUSE: *val = h->scause; break;
	case CSR_STVAL: *val = h->stval; break;
	case CSR_SIP: *val = hart_mip(h) & h->mideleg; break;
	case CSR_SATP:
		if (h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM))
			return -1;
		*val = h->satp;
		break;
	case CSR_MSTATUS: *val = h->mstatus; break;
	case CSR_MISA: *val = h->misa; break;
	case CSR_MEDELEG: *val = h->medeleg; break;
	case CSR_MIDELEG: *val = h->mideleg; break;
	case CSR_MIE: *val = h->mie; break;
	case CSR_MTVEC: *val = h->mtvec; break;
	case CSR_MCOUNTEREN: *val = h->mcounteren; break;
	case CSR_MENVCFG: *val = h->menvcfg; break;
	case CSR_MSTATUSH: case CSR_MENVCFGH: *val = 0; break;
	case CSR_MCOUNTINHIBIT: *val = h->mcountinhibit; break;
	case CSR_MSCRATCH: *val = h->mscratch; break;
	case CSR_MEPC: *val = h->mepc; break;
	case CSR_MCAUSE: *val = h->mcause; break;
	case CSR_MTVAL: *val = h->mtval; break;
	case CSR_MIP: *val = hart_mip(h); break;
	case CSR_MCYCLE: *val = (uint32_t)h->cycle; break;
	case CSR_MCYCLEH: *val = (uint32_t)(h->cycle >> 32); break;
	case CSR_MINSTRET: *val = (uint32_t)h->instret; break;
	case CSR_MINSTRETH: *val = (uint32_t)(h->instret >> 32); break;
	case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: case CSR_MCONFIGPTR: *val = 0; break;
	case CSR_MHARTID: *val = (uint32_t)h->id; break;
	case CSR_MPFCTL: *val = h->mpfctl; break;
	case CSR_MUPDBASE: *val = h->mupdbase; break;
	case CSR_TSELECT: case CSR_TDATA1: case CSR_TDATA2: case CSR_TDATA3: case CSR_TINFO:
	case CSR_TCONTROL:
		return trigger_csr_read(h, csr, val);
	case CSR_MUPDLIMIT: *val = h->mupdlimit; break;
	default: return -1;
	}
	return 0;
}

/* A PMP register is locked by its own L bit, or pmpaddr[i] by a locked TOR entry i+1. */
static int pmpaddr_locked(const struct hart *h, int i)
{
	return (h->pmpcfg[i] & 0x80) ||
	       (i + 1 < PMP_ENTRIES && (h->pmpcfg[i + 1] & 0x98) == 0x88);
}

static void write_pmpcfg(struct hart *h, int reg, uint32_t val)
{
	for (int b = 0; b < 4; b++) {
		uint8_t *c = &h->pmpcfg[reg * 4 + b];
		uint8_t v = (uint8_t)(val >> (8 * b)) & 0x9f;	/* bits 6:5 read as zero */

		if (*c & 0x80)
			continue;
		if ((v & 3) == 2)
			v &= ~2;	/* W without R is reserved: drop W */
		*c = v;
	}
	mmu_pmp_update(h);
}

static void set_low(uint64_t *c, uint32_t v) { *c = (*c & ~0xffffffffull) | v; }
static void set_high(uint64_t *c, uint32_t v) { *c = (*c & 0xffffffffull) | ((uint64_t)v << 32); }

/* Writes @csr, which csr_read accepted. */
static void csr_write(struct hart *h, int csr, uint32_t v)
{
	if (csr >= CSR_PMPCFG0 && csr <= CSR_PMPCFG3) {
		write_pmpcfg(h, csr - CSR_PMPCFG0, v);
		return;
	}
	if ((csr >= CSR_MHPMCOUNTER3 && csr <= CSR_MHPMCOUNTER31) ||
	    (csr >= CSR_MHPMCOUNTER3H && csr <= CSR_MHPMCOUNTER31H)) {
		uint64_t t = hpm_read(&h->hpm, csr & 31, h->mcountinhibit);

		if (csr & 0x80)
			set_high(&t, v);
		else
			set_low(&t, v);
		hpm_write(&h->hpm, csr & 31, t, h->mcountinhibit);
		return;
	}
	if ((csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) ||
	    (csr >= CSR_MHPMEVENT3H && csr <= CSR_MHPMEVENT31H)) {
		hpm_set_event(&h->hpm, csr & 31, csr >= CSR_MHPMEVENT3H, v, h->mcountinhibit);
		return;
	}
	if (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR15) {
		int i = csr - CSR_PMPADDR0;

		if (!pmpaddr_locked(h, i)) {
			h->pmpaddr[i] = v;
			mmu_pmp_update(h);
		}
		return;
	}
	switch (csr) {
	case CSR_SSTATUS:
		v = (h->mstatus & ~SSTATUS_MASK) | (v & SSTATUS_MASK);
		/* fall through */
	case CSR_MSTATUS: {
		uint32_t old = h->mstatus, changed;

		if (((v & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) == 2)
			v = (v & ~MSTATUS_MPP) | (h->mstatus & MSTATUS_MPP);	/* reserved: keep */
		h->mstatus = (h->mstatus & ~MSTATUS_WMASK) | (v & MSTATUS_WMASK);
		/*
		 * Only the bits that change how data addresses translate make the
		 * fast paths stale; kernels flip SIE around every lock.
		 */
		changed = old ^ h->mstatus;
		if ((changed & (MSTATUS_MPRV | MSTATUS_SUM | MSTATUS_MXR)) ||
		    ((h->mstatus & MSTATUS_MPRV) && (changed & MSTATUS_MPP)))
			hart_flush_fast(h);
		break;
	}
	case CSR_SIE:
		h->mie = (h->mie & ~h->mideleg) | (v & h->mideleg & S_INTS);
		hart_attend(h);
		break;
	case CSR_STVEC: h->stvec = v & ~2u; break;
	case CSR_SCOUNTEREN: h->scounteren = v; break;
	case CSR_SENVCFG: h->senvcfg = v & 1; break;
	case CSR_SSCRATCH: h->sscratch = v; break;
	case CSR_SEPC: h->sepc = v & ~3u; break;
	case CSR_SCAUSE: h->scause = v; break;
	case CSR_STVAL: h->stval = v; break;
	case CSR_SIP: {
		uint32_t m = (1u << IRQ_SSI) & h->mideleg;

		h->mip_sw = (h->mip_sw & ~m) | (v & m);
		hart_attend(h);
		break;
	}
	case CSR_SATP:
		h->satp = v;
		hart_flush_fast(h);
		break;
	case CSR_MISA: break;	/* extensions cannot be turned off */
	case CSR_MEDELEG: h->medeleg = v & MEDELEG_MASK; break;
	case CSR_MIDELEG: h->mideleg = v & S_INTS; break;
	case CSR_MIE:
		h->mie = v & ALL_INTS;
		hart_attend(h);
		break;
	case CSR_MTVEC: h->mtvec = v & ~2u; break;
	case CSR_MCOUNTEREN: h->mcounteren = v; break;
	case CSR_MENVCFG: h->menvcfg = v & 1; break;
	case CSR_MSTATUSH: case CSR_MENVCFGH: break;
	case CSR_MCOUNTINHIBIT:
		hpm_inhibit(&h->hpm, h->mcountinhibit, v & ~2u);
		h->mcountinhibit = v & ~2u;
		h->instret_step = !(v & 4);
		break;
	case CSR_MSCRATCH: h->mscratch = v; break;
	case CSR_MEPC: h->mepc = v & ~3u; break;
	case CSR_MPFCTL:
		h->mpfctl = v & (MPFCTL_GUARD | MPFCTL_UPDATE);
		hart_flush_fast(h);	/* the micro-TLBs cache the enable */
		break;
	case CSR_TSELECT: case CSR_TDATA1: case CSR_TDATA2: case CSR_TDATA3: case CSR_TINFO:
	case CSR_TCONTROL:
		trigger_csr_write(h, csr, v);
		break;
	case CSR_MUPDBASE:
	case CSR_MUPDLIMIT:
		*(csr == CSR_MUPDBASE ? &h->mupdbase : &h->mupdlimit) = v & ~0xfffu;
		hart_flush_fast(h);
		break;
	case CSR_MCAUSE: h->mcause = v; break;
	case CSR_MTVAL: h->mtval = v; break;
	case CSR_MIP:
		h->mip_sw = (h->mip_sw & ~S_INTS) | (v & S_INTS);
		hart_attend(h);
		break;
	case CSR_MCYCLE: set_low(&h->cycle, v); break;
	case CSR_MCYCLEH: set_high(&h->cycle, v); break;
	case CSR_MINSTRET: set_low(&h->instret, v); h->instret -= h->instret_step; break;
	case CSR_MINSTRETH: set_high(&h->instret, v); h->instret -= h->instret_step; break;
	default: break;
	}
}

int csr_access(struct hart *h, const struct insn *d, uint32_t operand, int op)
{
	int csr = d->imm & 0xfff;
	int writes = csr_insn_writes(d->raw);
	uint32_t old, v;

	if (csr_priv(csr) > h->priv)
		return hart_exception(h, CAUSE_ILLEGAL, d->raw);
	if (writes && (csr >> 10) == 3)
		return hart_exception(h, CAUSE_ILLEGAL, d->raw);
	if (csr_read(h, csr, &old))
		return hart_exception(h, CAUSE_ILLEGAL, d->raw);
	if (writes) {
		uint32_t base = old;

		/*
		 * mip.SEIP reads as the software bit ORed with the PLIC's line, but a
		 * read-modify-write (csrrs/csrrc) works on the software bit alone.
		 */
		if (csr == CSR_MIP)
			base = (old & ~(1u << IRQ_SEI)) | (h->mip_sw & (1u << IRQ_SEI));
		v = op == 0 ? operand : op == 1 ? base | operand : base & ~operand;
		csr_write(h, csr, v);
	}
	h->x[d->rd] = old;
	h->pc += 4;
	return 0;
}

int csr_quick(int csr)
{
	return csr == CSR_SSTATUS || csr == CSR_MSTATUS;
}

int hart_debug_csr(struct hart *h, int csr, uint32_t *val)
{
	return csr_read(h, csr & 0xfff, val);
}
