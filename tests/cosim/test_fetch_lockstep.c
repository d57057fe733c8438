// SPDX-License-Identifier: MIT
/*
 * The fetch unit in lockstep: the C unit (cpu/fetch.c) and its RTL twin
 * (rtl/fetch.sv, the model MODEL was Verilated as) get the same inputs, and
 * the generic checker (sim/cosim/twin.h) compares every output after every
 * evaluation: a
 * cycle is evaluated once, then again with each L1I answer as it comes in,
 * in the order of cpu/fetch_if.h, and clocked. Answers not yet given are
 * random, as any value must give the same outputs on both sides. The glue's
 * fast path (fetch_fast_ready) is checked too: whenever it holds, the unit
 * must answer ready with nothing to do and keep its state; and so are the
 * steps the glue writes out: the entry into the line ahead
 * (fetch_enters_ahead: the unit must take the line ahead and do nothing
 * else), the redirect to a line the L1I hits (fetch_redirects_to) and the
 * request ahead from the current line (fetch_asks_from_current), which must
 * do what fetch.h says of them and nothing else.
 *
 * Directed sequences first (straight-line code across lines and pages,
 * misses and no MSHR on either request, redirects with lines pending, guard
 * stops, flushes, every offset of a line), then seeded random stimulus: a
 * pipeline that walks the code, jumps and traps, and waits on misses, and a
 * mock L1I with a few MSHRs, random latencies and evictions.
 *
 *   test_fetch_lockstep MODEL CYCLES [SEED]            0 when they agree throughout
 *   test_fetch_lockstep --expect-mismatch MODEL CYCLES [SEED]
 *                                                      0 when a mismatch is found
 *                                                      (the broken build's check)
 *
 * MODEL is a build/rtl/fetch-*\/twin.so. A run that agrees fails all the same
 * if the stimulus never made the unit do one of the things in cover_names.
 * On a mismatch the last WINDOW cycles (each cycle's last evaluation) are
 * written as an FST waveform, $TWIN_WAVE_DIR/fetch-mismatch-CYCLE.fst
 * (default: the current directory), inputs with the C model's and the
 * RTL's outputs side by side.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/fetch.h"
#include "mem/l1.h"
#include "sys/config.h"
#include "twin.h"
#include "verdict.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

/* The predecode guard bit of a line: one line in six holds a guarded transfer. */
static uint8_t guard_mark(uint32_t line)
{
	return (uint8_t)((line * 2654435761u) >> 28 < 3);
}

/* ---- a mock L1I: lines present, misses in MSHRs with a latency ---------------- */

#define MSHRS 3		/* misses on their way at once */
#define PRESENT 64	/* lines held (direct-mapped on the line number) */

enum answer_mode {
	ANSWER_L1,		/* as the mock L1I holds the line */
	ANSWER_HIT,		/* every access hits */
	ANSWER_MISS,		/* every access misses */
	ANSWER_BLOCKED,		/* no MSHR */
};

struct mock_l1 {
	uint32_t line[PRESENT];
	uint8_t valid[PRESENT];
	uint32_t mshr_line[MSHRS];
	uint64_t mshr_due[MSHRS];	/* the cycle its fill arrives */
	uint8_t mshr_busy[MSHRS];
	uint32_t max_latency;		/* of a miss, cycles */
	enum answer_mode want_mode;	/* how want requests are answered */
	enum answer_mode ahead_mode;	/* and ahead requests */
};

/* Fills whose time has come; now and then an eviction. */
static void mock_cycle(struct mock_l1 *l, uint64_t now)
{
	for (int i = 0; i < MSHRS; i++) {
		if (l->mshr_busy[i] && l->mshr_due[i] <= now) {
			uint32_t s = l->mshr_line[i] % PRESENT;

			l->line[s] = l->mshr_line[i];
			l->valid[s] = 1;
			l->mshr_busy[i] = 0;
		}
	}
	if (rnd(16) == 0)
		l->valid[rnd(PRESENT)] = 0;
}

