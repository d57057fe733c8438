// SPDX-License-Identifier: MIT
/*
 * The snooping bus with mock agents: round-robin arbitration among agents
 * with ready requests, and how long each kind of transaction holds the bus
 * (grant at a bus clock edge; arbitration, snoop, then memory or a cache
 * supplying the line, then the data beats). Expected cycles come from the
 * "default" configuration through the helpers in tsys.h.
 */
#include "tsys.h"

#include <stdlib.h>

#define AGENTS	4
#define LOGMAX	256

struct done_rec {
	int agent;
	uint8_t op;
	int shared;
	uint64_t when;
};

struct mock {
	int id;
	int flags;		/* what snoop() answers */
	int holds;		/* what holds() answers */
	int snoops;		/* snoop() calls */
	uint64_t snoop_at;	/* cycle of the last one */
	struct bench *b;
};

struct bench {
	struct config cfg;
	struct event_queue ev;
	struct memctl mem;
	struct bus bus;
	struct mock m[AGENTS];
	struct done_rec log[LOGMAX];
	int n;
	uint64_t now;
};

static int mock_snoop(void *agent, uint32_t line, enum bus_op op, uint64_t now)
{
	struct mock *m = agent;

	m->snoops++;
	m->snoop_at = now;
	return m->flags;
}

static int mock_holds(void *agent, uint32_t line)
{
	return ((struct mock *)agent)->holds;
}

static void mock_done(void *agent, const struct bus_req *r, int shared, uint64_t now)
{
	struct mock *m = agent;
	struct bench *b = m->b;

	assert_true(b->n < LOGMAX);
	assert_int_equal(r->agent, m->id);
	b->log[b->n++] = (struct done_rec){ m->id, r->op, shared, now };
}

static const struct bus_agent_ops mock_ops = { mock_snoop, mock_holds, mock_done };

static struct bench *bench_new(int n, const struct config *cfg)
{
	struct bench *b = calloc(1, sizeof(*b));

	assert_non_null(b);
	if (cfg)
		b->cfg = *cfg;
	else
		config_defaults(&b->cfg);
	eventq_init(&b->ev);
	memctl_init(&b->mem, &b->cfg.mem, b->cfg.l2.line);
	bus_init(&b->bus, &b->cfg.bus, b->cfg.l2.line, &b->mem, &b->ev);
	for (int i = 0; i < n; i++) {
		b->m[i] = (struct mock){ .id = i, .holds = 1, .b = b };
		assert_int_equal(bus_attach(&b->bus, &b->m[i], &mock_ops), i);
	}
	return b;
}

static void bench_free(struct bench *b)
{
	eventq_free(&b->ev);
	free(b);
}

static void req(struct bench *b, int agent, enum bus_op op, uint32_t line, uint64_t ready)
{
	struct bus_req r = { .op = (uint8_t)op, .agent = (uint8_t)agent, .mode = SM_M,
			     .line = line, .ready = ready, .enqueued = ready };

	bus_request(&b->bus, &r);
}

/* Steps cycles until @ndone transactions completed (or everything finished). */
static void run_until(struct bench *b, int ndone)
{
	for (int guard = 0; b->n < ndone && (b->bus.queued || b->ev.n); guard++, b->now++) {
		assert_true(guard < 1000000);
		eventq_run(&b->ev, b->now);
		if (b->n >= ndone)
			break;
		if (bus_next(&b->bus, b->now) <= b->now)
			bus_tick(&b->bus, b->now);
	}
}

static void run_all(struct bench *b)
{
	run_until(b, LOGMAX);
}

/* ---- arbitration ------------------------------------------------------------ */

static void test_bus_grants_rotate_round_robin(void **state)
{
	struct bench *b = bench_new(3, NULL);
	uint64_t hold = bus_upgr_end(&b->cfg, 0);

	for (int k = 0; k < 5; k++)
		for (int a = 0; a < 3; a++)
			req(b, a, BUS_UPGR, 0x100 + a, 0);
	run_all(b);
	assert_int_equal(b->n, 15);
	for (int i = 0; i < 15; i++) {
		assert_int_equal(b->log[i].agent, i % 3);
		/* back to back: each grant at the edge where the previous one ends */
		assert_int_equal(b->log[i].when, (uint64_t)(i + 1) * hold);
	}
	bench_free(b);
}

