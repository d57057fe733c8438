// SPDX-License-Identifier: MIT
/*
 * The hart's step: take an interrupt or fetch, decode and execute one
 * instruction. Fetch has a one-page host-pointer cache and decode a
 * direct-mapped cache of decoded instructions indexed by pc and tagged by the
 * instruction word, so self-modifying code needs no invalidation.
 */
#include <stdlib.h>
#include <string.h>

#include "cpu/decode.h"
#include "cpu/hart_impl.h"
#include "sys/bbprof.h"
#include "mem/memmap.h"
#include "sys/stop.h"
#include "sys/symtab.h"

/* misa: RV32 (MXL = 1) with A, I, M, S and U. */
#define MISA_RV32IMA_SU ((1u << 30) | (1u << 0) | (1u << 8) | (1u << 12) | (1u << 18) | (1u << 20))

struct insn *decode_cache_new(void)
{
	struct insn *dc = malloc(DECODE_CACHE_ENTRIES * sizeof(*dc));

	if (!dc)
		return NULL;
	/* Every entry holds the word 0 (illegal), decoded once. */
	decode_at(0, 0, &dc[0]);
	for (int i = 1; i < DECODE_CACHE_ENTRIES; i++)
		dc[i] = dc[0];
	return dc;
}

void decode_cache_free(struct insn *dcache)
{
	free(dcache);
}

struct hart *hart_new(int id, const struct config *cfg, const struct hart_env *env)
{
	struct hart *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->id = id;
	h->env = *env;
	h->spin_detect = env->trace == NULL;
	h->observed = env->trace || env->bbprof;
	/* Its machine's, shared; or, with none (env->dcache NULL), its own. */
	h->dcache = env->dcache ? env->dcache : decode_cache_new();
	if (!h->dcache || tlb_init(&h->itlb, &cfg->itlb) || tlb_init(&h->dtlb, &cfg->dtlb)) {
		hart_free(h);
		return NULL;
	}
	hart_reset(h, 0, 0);
	return h;
}

void hart_free(struct hart *h)
{
	if (!h)
		return;
	tlb_free(&h->itlb);
	tlb_free(&h->dtlb);
	if (!h->env.dcache)
		decode_cache_free(h->dcache);	/* its own */
	free(h);
}

void hart_reset(struct hart *h, uint32_t pc, uint32_t a1)
{
	memset(h->x, 0, sizeof(h->x));
	h->x[10] = (uint32_t)h->id;
	h->x[11] = a1;
	h->pc = pc;
	h->priv = PRIV_M;
	h->wfi = 0;
	h->mstatus = 0;
	h->misa = MISA_RV32IMA_SU;
	h->medeleg = h->mideleg = h->mie = h->mtvec = h->mcounteren = 0;
	h->mscratch = h->mepc = h->mcause = h->mtval = h->menvcfg = h->mcountinhibit = 0;
	h->instret_step = 1;
	h->mip_sw = h->mip_hw = 0;
	hart_attend(h);
	memset(h->pmpcfg, 0, sizeof(h->pmpcfg));
	memset(h->pmpaddr, 0, sizeof(h->pmpaddr));
	h->stvec = h->scounteren = h->sscratch = h->sepc = h->scause = h->stval = 0;
	h->satp = h->senvcfg = 0;
	h->mpfctl = 0;
	trigger_reset(h);
	h->mupdbase = h->mupdlimit = 0;
	hpm_reset(&h->hpm);
	h->cycle = h->instret = 0;
	tlb_flush(&h->itlb, 1, 0, 1, 0);
	tlb_flush(&h->dtlb, 1, 0, 1, 0);
	mmu_pmp_update(h);	/* no entry active; flushes the fast paths */
	h->last_trap_vector = ~0u;
}

COLD void hart_decode_miss(struct hart *h, enum priv priv, uint32_t pc, uint32_t raw,
			    struct insn *d)
{
	h->stats.decode_misses.v[SMODE(priv)]++;
	h->stats.decode_replaced.v[SMODE(priv)] += d->raw != 0;
	decode_at(raw, pc, d);
}

/*
 * Fetch through translation and PMP, or from a page in fetch_pages; fills
 * the fetch page. 0 or 1 (trapped).
 */
