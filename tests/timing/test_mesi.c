// SPDX-License-Identifier: MIT
/*
 * MESI (Illinois) at the private L2s over the snooping bus, one test per row
 * of the protocol table as l2.h states it, requester side then snooper side;
 * then L2 MSHR merging, inclusion of the L1s, and LR reservations lost to
 * other cores' writes. Two or three cores of the "default" configuration,
 * driven through their L1s with mock cores (tsys.h).
 */
#include "tsys.h"

#define A	DATA		/* the line under test */

/* Pushes A out of core @core's L2 (2-way LRU) with two more lines of its set. */
static void evict_a_from_l2(struct tsys *s, int core)
{
	assert_int_equal(s->cfg.l2.ways, 2);
	tsys_read(s, core, A + l2_stride(&s->cfg));
	tsys_read(s, core, A + 2 * l2_stride(&s->cfg));
	assert_int_equal(tsys_l2(s, core, A), LINE_I);
}

static uint64_t bus_all(struct tsys *s, int i)
{
	return BUS(s, i, busrd) + BUS(s, i, busrdx) + BUS(s, i, busupgr) + BUS(s, i, writeback);
}

/* ---- requester side ----------------------------------------------------------- */

static void test_mesi_read_miss_without_other_copy_is_exclusive_from_memory(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	assert_int_equal(BUS(s, 0, busrd), 1);
	assert_int_equal(BUS(s, 0, from_memory), 1);
	assert_int_equal(BUS(s, 0, c2c), 0);
	assert_int_equal(s->mem.stats.reads, 1);
	assert_int_equal(L2S(s, 0, misses), 1);
	assert_int_equal(L2S(s, 0, compulsory), 1);
	tsys_free(s);
}

static void test_mesi_read_miss_with_other_exclusive_shares_by_c2c(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t t;

	tsys_read(s, 0, A);
	t = s->now;
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 1, A), LINE_S);
	assert_int_equal(BUS(s, 1, busrd), 1);
	assert_int_equal(BUS(s, 1, c2c), 1);
	assert_int_equal(BUS(s, 1, from_memory), 0);
	assert_int_equal(s->mem.stats.reads, 1);
	assert_int_equal(s->mem.stats.writes, 0);
	assert_int_equal(s->pd[1].last_wake, bus_c2c_end(c, up(l2_ready(c, t), c->bus.clock_div)));
	tsys_free(s);
}

static void test_mesi_read_miss_with_other_modified_flushes_and_shares(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 1, A), LINE_S);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	assert_int_equal(BUS(s, 1, c2c), 1);
	assert_int_equal(s->mem.stats.writes, 1);	/* the owner's flush */
	assert_int_equal(s->mem.stats.reads, 1);	/* core 0's write miss only */
	tsys_free(s);
}

static void test_mesi_write_miss_without_other_copy_is_modified_from_memory(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(BUS(s, 0, busrdx), 1);
	assert_int_equal(BUS(s, 0, busrd), 0);
	assert_int_equal(BUS(s, 0, from_memory), 1);
	tsys_free(s);
}

static void test_mesi_write_miss_invalidates_other_copies(void **state)
{
	struct tsys *s = tsys_default(3);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_write(s, 2, A);
	assert_int_equal(tsys_l2(s, 2, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 2, A), LINE_M);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(tsys_l2(s, i, A), LINE_I);
		assert_int_equal(tsys_l1d(s, i, A), LINE_I);
		assert_int_equal(L2S(s, i, snoop_invalidations), 1);
	}
	assert_int_equal(BUS(s, 2, busrdx), 1);
	assert_int_equal(BUS(s, 2, c2c), 1);
	assert_int_equal(s->mem.stats.writes, 0);	/* the copies were clean */
	tsys_free(s);
}

