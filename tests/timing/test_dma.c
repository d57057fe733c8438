// SPDX-License-Identifier: MIT
/*
 * The DMA engine, cycle by cycle. First the unit alone (mem/dma.c) against
 * a mock bus that answers each request a fixed number of cycles later: the
 * exact requests of a copy and of a zero, chunks cut at destination lines,
 * slots in flight, round-robin channels, every refusal with its cause, the
 * interrupt line. Then the device on the real bus among three cores' caches
 * (tsys): the exact cycles of a one-line copy, a dirty source line supplied
 * by its cache (which keeps it clean), every copy of a destination line
 * invalidated and nothing allocated, a partial write over a dirty line.
 */
#include "tsys.h"

#include <stdlib.h>
#include <string.h>

#include "dev/dmactl.h"

#define RAM	0x80000000u
#define SRC	(RAM + 0x1000)
#define DST	(RAM + 0x3000)
#define LAT	5	/* the mock bus: cycles from a request to its answer */
#define LOG	64

/* ---- the unit against a mock bus ---------------------------------------------------- */

struct req_rec {
	uint64_t when;		/* cycle the request was made */
	uint8_t write, partial;
	uint32_t line;
	uint16_t tag;
};

struct ub {
	struct dma e;
	struct dma_in next;		/* inputs for the coming cycle */
	uint64_t now;
	struct req_rec req[LOG];	/* requests made, in order */
	int nreq;
	uint16_t pending[LOG];		/* requests not yet answered, with their answer cycle */
	uint64_t due[LOG];
	int npend;
	struct dma_out last;		/* the last cycle's outputs */
	struct dma_out caps[LOG];	/* cycles with a capture or a write */
	int ncaps;
	uint64_t done_at;		/* cycle of the last done_valid */
	int max_in_flight;
};

static struct dma_params params(int slots, uint32_t setup)
{
	return (struct dma_params){ .channels = 2, .slots = slots, .line = 64, .granule = 4,
				    .max_len = 4096, .setup = setup, .ram_base = RAM,
				    .ram_size = 1u << 20 };
}

static struct ub *ub_new(int slots, uint32_t setup)
{
	struct ub *u = calloc(1, sizeof(*u));
	struct dma_params p = params(slots, setup);

	assert_non_null(u);
	dma_init(&u->e, &p);
	return u;
}

static void cmd(struct ub *u, int chan, int op, uint32_t src, uint32_t dst, uint32_t len, int irq)
{
	u->next.cmd_valid = 1;
	u->next.cmd_chan = (uint8_t)chan;
	u->next.cmd_op = (uint8_t)op;
	u->next.cmd_src = src;
	u->next.cmd_dst = dst;
	u->next.cmd_len = len;
	u->next.cmd_irq = (uint8_t)irq;
}

/* One cycle: inputs, eval, the mock bus's bookkeeping, tick. */
static void ub_cycle(struct ub *u)
{
	struct dma_in in = u->next;
	struct dma_out out;
	int in_flight = 0;

	memset(&u->next, 0, sizeof(u->next));
	in.req_ready = 1;
	for (int i = 0; i < u->npend; i++) {
		if (u->due[i] <= u->now) {	/* one answer a cycle, oldest first */
			in.rsp_valid = 1;
			in.rsp_tag = u->pending[i];
			memmove(&u->pending[i], &u->pending[i + 1], (size_t)(u->npend - i - 1) * 2);
			memmove(&u->due[i], &u->due[i + 1], (size_t)(u->npend - i - 1) * 8);
			u->npend--;
			break;
		}
	}
	dma_eval(&u->e, &in, &out);
	if (out.req_valid) {
		assert_true(u->nreq < LOG && u->npend < LOG);
		u->req[u->nreq++] = (struct req_rec){ u->now, out.req_write, out.req_partial,
						      out.req_line, out.req_tag };
		u->pending[u->npend] = out.req_tag;
		u->due[u->npend++] = u->now + LAT;
	}
	if ((out.cap_valid || out.wr_valid) && u->ncaps < LOG)
		u->caps[u->ncaps++] = out;
	if (out.done_valid)
		u->done_at = u->now;
	u->last = out;
	dma_tick(&u->e);
	for (int s = 0; s < u->e.p.slots; s++)
		in_flight += u->e.q.slot[s].valid;
	if (in_flight > u->max_in_flight)
		u->max_in_flight = in_flight;
	u->now++;
}