static COLD int fetch_slow(struct hart *h, uint32_t *raw)
{
	uint32_t pc = h->pc, pa, page;
	const struct fast_page *known = fetch_pages_find(h, pc >> 12);
	int cause;

	if (known) {
		h->fetch_page = *known;
		memcpy(raw, (const void *)(known->addend + pc), 4);
		return 0;
	}
	cause = mmu_translate(h, pc, ACC_FETCH, &pa);
	if (cause >= 0)
		return hart_exception(h, cause, pc);
	if (!memmap_is_ram(h->env.mm, pa, 4) || !pmp_allows(h, pa, 4, ACC_FETCH, h->priv))
		return hart_exception(h, CAUSE_FETCH_ACCESS, pc);
	memcpy(raw, memmap_host(h->env.mm, pa), 4);
	page = pa & ~(PAGE_SIZE - 1);
	if (memmap_is_ram(h->env.mm, page, PAGE_SIZE) &&
	    pmp_allows(h, page, PAGE_SIZE, ACC_FETCH, h->priv)) {
		h->fetch_page.vpn = pc >> 12;
		h->fetch_page.addend = (uintptr_t)memmap_host(h->env.mm, page) - (pc & ~0xfffu);
		if (h->itlb.gen != h->fetch_gen) {
			memset(h->fetch_pages, 0xff, sizeof(h->fetch_pages));
			h->fetch_gen = h->itlb.gen;
		}
		h->fetch_pages[(pc >> 12) % FETCH_PAGES] = h->fetch_page;
	}
	return 0;
}

static const char *cause_name(uint32_t cause)
{
	static const char *const exc[] = {
		"instruction address misaligned", "instruction access fault",
		"illegal instruction", "breakpoint", "load address misaligned",
		"load access fault", "store/AMO address misaligned", "store/AMO access fault",
		"environment call from U-mode", "environment call from S-mode", "reserved",
		"environment call from M-mode", "instruction page fault", "load page fault",
		"reserved", "store/AMO page fault",
	};
	static const char *const irq[] = {
		"", "supervisor software interrupt", "", "machine software interrupt", "",
		"supervisor timer interrupt", "", "machine timer interrupt", "",
		"supervisor external interrupt", "", "machine external interrupt",
	};
	uint32_t code = cause & ~CAUSE_INTERRUPT;

	if (cause & CAUSE_INTERRUPT)
		return code < 12 ? irq[code] : "interrupt";
	return code < 16 ? exc[code] : "exception";
}

/*
 * The trace's line for a trap just taken; @d the instruction that raised it,
 * whose word ends the line, or NULL (an interrupt, a fetch that faulted).
 */
static COLD void trace_trap(struct hart *h, const struct insn *d)
{
	int to_s = h->priv == PRIV_S;

	fprintf(h->env.trace, "h%d %s trap %s (cause 0x%08x) tval 0x%08x epc 0x%08x -> 0x%08x",
		h->id, priv_name(h->priv), cause_name(to_s ? h->scause : h->mcause),
		to_s ? h->scause : h->mcause, to_s ? h->stval : h->mtval,
		to_s ? h->sepc : h->mepc, h->pc);
	if (d)
		fprintf(h->env.trace, " insn 0x%08x", d->raw);
	fputc('\n', h->env.trace);
}

static COLD void trace_insn(struct hart *h, enum priv priv, uint32_t pc, const struct insn *d)
{
	char text[96];

	disasm(d->raw, pc, h->env.syms, text, sizeof(text));
	fprintf(h->env.trace, "h%d %s %08x %08x %-32s", h->id, priv_name(priv), pc, d->raw, text);
	if (d->rd && d->desc->writes_rd)
		fprintf(h->env.trace, " %s=0x%08x", reg_name(d->rd), h->x[d->rd]);
	fputc('\n', h->env.trace);
}

/*
 * A fetch fault at the vector the previous step trapped to, which traps to
 * that same vector again, would repeat forever: report it instead.
 */
static COLD enum hart_event check_stuck(struct hart *h, uint32_t pc, int was_trap_entry)
{
	char where[96];

	if (!was_trap_entry || h->pc != pc)
		return HART_TRAPPED;
	symtab_format(h->env.syms, pc, where, sizeof(where));
	snprintf(h->stuck, sizeof(h->stuck),
		 "trap vector %s cannot be fetched (%s): the hart would trap there forever",
		 where, cause_name(h->priv == PRIV_M ? h->mcause : h->scause));
	return HART_STUCK;
}

/*
 * A hart in a jump-to-self loop stays there until it takes an interrupt, or
 * until another hart rewrites the jump: only then does it need stepping.
 */
static int still_spinning(struct hart *h)
{
	uint32_t raw;

	if (hart_takeable(h, hart_mip(h)) || h->fetch_page.vpn != h->pc >> 12)
		return 0;
	memcpy(&raw, (const void *)(h->fetch_page.addend + h->pc), 4);
	return raw == h->spin;
}

