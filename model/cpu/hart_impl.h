/* SPDX-License-Identifier: MIT */
/*
 * The inside of a hart, shared by the files of model/cpu/ only. Everything
 * outside uses cpu/hart.h.
 */
#ifndef OSPREY_HART_IMPL_H
#define OSPREY_HART_IMPL_H

#include <stdint.h>
#include <string.h>

#include "cpu/hart.h"
#include "cpu/hpm.h"
#include "cpu/tlb.h"
#include "mem/memmap.h"
#include "sys/param.h"

struct hart;
struct insn;

/*
 * An instruction's handler: 0 when it retired, 1 when it trapped, HART_REDO
 * when it did nothing and needs hart_step (only inside hart_run_fast).
 */
#define HART_REDO 2

typedef int insn_fn(struct hart *h, const struct insn *d);

/*
 * A decoded instruction. The decode cache is tagged by the raw word itself;
 * entries are 32 bytes, so that indexing it is a shift.
 */
struct insn {
	uint32_t raw;		/* the instruction word this entry was decoded from */
	uint8_t uses;		/* INSN_RS1, INSN_RS2, INSN_OWN, INSN_MWRITE, INSN_JUMP_ODD: for the timing model */
	uint8_t msize;		/* bytes a load, store or atomic accesses; 0 for the rest */
	uint8_t op;		/* the row's number in insn_table (insn_row) */
	uint8_t wrd;		/* where exec_run writes the result: rd, or HART_X_SINK
				 * for x0 */
	union {
		/* what hart_peek hands the timing model, copied in one piece */
		struct insn_timing timing;
		struct {
			int32_t imm;	/* sign-extended immediate, or CSR number, or shamt */
			uint8_t cls;	/* enum insn_class */
			uint8_t rd;
			uint8_t src1, src2;	/* rs1 and rs2 when read, else 0 */
		};
	};
	/*
	 * exec_run's code for this entry (a label inside it), chosen by
	 * decode_at for the entry's place in its page; NULL from decode.
	 */
	const void *link;
	const struct insn_desc *desc;	/* table row: its handler (hart_step), name and format */
};

/* The register that exec_run's writes to x0 go to, so that x0 itself stays 0. */
#define HART_X_SINK 32

#define PTE_RSW_BARE 0xff	/* no translation: platform extensions come from mpfctl */

#define INSN_RS1 0x1	/* reads rs1 */
#define INSN_RS2 0x2	/* reads rs2 */
#define INSN_OWN 0x4	/* an atomic that writes memory (SC, AMOs): needs ownership */
#define INSN_MWRITE 0x8	/* its memory access needs ownership: a store, or INSN_OWN */
#define INSN_JUMP_ODD 0x10	/* a jump whose target may be misaligned: a jalr, or a branch
				 * or jal with an offset of 2 mod 4 (it traps if taken) */
#define INSN_CSR_QUICK 0x20	/* a CSR access the timing model's quick path may run
				 * (csr_quick): of mstatus or sstatus */

/* funct3's bit of a load that zero-extends (lbu, lhu) */
#define LOAD_UNSIGNED (1u << 14)

/* Exception causes (mcause with the interrupt bit clear). */
enum cause {
	CAUSE_FETCH_MISALIGNED = 0,
	CAUSE_FETCH_ACCESS = 1,
	CAUSE_ILLEGAL = 2,
	CAUSE_BREAKPOINT = 3,
	CAUSE_LOAD_MISALIGNED = 4,
	CAUSE_LOAD_ACCESS = 5,
	CAUSE_STORE_MISALIGNED = 6,
	CAUSE_STORE_ACCESS = 7,
	CAUSE_ECALL_U = 8,
	CAUSE_ECALL_S = 9,
	CAUSE_ECALL_M = 11,
	CAUSE_FETCH_PAGE = 12,
	CAUSE_LOAD_PAGE = 13,
	CAUSE_STORE_PAGE = 15,
};

#define CAUSE_INTERRUPT 0x80000000u