static void test_mesi_write_to_shared_upgrades_and_invalidates_others(void **state)
{
	struct tsys *s = tsys_default(3);
	const struct config *c = &s->cfg;
	uint64_t t;

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_read(s, 2, A);
	t = s->now;
	tsys_write(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	for (int i = 1; i < 3; i++) {
		assert_int_equal(tsys_l2(s, i, A), LINE_I);
		assert_int_equal(tsys_l1d(s, i, A), LINE_I);
	}
	assert_int_equal(BUS(s, 0, busupgr), 1);
	assert_int_equal(BUS(s, 0, busrdx), 0);
	assert_int_equal(L2S(s, 0, upgrades), 1);
	assert_int_equal(s->mem.stats.reads, 1);	/* no data moved for the upgrade */
	assert_int_equal(s->pd[0].last_wake, bus_upgr_end(c, up(l2_ready(c, t), c->bus.clock_div)));
	tsys_free(s);
}

static void test_mesi_write_to_exclusive_is_modified_without_bus(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t t, before;

	tsys_read(s, 0, A);
	tsys_read(s, 0, A + l1d_stride(c));	/* A leaves the L1D, stays E in the L2 */
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	before = bus_all(s, 0);
	t = s->now;
	tsys_write(s, 0, A);
	assert_int_equal(bus_all(s, 0), before);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	assert_int_equal(s->pd[0].last_wake, t + c->l1d.latency + c->l2.latency);
	assert_int_equal(L2S(s, 0, upgrades), 0);
	tsys_free(s);
}

/* ---- ownership without a write (LR): owned, but clean ------------------------------ */

static void own(struct tsys *s, int core, uint32_t addr)
{
	tsys_d(s, core, addr, L1_OWN);
	tsys_settle(s);
}

static void test_mesi_own_miss_without_other_copy_is_exclusive_not_modified(void **state)
{
	struct tsys *s = tsys_default(2);

	own(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(BUS(s, 0, busrdx), 1);
	tsys_free(s);
}

static void test_mesi_own_miss_invalidates_other_copies_and_stays_clean(void **state)
{
	struct tsys *s = tsys_default(3);

	tsys_read(s, 1, A);
	tsys_read(s, 2, A);
	own(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	for (int i = 1; i < 3; i++)
		assert_int_equal(tsys_l2(s, i, A), LINE_I);
	assert_int_equal(BUS(s, 0, busrdx), 1);
	tsys_free(s);
}

static void test_mesi_own_of_shared_upgrades_to_exclusive(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	own(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	assert_int_equal(BUS(s, 0, busupgr), 1);
	tsys_free(s);
}

static void test_mesi_own_of_a_line_modified_elsewhere_gets_it_flushed_and_clean(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 1, A);
	own(s, 0, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	assert_int_equal(s->mem.stats.writes, 1);	/* the dirty copy went to memory */
	tsys_free(s);
}

static void test_mesi_write_after_own_is_modified_without_bus(void **state)
{
	struct tsys *s = tsys_default(2);
	uint64_t before;

	own(s, 0, A);
	before = bus_all(s, 0);
	tsys_write(s, 0, A);
	assert_int_equal(bus_all(s, 0), before);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_M);
	tsys_free(s);
}

static void test_mesi_evicting_modified_writes_back(void **state)
{
	struct tsys *s = tsys_default(1);
	const struct config *c = &s->cfg;
	uint64_t mem_hold = bus_mem_end(c, 0), wb_hold = bus_wb_end(c, 0);

	tsys_write(s, 0, A);
	evict_a_from_l2(s, 0);
	assert_int_equal(BUS(s, 0, writeback), 1);
	assert_int_equal(L2S(s, 0, writebacks), 1);
	assert_int_equal(s->mem.stats.writes, 1);
	/* three line reads from memory and one write-back, each holding the bus its time */
	assert_int_equal(BUS(s, 0, busy_cycles), 3 * mem_hold + wb_hold);
	tsys_free(s);
}

static void test_mesi_evicting_exclusive_is_silent(void **state)
{
	struct tsys *s = tsys_default(1);

	tsys_read(s, 0, A);
	evict_a_from_l2(s, 0);
	assert_int_equal(BUS(s, 0, writeback), 0);
	assert_int_equal(L2S(s, 0, writebacks), 0);
	assert_int_equal(s->mem.stats.writes, 0);
	tsys_free(s);
}

static void test_mesi_evicting_shared_is_silent(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	evict_a_from_l2(s, 0);
	assert_int_equal(BUS(s, 0, writeback), 0);
	assert_int_equal(s->mem.stats.writes, 0);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);	/* nobody tells the other copy */
	tsys_free(s);
}

/* ---- snooper side ------------------------------------------------------------- */

static void test_mesi_snooped_busrd_on_modified_flushes_and_goes_shared(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 0, A);
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(L2S(s, 0, snoop_downgrades), 1);
	assert_int_equal(L2S(s, 0, snoop_invalidations), 0);
	assert_int_equal(s->mem.stats.writes, 1);
	tsys_free(s);
}

static void test_mesi_snooped_busrd_on_exclusive_goes_shared_without_flush(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(L2S(s, 0, snoop_downgrades), 1);
	assert_int_equal(s->mem.stats.writes, 0);
	tsys_free(s);
}

static void test_mesi_snooped_busrd_on_exclusive_with_dirty_l1_flushes(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	assert_int_equal(tsys_d(s, 0, A, 1), L1_HIT);	/* L1 M, L2 still E */
	tsys_read(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	assert_int_equal(s->mem.stats.writes, 1);
	tsys_free(s);
}

static void test_mesi_snooped_busrd_on_shared_supplies_and_stays_shared(void **state)
{
	struct tsys *s = tsys_default(3);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_read(s, 2, A);
	for (int i = 0; i < 3; i++)
		assert_int_equal(tsys_l2(s, i, A), LINE_S);
	assert_int_equal(BUS(s, 2, c2c), 1);
	assert_int_equal(L2S(s, 1, snoop_downgrades), 0);	/* S to S is no downgrade */
	assert_int_equal(L2S(s, 0, snoop_downgrades), 1);	/* E to S, by core 1 */
	assert_int_equal(s->mem.stats.reads, 1);
	tsys_free(s);
}

static void test_mesi_snooped_busrdx_on_modified_flushes_and_invalidates(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_write(s, 0, A);
	tsys_write(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 1, A), LINE_M);
	assert_int_equal(BUS(s, 1, busrdx), 1);
	assert_int_equal(BUS(s, 1, c2c), 1);
	assert_int_equal(s->mem.stats.writes, 1);
	assert_int_equal(L2S(s, 0, snoop_invalidations), 1);
	tsys_free(s);
}

static void test_mesi_snooped_busrdx_on_exclusive_invalidates_without_flush(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_write(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 1, A), LINE_M);
	assert_int_equal(s->mem.stats.writes, 0);
	tsys_free(s);
}