/*
 * The triggers and a debugger's points, before @d at @pc: HART_TRAPPED (a
 * trigger's breakpoint exception), HART_DEBUG (a debugger's stop), or
 * HART_RETIRED for "run it". Out of line: most runs never come here.
 */
static COLD __attribute__((noinline)) enum hart_event check_triggers(struct hart *h,
								      enum priv priv, uint32_t pc,
								      const struct insn *d)
{
	int t = trigger_check(h, priv, pc, d);

	if (t == 2) {
		/*
		 * The instruction does not run: the cycle hart_step counted
		 * for it is counted again when it does (mcycle included, which
		 * the guest reads), so it is taken back here.
		 */
		if (!h->timed) {
			h->cycle -= !(h->mcountinhibit & 1);
			h->stats.cycles.v[SMODE(priv)]--;
		}
		return HART_DEBUG;
	}
	if (t) {
		if (h->env.trace)
			trace_trap(h, d);
		return HART_TRAPPED;
	}
	return HART_RETIRED;
}

/*
 * Runs @d (its handler's result: 0, 1, as insn_fn) through its table row's
 * handler: one indirect call.
 */
static inline int insn_exec(struct hart *h, const struct insn *d)
{
	return d->desc->exec(h, d);
}

/*
 * A load or store that hart_quick_peek found, to physical address @pa: what
 * its handler does when the page is in the host-pointer tables (hart_load,
 * hart_store), from the data micro-TLB's host page instead. The tables'
 * other way, through the TLB, would find the same page: the micro-TLB's page
 * is in the TLB, its access type checked and its A and D bits set. A store
 * is left to the caller (the timing core), who buffers it as the store hook
 * would.
 */
static inline int quick_access(struct hart *h, const struct insn *d, uint32_t pa)
{
	const uint8_t *p = (const uint8_t *)(h->micro_d.host_pa + pa);
	uint32_t v;

	if (!(d->uses & INSN_MWRITE)) {
		v = host_read(p, d->msize);
		if (!(d->raw & LOAD_UNSIGNED))
			v = d->msize == 1 ? (uint32_t)(int8_t)v
			    : d->msize == 2 ? (uint32_t)(int16_t)v : v;
		h->x[d->rd] = v;
	}
	h->pc += 4;
	return 0;
}

/* run_insn's callers (a constant): the step's, or the quick path's two. */
enum { QUICK_NONE, QUICK_EXEC, QUICK_ACCESS };

/*
 * Executes decoded instruction @d at @pc in mode @priv (@sm: SMODE(@priv));
 * the caller has done fetch and interrupts. @quick: QUICK_EXEC for
 * hart_run_quick's, QUICK_ACCESS for a load or store to @pa made by
 * quick_access, which always retires.
 */
static inline enum hart_event run_insn(struct hart *h, enum priv priv, int sm, uint32_t pc,
				       const struct insn *d, int quick, uint32_t pa)
{
	/* hart_quick_peek finds nothing while a trigger or observer is on (HART_WATCHED). */
	if (!quick && __builtin_expect(h->trig_on, 0)) {
		enum hart_event ev = check_triggers(h, priv, pc, d);

		if (ev != HART_RETIRED)
			return ev;
	}
	if ((quick == QUICK_ACCESS ? quick_access(h, d, pa) : insn_exec(h, d)) == 0) {
		/* The quick path's the core counts, and the hart later (hart_count_quick). */
		if (!quick) {
			h->instret += h->instret_step;
			h->stats.insns.v[sm]++;
		}
		h->x[0] = 0;
		if (!quick && __builtin_expect(h->observed, 0)) {
			if (h->env.bbprof)
				bbprof_retire(h->env.bbprof, h->id, SMODE(priv), pc, d->raw, h->pc);
			if (h->env.trace)
				trace_insn(h, priv, pc, d);
		}
		return HART_RETIRED;
	}
	h->x[0] = 0;
	if (h->env.trace)
		trace_trap(h, d);
	return HART_TRAPPED;
}

enum hart_event hart_step(struct hart *h)
{
	enum priv priv = h->priv;
	uint32_t pc, raw = 0;
	struct insn *d;
	int trapped_before = h->just_trapped;