static void ub_run(struct ub *u, int cycles)
{
	while (cycles--)
		ub_cycle(u);
}

/* Runs until the engine is idle and every request answered (a command given is taken first). */
static void ub_settle(struct ub *u)
{
	int guard = 0;

	do {
		assert_true(guard++ < 100000);
		ub_cycle(u);
	} while (dma_active(&u->e) || u->npend);
}

static void test_dma_copy_of_two_lines_reads_each_then_writes_each(void **state)
{
	struct ub *u = ub_new(4, 2);

	cmd(u, 0, DMA_OP_COPY, SRC, DST, 128, 0);
	ub_cycle(u);
	assert_int_equal(u->last.cmd_cause, DMA_OK);
	ub_settle(u);
	/* start at 0; setup 2 (cycles 1, 2); chunks cut at 3 and 4; requests from 4 */
	assert_int_equal(u->nreq, 4);
	assert_int_equal(u->req[0].when, 4);
	assert_false(u->req[0].write);
	assert_int_equal(u->req[0].line, SRC / 64);
	assert_int_equal(u->req[1].when, 5);
	assert_false(u->req[1].write);
	assert_int_equal(u->req[1].line, SRC / 64 + 1);
	/* a read answered at 4 + LAT is taken that cycle; its write goes out the next */
	assert_int_equal(u->req[2].when, 4 + LAT + 1);
	assert_true(u->req[2].write);
	assert_false(u->req[2].partial);
	assert_int_equal(u->req[2].line, DST / 64);
	assert_int_equal(u->req[3].when, 5 + LAT + 1);
	assert_int_equal(u->req[3].line, DST / 64 + 1);
	/* the last write's answer ends it */
	assert_int_equal(u->done_at, 5 + LAT + 1 + LAT);
	assert_int_equal(dma_chan_status(&u->e, 0).done, 1);
	assert_int_equal(dma_chan_status(&u->e, 0).busy, 0);
	free(u);
}

static void test_dma_captures_each_source_line_and_writes_each_destination_line(void **state)
{
	struct ub *u = ub_new(4, 0);

	/* the source starts half-way through a line: each chunk reads two lines */
	cmd(u, 0, DMA_OP_COPY, SRC + 32, DST, 64, 0);
	ub_settle(u);
	assert_int_equal(u->nreq, 3);
	assert_int_equal(u->req[0].line, SRC / 64);
	assert_int_equal(u->req[1].line, SRC / 64 + 1);
	assert_true(u->req[2].write);
	assert_int_equal(u->ncaps, 3);
	assert_int_equal(u->caps[0].cap_src, SRC + 32);
	assert_int_equal(u->caps[0].cap_off, 0);
	assert_int_equal(u->caps[0].cap_len, 32);
	assert_int_equal(u->caps[1].cap_src, SRC + 64);
	assert_int_equal(u->caps[1].cap_off, 32);
	assert_int_equal(u->caps[1].cap_len, 32);
	assert_true(u->caps[2].wr_valid);
	assert_int_equal(u->caps[2].wr_dst, DST);
	assert_int_equal(u->caps[2].wr_len, 64);
	assert_false(u->caps[2].wr_zero);
	free(u);
}