static void test_mesi_snooped_busrdx_on_shared_invalidates_without_flush(void **state)
{
	struct tsys *s = tsys_default(3);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_write(s, 2, A);
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	assert_int_equal(s->mem.stats.writes, 0);
	tsys_free(s);
}

static void test_mesi_snooped_busupgr_on_shared_invalidates(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_write(s, 1, A);
	assert_int_equal(BUS(s, 1, busupgr), 1);
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(L2S(s, 0, snoop_invalidations), 1);
	assert_int_equal(s->mem.stats.writes, 0);
	tsys_free(s);
}

static void test_mesi_busupgr_whose_copy_was_lost_while_queued_becomes_busrdx(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t t, g0, end0;

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	/* both write the shared line in the same cycle: two BusUpgrs queue */
	t = s->now;
	assert_int_equal(tsys_d(s, 0, A, 1), L1_MISS);
	assert_int_equal(tsys_d(s, 1, A, 1), L1_MISS);
	tsys_settle(s);
	/* round robin: core 1 was granted last, so core 0 goes first */
	g0 = up(l2_ready(c, t), c->bus.clock_div);
	end0 = bus_upgr_end(c, g0);
	assert_int_equal(s->pd[0].last_wake, end0);
	assert_int_equal(BUS(s, 0, busupgr), 1);
	/* core 1's copy died with core 0's upgrade: it must fetch the line, from core 0 */
	assert_int_equal(BUS(s, 1, busupgr), 0);
	assert_int_equal(BUS(s, 1, busrdx), 1);
	assert_int_equal(BUS(s, 1, c2c), 2);		/* its first read, and this */
	assert_int_equal(s->pd[1].last_wake, bus_c2c_end(c, end0));
	assert_int_equal(tsys_l2(s, 1, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 1, A), LINE_M);
	assert_int_equal(tsys_l2(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(s->mem.stats.writes, 1);	/* core 0's modified copy flushed */
	tsys_free(s);
}

static void test_mesi_l2_hit_on_its_way_to_the_l1_starts_over_after_a_snoop(void **state)
{
	struct tsys *s = tsys_default(2);
	const struct config *c = &s->cfg;
	uint64_t t1, grant, busrd;

	tsys_read(s, 0, A);
	tsys_read(s, 0, A + l1d_stride(c));	/* A: E in core 0's L2, not in its L1D */
	/* core 1 writes A; other caches act on its BusRdX when the bus grants it */
	t1 = up(s->now, c->bus.clock_div);
	tsys_run(s, t1);
	assert_int_equal(tsys_d(s, 1, A, 1), L1_MISS);
	grant = up(l2_ready(c, t1), c->bus.clock_div);
	/* core 0 reads A so that its L2 hit comes one cycle before that grant and the
	 * answer, l2.latency after the hit, after it */
	assert_true(c->l2.latency > 1);
	tsys_run(s, grant - 1 - c->l1d.latency);
	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	tsys_run(s, grant);
	assert_int_equal(tsys_l2(s, 0, A), LINE_E);	/* the hit found it */
	busrd = BUS(s, 0, busrd);
	tsys_settle(s);
	/*
	 * The fill found the line gone and core 0's read started over: it reads the
	 * line back from core 1 (BusRd after core 1's BusRdX). Both end shared, and
	 * core 0's L1D never holds more than its L2.
	 */
	assert_int_equal(BUS(s, 0, busrd), busrd + 1);
	assert_int_equal(tsys_l2(s, 1, A), LINE_S);
	assert_int_equal(tsys_l2(s, 0, A), LINE_S);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);
	tsys_free(s);
}

/* ---- L2 MSHRs ----------------------------------------------------------------- */

static void test_l2_write_merged_into_a_shared_read_upgrades_after_the_fill(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 1, A);
	/* a read of A and a write of the other half of its L2 line, same cycle */
	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	assert_int_equal(tsys_d(s, 0, A + s->cfg.l1d.line, 1), L1_MISS);
	tsys_settle(s);
	assert_int_equal(BUS(s, 0, busrd), 1);
	assert_int_equal(BUS(s, 0, busupgr), 1);
	assert_int_equal(L2S(s, 0, upgrades), 1);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A + s->cfg.l1d.line), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_S);	/* answered when the shared fill came */
	assert_int_equal(tsys_l2(s, 1, A), LINE_I);
	tsys_free(s);
}