enum access {
	ACC_FETCH,
	ACC_LOAD,
	ACC_STORE,	/* stores and AMOs */
};

/* mstatus bits */
#define MSTATUS_SIE	(1u << 1)
#define MSTATUS_MIE	(1u << 3)
#define MSTATUS_SPIE	(1u << 5)
#define MSTATUS_MPIE	(1u << 7)
#define MSTATUS_SPP	(1u << 8)
#define MSTATUS_MPP	(3u << 11)
#define MSTATUS_MPRV	(1u << 17)
#define MSTATUS_SUM	(1u << 18)
#define MSTATUS_MXR	(1u << 19)
#define MSTATUS_TVM	(1u << 20)
#define MSTATUS_TW	(1u << 21)
#define MSTATUS_TSR	(1u << 22)
#define MSTATUS_MPP_SHIFT 11

/* Host-pointer cache of one page: tag is the virtual page number, ~0 when empty. */
struct fast_page {
	uint32_t vpn;
	uintptr_t addend;	/* host address = addend + virtual address */
};

/* A one-entry micro-TLB: the page of the last fetch, or of the last load or store. */
struct micro_tlb {
	uint32_t epoch;		/* valid while equal to the hart's epoch */
	uint32_t vpn, ppn;
	uint8_t ok;		/* access types (1 << enum access) already checked */
	uint8_t pmp_page;	/* access types PMP allows on the whole page */
	uint8_t ram;		/* the page is RAM that no device watches */
	uint8_t guard;		/* guarded prefetching is on for the page (micro_i only) */
	uint8_t update;		/* a selective-update page (micro_d only) */
	uint8_t fast;		/* ok & pmp_page: access types hart_peek takes at once */
	uint8_t fast_ram;	/* fast, if the page is RAM, else 0 */
	/*
	 * By access type: vpn when fast_ram has its bit, else ~0 (no page
	 * number): hart_quick_peek's test, one comparison. A flush sets them
	 * to ~0 with vpn.
	 */
	uint32_t fast_vpn[ACC_STORE + 1];
	const uint8_t *host;	/* the page's host address, when fast_ram is set */
	/*
	 * For the quick path, when fast_ram is set: what a virtual address in
	 * the page adds to become physical (mod 2^32), and a physical one to
	 * become the host's address (host_pa + pa).
	 */
	uint32_t pa_delta;
	uintptr_t host_pa;
};

/*
 * What a refill of one page for one access type found; see struct hart's
 * memo_i. Entries a hart keeps for fetches (a page's goes at its number
 * modulo this), and twice as many for loads and stores: with 16 (for both
 * loads and stores), the kernel's workload found a page's memo gone 2.2 M
 * times (each a TLB and PMP lookup, 430 host instructions); with 64, 0.9 M.
 */
#define MICRO_MEMO 64

struct micro_memo {
	/*
	 * The micro-TLB as the refill left it had it entered the page afresh:
	 * u.ok has the one access type checked, the fields that follow from
	 * the others are made (a refill into another page copies it whole).
	 */
	struct micro_tlb u;
	uint32_t tlb_gen;	/* the TLB's gen after the refill */
};

#define HART_TRIGGERS 4	/* Sdtrig mcontrol triggers per hart */

struct hart {
	/* architectural state */
	uint32_t x[33];		/* x[0] is rewritten to 0 after every instruction that
				 * hart_step runs; x[HART_X_SINK] takes exec_run's writes
				 * to x0 and is never read */
	uint32_t pc;
	enum priv priv;
	int wfi;		/* waiting in WFI */
	/*
	 * wfi, or an interrupt both pending and enabled (mip & mie), or
	 * HART_WATCHED: nonzero when hart_quick_peek must look closer, so that
	 * it tests one word. hart_attend sets it after every change of wfi,
	 * mip, mie, trig_on or observed.
	 */
	uint32_t attn;
	uint32_t spin;		/* in a jump-to-self loop: that jal's word, else 0 */
	int spin_detect;	/* jump-to-self loops may idle (functional mode) */
	int timed;		/* the timing model keeps the cycle count (hart_set_timed) */
	uint8_t yield_hint;	/* waits for another hart: see hart_take_yield_hint */
	uint8_t in_run;		/* inside hart_run_fast: data_slow hands back HART_REDO */
	uint8_t observed;	/* env.trace or env.bbprof: a retired instruction is reported */