static void test_dma_chunks_end_at_destination_lines_partial_ones_marked(void **state)
{
	struct ub *u = ub_new(4, 0);
	static const uint32_t len[] = { 48, 64, 16 };

	cmd(u, 0, DMA_OP_ZERO, 0, DST + 16, 128, 0);
	ub_settle(u);
	assert_int_equal(u->nreq, 3);	/* a zero only writes */
	for (int k = 0; k < 3; k++) {
		assert_true(u->req[k].write);
		assert_int_equal(u->req[k].line, DST / 64 + (uint32_t)k);
		assert_int_equal(u->req[k].partial, len[k] < 64);
		assert_true(u->caps[k].wr_zero);
		assert_int_equal(u->caps[k].wr_len, len[k]);
	}
	free(u);
}

static void test_dma_keeps_at_most_its_slots_in_flight(void **state)
{
	struct ub *u = ub_new(2, 0);

	cmd(u, 0, DMA_OP_COPY, SRC, DST, 8 * 64, 0);
	ub_settle(u);
	assert_int_equal(u->nreq, 16);
	assert_int_equal(u->max_in_flight, 2);
	free(u);
}

static void test_dma_channels_take_slots_in_turn(void **state)
{
	struct ub *u = ub_new(1, 0);

	cmd(u, 0, DMA_OP_ZERO, 0, DST, 128, 0);
	ub_cycle(u);
	cmd(u, 1, DMA_OP_ZERO, 0, DST + 0x1000, 128, 0);
	ub_settle(u);
	assert_int_equal(u->nreq, 4);
	/* one slot: the chunks alternate between the channels */
	assert_int_equal(u->req[0].line, DST / 64);
	assert_int_equal(u->req[1].line, (DST + 0x1000) / 64);
	assert_int_equal(u->req[2].line, DST / 64 + 1);
	assert_int_equal(u->req[3].line, (DST + 0x1000) / 64 + 1);
	free(u);
}

static void test_dma_refuses_each_bad_request_with_its_cause(void **state)
{
	struct dma_params p = params(4, 0);
	const uint32_t end = RAM + (1u << 20);
	struct { uint8_t op; uint32_t src, dst, len; enum dma_cause cause; } bad[] = {
		{ 0, SRC, DST, 64, DMA_ERR_OP },
		{ 3, SRC, DST, 64, DMA_ERR_OP },
		{ DMA_OP_COPY, SRC + 2, DST, 64, DMA_ERR_ALIGN },
		{ DMA_OP_COPY, SRC, DST + 1, 64, DMA_ERR_ALIGN },
		{ DMA_OP_ZERO, 0, DST, 63, DMA_ERR_ALIGN },
		{ DMA_OP_ZERO, 0, DST, 4096 + 4, DMA_ERR_LONG },
		{ DMA_OP_ZERO, 0, 0x10000000u, 64, DMA_ERR_NOT_RAM },
		{ DMA_OP_COPY, 0x02000000u, DST, 64, DMA_ERR_NOT_RAM },
		{ DMA_OP_ZERO, 0, end, 4, DMA_ERR_NOT_RAM },
		{ DMA_OP_ZERO, 0, end - 32, 64, DMA_ERR_END },
		{ DMA_OP_COPY, end - 32, DST, 64, DMA_ERR_END },
		{ DMA_OP_COPY, SRC, SRC + 60, 64, DMA_ERR_OVERLAP },
		{ DMA_OP_COPY, SRC + 60, SRC, 64, DMA_ERR_OVERLAP },
	};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct ub *u = ub_new(4, 0);

		assert_int_equal(dma_check(&p, bad[k].op, bad[k].src, bad[k].dst, bad[k].len),
				 bad[k].cause);
		cmd(u, 0, bad[k].op, bad[k].src, bad[k].dst, bad[k].len, 1);
		ub_cycle(u);
		assert_int_equal(u->last.cmd_cause, bad[k].cause);
		assert_int_equal(dma_chan_status(&u->e, 0).err, 1);
		assert_int_equal(dma_chan_status(&u->e, 0).cause, bad[k].cause);
		assert_int_equal(dma_chan_status(&u->e, 0).busy, 0);
		ub_run(u, 3);
		assert_int_equal(u->nreq, 0);		/* nothing moved */
		assert_int_equal(u->last.irq, 1);	/* asked for: it interrupts */
		free(u);
	}
	/* touching ranges do not overlap */
	assert_int_equal(dma_check(&p, DMA_OP_COPY, SRC, SRC + 64, 64), DMA_OK);
}