static void test_l2_write_merged_into_an_exclusive_read_needs_no_upgrade(void **state)
{
	struct tsys *s = tsys_default(2);

	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	assert_int_equal(tsys_d(s, 0, A + s->cfg.l1d.line, 1), L1_MISS);
	tsys_settle(s);
	assert_int_equal(BUS(s, 0, busrd), 1);
	assert_int_equal(BUS(s, 0, busupgr) + BUS(s, 0, busrdx), 0);
	assert_int_equal(tsys_l2(s, 0, A), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A + s->cfg.l1d.line), LINE_M);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	tsys_free(s);
}

static void test_l2_request_beyond_its_mshrs_waits_for_a_free_one(void **state)
{
	struct config cfg;
	struct tsys *s;
	uint64_t end0, d;

	config_defaults(&cfg);
	cfg.l2.mshrs = 1;
	s = tsys_new(&cfg, 1);
	d = cfg.bus.clock_div;
	/* two L2 lines missed in the same cycle, the data one first */
	assert_int_equal(tsys_d(s, 0, A, 0), L1_MISS);
	assert_int_equal(tsys_i(s, 0, A + 4 * cfg.l2.line), L1_MISS);
	tsys_settle(s);
	end0 = bus_mem_end(&cfg, up(l2_ready(&cfg, 0), d));
	assert_int_equal(s->pd[0].last_wake, end0);
	/* the second is handled when the first frees the MSHR */
	assert_int_equal(s->pi[0].last_wake, bus_mem_end(&cfg, up(end0 + cfg.l2.latency, d)));
	tsys_free(s);
}

/* ---- inclusion ---------------------------------------------------------------- */

/* Core 0's L1D holds both L1 lines of A's L2 line and its L1I one; 4-way L1s so
 * that the lines pushing A out of the L2 do not push it out of the L1s first. */
static struct tsys *inclusion_setup(void)
{
	struct config cfg;
	struct tsys *s;

