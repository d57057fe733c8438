// SPDX-License-Identifier: MIT
/*
 * The bus controller in lockstep: the C unit (mem/bus_arb.c) and its RTL
 * twin (rtl/bus_arb.sv, Verilated for the linked library's number of
 * agents) get the same inputs every cycle, and every output is compared
 * every cycle. Directed sequences first (a refused hold after a waiter, a
 * circle of holders, write-backs past a hold, round robin over every agent),
 * then seeded random commands and arbitrations over a few lines, so that
 * holds and requests meet often.
 *
 *   test_bus_arb_lockstep CYCLES [SEED]           0 when they agree throughout
 *   test_bus_arb_lockstep --expect-mismatch CYCLES [SEED]
 *                                                 0 when a mismatch is found
 *                                                 (the broken build's check)
 *
 * On a mismatch the last WINDOW cycles are written as an FST waveform,
 * $BUS_ARB_WAVE_DIR/bus_arb-mismatch-CYCLE.fst (default: the current
 * directory), inputs with the C model's and the RTL's outputs side by side.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bus_arb_rtl.h"
#include "mem/bus_arb.h"
#include "port_wave.h"
#include "ports.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

#define WINDOW 64	/* cycles kept for the mismatch waveform */
#define LINES 6		/* lines the random stimulus draws from */

struct rec {
	uint64_t cycle;
	struct bus_arb_in in;
	struct bus_arb_out c, r;	/* the C unit's and the RTL's outputs */
};

struct lockstep {
	struct bus_arb c;
	struct bus_arb_rtl *r;
	uint32_t agents;
	uint64_t cycle;
	uint64_t grants, refusals;	/* what the stimulus reached, for the summary */
	int mismatches;
	struct rec ring[WINDOW];	/* cycle n at ring[n % WINDOW] */
	char wave[512];			/* the mismatch waveform written, or "" */
};

#define IN_S(type, name, bits) PORT_DESC_S(struct bus_arb_in, type, name, bits)
#define IN_A(type, name, n, bits, bound) PORT_DESC_A(struct bus_arb_in, type, name, n, bits, bound)
#define OUT_S(type, name, bits) PORT_DESC_S(struct bus_arb_out, type, name, bits)
#define OUT_A(type, name, n, bits, bound) PORT_DESC_A(struct bus_arb_out, type, name, n, bits, bound)

static const struct port_desc in_ports[] = { BUS_ARB_IN_PORTS(IN_S, IN_A) };
static const struct port_desc out_ports[] = { BUS_ARB_OUT_PORTS(OUT_S, OUT_A) };
#define NIN ((int)(sizeof(in_ports) / sizeof(in_ports[0])))
#define NOUT ((int)(sizeof(out_ports) / sizeof(out_ports[0])))

static const struct port_unit unit = { "bus_arb", in_ports, NIN, out_ports, NOUT };

/* Writes the ring, up to and including the mismatch at @cycle, as an FST. */
static void dump_window(struct lockstep *ls, uint64_t cycle)
{
	const char *dir = getenv("BUS_ARB_WAVE_DIR") ? getenv("BUS_ARB_WAVE_DIR") : ".";
	uint64_t first = cycle + 1 >= WINDOW ? cycle + 1 - WINDOW : 0;
	struct port_wave *w;

	snprintf(ls->wave, sizeof(ls->wave), "%s/bus_arb-mismatch-%" PRIu64 ".fst", dir, cycle);
	w = port_wave_open(ls->wave, &unit);
	if (!w) {
		ls->wave[0] = 0;
		return;
	}
	for (uint64_t n = first; n <= cycle; n++) {
		const struct rec *k = &ls->ring[n % WINDOW];

		port_wave_sample(w, k->cycle, &k->in, &k->c, &k->r);
	}
	port_wave_close(w);
	fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n", first, cycle,
		ls->wave);
}