static void test_bus_round_robin_skips_agents_with_nothing_queued(void **state)
{
	struct bench *b = bench_new(4, NULL);

	for (int k = 0; k < 3; k++) {
		req(b, 1, BUS_UPGR, 1, 0);
		req(b, 3, BUS_UPGR, 3, 0);
	}
	run_all(b);
	assert_int_equal(b->n, 6);
	for (int i = 0; i < 6; i++)
		assert_int_equal(b->log[i].agent, i % 2 ? 3 : 1);
	bench_free(b);
}

static void test_bus_grant_counts_stay_within_one_of_each_other(void **state)
{
	struct bench *b = bench_new(AGENTS, NULL);
	int count[AGENTS] = { 0 };
	const int grants = 4 * AGENTS + 3;

	for (int k = 0; k < 20; k++)
		for (int a = 0; a < AGENTS; a++)
			req(b, a, BUS_UPGR, (uint32_t)a, 0);
	run_until(b, grants);
	assert_int_equal(b->n, grants);
	for (int i = 0; i < grants; i++)
		count[b->log[i].agent]++;
	/* 19 grants over 4 agents in order 0, 1, 2, 3, 0, ...: 5, 5, 5, 4 */
	assert_int_equal(count[0], 5);
	assert_int_equal(count[1], 5);
	assert_int_equal(count[2], 5);
	assert_int_equal(count[3], 4);
	bench_free(b);
}

static void test_bus_late_requester_is_next_after_the_current_grantee(void **state)
{
	struct bench *b = bench_new(3, NULL);
	uint64_t hold = bus_upgr_end(&b->cfg, 0);

	for (int k = 0; k < 6; k++)
		req(b, 0, BUS_UPGR, 0, 0);
	/* agent 2 becomes ready while agent 0's first transaction holds the bus */
	req(b, 2, BUS_UPGR, 2, 1);
	run_all(b);
	assert_int_equal(b->n, 7);
	assert_int_equal(b->log[0].agent, 0);
	assert_int_equal(b->log[1].agent, 2);
	assert_int_equal(b->log[1].when, 2 * hold);
	for (int i = 2; i < 7; i++)
		assert_int_equal(b->log[i].agent, 0);
	bench_free(b);
}

static void test_bus_request_not_ready_is_passed_over(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t hold = bus_upgr_end(&b->cfg, 0);

	/* agent 0 (first in order) is not ready until after agent 1's grant */
	req(b, 0, BUS_UPGR, 0, 1);
	req(b, 1, BUS_UPGR, 1, 0);
	run_all(b);
	assert_int_equal(b->log[0].agent, 1);
	assert_int_equal(b->log[0].when, hold);
	assert_int_equal(b->log[1].agent, 0);
	assert_int_equal(b->log[1].when, 2 * hold);
	/* agent 0 was ready at 1 and granted at hold */
	assert_int_equal(BUS(b, 0, wait_cycles), hold - 1);
	assert_int_equal(BUS(b, 1, wait_cycles), 0);
	bench_free(b);
}

static void test_bus_next_is_the_next_clock_edge(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t d = b->cfg.bus.clock_div;

	assert_int_equal(bus_next(&b->bus, 0), UINT64_MAX);
	req(b, 0, BUS_RD, 5, d + 1);
	assert_int_equal(bus_next(&b->bus, 0), 2 * d);
	b->now = 2 * d;
	bus_tick(&b->bus, b->now);
	/* the bus is now held: a ready request waits for the end of the transaction */
	req(b, 1, BUS_RD, 6, 0);
	assert_int_equal(bus_next(&b->bus, b->now), bus_mem_end(&b->cfg, 2 * d));
	bench_free(b);
}

