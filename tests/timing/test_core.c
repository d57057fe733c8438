// SPDX-License-Identifier: MIT
/*
 * The in-order core around a real hart (the unit-test rig) inside the whole
 * timing model (timing_init with one core). The caches are warmed first by
 * direct L1 accesses with the core not yet stepping, so each test sees only
 * the cost it is about: one cycle per instruction, then load-use, mul/div,
 * mispredictions, serialisation, page walks and a full write buffer, each
 * charged to its stall counter. Costs come from the configuration.
 */
#include "tsys.h"

#include <stdlib.h>

#include "sys/timing.h"

#define MAXRET	64

struct ct {
	struct rig *r;
	struct config cfg;
	struct timing *t;
	struct core *c;
	uint64_t now;			/* next cycle to run */
	uint64_t start;			/* first cycle the core steps */
	uint64_t retire[MAXRET];	/* cycle of each retirement */
	int n;
	struct core_stats base;		/* counters when the core started */
};

#define CD(x, f)	(mctr_total(&(x)->c->stats.f) - mctr_total(&(x)->base.f))

static struct ct *ct_new(struct rig *r, const struct config *cfg)
{
	struct ct *x = calloc(1, sizeof(*x));

	assert_non_null(x);
	x->r = r;
	if (cfg)
		x->cfg = *cfg;
	else
		config_defaults(&x->cfg);
	x->t = calloc(1, sizeof(*x->t));
	assert_non_null(x->t);
	assert_int_equal(timing_init(x->t, &x->cfg, &r->h, 1, &r->mm), 0);
	x->c = &x->t->core[0];
	return x;
}

static void ct_free(struct ct *x)
{
	timing_free(x->t);
	free(x->t);
	free(x);
}

/* Places instruction @i of the program at CODE + 4 * @i. */
static void put(struct ct *x, int i, uint32_t insn)
{
	rig_put(x->r, CODE + 4 * (uint32_t)i, insn);
}

/* Brings @addr's line into @l1 (and the L2) with only the memory system running. */
static void warm(struct ct *x, struct l1 *l1, uint32_t addr)
{
	struct timing *t = x->t;

	l1_access(l1, addr, 0, x->now);
	while (t->events.n || t->bus.queued) {
		assert_true(x->now < 100000);
		eventq_run(&t->events, x->now);
		if (bus_next(&t->bus, x->now) <= x->now)
			bus_tick(&t->bus, x->now);
		x->now++;
	}
	assert_non_null(carray_find(&l1->ctl.arr, carray_line(&l1->ctl.arr, addr)));
}

/* Warms the L1I over @n instructions from CODE, and the line after (fetched ahead). */
static void warm_code(struct ct *x, int n)
{
	for (uint32_t a = CODE; a < CODE + 4 * (uint32_t)n + x->cfg.l1i.line; a += x->cfg.l1i.line)
		warm(x, x->c->l1i, a);
}

/* Runs the core until @n more instructions retired. */
static void run(struct ct *x, int n)
{
	uint64_t limit = x->now + 100000;

	if (x->n == 0 && x->start == 0) {
		x->start = x->now;
		x->base = x->c->stats;
	}
	n += x->n;
	assert_true(n <= MAXRET);
	while (x->n < n) {
		assert_true(x->now < limit);
		if (timing_cycle(x->t, x->now))
			x->retire[x->n++] = x->now;
		x->now++;
	}
}

/* Cycles between retirement @i - 1 and @i. */
static uint64_t gap(struct ct *x, int i)
{
	return x->retire[i] - x->retire[i - 1];
}

static uint64_t all_stalls(struct ct *x)
{
	return CD(x, stall_imiss) + CD(x, stall_dmiss) + CD(x, stall_bus) + CD(x, stall_branch) +
	       CD(x, stall_muldiv) + CD(x, stall_hazard) + CD(x, stall_tlb) + CD(x, stall_serial) +
	       CD(x, stall_wb) + CD(x, stall_mmio) + CD(x, idle);
}