/* An access to @line at @now (@ahead: the ahead request): the L1I's answer (enum l1_result). */
static uint8_t mock_access(struct mock_l1 *l, uint32_t line, uint64_t now, int ahead)
{
	int free_slot = -1;

	switch (ahead ? l->ahead_mode : l->want_mode) {
	case ANSWER_HIT: return L1_HIT;
	case ANSWER_MISS: return L1_MISS;
	case ANSWER_BLOCKED: return L1_BLOCKED;
	case ANSWER_L1: break;
	}
	if (l->valid[line % PRESENT] && l->line[line % PRESENT] == line)
		return L1_HIT;
	for (int i = 0; i < MSHRS; i++) {
		if (l->mshr_busy[i] && l->mshr_line[i] == line)
			return L1_MISS;
		if (!l->mshr_busy[i])
			free_slot = i;
	}
	if (free_slot < 0)
		return L1_BLOCKED;
	l->mshr_busy[free_slot] = 1;
	l->mshr_line[free_slot] = line;
	l->mshr_due[free_slot] = now + 1 + rnd(l->max_latency + 1);
	return L1_MISS;
}

/* ---- the lockstep ------------------------------------------------------------- */

#define WINDOW 64	/* cycles kept for the mismatch waveform */

/* What the stimulus must have made the unit do at least once, or it tests too little. */
enum cover {
	COV_AHEAD_HIT, COV_AHEAD_MISS, COV_AHEAD_BLOCKED, COV_WANT_HIT, COV_WANT_MISS,
	COV_WANT_BLOCKED, COV_REASK_AHEAD, COV_DROP_CUR, COV_DROP_NEXT, COV_LOOKAHEAD_USED,
	COV_REDIRECT, COV_GUARD_STOP, COV_PAGE_STOP, COV_FLUSH_DROP, COV_MORE,
	COVERS
};

static const char *const cover_names[COVERS] = {
	"ahead hit", "ahead miss", "ahead no-MSHR", "want hit", "want miss", "want no-MSHR",
	"pending line ahead asked again", "drop_cur", "drop_next", "lookahead_used", "redirect",
	"guard stop", "page stop", "flush abandons", "more of the line",
};

struct lockstep {
	struct fetch c;
	struct twin_check *k;
	struct mock_l1 l1;
	uint64_t cycle;
	uint64_t evals, fast;		/* evaluations compared; cycles the fast path's claim held */
	uint64_t entering;		/* cycles fetch_enters_ahead's claim held */
	uint64_t redirecting;		/* ... fetch_redirects_to's, with a hit */
	uint64_t asking;		/* ... fetch_asks_from_current's */
	int bad;			/* a mismatch, or a broken claim: the run stops */
	uint64_t covered[COVERS];	/* cycles that did each */
};

/* Both sides on @in, every output compared; 1 on a mismatch (reported). */
static int eval(struct lockstep *ls, const struct fetch_in *in, struct fetch_out *o)
{
	ls->bad |= twin_check_eval(ls->k, ls->cycle, in, o) != 0;
	ls->evals++;
	return ls->bad;
}

/* Counts what the cycle did (its inputs and last outputs, over the old state). */
static void cover(struct lockstep *ls, const struct fetch_in *in, const struct fetch_out *o)
{
	const struct fetch *u = &ls->c;
	uint64_t *c = ls->covered;
	int near_end = (in->req_pa & u->line_mask) >= u->ahead_from;

	if (o->want_valid)
		c[COV_WANT_HIT + (in->want_resp == L1_HIT ? 0 : in->want_resp == L1_MISS ? 1 : 2)]++;
	if (o->ahead_valid)
		c[COV_AHEAD_HIT + (in->ahead_resp == L1_HIT ? 0 : in->ahead_resp == L1_MISS ? 1 : 2)]++;
	c[COV_REASK_AHEAD] += o->want_valid && u->q.next_state == FL_PENDING &&
			      u->q.next == o->want_line;
	c[COV_DROP_CUR] += o->drop_cur_valid && !in->flush;
	c[COV_DROP_NEXT] += o->drop_next_valid && !in->flush;
	c[COV_FLUSH_DROP] += in->flush && (o->drop_cur_valid || o->drop_next_valid);
	c[COV_LOOKAHEAD_USED] += o->lookahead_used;
	c[COV_REDIRECT] += o->redirects;
	c[COV_MORE] += o->ready && !o->lines;
	if (o->ready && near_end && !o->ahead_valid && u->d.next_state == FL_NONE) {
		if ((o->ahead_line << u->line_shift & 0xfff) == 0)
			c[COV_PAGE_STOP]++;
		else if (in->guard_en && in->guarded)
			c[COV_GUARD_STOP]++;
	}
}