/* ---- how long each transaction holds the bus --------------------------------- */

static void test_bus_memory_read_holds_arb_snoop_memory_and_transfer(void **state)
{
	struct bench *b = bench_new(3, NULL);
	const struct config *c = &b->cfg;
	uint64_t d = c->bus.clock_div, ready = 2 * d - 1, grant = 2 * d;
	uint64_t snoop = grant + (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles) * d;

	b->m[1].flags = b->m[2].flags = 0;
	req(b, 0, BUS_RD, 0x2000000, ready);
	run_all(b);
	assert_int_equal(b->n, 1);
	/* default: 8 + 4 + 4 = 16 at the snoop; memory 16 + 40 = 56; 8 beats of 4: 88 */
	assert_int_equal(b->log[0].when, bus_mem_end(c, grant));
	assert_int_equal(b->log[0].when, up(snoop + c->mem.latency, d) + bus_transfer(c));
	assert_int_equal(b->log[0].shared, 0);
	assert_int_equal(b->m[0].snoops, 0);	/* the requester does not snoop itself */
	assert_int_equal(b->m[1].snoops, 1);
	assert_int_equal(b->m[1].snoop_at, snoop);
	assert_int_equal(b->m[2].snoop_at, snoop);
	assert_int_equal(BUS(b, 0, busrd), 1);
	assert_int_equal(BUS(b, 0, from_memory), 1);
	assert_int_equal(BUS(b, 0, c2c), 0);
	assert_int_equal(BUS(b, 0, wait_cycles), grant - ready);
	assert_int_equal(BUS(b, 0, busy_cycles), bus_mem_end(c, grant) - grant);
	assert_int_equal(b->mem.stats.reads, 1);
	bench_free(b);
}

static void test_bus_memory_latency_rounds_up_to_a_bus_edge(void **state)
{
	struct config cfg;
	struct bench *b;
	uint64_t d;

	config_defaults(&cfg);
	cfg.mem.latency = 41;		/* 16 + 41 = 57: not an edge */
	b = bench_new(2, &cfg);
	d = cfg.bus.clock_div;
	req(b, 0, BUS_RD, 0x40, 0);
	run_all(b);
	assert_int_equal(b->log[0].when,
			 up((cfg.bus.arb_cycles + cfg.bus.snoop_cycles) * d + 41, d) +
				 bus_transfer(&cfg));
	assert_int_equal(b->log[0].when % d, 0);
	bench_free(b);
}

static void test_bus_cache_to_cache_transfer_holds_arb_snoop_c2c_and_transfer(void **state)
{
	struct bench *b = bench_new(3, NULL);
	const struct config *c = &b->cfg;

	b->m[2].flags = SNOOP_HAD;
	req(b, 0, BUS_RD, 0x77, 0);
	run_all(b);
	/* default: 4 + 4 + 8 + 32 = 48 */
	assert_int_equal(b->log[0].when, bus_c2c_end(c, 0));
	assert_int_equal(b->log[0].shared, 1);
	assert_int_equal(BUS(b, 0, c2c), 1);
	assert_int_equal(BUS(b, 0, from_memory), 0);
	assert_int_equal(b->mem.stats.reads, 0);
	assert_int_equal(b->mem.stats.writes, 0);
	assert_int_equal(BUS(b, 0, busy_cycles), bus_c2c_end(c, 0));
	bench_free(b);
}

static void test_bus_dirty_supplier_also_flushes_to_memory(void **state)
{
	struct bench *b = bench_new(2, NULL);

	b->m[1].flags = SNOOP_HAD | SNOOP_DIRTY;
	req(b, 0, BUS_RDX, 0x77, 0);
	run_all(b);
	assert_int_equal(b->log[0].when, bus_c2c_end(&b->cfg, 0));
	assert_int_equal(b->log[0].op, BUS_RDX);
	assert_int_equal(b->log[0].shared, 0);	/* only a BusRd leaves a shared copy */
	assert_int_equal(BUS(b, 0, busrdx), 1);
	assert_int_equal(BUS(b, 0, c2c), 1);
	assert_int_equal(b->mem.stats.writes, 1);
	assert_int_equal(b->mem.stats.reads, 0);
	bench_free(b);
}