	if (h->wfi) {
		if (!hart_wakeable(h)) {
			hart_idle(h, 1);
			return HART_WAITING;
		}
		h->wfi = 0;
		hart_attend(h);
	}
	if (__builtin_expect(h->spin != 0, 0)) {
		if (still_spinning(h)) {
			hart_idle(h, 1);
			return HART_SPINNING;
		}
		h->spin = 0;
	}
	if (!h->timed) {
		h->cycle += !(h->mcountinhibit & 1);
		h->stats.cycles.v[SMODE(priv)]++;
	}
	h->just_trapped = 0;
	if (__builtin_expect((hart_mip(h) & h->mie) != 0, 0) && hart_check_interrupts(h)) {
		if (h->env.trace)
			trace_trap(h, NULL);
		return HART_TRAPPED;
	}
	pc = h->pc;
	if (__builtin_expect(h->fetch_page.vpn == pc >> 12, 1)) {
		memcpy(&raw, (const void *)(h->fetch_page.addend + pc), 4);
	} else if (fetch_slow(h, &raw)) {
		if (h->env.trace)
			trace_trap(h, NULL);
		return check_stuck(h, pc, trapped_before);
	}
	d = &h->dcache[(pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];
	h->stats.decode_lookups.v[SMODE(priv)]++;
	if (__builtin_expect(d->raw != raw, 0))
		hart_decode_miss(h, priv, pc, raw, d);
	return run_insn(h, priv, SMODE(priv), pc, d, 0, 0);
}

uint64_t hart_run_fast(struct hart *h, uint64_t n, const struct hart_turn *t)
{
	enum priv priv = h->priv;
	uint32_t pending = hart_mip(h) & h->mie;
	uint64_t *retired = t->retired, i;
	uint64_t limit = t->stop_at < *t->poll_at ? t->stop_at : *t->poll_at;
	int trapped = 0;

	/*
	 * What stays the same through the loop: no instruction in it changes
	 * the privilege, the enables or the triggers (exec_run leaves those to
	 * hart_step, or they trap and end it), and none reaches a device
	 * (data_slow hands such an access back, HART_REDO, for hart_step to
	 * make at its own cycle): so the clock and the retired count need not
	 * be exact inside the loop, only at its end. A trap observer reads the
	 * clock at the trap: it steps one at a time.
	 */
	if (h->timed || h->env.trace || h->env.bbprof || h->trig_on || h->wfi || h->spin ||
	    h->env.on_trap || (pending && hart_takeable(h, pending)) ||
	    t->stop->kind != STOP_NONE)
		return 0;
	/* A step retires one instruction at most: stop at the limit without a compare per step. */
	if (n > (limit > *retired ? limit - *retired : 0))
		n = limit > *retired ? limit - *retired : 0;
	h->in_run = 1;
	i = exec_run(h, n, &trapped);
	h->in_run = 0;
	if (i && !trapped)
		h->just_trapped = 0;	/* a trap's step sets it */
	/* The counters hart_step would have kept, for the steps taken. */
	/* A last step that trapped is a cycle in the old mode, with no instruction. */
	*retired += i - trapped;
	h->instret += (i - trapped) * h->instret_step;
	h->stats.insns.v[SMODE(priv)] += i - trapped;
	if (!(h->mcountinhibit & 1))
		h->cycle += i;
	h->stats.cycles.v[SMODE(priv)] += i;
	h->stats.decode_lookups.v[SMODE(priv)] += i;
	return i;
}

enum hart_event hart_step_peeked(struct hart *h, const struct hart_peek *pk)
{
	/*
	 * Traps, and anything the peek did not see, take the full path. The
	 * hart is timed: it does not spin-detect, and the core counts cycles.
	 */
	if (pk->irq || pk->fetch_fault || h->wfi || h->pc != pk->pc)
		return hart_step(h);
	return hart_run_peeked(h, pk->pc, pk->insn);
}

enum hart_event hart_run_peeked(struct hart *h, uint32_t pc, const struct insn *d)
{
	enum priv priv = h->priv;

	h->just_trapped = 0;
	h->stats.decode_lookups.v[SMODE(priv)]++;	/* hart_peek's, for this instruction */
	return run_insn(h, priv, SMODE(priv), pc, d, 0, 0);
}

enum hart_event hart_run_quick(struct hart *h, uint32_t pc, const struct insn *d, int sm)
{
	enum hart_event ev;