/* ---- the base rate ---------------------------------------------------------------- */

static void test_core_straight_line_alu_is_one_cycle_per_instruction(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const int n = 20;	/* across three L1I lines */

	for (int i = 0; i < n; i++)
		put(x, i, i % 3 ? ADD(5, 5, 6) : ADDI(6, 5, i));	/* back-to-back dependences */
	warm_code(x, n);
	run(x, n);
	assert_int_equal(x->retire[0], x->start);
	for (int i = 1; i < n; i++)
		assert_int_equal(gap(x, i), 1);
	assert_int_equal(all_stalls(x), 0);
	assert_int_equal(CD(x, insns), n);
	ct_free(x);
}

static void test_core_cold_fetch_waits_for_the_memory_read(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const struct config *c = &x->cfg;
	uint64_t ready = c->l1i.latency + c->l2.latency, grant = up(ready, c->bus.clock_div);

	put(x, 0, NOP);
	run(x, 1);
	assert_int_equal(x->start, 0);
	assert_int_equal(x->retire[0], bus_mem_end(c, grant));
	/* the bus wait is charged apart from the rest of the miss */
	assert_int_equal(CD(x, stall_bus), grant - ready);
	assert_int_equal(CD(x, stall_imiss), bus_mem_end(c, grant) - (grant - ready));
	assert_int_equal(all_stalls(x), x->retire[0]);
	ct_free(x);
}

/* ---- data hazards and long-latency units ------------------------------------------ */

static void load_use(void **state, uint32_t load_use)
{
	struct config cfg;
	struct ct *x;

	config_defaults(&cfg);
	cfg.core.load_use = load_use;
	x = ct_new(*state, &cfg);
	hart_set_reg(x->r->h, 1, DATA);
	put(x, 0, LW(5, 1, 0));
	put(x, 1, ADD(6, 5, 5));	/* uses the loaded value */
	put(x, 2, ADDI(7, 0, 1));
	warm_code(x, 3);
	warm(x, x->c->l1d, DATA);
	run(x, 3);
	assert_int_equal(x->retire[0], x->start);	/* an L1D hit */
	assert_int_equal(gap(x, 1), 1 + load_use);
	assert_int_equal(gap(x, 2), 1);
	assert_int_equal(CD(x, stall_hazard), load_use);
	assert_int_equal(all_stalls(x), load_use);
	ct_free(x);
}

static void test_core_load_use_costs_core_load_use(void **state)
{
	load_use(state, 1);
}

static void test_core_load_use_follows_the_configuration(void **state)
{
	load_use(state, 3);
}

static void test_core_independent_instruction_after_a_load_does_not_wait(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	hart_set_reg(x->r->h, 1, DATA);
	put(x, 0, LW(5, 1, 0));
	put(x, 1, ADD(6, 7, 7));
	warm_code(x, 2);
	warm(x, x->c->l1d, DATA);
	run(x, 2);
	assert_int_equal(gap(x, 1), 1);
	assert_int_equal(all_stalls(x), 0);
	ct_free(x);
}

static void test_core_multiply_occupies_execute_for_mul_latency(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	put(x, 0, MUL(5, 1, 2));
	put(x, 1, ADD(6, 5, 5));	/* its result is ready when execute frees */
	put(x, 2, MULHU(7, 1, 2));
	put(x, 3, ADDI(8, 0, 1));	/* independent, still waits for execute */
	warm_code(x, 4);
	run(x, 4);
	assert_int_equal(gap(x, 1), x->cfg.core.mul_latency);
	assert_int_equal(gap(x, 2), 1);
	assert_int_equal(gap(x, 3), x->cfg.core.mul_latency);
	assert_int_equal(CD(x, stall_muldiv), 2 * (x->cfg.core.mul_latency - 1));
	assert_int_equal(all_stalls(x), CD(x, stall_muldiv));
	ct_free(x);
}