static void test_bus_upgrade_holds_arb_and_snoop_only(void **state)
{
	struct bench *b = bench_new(2, NULL);

	b->m[1].flags = SNOOP_HAD;
	req(b, 0, BUS_UPGR, 0x77, 0);
	run_all(b);
	assert_int_equal(b->log[0].when, bus_upgr_end(&b->cfg, 0));
	assert_int_equal(b->log[0].op, BUS_UPGR);
	assert_int_equal(b->m[1].snoops, 1);
	assert_int_equal(BUS(b, 0, busupgr), 1);
	assert_int_equal(BUS(b, 0, c2c), 0);
	assert_int_equal(b->mem.stats.reads + b->mem.stats.writes, 0);
	bench_free(b);
}

static void test_bus_upgrade_of_a_lost_line_becomes_busrdx(void **state)
{
	struct bench *b = bench_new(2, NULL);

	b->m[0].holds = 0;	/* the shared copy went while the request waited */
	req(b, 0, BUS_UPGR, 0x77, 0);
	run_all(b);
	assert_int_equal(b->log[0].op, BUS_RDX);
	assert_int_equal(b->log[0].when, bus_mem_end(&b->cfg, 0));
	assert_int_equal(BUS(b, 0, busrdx), 1);
	assert_int_equal(BUS(b, 0, busupgr), 0);
	assert_int_equal(b->mem.stats.reads, 1);
	bench_free(b);
}

static void test_bus_writeback_holds_arb_and_transfer_without_snoop(void **state)
{
	struct bench *b = bench_new(3, NULL);

	req(b, 0, BUS_WB, 0x77, 0);
	run_all(b);
	assert_int_equal(b->log[0].when, bus_wb_end(&b->cfg, 0));
	assert_int_equal(b->m[1].snoops + b->m[2].snoops, 0);
	assert_int_equal(BUS(b, 0, writeback), 1);
	assert_int_equal(b->mem.stats.writes, 1);
	assert_int_equal(b->mem.stats.reads, 0);
	bench_free(b);
}

static void test_bus_back_to_back_memory_reads_serialise_on_the_bus(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t end0 = bus_mem_end(&b->cfg, 0);

	req(b, 0, BUS_RD, 0x10, 0);
	req(b, 1, BUS_RD, 0x11, 0);
	run_all(b);
	assert_int_equal(b->log[0].when, end0);
	assert_int_equal(b->log[1].agent, 1);
	assert_int_equal(b->log[1].when, bus_mem_end(&b->cfg, end0));
	assert_int_equal(BUS(b, 1, wait_cycles), end0);
	assert_int_equal(b->bus.busy_total, bus_mem_end(&b->cfg, end0));
	/* the bank was free again long before: no bank wait */
	assert_int_equal(b->mem.stats.bank_wait, 0);
	bench_free(b);
}

static void test_bus_writeback_into_a_full_write_queue_holds_the_bus(void **state)
{
	struct config cfg;
	struct bench *b;
	uint64_t d, wb;

	config_defaults(&cfg);
	cfg.mem.write_queue = 1;
	cfg.mem.bank_busy = 1000;	/* memory far slower than the bus */
	b = bench_new(2, &cfg);
	d = cfg.bus.clock_div;
	wb = (uint64_t)cfg.bus.arb_cycles * d + bus_transfer(&cfg);
	for (int k = 0; k < 3; k++)
		req(b, 0, BUS_WB, 0x10 + (uint32_t)k, 0);
	run_all(b);
	assert_int_equal(b->n, 3);
	/* the first two fit (one in the bank, one queued); the third waits for room */
	assert_int_equal(b->log[0].when, wb);
	assert_int_equal(b->log[1].when, 2 * wb);
	assert_true(b->log[2].when >= 1000);
	assert_int_equal(b->mem.stats.write_stall, b->log[2].when - (2 * wb + cfg.bus.arb_cycles * d));
	bench_free(b);
}