	/* machine-mode CSRs */
	uint32_t mstatus;	/* the only copy: sstatus is a view of it */
	uint32_t misa, medeleg, mideleg, mie, mtvec, mcounteren, mscratch, mepc, mcause, mtval;
	uint32_t menvcfg, mcountinhibit;
	uint32_t mpfctl;	/* osprey CSR 0x7c0: MPFCTL_* enables when translation is off */
	uint32_t mupdbase, mupdlimit;	/* osprey CSRs 0x7c1, 0x7c2: MPFCTL_UPDATE's range */
	/* Sdtrig (trigger.c) */
	uint32_t tselect, tcontrol;
	uint32_t tdata1[HART_TRIGGERS], tdata2[HART_TRIGGERS];
	uint8_t trig_on;		/* bit 0: a trigger is armed; bit 1: a debugger's points
					 * or step; the step checks them when any is set */
	const struct debug_points *dbg;	/* the debugger's points, or NULL */
	uint8_t dbg_step, dbg_skip;	/* single-stepping; skip a breakpoint at pc once */
	uint8_t dbg_event, dbg_kind;	/* enum debug_event pending, and a watch's kind */
	uint32_t dbg_addr;		/* the watched address of a DE_WATCH */
	uint32_t mip_sw;	/* mip bits written by software: SSIP, STIP, SEIP */
	uint32_t mip_hw;	/* mip bits driven by devices: MSIP, MTIP, MEIP, SEIP */
	uint8_t pmpcfg[PMP_ENTRIES];
	uint32_t pmpaddr[PMP_ENTRIES];
	/* the entries' [lo, hi) byte ranges, decoded by mmu_pmp_update for pmp_allows */
	uint64_t pmp_lo[PMP_ENTRIES], pmp_hi[PMP_ENTRIES];
	int pmp_n;		/* entries up to the last one not OFF; 0: PMP is off */

	/* supervisor CSRs */
	uint32_t stvec, scounteren, sscratch, sepc, scause, stval, satp, senvcfg;

	/* counters */
	uint64_t cycle, instret;
	uint32_t instret_step;	/* what instret gains per retired instruction: 0 under
				 * mcountinhibit.IR. An instruction that writes minstret
				 * takes it off, so the written value is what stays. */

	/* memory management */
	struct tlb itlb, dtlb;
	struct fast_page fetch_page;		/* page of the current pc */
	/*
	 * Pages fetched from since the I-TLB last changed (its gen was
	 * fetch_gen), by page number: a page found here would hit the I-TLB,
	 * which a hit leaves as it is, so it becomes the fetch page at once.
	 */
	struct fast_page fetch_pages[FETCH_PAGES];
	uint32_t fetch_gen;
	struct fast_page rd_pages[FAST_PAGES];	/* readable pages */
	struct fast_page wr_pages[FAST_PAGES];	/* writable pages with D set */

	struct insn *dcache;	/* decode cache, DECODE_CACHE_ENTRIES, index by pc */
	/*
	 * The decoded form of the instruction the timing model holds in
	 * progress (hart_peek's, the quick path's): a copy, since while it
	 * waits another hart may decode other code into its shared entry.
	 */
	struct insn held;