/* One cycle: both units evaluated on @in, compared, clocked. */
static int step(struct lockstep *ls, const struct bus_arb_in *in)
{
	struct bus_arb_out oc, orr;
	uint32_t held_before = ls->c.q.held;

	if (ls->mismatches)
		return 1;	/* stop at the first: the units have diverged */
	bus_arb_eval(&ls->c, in, &oc);
	bus_arb_rtl_eval(ls->r, in, &orr);
	ls->ring[ls->cycle % WINDOW] = (struct rec){ ls->cycle, *in, oc, orr };
	if (ports_compare(out_ports, NOUT, &oc, &orr, NULL, "C", "RTL")) {
		fprintf(stderr, "bus_arb mismatch at cycle %" PRIu64 " (%s)\n", ls->cycle,
			bus_arb_rtl_variant());
		ports_compare(out_ports, NOUT, &oc, &orr, stderr, "C", "RTL");
		fprintf(stderr, " inputs:\n");
		ports_print(in_ports, NIN, in, stderr, "  ");
		ls->mismatches++;
		dump_window(ls, ls->cycle);
	}
	bus_arb_tick(&ls->c);
	bus_arb_rtl_tick(ls->r);
	ls->grants += oc.grant_valid;
	ls->refusals += in->lock_valid && !(ls->c.q.held >> in->cmd_agent & 1) &&
			!(held_before >> in->cmd_agent & 1);
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
	if (ls->agents > 2)
		request(&in, 2, 300, BUS_UPGR);
	bad |= step(ls, &in) || step(ls, &in);
	bad |= hold(ls, 0, 0, 0);
	/* Round robin over every agent, all ready, twice around. */
	for (uint32_t k = 0; k < 2 * ls->agents; k++) {
		in = (struct bus_arb_in){ 0 };
		for (uint32_t a = 0; a < ls->agents; a++)
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
			in.cmd_agent = (uint8_t)rnd(ls->agents);
			in.cmd_line = 1000 + rnd(LINES);
			in.lock_valid = what < 2;
			in.unlock_valid = !in.lock_valid || rnd(16) == 0;
		}
		if (what >= 2) {
			in.arb_valid = 1;
			for (uint32_t a = 0; a < ls->agents; a++) {
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
	int expect = argc > 1 && !strcmp(argv[1], "--expect-mismatch");
	static struct lockstep ls;
	uint64_t cycles, seed;
	int bad;

	if (argc < 2 + expect) {
		fprintf(stderr, "usage: %s [--expect-mismatch] CYCLES [SEED]\n", argv[0]);
		return 2;
	}
	cycles = strtoull(argv[1 + expect], NULL, 0);
	seed = argc > 2 + expect ? strtoull(argv[2 + expect], NULL, 0) : 1;
	rng = seed;
	ls.agents = bus_arb_rtl_agents();
	bus_arb_init(&ls.c, ls.agents);
	ls.r = bus_arb_rtl_new();
	if (!ls.r)
		return 1;
	printf("bus_arb lockstep (%s): %u agents, seed %" PRIu64 "\n", bus_arb_rtl_variant(),
	       ls.agents, seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, cycles);
	bus_arb_rtl_free(ls.r);
	if (expect) {
		FILE *f = ls.wave[0] ? fopen(ls.wave, "rb") : NULL;
		int wave_ok = f && fseek(f, 0, SEEK_END) == 0 && ftell(f) > 0;

		if (f)
			fclose(f);
		printf("%s after %" PRIu64 " cycles%s\n",
		       bad ? "mismatch found, as expected" : "FAILED: no mismatch", ls.cycle,
		       bad && !wave_ok ? ", but FAILED to write its waveform" : "");
		return bad && wave_ok ? 0 : 1;
	}
	printf("%s: %" PRIu64 " cycles compared, %" PRIu64 " grants, %" PRIu64
	       " holds refused\n", bad ? "FAILED" : "agree", ls.cycle, ls.grants, ls.refusals);
	return bad ? 1 : 0;
}
