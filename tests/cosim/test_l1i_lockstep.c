// SPDX-License-Identifier: MIT
/*
 * The L1 controller in lockstep: the C unit (mem/l1i.c) and its RTL twin
 * (rtl/l1i.sv, the model MODEL was Verilated as) get the same operation
 * every cycle, and the generic checker (sim/cosim/twin.h) compares every
 * output every cycle. Directed sequences first (a set filled past its ways
 * with hits between, the MSHRs filled past their number and merged, abandons
 * before and after the fill, both lists overflowed, invalidations and a
 * flush), then a seeded random client that behaves as the cache does
 * (mem/l1.c): demand lookups that allocate an MSHR on a miss, fills of the
 * pending lines after a random delay (freeing the MSHR, the access
 * replayed), prefetch fills, abandons, snoop invalidations and flushes, over
 * a few lines per set so that sets overflow. A coverage floor: the run fails
 * if the stimulus never made the unit do one of the things counted below.
 *
 *   test_l1i_lockstep MODEL CYCLES [SEED]        0 when they agree throughout
 *   test_l1i_lockstep --expect-mismatch MODEL CYCLES [SEED]
 *                                                0 when a mismatch is found
 *                                                (the broken build's check)
 *
 * MODEL is a build/rtl/l1i-*\/twin.so. On a mismatch the last WINDOW cycles
 * are written as an FST waveform, $TWIN_WAVE_DIR/l1i-mismatch-CYCLE.fst
 * (default: the current directory), the C model's outputs beside the RTL's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/l1i.h"
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
#define PENDING 64	/* the random client's lines on their way, at most */

/* What the stimulus made the unit do (the coverage floor). */
enum seen {
	SEEN_HIT, SEEN_REPLAY_USED, SEEN_EVICT, SEEN_ALLOC, SEEN_REFUSED, SEEN_MERGE,
	SEEN_ABANDON, SEEN_ABANDON_REPLAY, SEEN_ABANDONED_FILL, SEEN_INVAL, SEEN_FLUSH,
	SEEN_KINDS,
};

static const char *const seen_names[SEEN_KINDS] = {
	"hit", "replay used", "eviction", "allocation", "no MSHR", "merge", "abandon",
	"abandon after the fill", "fill of an abandoned line", "invalidation", "flush",
};

struct lockstep {
	struct l1i c;
	struct twin_check *k;
	uint64_t cycle;
	int mismatches;
	uint64_t seen[SEEN_KINDS];
	/* The random client's lines in MSHRs and when each fill comes. */
	uint32_t pend_line[PENDING];
	uint64_t pend_due[PENDING];
	int npend;
};

/* One cycle: both units evaluated on @in, compared, clocked; @out gets the C unit's outputs. */
static int step_out(struct lockstep *ls, const struct l1i_in *in, struct l1i_out *out)
{
	if (ls->mismatches)
		return 1;	/* stop at the first: the units have diverged */
	ls->mismatches += twin_check_cycle(ls->k, ls->cycle, in, out) != 0;
	ls->cycle++;
	switch (in->op) {
	case L1I_LOOKUP:
		ls->seen[SEEN_HIT] += in->use && out->present;
		ls->seen[SEEN_REPLAY_USED] += in->use && out->present && out->replay_hit;
		ls->seen[SEEN_MERGE] += !out->present && out->mshr_hit;
		break;
	case L1I_ALLOC:
		ls->seen[SEEN_ALLOC] += out->allocated;
		ls->seen[SEEN_REFUSED] += !out->allocated && !out->mshr_hit;
		break;
	case L1I_FILL:
		ls->seen[SEEN_EVICT] += out->victim_valid;
		ls->seen[SEEN_ABANDONED_FILL] +=
			((in->free && out->mshr_hit) || (in->replay_new && !out->present)) &&
			out->abandoned_hit;
		break;
	case L1I_ABANDON:
		ls->seen[SEEN_ABANDON] += !out->replay_hit && out->mshr_hit && !out->abandoned_hit;
		ls->seen[SEEN_ABANDON_REPLAY] += out->replay_hit;
		break;
	case L1I_INVAL:
		ls->seen[SEEN_INVAL] += out->present;
		break;
	case L1I_FLUSH:
		ls->seen[SEEN_FLUSH]++;
		break;
	}
	return ls->mismatches;
}

static int step(struct lockstep *ls, const struct l1i_in *in)
{
	struct l1i_out out;

	return step_out(ls, in, &out);
}

/* An operation with no flags. */
static int op(struct lockstep *ls, enum l1i_op o, uint32_t line)
{
	struct l1i_in in = { .op = (uint8_t)o, .line = line };

	return step(ls, &in);
}

/* A demand use of @line. */
static int use(struct lockstep *ls, uint32_t line)
{
	struct l1i_in in = { .op = L1I_LOOKUP, .use = 1, .line = line };

	return step(ls, &in);
}

/* A demand fill of @line in state S: its MSHR, if any, is freed, its access replayed. */
static int fill(struct lockstep *ls, uint32_t line)
{
	struct l1i_in in = { .op = L1I_FILL, .state = LINE_S, .free = 1, .line = line };

	return step(ls, &in);
}