	/* for the timing model (hart_peek, deferred stores) */
	uint32_t walk_pte[2];	/* PTE addresses read by the last walk */
	int walk_n;		/* how many; 0 when the last translation hit the TLB */
	uint8_t last_rsw;	/* RSW bits (PTE 9:8) of the last translation, or PTE_RSW_BARE */
	uint32_t epoch;		/* bumped whenever the fast paths are flushed */
	struct micro_tlb micro_i, micro_d;	/* in front of the I-TLB and D-TLB */
	/*
	 * Host memos of the micro-TLBs' recent pages (not modelled hardware):
	 * a refill that finds its page here, checked for its access type in
	 * the same epoch with the TLB unchanged since, skips the TLB, PMP and
	 * memory-map lookups whose outcome it records. Indexed by the page
	 * number (memo_d's by the page number and whether it is a store's).
	 */
	struct micro_memo memo_i[MICRO_MEMO], memo_d[2 * MICRO_MEMO];
	void (*store_hook)(void *ctx, uint32_t pa, int size, uint32_t val);
	void *store_ctx;
	void (*irq_hook)(void *ctx);	/* hart_set_irq_hook */
	void *irq_ctx;

	int id;
	struct hart_env env;
	struct hart_stats stats;
	char stuck[256];	/* why the hart cannot go on, after HART_STUCK */
	uint32_t last_trap_vector;	/* pc set by the last trap entry */
	int just_trapped;	/* the previous step entered a trap */
	struct hpm hpm;		/* mhpmcounter3..31 and their events (hpm.c) */
};

#define COLD __attribute__((noinline, cold))

/* The statistics index (enum stat_mode) of privilege mode @p. */
#define SMODE(p) ((p) == PRIV_M ? SM_M : (int)(p))

/* mip as software reads it: device lines ORed with software-written bits. */
static inline uint32_t hart_mip(const struct hart *h)
{
	return h->mip_hw | h->mip_sw;
}

/* attn's bit (no interrupt's) for a trigger or debugger point armed, or an observer (trig_on, observed). */
#define HART_WATCHED (1u << 31)

/* Sets h->attn after wfi, mip, mie, trig_on or observed changed. */
static inline void hart_attend(struct hart *h)
{
	h->attn = (uint32_t)h->wfi | (hart_mip(h) & h->mie) |
		  (h->trig_on || h->observed ? HART_WATCHED : 0);
}

/* trap.c */
int hart_exception(struct hart *h, enum cause cause, uint32_t tval);

/* trigger.c: the Sdtrig triggers. */
void trigger_reset(struct hart *h);
int trigger_csr_read(struct hart *h, int csr, uint32_t *val);	/* 0, or -1: not a trigger CSR */
void trigger_csr_write(struct hart *h, int csr, uint32_t v);
/*
 * Before @d at @pc runs in @priv: 1 if a trigger fired (the exception is
 * taken), 2 if a debugger's breakpoint or watchpoint stops the hart before
 * it (or a single step before the next instruction), else 0.
 */
int trigger_check(struct hart *h, enum priv priv, uint32_t pc, const struct insn *d);
void trigger_trap_to_m(struct hart *h);	/* tcontrol: mpte = mte, mte = 0 */
void trigger_mret(struct hart *h);	/* tcontrol: mte = mpte */
int hart_check_interrupts(struct hart *h);
/*
 * Of the interrupts in @pending, those the hart would take now: enabled in
 * mie, and globally enabled for the mode that handles them. M-mode
 * interrupts are enabled below M always; S-mode ones never in M.
 */
uint32_t hart_takeable(const struct hart *h, uint32_t pending);
void hart_flush_fast(struct hart *h);

/* mmu.c: virtual to physical. 0, or the exception cause to raise. */
int mmu_translate(struct hart *h, uint32_t vaddr, enum access acc, uint32_t *paddr);
int pmp_allows(const struct hart *h, uint32_t paddr, uint32_t len, enum access acc,
	       enum priv priv);
void mmu_pmp_update(struct hart *h);

/*
 * mem.c: data accesses past the fast tables (hart_load and hart_store below):
 * 0, 1 (trapped), or HART_REDO inside hart_run_fast.
 */
int hart_load_slow(struct hart *h, uint32_t vaddr, int size, uint32_t *val);
int hart_store_slow(struct hart *h, uint32_t vaddr, int size, uint32_t val);
void lr_break(struct lr_set *lr, uint32_t paddr);