static void test_dma_start_while_busy_is_refused_and_the_first_goes_on(void **state)
{
	struct ub *u = ub_new(4, 0);

	cmd(u, 0, DMA_OP_ZERO, 0, DST, 256, 0);
	ub_cycle(u);
	cmd(u, 0, DMA_OP_ZERO, 0, DST + 0x1000, 64, 1);
	ub_cycle(u);
	assert_int_equal(u->last.cmd_cause, DMA_ERR_BUSY);
	ub_settle(u);
	assert_int_equal(u->nreq, 4);		/* only the first operation's lines */
	assert_int_equal(dma_chan_status(&u->e, 0).done, 1);
	assert_int_equal(dma_chan_status(&u->e, 0).err, 1);
	assert_int_equal(dma_chan_status(&u->e, 0).cause, DMA_ERR_BUSY);
	assert_int_equal(u->last.irq, 0);	/* the first did not ask for one */
	free(u);
}

static void test_dma_interrupt_rises_after_done_and_a_clear_lowers_it(void **state)
{
	struct ub *u = ub_new(4, 0);

	cmd(u, 1, DMA_OP_ZERO, 0, DST, 64, 1);
	ub_settle(u);
	assert_int_equal(dma_chan_status(&u->e, 1).done, 1);
	assert_int_equal(u->last.irq, 0);	/* the cycle of the last answer */
	ub_cycle(u);
	assert_int_equal(u->last.irq, 2);	/* channel 1's line, from the state */
	u->next.clr_valid = 1;
	u->next.clr_chan = 1;
	ub_cycle(u);
	ub_cycle(u);
	assert_int_equal(u->last.irq, 0);
	assert_int_equal(dma_chan_status(&u->e, 1).done, 0);
	free(u);
}

static void test_dma_zero_length_is_done_at_once(void **state)
{
	struct ub *u = ub_new(4, 0);

	cmd(u, 0, DMA_OP_COPY, SRC, DST, 0, 0);
	ub_cycle(u);
	assert_int_equal(u->last.cmd_cause, DMA_OK);
	assert_int_equal(dma_chan_status(&u->e, 0).done, 1);
	assert_int_equal(dma_chan_status(&u->e, 0).busy, 0);
	assert_false(dma_active(&u->e));
	free(u);
}

/* ---- the device on the real bus, among three cores' caches ---------------------------- */

struct db {
	struct tsys *s;
	struct memmap mm;
	struct plic plic;
	struct lr_set lr;
	struct dmactl *d;
};

static struct db *db_new(void)
{
	struct db *b = calloc(1, sizeof(*b));
	struct config cfg;

	assert_non_null(b);
	config_defaults(&cfg);
	cfg.cores = TSYS_CORES;
	cfg.dma.enabled = 1;
	cfg.dma.setup = 0;
	b->s = tsys_new(&cfg, TSYS_CORES);
	assert_int_equal(memmap_init(&b->mm, RAM, 1u << 20), 0);
	plic_init(&b->plic, NULL, 0);
	b->d = calloc(1, sizeof(*b->d));
	assert_non_null(b->d);
	dmactl_init(b->d, &cfg, &b->mm, &b->plic, NULL, &b->lr, &b->s->now);
	dmactl_attach_bus(b->d, &b->s->bus);
	return b;
}

static void db_free(struct db *b)
{
	tsys_free(b->s);
	memmap_free(&b->mm);
	free(b->d);
	free(b);
}