	config_defaults(&cfg);
	cfg.l1d.ways = 4;
	cfg.l1i.ways = 4;
	s = tsys_new(&cfg, 1);
	tsys_read(s, 0, A);
	tsys_read(s, 0, A + cfg.l1d.line);
	tsys_fetch(s, 0, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_E);
	assert_int_equal(tsys_l1d(s, 0, A + cfg.l1d.line), LINE_E);
	assert_int_equal(tsys_l1i(s, 0, A), LINE_S);
	evict_a_from_l2(s, 0);
	return s;
}

static void test_inclusion_l2_eviction_removes_l1i_and_l1d_lines(void **state)
{
	struct tsys *s = inclusion_setup();

	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1d(s, 0, A + s->cfg.l1d.line), LINE_I);
	assert_int_equal(tsys_l1i(s, 0, A), LINE_I);
	assert_int_equal(L1D(s, 0, invalidations), 2);
	assert_int_equal(L1I(s, 0, invalidations), 1);
	/* the lines that pushed it out are still there */
	assert_int_equal(tsys_l1d(s, 0, A + l2_stride(&s->cfg)), LINE_E);
	tsys_free(s);
}

static void test_inclusion_back_invalidations_count_l1_lines_removed(void **state)
{
	struct tsys *s = inclusion_setup();

	/* l2.h: "L1 lines removed to keep inclusion": two L1D lines and one L1I line */
	assert_int_equal(L2S(s, 0, back_invalidations), 3);
	tsys_free(s);
}

static void test_inclusion_remote_write_invalidates_both_l1s(void **state)
{
	struct tsys *s = tsys_default(2);

	tsys_read(s, 0, A);
	tsys_fetch(s, 0, A);
	tsys_write(s, 1, A);
	assert_int_equal(tsys_l1d(s, 0, A), LINE_I);
	assert_int_equal(tsys_l1i(s, 0, A), LINE_I);
	assert_int_equal(L1D(s, 0, invalidations), 1);
	assert_int_equal(L1I(s, 0, invalidations), 1);
	/* its next miss on the line is a coherence miss at both levels */
	tsys_read(s, 0, A);
	assert_int_equal(L1D(s, 0, coherence), 1);
	assert_int_equal(L2S(s, 0, coherence), 1);
	tsys_free(s);
}

/* ---- LR reservations ---------------------------------------------------------- */

/* The rig's hart 0 reserves @addr; core 0 of a new system guards it. */
static struct tsys *lr_setup(struct rig *r, uint32_t addr)
{
	struct config cfg;
	struct tsys *s;

	hart_set_reg(r->h, 1, addr);
	assert_int_equal(rig_exec(r, r->h, LR_W(5, 1)), HART_RETIRED);
	assert_true(r->lr.active & 1);
	config_defaults(&cfg);
	s = tsys_new(&cfg, 2);
	l2_connect(&s->l2[0], &s->l1i[0], &s->l1d[0], r->h);
	return s;
}

static void test_lr_reservation_is_lost_to_a_remote_busrdx(void **state)
{
	struct rig *r = *state;
	struct tsys *s = lr_setup(r, A + 8);

	tsys_read(s, 0, A);
	tsys_write(s, 1, A);
	assert_int_equal(BUS(s, 1, busrdx), 1);
	assert_false(r->lr.active & 1);
	tsys_free(s);
}

static void test_lr_reservation_is_lost_to_a_remote_busupgr(void **state)
{
	struct rig *r = *state;
	struct tsys *s = lr_setup(r, A + 8);

	tsys_read(s, 0, A);
	tsys_read(s, 1, A);
	tsys_write(s, 1, A);
	assert_int_equal(BUS(s, 1, busupgr), 1);
	assert_false(r->lr.active & 1);
	tsys_free(s);
}

static void test_lr_reservation_survives_a_remote_busrd(void **state)
{
	struct rig *r = *state;
	struct tsys *s = lr_setup(r, A + 8);

	tsys_write(s, 0, A);
	tsys_read(s, 1, A);
	assert_true(r->lr.active & 1);
	assert_int_equal(r->lr.addr[0], A + 8);
	tsys_free(s);
}

static void test_lr_reservation_in_another_line_survives_a_remote_write(void **state)
{
	struct rig *r = *state;
	struct tsys *s = lr_setup(r, A + 64);	/* the next 64-byte L2 line */

	assert_int_equal(s->cfg.l2.line, 64);
	tsys_read(s, 0, A);
	tsys_read(s, 0, A + 64);
	tsys_write(s, 1, A);
	assert_int_equal(tsys_l2(s, 0, A + 64), LINE_E);
	assert_true(r->lr.active & 1);
	tsys_free(s);
}

