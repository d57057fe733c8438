// SPDX-License-Identifier: MIT
/*
 * The bus sequencer in lockstep: the C unit (mem/bus_seq.h) and its RTL
 * twin (rtl/bus_seq.sv, the model MODEL was Verilated as) get the same
 * inputs, and the generic checker (sim/cosim/twin.h) compares every output
 * at every evaluation. The stimulus follows the bus's protocol: a grant
 * evaluated up to three times in its cycle (the grant, the snoop responses,
 * memory's answers) and clocked once, idle cycles between, now and then
 * the end of a run cutting a transaction. Directed cases first (every op,
 * a lost line, the requester's own snoop response, a partial DMA write
 * over a dirty copy), with their end times checked against the
 * specification's arithmetic as well; then seeded random transactions.
 *
 *   test_bus_seq_lockstep MODEL CYCLES [SEED]        0 when they agree throughout
 *   test_bus_seq_lockstep --expect-mismatch MODEL CYCLES [SEED]
 *                                                    0 when a mismatch is found
 *                                                    (the broken build's check)
 *
 * MODEL is a build/rtl/bus_seq-*\/twin.so. On a mismatch the last WINDOW
 * evaluations are written as an FST waveform, $TWIN_WAVE_DIR/bus_seq-
 * mismatch-CYCLE.fst (default: the current directory); CYCLE is the bus's
 * core cycle (a grant's evaluations share one).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/bus_seq.h"
#include "sys/config.h"
#include "twin.h"
#include "verdict.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

#define WINDOW 64	/* evaluations kept for the mismatch waveform */
#define AGENTS 8	/* agents the stimulus draws from */

struct lockstep {
	struct bus_seq c;
	struct twin_check *k;
	uint64_t now;			/* the bus's clock, in core cycles */
	uint64_t evals;
	uint64_t grants, c2c, cut;	/* what the stimulus reached, for the summary */
	int mismatches;
	int wrong;			/* a directed case's end time was not the specification's */
};

/* One evaluation of both units on @in at ls->now; nonzero once they differ. */
static int eval(struct lockstep *ls, struct bus_seq_in *in, struct bus_seq_out *out)
{
	if (ls->mismatches)
		return 1;	/* stop at the first: the units have diverged */
	in->now = ls->now;
	ls->evals++;
	ls->mismatches += twin_check_eval(ls->k, ls->now, in, out) != 0;
	return ls->mismatches;
}

static uint64_t edge(const struct lockstep *ls, uint64_t t)
{
	uint64_t d = ls->c.clock_div;

	return (t + d - 1) / d * d;
}

/*
 * One transaction granted at ls->now, as the bus drives it: @had and
 * @dirty are the agents' snoop responses, memory answers @mem_delay cycles
 * after the phase (a read at the next bus edge). Returns its end.
 */
static uint64_t transaction(struct lockstep *ls, uint32_t agent, enum bus_op op, int holds,
			    int partial, uint32_t had, uint32_t dirty, uint32_t mem_delay)
{
	struct bus_seq_in in = { .grant_valid = 1, .agent = (uint8_t)agent, .op = (uint8_t)op,
				 .holds = (uint8_t)holds, .partial = (uint8_t)partial };
	struct bus_seq_out out;

	if (eval(ls, &in, &out))
		return 0;
	if (out.snoop) {
		/* The requester's lane too: the unit must ignore it (the bus leaves it 0). */
		in.snoop_had = had;
		in.snoop_dirty = dirty;
		if (eval(ls, &in, &out))
			return 0;
	}
	if (out.mem_read || out.mem_writes) {
		if (out.mem_read)
			in.mem_read_at = edge(ls, out.phase_at + mem_delay);
		for (int i = 0; i < out.mem_writes; i++)
			in.mem_write_at[i] = out.phase_at + mem_delay / 2 + (uint64_t)i * mem_delay;
		if (eval(ls, &in, &out))
			return 0;
	}
	twin_check_tick(ls->k);
	ls->grants++;
	ls->c2c += out.supply == BUS_SEQ_SUPPLY_C2C;
	return out.end;
}

/* A cycle with no grant (and the end of a run with @release). */
static int idle(struct lockstep *ls, int release)
{
	struct bus_seq_in in = { .release_valid = (uint8_t)release };
	struct bus_seq_out out;

	if (eval(ls, &in, &out))
		return 1;
	twin_check_tick(ls->k);
	ls->cut += release && bus_seq_free_at(&ls->c) == ls->now && out.free_at > ls->now;
	return 0;
}

/* Checks a directed case's end against the specification's arithmetic. */
static void expect_end(struct lockstep *ls, const char *what, uint64_t end, uint64_t want)
{
	if (ls->mismatches || end == want)
		return;
	printf("FAILED: %s ends at %" PRIu64 ", the specification says %" PRIu64 "\n", what, end,
	       want);
	ls->wrong = 1;
}

