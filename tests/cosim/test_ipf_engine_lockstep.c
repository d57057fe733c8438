// SPDX-License-Identifier: MIT
/*
 * The instruction prefetch engine in lockstep: the C unit (cpu/ipf_engine.c)
 * and its RTL twin (rtl/ipf_engine.sv, the model MODEL was Verilated as)
 * get the same inputs every cycle, and the generic checker (sim/cosim/twin.h)
 * compares every output every cycle. Directed sequences first (page ends,
 * guarded lines, a full queue, fence.i in a run, two accesses in a cycle,
 * tagged first uses), then seeded random stimulus.
 *
 *   test_ipf_engine_lockstep MODEL CYCLES [SEED]     0 when they agree throughout
 *   test_ipf_engine_lockstep --expect-mismatch MODEL CYCLES [SEED]
 *                                                    0 when a mismatch is found
 *                                                    (the broken build's check)
 *
 * MODEL is a build/rtl/ipf_engine-*\/twin.so. On a mismatch the last WINDOW
 * cycles are written as an FST waveform, $TWIN_WAVE_DIR/ipf_engine-mismatch-
 * CYCLE.fst (default: the current directory), inputs with the C model's and
 * the RTL's outputs side by side.
 *
 * Inputs follow the engine's port contract: pop is drawn after the C unit's
 * outputs are known (at most count), and the guard bits of a line are a
 * fixed function of the line, as predecode bits are.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/ipf_engine.h"
#include "sys/config.h"
#include "twin.h"
#include "verdict.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

/* The predecode guard bit of a line: one line in five holds a guarded transfer. */
static uint8_t guard_mark(uint32_t line)
{
	return (uint8_t)((line * 2654435761u) >> 29 < 2 && (line & 3) != 1);
}

#define WINDOW 64	/* cycles kept for the mismatch waveform */

struct lockstep {
	struct ipf_engine c;
	struct twin_check *k;
	uint64_t cycle;
	int mismatches;
};

/*
 * One cycle: the guard bit of the run's line from the C unit's registered
 * state, the outputs, then pop (POP_RANDOM: drawn; otherwise that many, at
 * most count), both units evaluated with it and clocked.
 */
#define POP_RANDOM 0xff

static int step(struct lockstep *ls, struct ipf_engine_in *in, unsigned pop)
{
	struct ipf_engine_out oc;
	int bad;

	if (ls->mismatches)
		return 1;	/* stop at the first: the units have diverged */
	in->run_guarded = guard_mark(ls->c.q.run_next);
	for (int i = 0; i < IPF_ACCESSES; i++) {
		in->acc_guarded[i] = guard_mark(in->acc_line[i]);
		in->acc_guarded_next[i] = guard_mark(in->acc_line[i] + 1);
	}
	in->pop = 0;
	ipf_engine_eval(&ls->c, in, &oc);
	if (pop == POP_RANDOM)
		pop = rnd(3) ? rnd(oc.count < 3 ? oc.count + 1u : 3u) : 0;
	in->pop = (uint8_t)(pop < oc.count ? pop : oc.count);
	bad = twin_check_cycle(ls->k, ls->cycle, in, &oc) != 0;
	ls->mismatches += bad;
	ls->cycle++;
	return bad;
}

/* An access of kind 'a' (hit), 'm' (miss after access), 'M' (miss alone), 'f' (first use). */
static void demand(struct ipf_engine_in *in, int slot, uint32_t line, char kind)
{
	in->acc_line[slot] = line;
	in->acc_access[slot] = kind != 'M';
	in->acc_miss[slot] = kind == 'm' || kind == 'M';
	in->acc_first_use[slot] = kind == 'f';
}

/* Steps @n idle cycles (the queue drains at one pop a cycle when @pop). */
static int idle(struct lockstep *ls, int n, unsigned pop)
{
	int bad = 0;

	while (n--) {
		struct ipf_engine_in in = { .guard_en = 1 };

		bad |= step(ls, &in, pop);
	}
	return bad;
}

