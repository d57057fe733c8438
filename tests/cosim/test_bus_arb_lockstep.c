// SPDX-License-Identifier: MIT
/*
 * The bus controller in lockstep: the C unit (mem/bus_arb.c) and its RTL
 * twin (rtl/bus_arb.sv, the model MODEL was Verilated as) get the same
 * inputs every cycle, and the generic checker (sim/cosim/twin.h) compares
 * every output every cycle. Directed sequences first (a refused hold after a waiter, a
 * circle of holders, write-backs past a hold, round robin over every agent),
 * then seeded random commands and arbitrations over a few lines, so that
 * holds and requests meet often.
 *
 *   test_bus_arb_lockstep MODEL CYCLES [SEED]        0 when they agree throughout
 *   test_bus_arb_lockstep --expect-mismatch MODEL CYCLES [SEED]
 *                                                    0 when a mismatch is found
 *                                                    (the broken build's check)
 *
 * MODEL is a build/rtl/bus_arb-*\/twin.so. On a mismatch the last WINDOW
 * cycles are written as an FST waveform, $TWIN_WAVE_DIR/bus_arb-mismatch-
 * CYCLE.fst (default: the current directory), inputs with the C model's and
 * the RTL's outputs side by side.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/bus_arb.h"
#include "sys/config.h"
#include "twin.h"
#include "verdict.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

#define WINDOW 64	/* cycles kept for the mismatch waveform */
#define LINES 6		/* lines the random stimulus draws from */

struct lockstep {
	struct bus_arb c;
	struct twin_check *k;
	uint64_t cycle;
	uint64_t grants, refusals;	/* what the stimulus reached, for the summary */
	int mismatches;
};

/* One cycle: both units evaluated on @in, compared, clocked. */
static int step(struct lockstep *ls, const struct bus_arb_in *in)
{
	struct bus_arb_out out;
	uint32_t held_before = ls->c.q.held;

	if (ls->mismatches)
		return 1;	/* stop at the first: the units have diverged */
	ls->mismatches += twin_check_cycle(ls->k, ls->cycle, in, &out) != 0;
	ls->grants += out.grant_valid;
	ls->refusals += in->lock_valid && in->cmd_agent < ls->c.agents &&
			!(ls->c.q.held >> in->cmd_agent & 1) && !(held_before >> in->cmd_agent & 1);
	ls->cycle++;
	return ls->mismatches;
}

/* One cycle with a hold command alone: @agent's LR of @line (@lock), or its SC. */
static int hold(struct lockstep *ls, int lock, uint32_t agent, uint32_t line)
{
	struct bus_arb_in in = { .lock_valid = (uint8_t)lock, .unlock_valid = (uint8_t)!lock,
				 .cmd_agent = (uint8_t)agent, .cmd_line = line };

	return step(ls, &in);
}

/* Adds @agent's head request (@op on @line) to an arbitration. */
static void request(struct bus_arb_in *in, uint32_t agent, uint32_t line, enum bus_op op)
{
	in->arb_valid = 1;
	in->req_ready |= 1u << agent;
	in->req_line[agent] = line;
	in->req_op[agent] = (uint8_t)op;
}

static int directed(struct lockstep *ls)
{
	struct bus_arb_in in;
	int bad = 0;

	/* A waiter marks the hold contended; the holder's next LR of that line is refused. */
	in = (struct bus_arb_in){ 0 };
	bad |= step(ls, &in) || hold(ls, 1, 0, 100);
	in = (struct bus_arb_in){ 0 };
	request(&in, 1, 100, BUS_RDX);
	bad |= step(ls, &in);
	bad |= hold(ls, 0, 0, 0) || hold(ls, 1, 0, 100);
	in = (struct bus_arb_in){ 0 };
	request(&in, 1, 100, BUS_RDX);
	bad |= step(ls, &in);
	/* A circle: 0 holds 200 and wants 201, 1 holds 201 and wants 200. */
	bad |= hold(ls, 1, 0, 200) || hold(ls, 1, 1, 201);
	in = (struct bus_arb_in){ 0 };
	request(&in, 0, 201, BUS_RD);
	request(&in, 1, 200, BUS_RD);
	bad |= step(ls, &in) || step(ls, &in);
	/* A write-back passes a hold on its line; an upgrade waits for it. */
	bad |= hold(ls, 1, 0, 300);
	in = (struct bus_arb_in){ 0 };
	request(&in, 1, 300, BUS_WB);
	if (ls->c.agents > 2)
		request(&in, 2, 300, BUS_UPGR);
	bad |= step(ls, &in) || step(ls, &in);
	bad |= hold(ls, 0, 0, 0);
	/* Round robin over every agent, all ready, twice around. */
	for (uint32_t k = 0; k < 2 * ls->c.agents; k++) {
		in = (struct bus_arb_in){ 0 };
		for (uint32_t a = 0; a < ls->c.agents; a++)
			request(&in, a, 400 + a, (enum bus_op)(a % BUS_OPS));
		bad |= step(ls, &in);
	}
	return bad;
}

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	for (uint64_t n = 0; n < cycles; n++) {
		struct bus_arb_in in = { 0 };
		uint32_t what = rnd(8);

		if (what < 3) {		/* a command, sometimes with an arbitration */
			in.cmd_agent = (uint8_t)rnd(ls->c.agents);
			in.cmd_line = 1000 + rnd(LINES);
			in.lock_valid = what < 2;
			in.unlock_valid = !in.lock_valid || rnd(16) == 0;
		}
		if (what >= 2) {
			in.arb_valid = 1;
			for (uint32_t a = 0; a < ls->c.agents; a++) {
				in.req_line[a] = 1000 + rnd(LINES);
				in.req_op[a] = (uint8_t)rnd(BUS_OPS);
				if (rnd(3) == 0)
					in.req_ready |= 1u << a;
			}
		}
		if (step(ls, &in))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("bus_arb", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	bus_arb_configure(&ls.c, &a.cfg);
	ls.k = lockstep_check("bus_arb", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	printf("bus_arb lockstep (%s): %u agents, seed %" PRIu64 "\n", a.rtl->variant,
	       ls.c.agents, a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	if (!a.expect)
		printf("%" PRIu64 " grants, %" PRIu64 " holds refused\n", ls.grants, ls.refusals);
	return lockstep_verdict(ls.k, a.expect, bad, ls.cycle);
}