static void test_core_divide_occupies_execute_for_div_latency(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	hart_set_reg(x->r->h, 2, 3);
	put(x, 0, DIV(5, 1, 2));
	put(x, 1, ADDI(6, 0, 1));
	put(x, 2, REMU(7, 1, 2));
	put(x, 3, ADDI(8, 0, 1));
	warm_code(x, 4);
	run(x, 4);
	assert_int_equal(gap(x, 1), x->cfg.core.div_latency);
	assert_int_equal(gap(x, 3), x->cfg.core.div_latency);
	assert_int_equal(CD(x, stall_muldiv), 2 * (x->cfg.core.div_latency - 1));
	assert_int_equal(all_stalls(x), CD(x, stall_muldiv));
	ct_free(x);
}

/* ---- control transfers and serialisation ------------------------------------------ */

static void test_core_mispredicted_branch_costs_core_mispredict(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	assert_int_equal(x->cfg.core.bpred, BPRED_BTFN);
	put(x, 0, BEQ(0, 0, 8));	/* forward and taken: btfn predicted not taken */
	put(x, 1, EBREAK);		/* skipped */
	put(x, 2, NOP);
	warm_code(x, 3);
	run(x, 2);
	assert_int_equal(hart_pc(x->r->h), CODE + 12);
	assert_int_equal(gap(x, 1), 1 + x->cfg.core.mispredict);
	assert_int_equal(CD(x, stall_branch), x->cfg.core.mispredict);
	assert_int_equal(CD(x, mispredicts), 1);
	assert_int_equal(CD(x, branches), 1);
	assert_int_equal(all_stalls(x), x->cfg.core.mispredict);
	ct_free(x);
}

static void test_core_predicted_taken_branch_costs_the_taken_bubble(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	put(x, 0, NOP);
	put(x, 2, BEQ(0, 0, -8));	/* backward and taken: predicted, target from decode */
	x->r->h->pc = CODE + 8;
	warm_code(x, 3);
	run(x, 2);
	assert_int_equal(gap(x, 1), 1 + x->cfg.core.taken_bubble);
	assert_int_equal(CD(x, stall_branch), x->cfg.core.taken_bubble);
	assert_int_equal(CD(x, mispredicts), 0);
	ct_free(x);
}

static void test_core_predicted_not_taken_branch_costs_nothing(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	put(x, 0, BNE(0, 0, 8));	/* forward, not taken */
	put(x, 1, NOP);
	warm_code(x, 2);
	run(x, 2);
	assert_int_equal(gap(x, 1), 1);
	assert_int_equal(CD(x, branches), 1);
	assert_int_equal(all_stalls(x), 0);
	ct_free(x);
}

static void test_core_bimodal_btb_hit_removes_the_bubble(void **state)
{
	struct config cfg;
	struct ct *x;

	config_defaults(&cfg);
	cfg.core.bpred = BPRED_BIMODAL;
	x = ct_new(*state, &cfg);
	/* a two-instruction loop: jal back to the nop, twice round */
	put(x, 0, NOP);
	put(x, 1, JAL(0, -4));
	warm_code(x, 2);
	run(x, 4);
	assert_int_equal(gap(x, 2), 1 + cfg.core.taken_bubble);	/* first jal: no BTB entry */
	assert_int_equal(gap(x, 3), 1);
	run(x, 2);
	assert_int_equal(gap(x, 4), 1);				/* second jal: BTB hit */
	assert_int_equal(CD(x, stall_branch), cfg.core.taken_bubble);
	ct_free(x);
}

static void test_core_csr_write_serialises(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	put(x, 0, CSRRW(0, CSR_MSCRATCH, 1));
	put(x, 1, NOP);
	warm_code(x, 2);
	run(x, 2);
	assert_int_equal(gap(x, 1), 1 + x->cfg.core.serialize);
	assert_int_equal(CD(x, stall_serial), x->cfg.core.serialize);
	assert_int_equal(all_stalls(x), x->cfg.core.serialize);
	ct_free(x);
}