/* csr.c */
int csr_access(struct hart *h, const struct insn *d, uint32_t operand, int op);
/*
 * Whether an access to CSR @csr may run on the timing model's quick path
 * (INSN_CSR_QUICK): its read has no side effect and reads no counter, and
 * its write changes the hart's own state only (no device, no counter, no
 * interrupt raised). mstatus and sstatus: kernels read and flip the
 * interrupt enable around every lock.
 */
int csr_quick(int csr);
/* The lowest privilege that may access CSR @csr (its bits 9:8). */
static inline enum priv csr_priv(int csr)
{
	return (enum priv)((csr >> 8) & 3);
}

/* exec.c: decoding, and running decoded instructions */
void decode(uint32_t raw, struct insn *d);
/* decode, and the link of a decode cache entry for the instruction at @pc (its page offset). */
void decode_at(uint32_t raw, uint32_t pc, struct insn *d);
/*
 * hart_run_fast's loop: up to @n steps of plain instructions, through the
 * fetch page and the decode cache, without per-step counters. Returns the
 * steps taken; sets *@trapped when the last one trapped.
 */
uint64_t exec_run(struct hart *h, uint64_t n, int *trapped);

/*
 * hart.c: a decode cache miss of @d, which now decodes @raw at @pc, counted
 * in mode @priv.
 */
void hart_decode_miss(struct hart *h, enum priv priv, uint32_t pc, uint32_t raw, struct insn *d);

/*
 * The entry of fetch_pages that page @vpn of code is in, if it is valid (the
 * I-TLB unchanged since it was filled), else NULL.
 */
static inline const struct fast_page *fetch_pages_find(const struct hart *h, uint32_t vpn)
{
	const struct fast_page *fp = &h->fetch_pages[vpn % FETCH_PAGES];

	return fp->vpn == vpn && h->itlb.gen == h->fetch_gen ? fp : NULL;
}

/*
 * hart.c: for the timing model's quick path, when hart_quick_peek found
 * nothing: the micro-TLB refills from their memos that hart_peek would make
 * first, if any, made now (hart_peek then finds them made). Returns the TLB
 * lookups they stand for, which the caller counts: bit 0 the I-TLB's, bit 1
 * the D-TLB's; 0 when nothing changed.
 */
unsigned hart_quick_refill(struct hart *h);

/*
 * For the timing model's quick path (core.c): the decoded instruction at the
 * hart's pc when hart_peek would find everything at once: no WFI, no
 * interrupt to take, no trigger or debugger point armed and no observer, the fetch's micro-TLB hits a RAM page, the decode cache
 * holds the word, and a load's or store's address is aligned and hits the
 * data micro-TLB on RAM. Then *@fetch_pa and (for a memory access) *@data_pa
 * are hart_peek's, and nothing has changed; else NULL, and hart_peek takes it.
 */