static int directed(struct lockstep *ls)
{
	uint32_t sets = ls->c.arr.sets, ways = ls->c.arr.ways, m = ls->c.mshrs;
	int bad = 0;

	/* Set 1 filled past its ways, with hits between (the victims follow the policy). */
	for (uint32_t k = 0; k < ways + 3; k++) {
		bad |= fill(ls, 1 + k * sets);
		bad |= use(ls, 1);
		if (k > 1)
			bad |= use(ls, 1 + (k - 1) * sets);
	}
	/* The MSHRs past their number, a merge, and the fills that free them. */
	for (uint32_t i = 0; i <= m; i++)
		bad |= op(ls, L1I_ALLOC, 500 + i) || op(ls, L1I_LOOKUP, 500 + i);
	bad |= op(ls, L1I_ALLOC, 500);
	for (uint32_t i = 0; i < m; i++)
		bad |= fill(ls, 500 + i) || use(ls, 500 + i);
	/* Abandoned before its fill (no replay), and after it (the replay goes). */
	bad |= op(ls, L1I_ALLOC, 700) || op(ls, L1I_ABANDON, 700) || op(ls, L1I_ABANDON, 700);
	bad |= fill(ls, 700) || use(ls, 700);
	bad |= op(ls, L1I_ALLOC, 701) || fill(ls, 701) || op(ls, L1I_ABANDON, 701);
	bad |= op(ls, L1I_ALLOC, 702) || op(ls, L1I_ABANDON, 702) || op(ls, L1I_LOOKUP, 702);
	bad |= fill(ls, 702) || use(ls, 702);
	/* Both lists past L1I_LIST lines. */
	for (uint32_t i = 0; i < L1I_LIST + 6; i++) {
		struct l1i_in in = { .op = L1I_FILL, .state = LINE_S, .replay_new = 1,
				     .line = 900 + i };

		bad |= step(ls, &in);
	}
	for (uint32_t i = 0; i < L1I_LIST + 6; i += 5)
		bad |= use(ls, 900 + i);
	for (uint32_t i = 0; i < L1I_LIST + 6; i++) {
		struct l1i_in in = { .op = L1I_ABANDON, .pf_demand = 1, .line = 2000 + i };

		bad |= step(ls, &in);
	}
	for (uint32_t i = 0; i < L1I_LIST + 6; i += 3)
		bad |= op(ls, L1I_LOOKUP, 2000 + i);
	/* Invalidations of a present and an absent line, a flush, and a fill after it. */
	bad |= op(ls, L1I_INVAL, 1) || op(ls, L1I_INVAL, 1) || op(ls, L1I_FLUSH, 0);
	bad |= use(ls, 1 + sets) || fill(ls, 1 + sets) || use(ls, 1 + sets);
	return bad;
}

/* A line of the random client: a few per set over a few sets, so that sets overflow. */
static uint32_t pick_line(const struct lockstep *ls)
{
	uint32_t sets = ls->c.arr.sets, ways = ls->c.arr.ways;

	return 3 + rnd(sets < 4 ? sets : 4) + sets * rnd(ways + 2);
}

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	for (uint64_t n = 0; n < cycles; n++) {
		struct l1i_in in = { .state = LINE_S };
		struct l1i_out out;
		uint32_t what = rnd(100);
		int due = -1;

		for (int i = 0; i < ls->npend && due < 0; i++)
			if (ls->pend_due[i] <= ls->cycle)
				due = i;
		if (due >= 0 && what < 40) {
			/* A demand fill: the MSHR is freed, the access replayed. */
			in.op = L1I_FILL;
			in.free = 1;
			in.line = ls->pend_line[due];
			ls->pend_line[due] = ls->pend_line[--ls->npend];
			ls->pend_due[due] = ls->pend_due[ls->npend];
		} else if (what < 60) {
			in.op = L1I_LOOKUP;
			in.use = rnd(8) != 0;
			in.line = pick_line(ls);
		} else if (what < 75) {
			in.op = L1I_ALLOC;
			in.line = pick_line(ls);
			in.excl = rnd(4) == 0;
		} else if (what < 85) {
			/* A prefetch's fill: a late one is replayed if it is placed. */
			in.op = L1I_FILL;
			in.line = pick_line(ls);
			in.replay_new = rnd(2);
			in.state = (uint8_t)(1 + rnd(3));
		} else if (what < 95) {
			in.op = L1I_ABANDON;
			in.line = ls->npend && rnd(2) ? ls->pend_line[rnd(ls->npend)] : pick_line(ls);
			in.pf_demand = rnd(8) == 0;
		} else if (what < 99) {
			in.op = L1I_INVAL;
			in.line = pick_line(ls);
		} else {
			in.op = rnd(20) == 0 ? L1I_FLUSH : L1I_NONE;
		}
		if (step_out(ls, &in, &out))
			return 1;
		if (out.allocated && ls->npend < PENDING) {
			ls->pend_line[ls->npend] = in.line;
			ls->pend_due[ls->npend++] = ls->cycle + 1 + rnd(24);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("l1i", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	if (l1i_init(&ls.c, &a.cfg.l1i, a.seed)) {
		fprintf(stderr, "l1i: the model's geometry is impossible\n");
		return 2;
	}
	ls.k = lockstep_check("l1i", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	printf("l1i lockstep (%s): %u sets x %u ways, %u MSHRs, %s, seed %" PRIu64 "\n",
	       a.rtl->variant, ls.c.arr.sets, ls.c.arr.ways, ls.c.mshrs, ls.c.arr.repl->name,
	       a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	if (!a.expect && !bad) {
		for (int i = 0; i < SEEN_KINDS; i++) {
			if (!ls.seen[i]) {
				printf("FAILED: the stimulus never reached: %s\n", seen_names[i]);
				bad = 1;
			}
		}
		printf("%" PRIu64 " hits, %" PRIu64 " evictions, %" PRIu64 " allocations, %" PRIu64
		       " refused, %" PRIu64 " abandons\n", ls.seen[SEEN_HIT], ls.seen[SEEN_EVICT],
		       ls.seen[SEEN_ALLOC], ls.seen[SEEN_REFUSED], ls.seen[SEEN_ABANDON]);
	}
	bad = lockstep_verdict(ls.k, a.expect, bad, ls.cycle);
	l1i_free(&ls.c);
	return bad;
}