/*
 * One cycle on @in (req_valid, req_pa, flush, guard_en; the guard bit and
 * the answers are filled here), in the glue's order, with the fast path's
 * claim (fetch_step_idle) checked at the clock edge; *@ready gets the
 * outputs' ready. Returns 1 on a mismatch or a broken claim.
 */
static int step(struct lockstep *ls, struct fetch_in *in, int *ready)
{
	int fast = in->req_valid && !in->flush && fetch_fast_ready(&ls->c, in->req_pa);
	int entering = in->req_valid && !in->flush && fetch_enters_ahead(&ls->c, in->req_pa);
	int redirecting = in->req_valid && !in->flush && fetch_redirects_to(&ls->c, in->req_pa);
	int asking = in->req_valid && !in->flush && fetch_asks_from_current(&ls->c, in->req_pa);
	struct fetch_out o;

	*ready = 0;
	if (ls->bad)
		return 1;	/* stop at the first: the units have diverged */
	mock_cycle(&ls->l1, ls->cycle);
	in->guarded = guard_mark(in->req_pa >> ls->c.line_shift);
	in->want_resp = (uint8_t)rnd(4);	/* not yet answered: any value */
	in->ahead_resp = (uint8_t)rnd(4);
	if (eval(ls, in, &o))
		return 1;
	if (o.want_valid) {
		in->want_resp = mock_access(&ls->l1, o.want_line, ls->cycle, 0);
		if (eval(ls, in, &o))
			return 1;
	}
	if (o.ahead_valid) {
		in->ahead_resp = mock_access(&ls->l1, o.ahead_line, ls->cycle, 1);
		if (eval(ls, in, &o))
			return 1;
	}
	*ready = o.ready;
	cover(ls, in, &o);
	if (fast && !fetch_step_idle(&ls->c, &o)) {
		printf("cycle %" PRIu64 ": the fast path would have skipped a step that changes the "
		       "unit (req_pa 0x%08x)\n", ls->cycle, (unsigned)in->req_pa);
		ls->bad = 1;
	}
	if (entering && !fetch_step_entered_ahead(&ls->c, &o)) {
		printf("cycle %" PRIu64 ": the glue's written-out entry into the line ahead differs "
		       "from the unit's step (req_pa 0x%08x)\n", ls->cycle, (unsigned)in->req_pa);
		ls->bad = 1;
	}
	/* The glue writes the redirect out only when the L1I hits the line. */
	redirecting &= in->want_resp == L1_HIT;
	if (redirecting && !fetch_step_redirected(&ls->c, in, &o)) {
		printf("cycle %" PRIu64 ": the glue's written-out redirect differs from the unit's "
		       "step (req_pa 0x%08x)\n", ls->cycle, (unsigned)in->req_pa);
		ls->bad = 1;
	}
	if (asking && !fetch_step_asked_ahead(&ls->c, in, &o)) {
		printf("cycle %" PRIu64 ": the glue's written-out request ahead differs from the "
		       "unit's step (req_pa 0x%08x)\n", ls->cycle, (unsigned)in->req_pa);
		ls->bad = 1;
	}
	ls->fast += fast;
	ls->entering += entering;
	ls->redirecting += redirecting;
	ls->asking += asking;
	twin_check_tick(ls->k);
	ls->cycle++;
	return ls->bad;
}

static void answers(struct lockstep *ls, enum answer_mode want, enum answer_mode ahead)
{
	ls->l1.want_mode = want;
	ls->l1.ahead_mode = ahead;
}

/* Requests @pa until it is ready or @tries cycles pass; returns 1 on a mismatch. */
static int fetch_at(struct lockstep *ls, uint32_t pa, int guard_en, int tries)
{
	int ready = 0;

	while (tries-- && !ready) {
		struct fetch_in in = { .req_valid = 1, .req_pa = pa, .guard_en = (uint8_t)guard_en };

		if (step(ls, &in, &ready))
			return 1;
	}
	return 0;
}

/* Straight-line code from @pa for @n instructions, answers per @mode. */
static int run_straight(struct lockstep *ls, uint32_t pa, uint32_t n, enum answer_mode want,
			enum answer_mode ahead, int guard_en)
{
	answers(ls, want, ahead);
	for (uint32_t i = 0; i < n; i++)
		if (fetch_at(ls, pa + 4 * i, guard_en, 4))
			return 1;
	return 0;
}