/* The next grant: at the first bus edge from the end of the last transaction, as the bus grants. */
static void next_grant(struct lockstep *ls)
{
	ls->now = edge(ls, bus_seq_free_at(&ls->c));
}

static int directed(struct lockstep *ls)
{
	const struct bus_seq *s = &ls->c;
	uint64_t d = s->clock_div, arb = s->arb_cycles * d, snoop = s->snoop_cycles * d;
	uint64_t c2c = s->c2c_cycles * d, xfer = s->transfer, t0, phase;

	ls->now = 40 * d;
	/* A read nobody else has: memory, at the next bus edge after its answer. */
	t0 = ls->now;
	phase = t0 + arb + snoop;
	expect_end(ls, "a read from memory", transaction(ls, 1, BUS_RD, 0, 0, 0, 0, 7),
		   edge(ls, phase + 7) + xfer);
	/* Only the requester's own copy answers: still memory. */
	next_grant(ls);
	expect_end(ls, "a read the requester alone has",
		   transaction(ls, 0, BUS_RD, 0, 0, 0x1, 0x1, 7),
		   edge(ls, ls->now + arb + snoop + 7) + xfer);
	/* A dirty copy elsewhere: cache to cache, memory takes the line too. */
	next_grant(ls);
	expect_end(ls, "a read from a dirty cache", transaction(ls, 0, BUS_RDX, 0, 0, 0x9, 0x9, 4),
		   ls->now + arb + snoop + c2c + xfer);
	/* An upgrade of a line still held, then of a lost one (a read for ownership). */
	next_grant(ls);
	expect_end(ls, "an upgrade", transaction(ls, 3, BUS_UPGR, 1, 0, 0x1, 0, 0),
		   ls->now + arb + snoop);
	next_grant(ls);
	transaction(ls, 3, BUS_UPGR, 0, 0, 0x1, 0, 0);
	/* An update with sharers, a lost one; a write-back (no snoop phase). */
	next_grant(ls);
	transaction(ls, 1, BUS_UPDATE, 1, 0, 0x5, 0, 30);
	next_grant(ls);
	transaction(ls, 1, BUS_UPDATE, 0, 0, 0, 0, 3);
	next_grant(ls);
	expect_end(ls, "a write-back", transaction(ls, 2, BUS_WB, 0, 0, 0xff, 0xff, 0),
		   ls->now + arb + xfer);
	/* The DMA engine's: a read, a partial write over a dirty copy (two writes), a whole one. */
	next_grant(ls);
	transaction(ls, 5, BUS_DMA_RD, 0, 0, 0x2, 0x2, 9);
	next_grant(ls);
	transaction(ls, 5, BUS_DMA_WR, 0, 1, 0x2, 0x2, 200);
	next_grant(ls);
	transaction(ls, 5, BUS_DMA_WR, 0, 0, 0x2, 0x2, 9);
	/* The run ends half-way through a transaction, then again after it. */
	next_grant(ls);
	transaction(ls, 0, BUS_RD, 0, 0, 0, 0, 50);
	ls->now += 3;
	if (idle(ls, 1))
		return 1;
	expect_end(ls, "a transaction cut at the end of a run", bus_seq_free_at(s), ls->now);
	ls->now += 100;
	return idle(ls, 1) || ls->mismatches || ls->wrong;
}

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	for (uint64_t n = 0; n < cycles; n++) {
		uint32_t what = rnd(16);

		ls->now += 1 + rnd(4);
		if (ls->now >= bus_seq_free_at(&ls->c) && what < 10) {
			uint32_t had = rnd(4) ? 0 : rnd(1u << AGENTS);

			ls->now = edge(ls, ls->now);
			transaction(ls, rnd(AGENTS), (enum bus_op)rnd(BUS_OPS), (int)rnd(2),
				    (int)rnd(2), had, had & rnd(1u << AGENTS), rnd(120));
		} else if (idle(ls, what == 15)) {
			return 1;
		}
		if (ls->mismatches)
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("bus_seq", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	bus_seq_configure(&ls.c, &a.cfg);
	ls.k = lockstep_check("bus_seq", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	printf("bus_seq lockstep (%s): seed %" PRIu64 "\n", a.rtl->variant, a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	if (ls.wrong)
		return 1;	/* the C unit itself is off its specification */
	if (!a.expect)
		printf("%" PRIu64 " transactions (%" PRIu64 " cache to cache), %" PRIu64
		       " cut at a run's end\n", ls.grants, ls.c2c, ls.cut);
	return lockstep_verdict(ls.k, a.expect, bad, ls.evals);
}
