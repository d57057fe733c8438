/* SPDX-License-Identifier: MIT */
/*
 * A RISC-V hart: RV32IMA, Zicsr, Zifencei, Zicntr, M/S/U modes and Sv32.
 * struct hart is opaque outside model/cpu/; this header is its whole contract.
 */
#ifndef OSPREY_HART_H
#define OSPREY_HART_H

#include <stdint.h>
#include <stdio.h>

#include "sys/config.h"
#include "sys/stats.h"

struct hart;
struct insn;
struct memmap;
struct symtab;

enum priv {
	PRIV_U = 0,
	PRIV_S = 1,
	PRIV_M = 3,
};

/* Interrupt numbers: bit positions in mip/mie. */
enum irq {
	IRQ_SSI = 1,
	IRQ_MSI = 3,
	IRQ_STI = 5,
	IRQ_MTI = 7,
	IRQ_SEI = 9,
	IRQ_MEI = 11,
};

/*
 * LR reservations of all harts, shared so that a store by any hart breaks the
 * reservations it overlaps. addr[h] is the reserved 4-byte-aligned physical
 * address of hart h, valid when bit h of @active is set.
 */
struct lr_set {
	uint32_t active;
	uint32_t addr[32];
};

/* What a hart sees of the machine around it. */
struct hart_env {
	struct memmap *mm;
	struct lr_set *lr;
	uint64_t (*read_mtime)(void *ctx);	/* the time CSR */
	void *ctx;
	uint32_t slow_page;	/* physical page number kept off the fast path (HTIF), or ~0 */
	/* Called after every store into slow_page (the HTIF tohost protocol). */
	void (*watch_store)(void *ctx, uint32_t paddr, int size, uint32_t val);
	const struct symtab *syms;	/* for trace and messages; may be NULL */
	FILE *trace;		/* one line per retired instruction when not NULL */
	/* Called as every trap is taken (the timeline), when not NULL. */
	void (*on_trap)(void *ctx, int hart, uint32_t cause, int from_priv);
	struct bbprof *bbprof;	/* --bb-profile: every retired instruction, when not NULL */
	/*
	 * The machine's decoded-instruction cache (decode_cache_new), which its
	 * harts share: code that several harts run is decoded once, and the
	 * machine fills and keeps one cache (2 MiB) rather than one a hart.
	 * NULL: the hart makes its own.
	 */
	struct insn *dcache;
};

/* A decoded-instruction cache (DECODE_CACHE_ENTRIES entries) for hart_env; NULL out of memory. */
struct insn *decode_cache_new(void);
void decode_cache_free(struct insn *dcache);

/*
 * osprey's M-mode CSR mpfctl (0x7c0): the platform extensions' enables for
 * code and data reached without translation (with translation, the PTE's
 * RSW bits say the same per page).
 */
#define CSR_MPFCTL	0x7c0
#define MPFCTL_GUARD	0x1	/* guarded sequential instruction prefetching */
#define MPFCTL_UPDATE	0x2	/* selective update for [mupdbase, mupdlimit) */
/* The physical range selective update covers without translation (4 KiB granules). */
/* Sdtrig (trigger.c) */
#define CSR_TSELECT	0x7a0
#define CSR_TDATA1	0x7a1
#define CSR_TDATA2	0x7a2
#define CSR_TDATA3	0x7a3
#define CSR_TINFO	0x7a4
#define CSR_TCONTROL	0x7a5
#define CSR_MUPDBASE	0x7c1
#define CSR_MUPDLIMIT	0x7c2

/*
 * Does this Zicsr instruction write its CSR? csrrw/csrrwi always; csrrs,
 * csrrc and their immediate forms only with rs1 (or uimm) non-zero.
 */
static inline int csr_insn_writes(uint32_t raw)
{
	return ((raw >> 12) & 3) == 1 || ((raw >> 15) & 31) != 0;
}

/* What an instruction is, for the timing model. */
enum insn_class {
	IC_ALU, IC_LOAD, IC_STORE, IC_AMO, IC_BRANCH, IC_JAL, IC_JALR, IC_MUL, IC_DIV,
	IC_CSR, IC_FENCE, IC_FENCE_I, IC_SFENCE, IC_XRET, IC_WFI, IC_ECALL, IC_ILLEGAL,
	IC_PREFETCH,	/* Zicbop prefetch.i/.r/.w: ori x0 (a no-op to the hart) */
};

/* What a Zicbop prefetch's translation found (hart_prefetch_translate). */
enum pf_translation {
	PFT_OK,		/* a TLB hit (or no translation) that permits the access, to RAM */
	PFT_TLB_MISS,	/* the TLB does not hold the page: the prefetch is dropped */
	PFT_DENIED,	/* not permitted (page, PMP), or not RAM: dropped */
};