static int flush(struct lockstep *ls, int with_request, uint32_t pa)
{
	struct fetch_in in = { .flush = 1, .req_valid = (uint8_t)with_request, .req_pa = pa };
	int ready;

	return step(ls, &in, &ready);
}

static int directed(struct lockstep *ls)
{
	uint32_t lb = ls->c.p.line_bytes;
	uint32_t base = 0x80000000u;
	int bad = 0;

	/* Straight-line code across three pages: hits, misses, no MSHR; guard on and off. */
	bad |= run_straight(ls, base + 4096 - 3 * lb, 3 * 1024, ANSWER_HIT, ANSWER_HIT, 0);
	bad |= run_straight(ls, base + 8192, 1024, ANSWER_MISS, ANSWER_MISS, 0);
	bad |= run_straight(ls, base + 3 * 4096 - 2 * lb, 256, ANSWER_BLOCKED, ANSWER_BLOCKED, 0);
	bad |= run_straight(ls, base + 3 * 4096 - 2 * lb, 256, ANSWER_HIT, ANSWER_BLOCKED, 0);
	bad |= run_straight(ls, base + 3 * 4096 - 2 * lb, 256, ANSWER_MISS, ANSWER_HIT, 0);
	bad |= run_straight(ls, base + 4 * 4096, 2048, ANSWER_HIT, ANSWER_HIT, 1);
	bad |= run_straight(ls, base + 5 * 4096, 2048, ANSWER_L1, ANSWER_L1, 1);
	bad |= flush(ls, 0, 0);

	/* Every offset of a line: the queue reaches past it from ahead_from on. */
	answers(ls, ANSWER_HIT, ANSWER_HIT);
	for (uint32_t off = 0; off < lb; off += 4) {
		bad |= flush(ls, 0, 0);
		bad |= fetch_at(ls, base + 6 * 4096 + 8 * lb + off, 0, 2);
		bad |= fetch_at(ls, base + 6 * 4096 + 8 * lb + off, 0, 1);
	}

	/* Redirects with lines pending (L: line numbers from a page's start). */
	for (int k = 0; k < 2; k++) {
		uint32_t p = base + (7 + 4 * (uint32_t)k) * 4096;

		answers(ls, ANSWER_HIT, ANSWER_MISS);
		bad |= fetch_at(ls, p, 0, 1);			/* L0 ready */
		bad |= fetch_at(ls, p + lb - 4, 0, 1);		/* L1 asked ahead: pending */
		bad |= fetch_at(ls, p + 40 * lb, 0, 1);		/* hit: L1 dropped */
		answers(ls, ANSWER_MISS, ANSWER_MISS);
		bad |= fetch_at(ls, p + lb - 4, 0, 1);		/* L0 missed */
		bad |= fetch_at(ls, p + lb - 4, 0, 1);		/* the pending line again */
		bad |= fetch_at(ls, p + 41 * lb, 0, 1);		/* L0 dropped, L41 missed */
		answers(ls, k ? ANSWER_BLOCKED : ANSWER_HIT, ANSWER_BLOCKED);
		bad |= fetch_at(ls, p + 42 * lb - 4, 0, 1);
		/* The line ahead entered while the current line is pending. */
		answers(ls, ANSWER_HIT, ANSWER_MISS);
		bad |= fetch_at(ls, p + 51 * lb - 4, 0, 1);	/* L51 ready, L52 pending */
		answers(ls, ANSWER_MISS, ANSWER_MISS);
		bad |= fetch_at(ls, p + 60 * lb, 0, 1);		/* L60 pending, L52 too */
		bad |= fetch_at(ls, p + 52 * lb, 0, 1);		/* L52 asked again */
		answers(ls, k ? ANSWER_BLOCKED : ANSWER_HIT, ANSWER_HIT);
		bad |= fetch_at(ls, p + 52 * lb, 0, 1);		/* L52 ready (or no MSHR) */
		bad |= fetch_at(ls, p + 53 * lb - 4, 0, 1);
	}

	/* Flushes: with both lines pending, with a request in the same cycle. */
	answers(ls, ANSWER_HIT, ANSWER_HIT);
	bad |= fetch_at(ls, base + 15 * 4096 + lb - 4, 0, 1);
	answers(ls, ANSWER_MISS, ANSWER_MISS);
	bad |= fetch_at(ls, base + 15 * 4096 + 5 * lb, 0, 1);
	bad |= flush(ls, 1, base + 15 * 4096 + 5 * lb);
	bad |= fetch_at(ls, base + 15 * 4096 + 5 * lb, 0, 1);
	bad |= flush(ls, 0, 0);

	/* Guarded lines, guard on and off, each answer. */
	for (enum answer_mode m = ANSWER_HIT; m <= ANSWER_BLOCKED; m++) {
		for (uint32_t l = 0; l < 64; l++) {
			answers(ls, ANSWER_HIT, ANSWER_HIT);
			bad |= fetch_at(ls, base + 16 * 4096 + l * lb, (int)(l & 1), 1);
			answers(ls, m, m);
			bad |= fetch_at(ls, base + 16 * 4096 + (l + 1) * lb - 4, (int)(l & 1), 1);
		}
	}

	/* The top of the address space: the last line's next one wraps. */
	bad |= run_straight(ls, 0u - 2 * lb, 2 * lb / 4, ANSWER_HIT, ANSWER_HIT, 0);
	bad |= run_straight(ls, 0, lb / 4, ANSWER_MISS, ANSWER_MISS, 0);
	return bad;
}