static void test_core_csr_read_does_not_serialise(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	put(x, 0, CSRRS(5, CSR_MSCRATCH, 0));
	put(x, 1, CSRRSI(6, CSR_MSCRATCH, 0));
	put(x, 2, NOP);
	warm_code(x, 3);
	run(x, 3);
	assert_int_equal(gap(x, 1), 1);
	assert_int_equal(gap(x, 2), 1);
	assert_int_equal(all_stalls(x), 0);
	ct_free(x);
}

/* ---- page walks --------------------------------------------------------------------- */

#define PTE_V	0x01u
#define PTE_R	0x02u
#define PTE_W	0x04u
#define PTE_X	0x08u
#define PTE_A	0x40u
#define PTE_D	0x80u
#define ROOT	(RAM_BASE + 0x100000)
#define L0	(RAM_BASE + 0x101000)
#define DVA	0x40000000u

static uint32_t pte(uint32_t pa, uint32_t flags)
{
	return (pa >> 12) << 10 | flags;
}

/* Sv32 in S-mode: CODE's megapage identity-mapped, DVA's 4 KiB page onto DATA. */
static void paging_on(struct rig *r)
{
	struct hart *h = r->h;

	rig_put(r, ROOT + 4 * (CODE >> 22), pte(CODE, PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D));
	rig_put(r, ROOT + 4 * (DVA >> 22), pte(L0, PTE_V));
	rig_put(r, L0 + 4 * ((DVA >> 12) & 0x3ff), pte(DATA, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D));
	h->satp = 0x80000000u | ROOT >> 12;
	rig_open_pmp(h);
	rig_set_priv(h, PRIV_S);
}

/* Every PTE line in the L1D, so a walk costs l1d.latency per read. */
static void warm_ptes(struct ct *x)
{
	warm(x, x->c->l1d, ROOT + 4 * (CODE >> 22));
	warm(x, x->c->l1d, ROOT + 4 * (DVA >> 22));
	warm(x, x->c->l1d, L0 + 4 * ((DVA >> 12) & 0x3ff));
	warm(x, x->c->l1d, DATA);
}

static void test_core_itlb_miss_costs_its_page_walk_read(void **state)
{
	struct rig *r = *state;
	struct ct *x;

	paging_on(r);
	x = ct_new(r, NULL);
	put(x, 0, NOP);
	put(x, 1, NOP);
	warm_code(x, 2);
	warm_ptes(x);
	run(x, 2);
	/* a megapage: one PTE read through the L1D */
	assert_int_equal(x->retire[0], x->start + x->cfg.l1d.latency);
	assert_int_equal(gap(x, 1), 1);
	assert_int_equal(CD(x, itlb_misses), 1);
	assert_int_equal(CD(x, stall_tlb), x->cfg.l1d.latency);
	assert_int_equal(all_stalls(x), x->cfg.l1d.latency);
	ct_free(x);
}

static void test_core_dtlb_miss_costs_its_page_walk_reads(void **state)
{
	struct rig *r = *state;
	struct ct *x;
	uint32_t lat;

	paging_on(r);
	hart_set_reg(r->h, 1, DVA);
	x = ct_new(r, NULL);
	lat = x->cfg.l1d.latency;
	put(x, 0, NOP);
	put(x, 1, LW(5, 1, 0));		/* D-TLB miss: a two-level walk */
	put(x, 2, NOP);
	put(x, 3, LW(6, 1, 4));		/* the same page: no walk */
	put(x, 4, NOP);
	warm_code(x, 5);
	warm_ptes(x);
	run(x, 5);
	assert_int_equal(gap(x, 1), 1 + 2 * lat);
	assert_int_equal(gap(x, 2), 1);
	assert_int_equal(gap(x, 3), 1);
	assert_int_equal(gap(x, 4), 1);
	assert_int_equal(CD(x, dtlb_misses), 1);
	assert_int_equal(CD(x, itlb_misses), 1);
	/* one I-side read (the megapage) and two D-side reads */
	assert_int_equal(CD(x, stall_tlb), 3 * lat);
	assert_int_equal(all_stalls(x), 3 * lat);
	ct_free(x);
}