static void reg(struct db *b, int chan, uint32_t r, uint32_t v)
{
	assert_int_equal(dmactl_ops.write(b->d, (uint32_t)chan * DMA_CHAN_BYTES + r, 4, v), 0);
}

static uint32_t status(struct db *b, int chan)
{
	uint32_t v;

	assert_int_equal(dmactl_ops.read(b->d, (uint32_t)chan * DMA_CHAN_BYTES + DMA_REG_STATUS, 4,
					 &v), 0);
	return v;
}

static void start(struct db *b, uint32_t op, uint32_t src, uint32_t dst, uint32_t len)
{
	reg(b, 0, DMA_REG_SRC, src);
	reg(b, 0, DMA_REG_DST, dst);
	reg(b, 0, DMA_REG_LEN, len);
	reg(b, 0, DMA_REG_CTRL, op);
}

/* Runs the system cycle by cycle (calendar, engine, bus) until the channel is done. */
static uint64_t db_run(struct db *b)
{
	struct tsys *s = b->s;

	for (int guard = 0; status(b, 0) & DMA_ST_BUSY; guard++) {
		assert_true(guard < 100000);
		eventq_run(&s->ev, s->now);
		if (dmactl_busy(b->d))
			dmactl_cycle(b->d, s->now);
		if (bus_next(&s->bus, s->now) <= s->now)
			bus_tick(&s->bus, s->now);
		s->now++;
	}
	return s->now - 1;	/* the cycle the last write's answer was taken */
}

#define DBUS(b, f)	mctr_total(&(b)->s->bus.stats[(b)->d->agent[0]].f)

static void test_dma_one_line_copy_takes_a_memory_read_then_a_line_write(void **state)
{
	struct db *b = db_new();
	const struct config *c = &b->s->cfg;
	uint64_t d = c->bus.clock_div, t0 = b->s->now, g1, e1, g2, e2;

	memset(memmap_host(&b->mm, SRC), 0x5a, 64);
	start(b, DMA_OP_COPY, SRC, DST, 64);
	e2 = db_run(b);
	/* start at t0; chunk cut at t0 + 1; the read asked for at t0 + 2 */
	g1 = up(t0 + 2, d);
	e1 = bus_mem_end(c, g1);
	g2 = up(e1 + 1, d);
	assert_int_equal(e2, g2 + (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles) * d +
				 bus_transfer(c));
	assert_int_equal(memcmp(memmap_host(&b->mm, SRC), memmap_host(&b->mm, DST), 64), 0);
	assert_int_equal(DBUS(b, from_memory), 1);
	assert_int_equal(b->s->mem.stats.reads, 1);
	assert_int_equal(b->s->mem.stats.writes, 1);
	assert_int_equal(mctr_total(&b->d->stats[0].lines), 1);
	assert_int_equal(mctr_total(&b->d->stats[0].bytes), 64);
	assert_int_equal(mctr_total(&b->d->stats[0].bus_cycles), (e1 - g1) + (e2 - g2));
	/* an accepted command is an operation, not an error, with no timeline watching */
	assert_int_equal(mctr_total(&b->d->stats[0].ops), 1);
	assert_int_equal(mctr_total(&b->d->stats[0].errors), 0);
	db_free(b);
}

static void test_dma_refused_command_counts_as_an_error_not_an_operation(void **state)
{
	struct db *b = db_new();

	start(b, DMA_OP_COPY, SRC + 2, DST, 64);	/* misaligned source: refused */
	db_run(b);
	assert_int_equal(mctr_total(&b->d->stats[0].ops), 0);
	assert_int_equal(mctr_total(&b->d->stats[0].errors), 1);
	assert_int_equal(mctr_total(&b->d->stats[0].lines), 0);
	db_free(b);
}