/* ---- the end of a run ---------------------------------------------------------- */

static void test_bus_account_at_the_end_counts_only_the_elapsed_part_of_a_transfer(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t end = bus_mem_end(&b->cfg, 0), stop = end / 2;

	req(b, 0, BUS_RD, 0x10, 0);
	bus_tick(&b->bus, 0);		/* granted at 0, holding the bus until end */
	assert_int_equal(b->bus.busy_total, end);
	bus_account(&b->bus, stop);	/* the run ends half-way through it */
	assert_int_equal(b->bus.busy_total, stop);
	assert_int_equal(BUS(b, 0, busy_cycles), stop);
	bus_account(&b->bus, stop);	/* and again: nothing more comes off */
	assert_int_equal(b->bus.busy_total, stop);
	bench_free(b);
}

static void test_bus_account_after_the_last_transfer_changes_nothing(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t end = bus_mem_end(&b->cfg, 0);

	req(b, 0, BUS_RD, 0x10, 0);
	run_all(b);
	bus_account(&b->bus, end + 100);
	assert_int_equal(b->bus.busy_total, end);
	assert_int_equal(BUS(b, 0, busy_cycles), end);
	bench_free(b);
}

/* ---- holds after an LR -------------------------------------------------------- */

static void test_bus_request_for_a_held_line_waits_until_the_holder_lets_go(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint64_t d = b->cfg.bus.clock_div;

	bus_lock(&b->bus, 0, 0x40 * b->cfg.l2.line, 0);	/* agent 0 holds line 0x40 */
	req(b, 1, BUS_RDX, 0x40, 0);
	for (b->now = 0; b->now < 50 * d; b->now++) {
		eventq_run(&b->ev, b->now);
		if (bus_edge(&b->bus, b->now))
			bus_tick(&b->bus, b->now);
	}
	assert_int_equal(b->n, 0);			/* still waiting */
	assert_int_equal(bus_next(&b->bus, b->now), UINT64_MAX);
	assert_true(b->bus.arb.q.contended & 1);
	bus_unlock(&b->bus, 0, 0);
	run_all(b);
	assert_int_equal(b->n, 1);
	assert_int_equal(b->log[0].agent, 1);
	assert_true(b->log[0].when >= 50 * d);
	bench_free(b);
}

static void test_bus_hold_leaves_other_lines_and_the_holder_alone(void **state)
{
	struct bench *b = bench_new(3, NULL);

	bus_lock(&b->bus, 0, 0x40 * b->cfg.l2.line, 0);
	req(b, 0, BUS_RD, 0x40, 0);	/* the holder's own request for its line */
	req(b, 1, BUS_RD, 0x41, 0);	/* another line */
	req(b, 2, BUS_WB, 0x40, 0);	/* a write-back never waits */
	run_all(b);
	assert_int_equal(b->n, 3);
	bench_free(b);
}

static void test_bus_contended_line_is_not_held_again_before_the_waiter_had_it(void **state)
{
	struct bench *b = bench_new(2, NULL);
	uint32_t addr = 0x40 * b->cfg.l2.line;

	bus_lock(&b->bus, 0, addr, 0);
	req(b, 1, BUS_RDX, 0x40, 0);
	bus_tick(&b->bus, 0);			/* waits: the hold becomes contended */
	assert_int_equal(b->bus.queued, 1);
	bus_unlock(&b->bus, 0, 0);			/* the SC */
	bus_lock(&b->bus, 0, addr, 0);		/* the next LR, before the waiter's grant */
	assert_int_equal(b->bus.arb.q.held, 0);	/* refused */
	run_all(b);
	assert_int_equal(b->n, 1);
	bus_lock(&b->bus, 0, addr, 0);		/* the waiter had it: holding is allowed again */
	assert_int_equal(b->bus.arb.q.held, 1);
	bench_free(b);
}