/*
 * The random pipeline: it walks the code and jumps (loops back, calls far,
 * traps to a handler), waits on its line, now and then gives up waiting (an
 * interrupt), idles, and fence.i flushes; the phase's knobs change every
 * PHASE cycles.
 */
#define PHASE 2048

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	uint32_t lb = ls->c.p.line_bytes;
	uint32_t pc = 0x80000000u, handler = 0x80004000u;
	int jump = 10, guard_en = 0, ready = 0;

	answers(ls, ANSWER_L1, ANSWER_L1);
	for (uint64_t n = 0; n < cycles; n++) {
		struct fetch_in in = { 0 };

		if (n % PHASE == 0) {
			static const int jumps[] = { 0, 3, 10, 30, 60 };
			static const uint32_t latency[] = { 0, 2, 10, 40 };

			jump = jumps[rnd(5)];
			guard_en = rnd(3) == 0;
			ls->l1.max_latency = latency[rnd(4)];
		}
		if (ready) {
			uint32_t r = rnd(100);

			if ((int)r >= jump)
				pc += 4;
			else if (r % 4 == 0)
				pc = handler + 4 * rnd(4);		/* a trap */
			else if (r % 4 == 1)
				pc = pc - 4 * rnd(64);			/* a loop */
			else if (r % 4 == 2)
				pc = 0x80000000u + 4 * rnd(1u << 14);	/* a call */
			else
				pc = (pc | 0xfff) - 4 * rnd(2 * lb / 4);	/* a page's end */
		} else if (rnd(64) == 0) {
			pc = handler;	/* an interrupt while waiting */
		}
		if (rnd(5000) == 0)
			pc = rnd(0xffffffffu) & ~3u;	/* anywhere */
		in.req_valid = rnd(20) != 0;
		in.req_pa = in.req_valid || rnd(2) ? pc : rnd(0xffffffffu);
		in.flush = rnd(500) == 0;
		in.guard_en = (uint8_t)(guard_en && rnd(8) != 0);
		if (step(ls, &in, &ready))
			return 1;
		ready = ready && in.req_valid;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("fetch", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	fetch_configure(&ls.c, &a.cfg);
	ls.k = lockstep_check("fetch", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	printf("fetch lockstep (%s): %u-byte lines, fetch queue %u instructions, seed %" PRIu64
	       "\n", a.rtl->variant, ls.c.p.line_bytes, ls.c.p.queue_insns, a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	if (!a.expect) {
		printf("%" PRIu64 " evaluations compared, the fast path's claim checked in %" PRIu64
		       " cycles, the entry into the line ahead in %" PRIu64 ", the redirect in %"
		       PRIu64 ", the request ahead in %" PRIu64 "\n", ls.evals, ls.fast, ls.entering,
		       ls.redirecting, ls.asking);
		for (int i = 0; i < COVERS; i++) {
			if (!ls.covered[i]) {
				printf("FAILED: the stimulus never made the unit do: %s\n",
				       cover_names[i]);
				bad = 1;
			}
		}
	}
	return lockstep_verdict(ls.k, a.expect, bad, ls.cycle);
}