/* ---- the write buffer --------------------------------------------------------------- */

/* DATA's line in the L2 (E) but not in the L1D: a store to it drains after an L2 hit. */
static void data_in_l2_only(struct ct *x)
{
	warm(x, x->c->l1d, DATA);
	warm(x, x->c->l1d, DATA + x->cfg.l1d.size / x->cfg.l1d.ways);
	assert_null(carray_find(&x->c->l1d->ctl.arr, carray_line(&x->c->l1d->ctl.arr, DATA)));
}

static void test_core_full_write_buffer_stalls_the_next_store(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const struct config *c = &x->cfg;
	int wb = (int)c->core.wb_entries;
	uint64_t s, fill;

	hart_set_reg(x->r->h, 1, DATA);
	for (int i = 0; i <= wb; i++)
		put(x, i, SW(0, 1, 4 * i));
	put(x, wb + 1, NOP);
	warm_code(x, wb + 2);
	data_in_l2_only(x);
	run(x, wb + 2);
	s = x->retire[0];
	/* the buffer fills one store per cycle; the first drains from cycle s + 1 and
	 * owns its line l1d.latency + l2.latency later */
	fill = s + 1 + c->l1d.latency + c->l2.latency;
	assert_true(fill > s + (uint64_t)wb);
	for (int i = 1; i < wb; i++)
		assert_int_equal(gap(x, i), 1);
	assert_int_equal(x->retire[wb], fill);
	assert_int_equal(gap(x, wb + 1), 1);
	assert_int_equal(CD(x, stall_wb), fill - (s + (uint64_t)wb));
	assert_int_equal(all_stalls(x), fill - (s + (uint64_t)wb));
	assert_int_equal(CD(x, stores), wb + 1);
	ct_free(x);
}

static void test_core_load_of_a_buffered_store_waits_for_it_to_drain(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const struct config *c = &x->cfg;
	uint64_t fill;

	hart_set_reg(x->r->h, 1, DATA);
	hart_set_reg(x->r->h, 2, 0x1234);
	put(x, 0, SW(2, 1, 0));
	put(x, 1, LW(5, 1, 0));
	warm_code(x, 2);
	data_in_l2_only(x);
	run(x, 2);
	fill = x->retire[0] + 1 + c->l1d.latency + c->l2.latency;
	assert_int_equal(x->retire[1], fill);
	assert_int_equal(CD(x, stall_wb), fill - x->retire[0] - 1);
	assert_int_equal(hart_reg(x->r->h, 5), 0x1234);	/* it saw the store */
	ct_free(x);
}

/*
 * A store into the code two instructions ahead, its line not owned by the
 * L1D: that fetch waits for the store to drain and runs the new word, as in
 * functional mode (without the wait it ran the old word whenever the drain
 * was slow).
 */
static void test_core_fetch_of_a_buffered_store_waits_for_it_to_drain(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const struct config *c = &x->cfg;
	uint64_t waited;

	hart_set_reg(x->r->h, 1, CODE + 8);
	hart_set_reg(x->r->h, 2, ADDI(5, 0, 7));
	put(x, 0, SW(2, 1, 0));
	put(x, 1, NOP);
	put(x, 2, ADDI(5, 0, 1));	/* the word the store replaces */
	put(x, 3, NOP);
	warm_code(x, 4);
	run(x, 4);
	assert_int_equal(gap(x, 1), 1);
	/* the store drains from the cycle after it retired, once its line is owned */
	assert_int_equal(x->retire[2], x->retire[0] + 1 + c->l1d.latency + c->l2.latency);
	waited = gap(x, 2) - 1;
	assert_int_equal(CD(x, stall_wb), waited);
	assert_int_equal(all_stalls(x), waited);
	assert_int_equal(hart_reg(x->r->h, 5), 7);	/* the new word ran */
	assert_int_equal(gap(x, 3), 1);
	ct_free(x);
}