static void test_lr_reservation_of_another_hart_is_not_touched(void **state)
{
	struct rig *r = *state;
	struct tsys *s = lr_setup(r, A + 8);

	/* hart 1 reserves the same word; only hart 0's L2 loses the line */
	hart_set_reg(r->h1, 1, A + 8);
	assert_int_equal(rig_exec(r, r->h1, LR_W(5, 1)), HART_RETIRED);
	assert_true(r->lr.active & 2);
	tsys_read(s, 0, A);
	tsys_write(s, 1, A);
	assert_false(r->lr.active & 1);
	assert_true(r->lr.active & 2);
	tsys_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mesi_read_miss_without_other_copy_is_exclusive_from_memory),
		cmocka_unit_test(test_mesi_read_miss_with_other_exclusive_shares_by_c2c),
		cmocka_unit_test(test_mesi_read_miss_with_other_modified_flushes_and_shares),
		cmocka_unit_test(test_mesi_write_miss_without_other_copy_is_modified_from_memory),
		cmocka_unit_test(test_mesi_write_miss_invalidates_other_copies),
		cmocka_unit_test(test_mesi_write_to_shared_upgrades_and_invalidates_others),
		cmocka_unit_test(test_mesi_write_to_exclusive_is_modified_without_bus),
		cmocka_unit_test(test_mesi_own_miss_without_other_copy_is_exclusive_not_modified),
		cmocka_unit_test(test_mesi_own_miss_invalidates_other_copies_and_stays_clean),
		cmocka_unit_test(test_mesi_own_of_shared_upgrades_to_exclusive),
		cmocka_unit_test(test_mesi_own_of_a_line_modified_elsewhere_gets_it_flushed_and_clean),
		cmocka_unit_test(test_mesi_write_after_own_is_modified_without_bus),
		cmocka_unit_test(test_mesi_evicting_modified_writes_back),
		cmocka_unit_test(test_mesi_evicting_exclusive_is_silent),
		cmocka_unit_test(test_mesi_evicting_shared_is_silent),
		cmocka_unit_test(test_mesi_snooped_busrd_on_modified_flushes_and_goes_shared),
		cmocka_unit_test(test_mesi_snooped_busrd_on_exclusive_goes_shared_without_flush),
		cmocka_unit_test(test_mesi_snooped_busrd_on_exclusive_with_dirty_l1_flushes),
		cmocka_unit_test(test_mesi_snooped_busrd_on_shared_supplies_and_stays_shared),
		cmocka_unit_test(test_mesi_snooped_busrdx_on_modified_flushes_and_invalidates),
		cmocka_unit_test(test_mesi_snooped_busrdx_on_exclusive_invalidates_without_flush),
		cmocka_unit_test(test_mesi_snooped_busrdx_on_shared_invalidates_without_flush),
		cmocka_unit_test(test_mesi_snooped_busupgr_on_shared_invalidates),
		cmocka_unit_test(test_mesi_busupgr_whose_copy_was_lost_while_queued_becomes_busrdx),
		cmocka_unit_test(test_mesi_l2_hit_on_its_way_to_the_l1_starts_over_after_a_snoop),
		cmocka_unit_test(test_l2_write_merged_into_a_shared_read_upgrades_after_the_fill),
		cmocka_unit_test(test_l2_write_merged_into_an_exclusive_read_needs_no_upgrade),
		cmocka_unit_test(test_l2_request_beyond_its_mshrs_waits_for_a_free_one),
		cmocka_unit_test(test_inclusion_l2_eviction_removes_l1i_and_l1d_lines),
		cmocka_unit_test(test_inclusion_back_invalidations_count_l1_lines_removed),
		cmocka_unit_test(test_inclusion_remote_write_invalidates_both_l1s),
		RIG_TEST(test_lr_reservation_is_lost_to_a_remote_busrdx),
		RIG_TEST(test_lr_reservation_is_lost_to_a_remote_busupgr),
		RIG_TEST(test_lr_reservation_survives_a_remote_busrd),
		RIG_TEST(test_lr_reservation_in_another_line_survives_a_remote_write),
		RIG_TEST(test_lr_reservation_of_another_hart_is_not_touched),
	};

	return UNIT_RUN("mesi", tests);
}