static inline const struct insn *hart_quick_peek(const struct hart *h, uint32_t *fetch_pa,
						 uint32_t *data_pa)
{
	const struct micro_tlb *ui = &h->micro_i, *ud = &h->micro_d;
	uint32_t pc = h->pc, raw, va, acc;
	const struct insn *d;

	if (__builtin_expect(h->attn != 0, 0) &&
	    (h->wfi || (h->attn & HART_WATCHED) || hart_takeable(h, hart_mip(h))))
		return NULL;
	if (ui->fast_vpn[ACC_FETCH] != pc >> 12)
		return NULL;
	*fetch_pa = pc + ui->pa_delta;
	memcpy(&raw, (const void *)(ui->host_pa + *fetch_pa), 4);
	d = &h->dcache[(pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];
	if (d->raw != raw)
		return NULL;
	if (!d->msize)
		return d;
	va = h->x[d->src1] + (uint32_t)d->imm;
	acc = d->uses & INSN_MWRITE ? ACC_STORE : ACC_LOAD;
	if ((va & (d->msize - 1u)) || ud->fast_vpn[acc] != va >> 12)
		return NULL;
	*data_pa = va + ud->pa_delta;
	return d;
}

/*
 * hart.c: when hart_quick_peek found nothing because the decode cache (the
 * harts' shared host cache) holds another word at the hart's pc, fetched
 * through the fast fetch page: decodes the word there (a decode miss, as
 * hart_peek counts it) and returns 1, so that hart_quick_peek may find it;
 * else 0, changing nothing.
 */
int hart_quick_redecode(struct hart *h);

/*
 * hart.c: runs @d, the instruction hart_peek found at @pc, as
 * hart_step_peeked does once it knows nothing changed since the peek.
 */
enum hart_event hart_run_peeked(struct hart *h, uint32_t pc, const struct insn *d);

/*
 * hart.c: the same for @d as hart_quick_peek found it, an instruction that
 * accesses no memory. @sm is the hart's mode's enum stat_mode, which the
 * caller knows (the core's mode). No trigger, debugger point or observer is
 * on (hart_quick_peek's HART_WATCHED). The instruction, if it retires, is
 * not counted: the caller counts it (hart_count_quick).
 */
enum hart_event hart_run_quick(struct hart *h, uint32_t pc, const struct insn *d, int sm);

/*
 * The same for a load or store, its data at @pa (which hart_quick_peek
 * gave): a load made from the data micro-TLB's host page, without the
 * handler; a store's value left for the caller to buffer (the store hook is
 * not called). It always retires, uncounted as hart_run_quick's.
 */
void hart_run_quick_access(struct hart *h, uint32_t pc, const struct insn *d, uint32_t pa, int sm);

/*
 * Whether the page of @va is in the host-pointer table @pages (rd_pages or
 * wr_pages); then *@p is the host address of @va.
 */
static inline int fast_host(const struct fast_page *pages, uint32_t va, uint8_t **p)
{
	const struct fast_page *fp = &pages[(va >> 12) % FAST_PAGES];

	if (__builtin_expect(fp->vpn != va >> 12, 0))
		return 0;
	*p = (uint8_t *)(fp->addend + va);
	return 1;
}

/* The @size bytes (1, 2 or 4) at host address @p, zero-extended. */
static inline uint32_t host_read(const uint8_t *p, int size)
{
	uint16_t v2;
	uint32_t v4;

	switch (size) {
	case 1: return *p;
	case 2: memcpy(&v2, p, 2); return v2;
	default: memcpy(&v4, p, 4); return v4;
	}
}

/* Writes the low @size bytes (1, 2 or 4) of @val at host address @p. */
static inline void host_write(uint8_t *p, int size, uint32_t val)
{
	uint16_t v2 = (uint16_t)val;

	switch (size) {
	case 1: *p = (uint8_t)val; break;
	case 2: memcpy(p, &v2, 2); break;
	default: memcpy(p, &val, 4); break;
	}
}

/*
 * Data accesses, inline for the fast path (a page in the host-pointer
 * tables: a tag compare and a host load or store): 0, 1 (trapped), or
 * HART_REDO inside hart_run_fast.
 */
static inline int hart_load(struct hart *h, uint32_t va, int size, uint32_t *val)
{
	uint8_t *p;

	if (va & (size - 1))
		return hart_exception(h, CAUSE_LOAD_MISALIGNED, va);
	if (fast_host(h->rd_pages, va, &p)) {
		*val = host_read(p, size);
		return 0;
	}
	return hart_load_slow(h, va, size, val);
}

static inline int hart_store(struct hart *h, uint32_t va, int size, uint32_t val)
{
	struct lr_set *lr = h->env.lr;
	uint8_t *p;

	if (va & (size - 1))
		return hart_exception(h, CAUSE_STORE_MISALIGNED, va);
	if (fast_host(h->wr_pages, va, &p)) {
		if (h->store_hook) {
			h->store_hook(h->store_ctx, (uint32_t)((uintptr_t)p - (uintptr_t)h->env.mm->ram) +
						    h->env.mm->ram_base, size, val);
			return 0;
		}
		if (lr->active)
			lr_break(lr, (uint32_t)((uintptr_t)p - (uintptr_t)h->env.mm->ram) +
					     h->env.mm->ram_base);
		host_write(p, size, val);
		return 0;
	}
	return hart_store_slow(h, va, size, val);
}

#endif