/*
 * Translates @va for a prefetch (@acc_write: prefetch.w, which asks for
 * write permission; @fetch: prefetch.i) without a walk, a fault or any other
 * effect: the prefetch is dropped when this is not PFT_OK. *@pa on PFT_OK.
 */
enum pf_translation hart_prefetch_translate(struct hart *h, uint32_t va, int acc_write,
					    int fetch, uint32_t *pa);

/* An instruction's fields that the timing model uses (struct hart_peek). */
struct insn_timing {
	int32_t imm;
	uint8_t cls, rd, rs1, rs2;	/* rs1 and rs2 only when read, else 0 */
};

/*
 * What the next hart_step() will do, found without doing it, so the timing
 * model can charge fetch, translation and data access before the step
 * executes. Translations it needs are performed now (TLB fills, A/D bits);
 * nothing else changes. Valid until the hart steps or anything changes it.
 */
struct hart_peek {
	uint32_t pc;
	uint8_t irq;		/* an interrupt will be taken instead: nothing else is valid */
	uint8_t fetch_fault;	/* fetching traps: only pc is valid */
	/* What the TLBs did: all 0 (tlb) when both micro-TLBs hit, as they mostly do. */
	union {
		struct {
			uint8_t itlb_lookup;	/* the I-TLB was looked up (the micro-TLB missed) */
			uint8_t itlb_walk;	/* PTE reads of an I-TLB miss (0 = no walk) */
			uint8_t dtlb_lookup;	/* the D-TLB was looked up */
			uint8_t dtlb_walk;	/* PTE reads of a D-TLB miss */
		};
		uint32_t tlb;
	};
	uint32_t ipte[2];	/* the I-TLB walk's PTE physical addresses, in order */
	uint32_t fetch_pa;	/* physical address of the instruction */
	uint8_t guard_en;	/* guarded sequential prefetching is on for this code page */
	uint8_t update;		/* the data page is a selective-update page (PTE bit 9) */
	uint32_t raw;		/* the instruction word */
	const struct insn *insn;	/* its decoded form (the hart's own copy, opaque) */
	union {
		struct insn_timing timing;	/* the fields below, as the decoder keeps them */
		struct {
			int32_t imm;	/* branch and jump offsets */
			uint8_t cls;	/* enum insn_class */
			uint8_t rd, rs1, rs2;	/* 0 when not used */
		};
	};
	uint8_t mem;		/* accesses data memory (load, store, AMO) */
	uint8_t mem_fault;	/* that access traps */
	uint8_t mmio;		/* that access is uncached (a device or the HTIF page) */
	uint8_t write;		/* that access needs ownership (store, SC, AMO) */
	uint8_t size;		/* bytes */
	uint32_t dpte[2];	/* the D-TLB walk's */
	uint32_t va, pa;
};

void hart_peek(struct hart *h, struct hart_peek *pk);

/*
 * Executes the instruction @pk describes, as hart_step() would, without
 * fetching and decoding it again; for the timing model's harts only
 * (hart_set_timed on), whose cycles the model counts. Architecturally this
 * is the instruction fetched at peek time: a later change to its word by
 * another hart is seen after a fence.i, as the ISA requires. Interrupts that
 * arrived since the peek are taken before the next instruction.
 */
enum hart_event hart_step_peeked(struct hart *h, const struct hart_peek *pk);

/*
 * Defers stores to RAM: with a hook set, a store instruction hands its
 * physical address, size and value to @fn instead of writing memory, and the
 * timing model later performs it with hart_commit_store(). NULL restores
 * immediate stores. Atomics (LR, SC, AMOs) always access memory directly.
 */
void hart_set_store_hook(struct hart *h, void (*fn)(void *ctx, uint32_t pa, int size,
						    uint32_t val), void *ctx);
void hart_commit_store(struct hart *h, uint32_t pa, int size, uint32_t val);

/*
 * Hands the hart's clock to the timing model (@on): hart_step no longer
 * counts a cycle per step (the model charges elapsed cycles with
 * hart_count_cycles), and jump-to-self loops are executed, not idled.
 */
void hart_set_timed(struct hart *h, int on);

/* The hart loses its LR reservation if it lies in [base, base + bytes). */
void hart_lr_lose(struct hart *h, uint32_t base, uint32_t bytes);

/* Every hart loses its reservation in [base, base + bytes) (a DMA write there). */
void lr_set_break(struct lr_set *lr, uint32_t base, uint32_t bytes);