static int directed(struct lockstep *ls)
{
	uint32_t lpp = 4096 / ls->c.p.line_bytes;	/* lines per page */
	uint32_t base = 0x80000000u / ls->c.p.line_bytes;
	struct ipf_engine_in in;
	int bad = 0;

	/* Page ends: a miss on the last lines of a page. */
	for (uint32_t k = 1; k <= 3; k++) {
		in = (struct ipf_engine_in){ .guard_en = 1 };
		demand(&in, 0, base + lpp - k, 'm');
		bad |= step(ls, &in, 0);
		bad |= idle(ls, 8, 1);
	}
	/* Runs into guarded lines, from every start in a page. */
	for (uint32_t l = base; l < base + lpp; l++) {
		in = (struct ipf_engine_in){ .guard_en = 1 };
		demand(&in, 0, l, 'm');
		bad |= step(ls, &in, 1);
	}
	bad |= idle(ls, 40, 1);
	/* A full queue: misses every cycle, nothing taken. */
	for (uint32_t l = 0; l < 64; l++) {
		in = (struct ipf_engine_in){ .guard_en = 1 };
		demand(&in, 0, base + 64 * l, 'm');
		demand(&in, 1, base + 64 * l + 1, 'f');
		bad |= step(ls, &in, 0);
	}
	bad |= idle(ls, 40, 2);
	/* fence.i in the middle of a run, with accesses in its cycle. */
	in = (struct ipf_engine_in){ .guard_en = 1 };
	demand(&in, 0, base + 2 * lpp, 'm');
	bad |= step(ls, &in, 0);
	in = (struct ipf_engine_in){ .guard_en = 1, .flush = 1 };
	demand(&in, 0, base + 2 * lpp + 9, 'm');
	bad |= step(ls, &in, 0);
	bad |= idle(ls, 4, 1);
	/* Two accesses in a cycle; a miss alone (a prefetch on its way); guard off. */
	in = (struct ipf_engine_in){ .guard_en = 1 };
	demand(&in, 0, base + 3 * lpp, 'a');
	demand(&in, 1, base + 3 * lpp + 1, 'M');
	bad |= step(ls, &in, 1);
	in = (struct ipf_engine_in){ .guard_en = 0 };
	demand(&in, 0, base + 3 * lpp + 7, 'm');
	demand(&in, 1, base + 3 * lpp + 8, 'f');
	bad |= step(ls, &in, 1);
	bad |= idle(ls, 20, 1);
	return bad;
}

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	uint32_t lpp = 4096 / ls->c.p.line_bytes;
	uint32_t pc = 0x80000000u / ls->c.p.line_bytes;
	static const char kinds[] = "aaaammmfM";
	int bad = 0;

	for (uint64_t n = 0; n < cycles; n++) {
		struct ipf_engine_in in = { .guard_en = rnd(5) != 0, .flush = rnd(200) == 0 };
		uint32_t nacc = rnd(4) ? rnd(3) : 0;

		/* Mostly sequential code, with jumps, some to a page's last lines. */
		if (rnd(8) == 0)
			pc = rnd(2) ? pc + rnd(64) - 32 : (pc / lpp + 1) * lpp - 1 - rnd(3);
		for (uint32_t i = 0; i < nacc; i++) {
			demand(&in, (int)i, pc, kinds[rnd(sizeof(kinds) - 1)]);
			pc += rnd(3) != 0;
		}
		if (rnd(1000) == 0)
			pc = rnd(0xffffffffu);	/* anywhere: wrapping line numbers too */
		bad |= step(ls, &in, POP_RANDOM);
		if (bad)
			break;
	}
	return bad;
}

int main(int argc, char **argv)
{
	struct ipf_engine_params *p;
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("ipf_engine", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	ipf_engine_configure(&ls.c, &a.cfg);
	ls.k = lockstep_check("ipf_engine", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	p = &ls.c.p;
	printf("ipf_engine lockstep (%s): nextline %u degree %u guarded %u depth %u "
	       "guard_line %u line %u bytes, seed %" PRIu64 "\n", a.rtl->variant,
	       p->nextline, p->degree, p->guarded, p->guard_depth, p->guard_line, p->line_bytes,
	       a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	return lockstep_verdict(ls.k, a.expect, bad, ls.cycle);
}