static void test_bus_holders_waiting_for_each_other_let_go(void **state)
{
	struct bench *b = bench_new(2, NULL);

	/* 0 holds 0x40 and wants 0x41; 1 holds 0x41 and wants 0x40: a circle */
	bus_lock(&b->bus, 0, 0x40 * b->cfg.l2.line, 0);
	bus_lock(&b->bus, 1, 0x41 * b->cfg.l2.line, 0);
	req(b, 0, BUS_RDX, 0x41, 0);
	req(b, 1, BUS_RDX, 0x40, 0);
	assert_true(bus_next(&b->bus, 0) != UINT64_MAX);
	run_until(b, 1);
	assert_int_equal(b->n, 1);		/* one hold gave way: 1 has 0x40 */
	assert_int_equal(b->log[0].agent, 1);
	assert_int_equal(b->bus.arb.q.held, 1u << 1);
	bus_unlock(&b->bus, 1, 0);			/* 1 finishes its sequence */
	run_all(b);
	assert_int_equal(b->n, 2);
	bench_free(b);
}

static void test_bus_edges_are_the_multiples_of_its_clock_divider(void **state)
{
	/* a power of two (a mask test) and not (a division) */
	static const uint32_t divs[] = { 1, 4, 3, 6 };

	for (unsigned k = 0; k < sizeof(divs) / sizeof(divs[0]); k++) {
		struct config cfg;
		struct event_queue ev;
		struct memctl mem;
		struct bus bus;

		config_defaults(&cfg);
		cfg.bus.clock_div = divs[k];
		eventq_init(&ev);
		memctl_init(&mem, &cfg.mem, cfg.l2.line);
		bus_init(&bus, &cfg.bus, cfg.l2.line, &mem, &ev);
		for (uint64_t now = 0; now < 50; now++)
			assert_int_equal(bus_edge(&bus, now), now % divs[k] == 0);
		assert_true(bus_edge(&bus, (uint64_t)divs[k] << 40));
		eventq_free(&ev);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bus_edges_are_the_multiples_of_its_clock_divider),
		cmocka_unit_test(test_bus_grants_rotate_round_robin),
		cmocka_unit_test(test_bus_round_robin_skips_agents_with_nothing_queued),
		cmocka_unit_test(test_bus_grant_counts_stay_within_one_of_each_other),
		cmocka_unit_test(test_bus_late_requester_is_next_after_the_current_grantee),
		cmocka_unit_test(test_bus_request_not_ready_is_passed_over),
		cmocka_unit_test(test_bus_next_is_the_next_clock_edge),
		cmocka_unit_test(test_bus_memory_read_holds_arb_snoop_memory_and_transfer),
		cmocka_unit_test(test_bus_memory_latency_rounds_up_to_a_bus_edge),
		cmocka_unit_test(test_bus_cache_to_cache_transfer_holds_arb_snoop_c2c_and_transfer),
		cmocka_unit_test(test_bus_dirty_supplier_also_flushes_to_memory),
		cmocka_unit_test(test_bus_upgrade_holds_arb_and_snoop_only),
		cmocka_unit_test(test_bus_upgrade_of_a_lost_line_becomes_busrdx),
		cmocka_unit_test(test_bus_writeback_holds_arb_and_transfer_without_snoop),
		cmocka_unit_test(test_bus_back_to_back_memory_reads_serialise_on_the_bus),
		cmocka_unit_test(test_bus_writeback_into_a_full_write_queue_holds_the_bus),
		cmocka_unit_test(test_bus_account_at_the_end_counts_only_the_elapsed_part_of_a_transfer),
		cmocka_unit_test(test_bus_account_after_the_last_transfer_changes_nothing),
		cmocka_unit_test(test_bus_request_for_a_held_line_waits_until_the_holder_lets_go),
		cmocka_unit_test(test_bus_hold_leaves_other_lines_and_the_holder_alone),
		cmocka_unit_test(test_bus_contended_line_is_not_held_again_before_the_waiter_had_it),
		cmocka_unit_test(test_bus_holders_waiting_for_each_other_let_go),
	};

	return UNIT_RUN("bus", tests);
}