/* True while the hart holds an LR reservation of the word at physical address @pa. */
int hart_lr_holds(const struct hart *h, uint32_t pa);

/* What hart_step() reports beyond ordinary progress. */
enum hart_event {
	HART_RETIRED,	/* an instruction retired */
	HART_TRAPPED,	/* an exception or interrupt was taken instead */
	HART_WAITING,	/* in WFI with nothing pending: the hart did nothing */
	HART_SPINNING,	/* in a jump-to-self loop no interrupt can leave yet: it
			 * retired that jump again, and will until something changes */
	HART_STUCK,	/* a trap whose handler cannot be fetched: it would loop forever */
	HART_DEBUG,	/* a debugger's breakpoint: the instruction did not run */
};

/*
 * A debugger's breakpoints and watchpoints (sim/gdb.c), shared by the harts
 * it controls: checked before every instruction while set (hart_set_debug).
 * Nothing of it is visible to the guest.
 */
#define DEBUG_MAX_POINTS 64
enum debug_watch { DW_WRITE = 1, DW_READ = 2, DW_ACCESS = 3 };
struct debug_points {
	int nbreak;
	uint32_t brk[DEBUG_MAX_POINTS];		/* instruction addresses (virtual) */
	int nwatch;
	struct { uint32_t addr, len; uint8_t kind; } watch[DEBUG_MAX_POINTS];
};

/* Why a debugged hart stopped (hart_debug_event). */
enum debug_event {
	DE_NONE,
	DE_BREAK,	/* at a breakpoint, before the instruction */
	DE_WATCH,	/* before an access a watchpoint covers (addr: the point's address) */
	DE_STEP,	/* a single step: before the instruction after the one it ran
			 * (the first of a trap handler, if that one trapped) */
	DE_HWBREAK,	/* at a hardware breakpoint (a debugger's trigger), before it */
};

/* Hands @h the debugger's points (NULL: none, the normal case). */
void hart_set_debug(struct hart *h, const struct debug_points *dp);
/* Single step: the hart runs one instruction, then stops before the next (DE_STEP). */
void hart_debug_step(struct hart *h, int on);
/*
 * A debugger's hardware breakpoint at @addr (@on) on a free trigger, or its
 * removal. 0, or -1 when no trigger is free (or none holds @addr).
 */
int hart_debug_hw_break(struct hart *h, uint32_t addr, int on);
/* The next check at the current pc ignores a breakpoint there (resuming from it). */
void hart_debug_resume(struct hart *h);
/* The pending event, and for DE_WATCH the watched address and kind; clears it. */
enum debug_event hart_debug_event(struct hart *h, uint32_t *addr, int *kind);


/* A debugger's view of memory: @va translated as the hart would, without side effects. */
int hart_debug_translate(struct hart *h, uint32_t va, uint32_t *pa);
/* A CSR as the hart reads it, for a debugger. 0, or -1 if it does not exist. */
int hart_debug_csr(struct hart *h, int csr, uint32_t *val);
void hart_set_pc(struct hart *h, uint32_t pc);

struct hart *hart_new(int id, const struct config *cfg, const struct hart_env *env);
void hart_free(struct hart *h);

/* Puts the hart in its reset state, starting at @pc in M-mode with a0=id, a1=@a1. */
void hart_reset(struct hart *h, uint32_t pc, uint32_t a1);

/* Runs one instruction (or takes one interrupt). */
enum hart_event hart_step(struct hart *h);

/*
 * What a turn of functional mode in quanta shares with the machine: the
 * retired count, and the points at which the hart hands control back. The
 * turn reaches no device (hart_run_fast), so the machine's clock is the
 * caller's to set after it.
 */
struct sim_stop;
struct hart_turn {
	uint64_t *retired;		/* the instructions retired, added at the turn's end */
	uint64_t stop_at;		/* hand back once *retired reaches it, */
	const uint64_t *poll_at;	/* or reaches *poll_at (HTIF's delayed check), */
	const struct sim_stop *stop;	/* or once the run stops */
};

/*
 * Runs up to @n steps of plain instructions, each retiring one or (the last)
 * trapping, with the per-step work of hart_step cut to what they need: the
 * counters are added up at the end. Stops before anything that needs
 * hart_step (an interrupt, a fetch outside the fetch page, a CSR, system or
 * atomic instruction, a jump to itself, a load or store outside the fast
 * tables: a device, a TLB refill), after a trap, or at @t's points.
 * Returns the steps taken (0: call hart_step for the next one). Only for an
 * untimed hart without trace, basic-block profile, trap observer, triggers or
 * debugger (else returns 0).
 */
uint64_t hart_run_fast(struct hart *h, uint64_t n, const struct hart_turn *t);