/* Runs @n cycles in which nothing may retire. */
static void run_idle(struct ct *x, int n)
{
	for (int i = 0; i < n; i++)
		assert_int_equal(timing_cycle(x->t, x->now++), 0);
}

static void test_core_write_buffer_drains_while_execute_is_busy(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const struct config *c = &x->cfg;
	uint64_t fill, div_done;
	uint32_t word;

	hart_set_reg(x->r->h, 1, DATA);
	hart_set_reg(x->r->h, 2, 0x1234);
	hart_set_reg(x->r->h, 7, 3);
	put(x, 0, SW(2, 1, 0));
	put(x, 1, DIV(5, 6, 7));
	put(x, 2, NOP);
	warm_code(x, 3);
	data_in_l2_only(x);
	run(x, 2);
	/* The store's line comes while the divide still occupies execute. */
	fill = x->retire[0] + 1 + c->l1d.latency + c->l2.latency;
	div_done = x->retire[1] + c->core.div_latency;
	assert_true(fill + 1 < div_done);
	run_idle(x, (int)(fill + 1 - x->now));
	assert_int_equal(memmap_read(&x->r->mm, DATA, 4, &word), 0);
	assert_int_equal(word, 0x1234);	/* drained on the fill, not after the divide */
	run(x, 1);
	assert_int_equal(x->retire[2], div_done);
	ct_free(x);
}

/* ---- WFI ------------------------------------------------------------------------ */

static void test_core_wfi_sleeps_until_an_enabled_interrupt_line_rises(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	struct hart *h = x->r->h;
	uint64_t raised;

	/* mstatus.MIE stays 0: the interrupt ends the WFI without being taken. */
	put(x, 0, ADDI(5, 0, 1 << IRQ_MTI));
	put(x, 1, CSRRW(0, CSR_MIE, 5));
	put(x, 2, WFI);
	put(x, 3, NOP);
	warm_code(x, 4);
	run(x, 3);
	run_idle(x, 100);
	assert_true(core_idle(x->c));
	hart_set_irq(h, IRQ_MEI, 1);	/* a line mie does not enable: it sleeps on */
	run_idle(x, 100);
	assert_true(core_idle(x->c));
	raised = x->now;
	hart_set_irq(h, IRQ_MTI, 1);
	run(x, 1);
	assert_int_equal(x->retire[3], raised);	/* it runs in the very next cycle */
	assert_int_equal(CD(x, idle), raised - x->retire[2] - 1);
	assert_false(core_idle(x->c));
	ct_free(x);
}

/* ---- LR/SC: holds and failing SCs ------------------------------------------------ */

static void test_core_lr_takes_its_line_owned_and_holds_it_until_the_sc(void **state)
{
	struct ct *x = ct_new(*state, NULL);

	hart_set_reg(x->r->h, 1, DATA);
	put(x, 0, LR_W(5, 1));
	put(x, 1, ADDI(5, 5, 1));
	put(x, 2, SC_W(6, 5, 1));
	put(x, 3, NOP);
	warm_code(x, 4);
	warm(x, x->c->l1d, DATA);		/* shared-clean (E) from a read */
	run(x, 1);				/* the LR: it needs ownership (clean) */
	assert_int_equal(carray_find(&x->c->l1d->ctl.arr, carray_line(&x->c->l1d->ctl.arr, DATA))->state,
			 LINE_E);
	assert_int_equal(x->t->bus.arb.q.held, 1u << x->c->agent);
	run(x, 1);
	assert_int_equal(x->t->bus.arb.q.held, 1u << x->c->agent);	/* held until the SC */
	run(x, 1);
	assert_int_equal(hart_reg(x->r->h, 6), 0);			/* the SC succeeded */
	assert_int_equal(x->t->bus.arb.q.held, 0);
	ct_free(x);
}