	h->just_trapped = 0;
	ev = run_insn(h, h->priv, sm, pc, d, QUICK_EXEC, 0);
	/* A retired one's decode lookup is counted with it (hart_count_quick). */
	if (ev != HART_RETIRED)
		h->stats.decode_lookups.v[sm]++;
	return ev;
}

/*
 * Inlined into each of the timing core's quick paths (the link sees them
 * whole): with three of them, the cores running ahead the third, the
 * inliner's own choice left it out of line, +1.2 % host instructions.
 */
__attribute__((always_inline)) inline void hart_run_quick_access(struct hart *h, uint32_t pc,
							    const struct insn *d, uint32_t pa, int sm)
{
	h->just_trapped = 0;
	run_insn(h, h->priv, sm, pc, d, QUICK_ACCESS, pa);
}

int hart_take_yield_hint(struct hart *h)
{
	int hint = h->yield_hint;

	h->yield_hint = 0;
	return hint;
}

void hart_watch_page(struct hart *h, uint32_t ppn)
{
	h->env.slow_page = ppn;
	hart_flush_fast(h);
}

void hart_set_bbprof(struct hart *h, struct bbprof *p)
{
	h->env.bbprof = p;
	h->observed = h->env.trace || p;
	hart_attend(h);
}

void hart_set_trap_hook(struct hart *h, void (*fn)(void *ctx, int hart, uint32_t cause,
						    int from_priv))
{
	h->env.on_trap = fn;
}

void hart_count_cycles(struct hart *h, uint64_t cycles, enum priv mode)
{
	if (!(h->mcountinhibit & 1))
		h->cycle += cycles;
	h->stats.cycles.v[SMODE(mode)] += cycles;
}

void hart_count_quick(struct hart *h, uint64_t insns, enum priv mode)
{
	h->instret += insns * h->instret_step;
	h->stats.insns.v[SMODE(mode)] += insns;
	h->stats.decode_lookups.v[SMODE(mode)] += insns;
}

void hart_idle(struct hart *h, uint64_t cycles)
{
	hart_count_cycles(h, cycles, h->priv);
	if (h->spin) {
		/* The jump to itself retires once per cycle. */
		h->instret += cycles * h->instret_step;
		h->stats.insns.v[SMODE(h->priv)] += cycles;
	}
}

uint32_t hart_wake_mask(const struct hart *h)
{
	if (h->wfi)
		return h->mie;
	if (h->spin)
		return hart_takeable(h, ~0u);
	return ~0u;
}

void hart_set_irq(struct hart *h, enum irq irq, int level)
{
	if (level) {
		h->mip_hw |= 1u << irq;
		hart_attend(h);
		if (h->irq_hook)
			h->irq_hook(h->irq_ctx);
	} else {
		h->mip_hw &= ~(1u << irq);
		hart_attend(h);
	}
}

void hart_set_irq_hook(struct hart *h, void (*fn)(void *ctx), void *ctx)
{
	h->irq_hook = fn;
	h->irq_ctx = ctx;
}

int hart_wakeable(const struct hart *h)
{
	return (hart_mip(h) & h->mie) != 0;
}

int hart_id(const struct hart *h) { return h->id; }
uint32_t hart_pc(const struct hart *h) { return h->pc; }
void hart_set_pc(struct hart *h, uint32_t pc) { h->pc = pc & ~3u; hart_flush_fast(h); }
enum priv hart_priv(const struct hart *h) { return h->priv; }
uint32_t hart_reg(const struct hart *h, int r) { return h->x[r & 31]; }
int hart_in_wfi(const struct hart *h) { return h->wfi; }
uint64_t hart_cycles(const struct hart *h) { return h->cycle; }
const char *hart_stuck_reason(const struct hart *h) { return h->stuck; }

uint64_t hart_retired(const struct hart *h)
{
	return mctr_total(&h->stats.insns);
}

void hart_describe_last_trap(const struct hart *h, char *buf, int len)
{
	/* The last trap went to the mode the hart is in, unless it has returned since. */
	int in_s = h->priv == PRIV_S;
	uint32_t cause = in_s ? h->scause : h->mcause, epc = in_s ? h->sepc : h->mepc;
	char where[96];

	if (h->last_trap_vector == ~0u) {
		snprintf(buf, len, "none");
		return;
	}
	symtab_format(h->env.syms, epc, where, sizeof(where));
	snprintf(buf, len, "%s (%s 0x%08x) at %s", cause_name(cause), in_s ? "scause" : "mcause",
		 cause, where);
}
const struct hart_stats *hart_stats(const struct hart *h) { return &h->stats; }

void hart_bind_counters(struct hart *h, const struct stat_group *g, int n)
{
	hpm_bind(&h->hpm, g, n);
}

const struct stat_field hart_stat_fields[] = {
	STAT(struct hart_stats, insns), STAT(struct hart_stats, cycles),
	STAT(struct hart_stats, traps), STAT(struct hart_stats, interrupts),
	STAT(struct hart_stats, itlb_misses), STAT(struct hart_stats, dtlb_misses),
	STAT(struct hart_stats, decode_lookups), STAT(struct hart_stats, decode_misses),
	STAT(struct hart_stats, decode_replaced),
};
const int hart_stat_nfields = sizeof(hart_stat_fields) / sizeof(hart_stat_fields[0]);

void hart_set_reg(struct hart *h, int r, uint32_t v)
{
	if (r > 0 && r < 32)
		h->x[r] = v;
}

const char *priv_name(enum priv p)
{
	static const char *const names[4] = { "U", "S", "?", "M" };

	return names[p & 3];
}

/* Points micro-TLB @u at page @vpn of this epoch, nothing checked yet, unless it is there. */
static void micro_enter(const struct hart *h, struct micro_tlb *u, uint32_t vpn)
{
	if (u->epoch != h->epoch || u->vpn != vpn) {
		u->epoch = h->epoch;
		u->vpn = vpn;
		u->ok = 0;
		u->pmp_page = 0;
	}
}

/* A micro-TLB's fields that follow from the others, after a refill. */
static void micro_settle(const struct hart *h, struct micro_tlb *u)
{
	u->fast = u->ok & u->pmp_page;
	u->fast_ram = u->ram ? u->fast : 0;
	u->fast_vpn[ACC_FETCH] = u->fast_ram & (1u << ACC_FETCH) ? u->vpn : ~0u;
	u->fast_vpn[ACC_LOAD] = u->fast_ram & (1u << ACC_LOAD) ? u->vpn : ~0u;
	u->fast_vpn[ACC_STORE] = u->fast_ram & (1u << ACC_STORE) ? u->vpn : ~0u;
	u->host = u->ram ? memmap_host(h->env.mm, u->ppn << 12) : NULL;
	u->pa_delta = (u->ppn - u->vpn) << 12;
	u->host_pa = (uintptr_t)u->host - ((uintptr_t)u->ppn << 12);
}

/* The memo entry of page @vpn for access @acc (memo_i's, memo_d's: one an access type). */
static struct micro_memo *memo_of(struct hart *h, uint32_t vpn, enum access acc)
{
	if (acc == ACC_FETCH)
		return &h->memo_i[vpn % MICRO_MEMO];
	return &h->memo_d[(vpn * 2 + (acc == ACC_STORE)) % (2 * MICRO_MEMO)];
}

/*
 * The micro-TLB refill of @u for @va that a memo entry answers, if any: its
 * page checked for @acc in this epoch, and the TLB unchanged since, so a TLB
 * lookup would hit the same entry and PMP and the memory map say the same.
 * @u is left settled. A page entered afresh is the memo's image, copied.
 */
static int refill_from_memo(struct hart *h, struct micro_tlb *u, const struct micro_memo *mm,
			    const struct tlb *tlb, uint32_t va, enum access acc)
{
	uint8_t bit = (uint8_t)(1u << acc);

	if (mm->u.epoch != h->epoch || mm->tlb_gen != tlb->gen || mm->u.vpn != va >> 12 ||
	    !(mm->u.ok & bit))
		return 0;
	if (u->epoch != h->epoch || u->vpn != va >> 12) {
		*u = mm->u;
		return 1;
	}
	u->ppn = mm->u.ppn;
	u->guard = mm->u.guard;
	u->update = mm->u.update;
	u->ok |= bit;
	u->ram = mm->u.ram;
	u->pmp_page |= mm->u.pmp_page;
	micro_settle(h, u);
	return 1;
}

/*
 * Records a refill of @u for @acc in @mm: the micro-TLB as the refill would
 * leave it had it entered the page afresh (checked for @acc only), settled.
 */
static void memo_refill(const struct hart *h, struct micro_memo *mm, const struct micro_tlb *u,
			const struct tlb *tlb, enum access acc)
{
	uint8_t bit = (uint8_t)(1u << acc);

	mm->u = *u;
	mm->u.ok = bit;
	mm->u.pmp_page = u->pmp_page & bit;
	micro_settle(h, &mm->u);
	mm->tlb_gen = tlb->gen;
}

/*
 * Translation for hart_peek through a one-entry micro-TLB: the TLB is looked
 * up only when the page (or the access type) changes. Every TLB fill passes
 * through here first, so the micro-TLB's page is always in the TLB and the
 * miss counts are those of the TLB itself. 0, or 1 when the access traps.
 */
static COLD int peek_translate_slow(struct hart *h, uint32_t va, enum access acc, uint32_t *pa,
				    uint8_t *lookup, uint8_t *walk, uint32_t pte[2])
{
	int fetch = acc == ACC_FETCH;
	struct micro_tlb *u = fetch ? &h->micro_i : &h->micro_d;
	const struct tlb *tlb = fetch ? &h->itlb : &h->dtlb;
	struct micro_memo *mm = memo_of(h, va >> 12, acc);
	enum priv eff = h->priv;

	if (acc != ACC_FETCH && eff == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		eff = (enum priv)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
	if (u->epoch == h->epoch && u->vpn == va >> 12 && (u->ok & (1u << acc))) {
		*lookup = 0;
		*walk = 0;
	} else if (refill_from_memo(h, u, mm, tlb, va, acc)) {
		*lookup = 1;	/* the TLB lookup the memo stands for: a hit */
		*walk = 0;
	} else {
		int cause = mmu_translate(h, va, acc, pa);

		*lookup = 1;
		*walk = (uint8_t)h->walk_n;
		pte[0] = h->walk_pte[0];
		pte[1] = h->walk_pte[1];
		if (cause >= 0)
			return 1;
		micro_enter(h, u, va >> 12);
		u->ppn = *pa >> 12;
		/* Guarded prefetching: PTE bit 8 on the page, or mpfctl without translation. */
		u->guard = h->last_rsw == PTE_RSW_BARE ? (h->mpfctl & MPFCTL_GUARD) != 0
						       : (h->last_rsw & 1);
		/* Selective update: PTE bit 9, or mpfctl's range without translation. */
		u->update = h->last_rsw == PTE_RSW_BARE
				    ? (h->mpfctl & MPFCTL_UPDATE) && *pa >= h->mupdbase &&
					      *pa < h->mupdlimit
				    : (h->last_rsw >> 1) & 1;
		u->ok |= (uint8_t)(1u << acc);
		u->ram = memmap_is_ram(h->env.mm, u->ppn << 12, PAGE_SIZE) &&
			 u->ppn != h->env.slow_page;
		if (pmp_allows(h, u->ppn << 12, PAGE_SIZE, acc, eff))
			u->pmp_page |= (uint8_t)(1u << acc);
		memo_refill(h, mm, u, tlb, acc);
	}
	micro_settle(h, u);
	*pa = (u->ppn << 12) | (va & 0xfff);
	if (u->pmp_page & (1u << acc))
		return 0;
	return !pmp_allows(h, *pa, acc == ACC_FETCH ? 4 : 1, acc, eff);
}

/*
 * hart_quick_refill's part for the micro-TLB of access @acc and @va's page:
 * 1 when it holds the page as fast RAM for @acc, refilled from the memo if
 * need be (then *@lookups gains @lookup_bit); else 0.
 */
static int quick_refill_one(struct hart *h, uint32_t va, enum access acc, unsigned lookup_bit,
			    unsigned *lookups)
{
	int fetch = acc == ACC_FETCH;
	struct micro_tlb *u = fetch ? &h->micro_i : &h->micro_d;
	uint8_t bit = (uint8_t)(1u << acc);

	if (u->fast_vpn[acc] == va >> 12)
		return 1;
	/* Held already, but not as fast RAM: peek_translate_slow looks nothing up then. */
	if (u->epoch == h->epoch && u->vpn == va >> 12 && (u->ok & bit))
		return 0;
	if (!refill_from_memo(h, u, memo_of(h, va >> 12, acc), fetch ? &h->itlb : &h->dtlb, va,
			      acc))
		return 0;
	*lookups |= lookup_bit;
	return (u->fast_ram & bit) != 0;
}

/* hart_peek's translations, in its order and under its conditions, as far as the memos answer. */
unsigned hart_quick_refill(struct hart *h)
{
	uint32_t pc = h->pc, mip = hart_mip(h), raw, va;
	unsigned lookups = 0;
	const struct insn *d;

	/* In WFI the core may sleep without a peek; with an interrupt hart_peek translates nothing. */
	if (h->wfi || ((mip & h->mie) && hart_takeable(h, mip)))
		return 0;
	if (!quick_refill_one(h, pc, ACC_FETCH, 1, &lookups))
		return lookups;
	memcpy(&raw, h->micro_i.host + (pc & 0xfff), 4);
	d = &h->dcache[(pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];
	/* A decode cache miss: hart_peek decodes, then translates (and counts) the data's. */
	if (d->raw != raw || !d->msize)
		return lookups;
	va = h->x[d->src1] + (uint32_t)d->imm;
	if (va & (d->msize - 1u))
		return lookups;	/* misaligned: no translation */
	quick_refill_one(h, va, d->uses & INSN_MWRITE ? ACC_STORE : ACC_LOAD, 2, &lookups);
	return lookups;
}

static inline int peek_translate(struct hart *h, uint32_t va, enum access acc, uint32_t *pa,
				 uint8_t *lookup, uint8_t *walk, uint32_t pte[2])
{
	struct micro_tlb *u = acc == ACC_FETCH ? &h->micro_i : &h->micro_d;

	/*
	 * The common case: same page (a flush empties the micro-TLBs), access
	 * type checked, PMP clear for the page.
	 */
	if (__builtin_expect(u->vpn == va >> 12 && (u->fast & (1u << acc)), 1)) {
		*pa = (u->ppn << 12) | (va & 0xfff);
		return 0;	/* *lookup and *walk stay 0: hart_peek cleared them */
	}
	return peek_translate_slow(h, va, acc, pa, lookup, walk, pte);
}

void hart_peek(struct hart *h, struct hart_peek *pk)
{
	const struct insn *d;
	uint32_t raw;

	pk->pc = h->pc;
	pk->mem = 0;
	pk->tlb = 0;
	if (__builtin_expect((hart_mip(h) & h->mie) != 0, 0) && hart_takeable(h, hart_mip(h))) {
		pk->irq = 1;
		pk->fetch_fault = 0;
		pk->rs1 = pk->rs2 = pk->rd = 0;
		pk->cls = IC_ALU;
		return;
	}
	pk->irq = 0;
	if (peek_translate(h, h->pc, ACC_FETCH, &pk->fetch_pa, &pk->itlb_lookup, &pk->itlb_walk,
			   pk->ipte) ||
	    (!h->micro_i.ram && !memmap_is_ram(h->env.mm, pk->fetch_pa, 4))) {
		pk->fetch_fault = 1;
		pk->rs1 = pk->rs2 = pk->rd = 0;
		pk->cls = IC_ALU;
		return;
	}
	pk->fetch_fault = 0;
	pk->guard_en = h->micro_i.guard;
	memcpy(&raw, memmap_host(h->env.mm, pk->fetch_pa), 4);
	d = &h->dcache[(h->pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];
	/* The lookup is counted when the instruction runs (hart_step_peeked). */
	if (d->raw != raw)
		hart_decode_miss(h, h->priv, h->pc, raw, (struct insn *)d);
	pk->raw = raw;
	h->held = *d;
	pk->insn = &h->held;
	pk->timing = d->timing;
	if (!d->msize)
		return;
	pk->mem = 1;
	pk->mem_fault = 0;
	pk->mmio = 0;
	pk->write = (d->uses & INSN_MWRITE) != 0;
	pk->size = d->msize;
	pk->va = h->x[d->src1] + (uint32_t)d->imm;
	if (pk->va & (pk->size - 1u)) {
		pk->mem_fault = 1;
		return;
	}
	if (peek_translate(h, pk->va, pk->write ? ACC_STORE : ACC_LOAD, &pk->pa, &pk->dtlb_lookup,
			   &pk->dtlb_walk, pk->dpte)) {
		pk->mem_fault = 1;
		return;
	}
	pk->update = h->micro_d.update;
	pk->mmio = !h->micro_d.ram && (!memmap_is_ram(h->env.mm, pk->pa, pk->size) ||
					(pk->pa >> 12) == h->env.slow_page);
	if (pk->mmio && pk->cls == IC_AMO)
		pk->mem_fault = 1;	/* atomics to devices fault */
}

int hart_quick_redecode(struct hart *h)
{
	const struct micro_tlb *ui = &h->micro_i;
	uint32_t pc = h->pc, raw;
	struct insn *d = &h->dcache[(pc >> 2) & (DECODE_CACHE_ENTRIES - 1)];

	if (ui->fast_vpn[ACC_FETCH] != pc >> 12)
		return 0;
	memcpy(&raw, (const void *)(ui->host_pa + pc + ui->pa_delta), 4);
	if (d->raw == raw)
		return 0;
	hart_decode_miss(h, h->priv, pc, raw, d);
	return 1;
}

void hart_set_timed(struct hart *h, int on)
{
	h->timed = on;
	h->spin_detect = !on && h->env.trace == NULL;
	h->spin = 0;
}