/*
 * Whether the hart has shown, since the last call, that it waits for another
 * hart: a store-conditional that failed, or an atomic that left memory as it
 * was (a test-and-set of a lock already taken). Clears the hint. Functional
 * mode's quanta (sys.quantum) end the hart's turn early on it.
 */
int hart_take_yield_hint(struct hart *h);

/* Sends every store to physical page @ppn through env.watch_store. */
void hart_watch_page(struct hart *h, uint32_t ppn);
/* Sets the trap observer (hart_env.on_trap; NULL: none). */
/* Sends every retired instruction to @p (hart_env.bbprof; NULL: none). */
struct bbprof;
void hart_set_bbprof(struct hart *h, struct bbprof *p);
void hart_set_trap_hook(struct hart *h, void (*fn)(void *ctx, int hart, uint32_t cause,
						    int from_priv));

/*
 * Accounts @cycles in which the hart did not step (functional mode's idle
 * skipping): in WFI, or spinning in a jump-to-self loop, which retires
 * once per cycle.
 */
void hart_idle(struct hart *h, uint64_t cycles);

/*
 * Counts @cycles that passed in privilege mode @mode (mcycle and the per-mode
 * cycle counter): for a timing model that charges cycles in batches, after
 * the mode may have changed.
 */
void hart_count_cycles(struct hart *h, uint64_t cycles, enum priv mode);

/*
 * Counts @insns instructions retired in privilege mode @mode that the hart
 * ran without counting them (minstret, the per-mode count, their decode
 * cache lookups): the timing model's quick path (hart_run_quick,
 * hart_run_quick_access), whose core counts them in batches, before
 * anything reads them.
 */
void hart_count_quick(struct hart *h, uint64_t insns, enum priv mode);

/* Drives an interrupt line owned by a device (MSI, MTI, MEI, SEI). */
void hart_set_irq(struct hart *h, enum irq irq, int level);

/*
 * Calls @fn whenever a device raises one of the hart's interrupt lines (or
 * holds it raised), so a timing model need not poll a hart asleep in WFI:
 * nothing else can wake it. NULL: no hook.
 */
void hart_set_irq_hook(struct hart *h, void (*fn)(void *ctx), void *ctx);

/* True when an enabled interrupt would wake the hart from WFI. */
int hart_wakeable(const struct hart *h);

/*
 * The mip bits that would end the hart's waiting (WFI) or spinning
 * (HART_SPINNING); all ones for a hart that is running.
 */
uint32_t hart_wake_mask(const struct hart *h);

int hart_id(const struct hart *h);
uint32_t hart_pc(const struct hart *h);
enum priv hart_priv(const struct hart *h);
uint32_t hart_reg(const struct hart *h, int r);
void hart_set_reg(struct hart *h, int r, uint32_t v);
int hart_in_wfi(const struct hart *h);
uint64_t hart_cycles(const struct hart *h);

/* Why the hart is stuck (valid after HART_STUCK): a one-line description. */
const char *hart_stuck_reason(const struct hart *h);

/* Instructions the hart has retired, in all modes. */
uint64_t hart_retired(const struct hart *h);

/*
 * Describes the last trap the hart took, for messages: "illegal instruction
 * (mcause 0x00000002) at 0x80000010 <main+0x10>", or "none" if it took none.
 */
void hart_describe_last_trap(const struct hart *h, char *buf, int len);

/* Counters of the hart's functional execution, by the mode it was in. */
struct hart_stats {
	struct mctr insns;	/* retired instructions */
	struct mctr cycles;	/* cycles (functional mode: one per round) */
	struct mctr traps;	/* exceptions taken, by the mode they were taken from */
	struct mctr interrupts;	/* interrupts taken, likewise */
	/*
	 * TLB misses (walks). Hits are not counted here: the functional fast
	 * paths bypass the TLBs; the timing model counts lookups itself.
	 */
	struct mctr itlb_misses, dtlb_misses;
	/*
	 * The decoded-instruction cache (functional steps and the timing
	 * model's peeks): lookups, and misses, which decode the word. A miss
	 * that replaces another decoded word (code changed at that pc, or two
	 * pcs share the entry) also counts as replaced.
	 */
	struct mctr decode_lookups, decode_misses, decode_replaced;
};
extern const struct stat_field hart_stat_fields[];
extern const int hart_stat_nfields;
const struct hart_stats *hart_stats(const struct hart *h);
/* Gives mhpmcounter3..31 their events' statistics: @g[0..n), this hart's groups. */
struct stat_group;
void hart_bind_counters(struct hart *h, const struct stat_group *g, int n);

const char *priv_name(enum priv p);

#endif