static void test_dma_dirty_source_line_comes_from_its_cache_which_keeps_it_clean(void **state)
{
	struct db *b = db_new();

	tsys_write(b->s, 1, SRC);		/* core 1 holds the line modified */
	assert_int_equal(tsys_l2(b->s, 1, SRC), LINE_M);
	start(b, DMA_OP_COPY, SRC, DST, 64);
	db_run(b);
	assert_int_equal(DBUS(b, c2c), 1);	/* supplied cache-to-cache */
	assert_int_equal(DBUS(b, from_memory), 0);
	assert_int_equal(tsys_l2(b->s, 1, SRC), LINE_E);	/* flushed: clean, still its own */
	assert_int_equal(tsys_l1d(b->s, 1, SRC), LINE_E);
	assert_int_equal(b->s->mem.stats.writes, 2);	/* the flush, and the engine's write */
	db_free(b);
}

static void test_dma_write_invalidates_every_copy_and_allocates_nothing(void **state)
{
	struct db *b = db_new();

	for (int i = 0; i < TSYS_CORES; i++)
		tsys_read(b->s, i, DST);
	start(b, DMA_OP_ZERO, 0, DST, 64);
	db_run(b);
	for (int i = 0; i < TSYS_CORES; i++) {
		assert_int_equal(tsys_l2(b->s, i, DST), LINE_I);
		assert_int_equal(tsys_l1d(b->s, i, DST), LINE_I);
		assert_int_equal(L2S(b->s, i, snoop_invalidations), 1);
	}
	assert_int_equal(b->s->mem.stats.writes, 1);	/* the copies were clean: no flush */
	db_free(b);
}

static void test_dma_partial_write_over_a_dirty_line_flushes_it_first(void **state)
{
	struct db *b = db_new();

	tsys_write(b->s, 0, DST);
	start(b, DMA_OP_ZERO, 0, DST + 16, 16);
	db_run(b);
	assert_int_equal(tsys_l2(b->s, 0, DST), LINE_I);
	assert_int_equal(b->s->mem.stats.writes, 2);	/* the dirty line, then the engine's bytes */
	db_free(b);
}

static void test_dma_full_write_over_a_dirty_line_drops_it(void **state)
{
	struct db *b = db_new();

	tsys_write(b->s, 0, DST);
	start(b, DMA_OP_ZERO, 0, DST, 64);
	db_run(b);
	assert_int_equal(tsys_l2(b->s, 0, DST), LINE_I);
	assert_int_equal(b->s->mem.stats.writes, 1);	/* every byte is new: no flush */
	db_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dma_copy_of_two_lines_reads_each_then_writes_each),
		cmocka_unit_test(test_dma_captures_each_source_line_and_writes_each_destination_line),
		cmocka_unit_test(test_dma_chunks_end_at_destination_lines_partial_ones_marked),
		cmocka_unit_test(test_dma_keeps_at_most_its_slots_in_flight),
		cmocka_unit_test(test_dma_channels_take_slots_in_turn),
		cmocka_unit_test(test_dma_refuses_each_bad_request_with_its_cause),
		cmocka_unit_test(test_dma_start_while_busy_is_refused_and_the_first_goes_on),
		cmocka_unit_test(test_dma_interrupt_rises_after_done_and_a_clear_lowers_it),
		cmocka_unit_test(test_dma_zero_length_is_done_at_once),
		cmocka_unit_test(test_dma_one_line_copy_takes_a_memory_read_then_a_line_write),
		cmocka_unit_test(test_dma_refused_command_counts_as_an_error_not_an_operation),
		cmocka_unit_test(test_dma_dirty_source_line_comes_from_its_cache_which_keeps_it_clean),
		cmocka_unit_test(test_dma_write_invalidates_every_copy_and_allocates_nothing),
		cmocka_unit_test(test_dma_partial_write_over_a_dirty_line_flushes_it_first),
		cmocka_unit_test(test_dma_full_write_over_a_dirty_line_drops_it),
	};

	return cmocka_run_group_tests_name("dma", tests, NULL, NULL);
}