static void test_core_lr_hold_ends_after_the_constrained_loop_length(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	const int n = LR_HOLD_INSNS;

	hart_set_reg(x->r->h, 1, DATA);
	put(x, 0, LR_W(5, 1));
	for (int i = 1; i <= n + 1; i++)
		put(x, i, NOP);
	warm_code(x, n + 2);
	warm(x, x->c->l1d, DATA);
	run(x, n);				/* the LR and n - 1 more */
	assert_int_equal(x->t->bus.arb.q.held, 1u << x->c->agent);
	run(x, 1);				/* the n-th instruction after the LR */
	assert_int_equal(x->t->bus.arb.q.held, 0);
	ct_free(x);
}

static void test_core_sc_without_a_reservation_fails_without_touching_the_l1d(void **state)
{
	struct ct *x = ct_new(*state, NULL);
	uint64_t accesses;

	hart_set_reg(x->r->h, 1, DATA);
	hart_set_reg(x->r->h, 5, 7);
	put(x, 0, SC_W(6, 5, 1));		/* no LR before it */
	put(x, 1, NOP);
	warm_code(x, 2);
	accesses = mctr_total(&x->c->l1d->stats.accesses);
	run(x, 2);
	assert_int_not_equal(hart_reg(x->r->h, 6), 0);	/* it failed */
	assert_int_equal(mctr_total(&x->c->l1d->stats.accesses), accesses);	/* no line asked for */
	assert_int_equal(x->t->bus.queued, 0);
	assert_int_equal(gap(x, 1), 1);
	ct_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RIG_TEST(test_core_straight_line_alu_is_one_cycle_per_instruction),
		RIG_TEST(test_core_cold_fetch_waits_for_the_memory_read),
		RIG_TEST(test_core_load_use_costs_core_load_use),
		RIG_TEST(test_core_load_use_follows_the_configuration),
		RIG_TEST(test_core_independent_instruction_after_a_load_does_not_wait),
		RIG_TEST(test_core_multiply_occupies_execute_for_mul_latency),
		RIG_TEST(test_core_divide_occupies_execute_for_div_latency),
		RIG_TEST(test_core_mispredicted_branch_costs_core_mispredict),
		RIG_TEST(test_core_predicted_taken_branch_costs_the_taken_bubble),
		RIG_TEST(test_core_predicted_not_taken_branch_costs_nothing),
		RIG_TEST(test_core_bimodal_btb_hit_removes_the_bubble),
		RIG_TEST(test_core_csr_write_serialises),
		RIG_TEST(test_core_csr_read_does_not_serialise),
		RIG_TEST(test_core_itlb_miss_costs_its_page_walk_read),
		RIG_TEST(test_core_dtlb_miss_costs_its_page_walk_reads),
		RIG_TEST(test_core_full_write_buffer_stalls_the_next_store),
		RIG_TEST(test_core_load_of_a_buffered_store_waits_for_it_to_drain),
		RIG_TEST(test_core_fetch_of_a_buffered_store_waits_for_it_to_drain),
		RIG_TEST(test_core_write_buffer_drains_while_execute_is_busy),
		RIG_TEST(test_core_wfi_sleeps_until_an_enabled_interrupt_line_rises),
		RIG_TEST(test_core_lr_takes_its_line_owned_and_holds_it_until_the_sc),
		RIG_TEST(test_core_lr_hold_ends_after_the_constrained_loop_length),
		RIG_TEST(test_core_sc_without_a_reservation_fails_without_touching_the_l1d),
	};

	return UNIT_RUN("core", tests);
}
