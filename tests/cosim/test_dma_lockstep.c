// SPDX-License-Identifier: MIT
/*
 * The DMA block-transfer engine in lockstep: the C unit (mem/dma.c) and its
 * RTL twin (rtl/dma.sv, the model MODEL: build/rtl/dma-<geometry>/twin.so)
 * get the same inputs every cycle, and every output is compared every
 * cycle. Directed sequences first (every refusal cause, length 0, chunks
 * across two source lines, zeroing, every channel at once with the bus
 * stalled, a command and a clear in the cycle a channel completes), then
 * seeded random stimulus.
 *
 *   test_dma_lockstep MODEL CYCLES [SEED]                   0 when they agree
 *   test_dma_lockstep --expect-mismatch MODEL CYCLES [SEED] 0 when a mismatch is
 *                                                           found (the broken build's check)
 *
 * The comparison is the generic checker's (sim/cosim/twin.h), as in osprey's
 * --cosim=dma: on a mismatch the last cycles are written as an FST waveform
 * to $TWIN_WAVE_DIR/dma-mismatch-CYCLE.fst (default: the current directory),
 * inputs with the C model's and the RTL's outputs side by side.
 *
 * Inputs follow the engine's port contract, kept by a mock bus: a response
 * answers a request the engine made and that is still outstanding, one per
 * cycle, in any order after a random delay; channels are below the engine's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/dma.h"
#include "twin.h"
#include "verdict.h"

#define WINDOW 64	/* cycles kept for the mismatch waveform */

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

#define PEND 64		/* requests the mock bus holds */

/* A request the mock bus accepted: it answers with tag from cycle due on. */
struct pend {
	uint8_t tag;
	uint64_t due;
};

struct lockstep {
	struct dma c;
	struct twin_check *k;
	uint64_t cycle;
	/* the mock bus and its knobs */
	struct pend pend[PEND];
	int npend;
	int ready_pct;			/* % of cycles the bus takes a request */
	int max_delay;			/* cycles before an answer may come */
	/* what the stimulus exercised, printed at the end */
	uint64_t causes[DMA_CAUSES];	/* commands by enum dma_cause */
	uint64_t caps, writes, partial, dones;
};

/*
 * One cycle: the mock bus answers (rsp_*) and decides req_ready, both units
 * are evaluated on @in, compared and clocked (twin_check_cycle), and an
 * accepted request joins the bus. Returns 1 on a mismatch.
 */
static int step(struct lockstep *ls, struct dma_in *in)
{
	struct dma_out oc;

	if (twin_check_mismatches(ls->k))
		return 1;	/* stop at the first: the units have diverged */
	in->rsp_valid = 0;
	in->rsp_tag = 0;
	if (ls->npend && rnd(4)) {
		int i = (int)rnd((uint32_t)ls->npend);

		if (ls->pend[i].due <= ls->cycle) {
			in->rsp_valid = 1;
			in->rsp_tag = ls->pend[i].tag;
			ls->pend[i] = ls->pend[--ls->npend];
		}
	}
	in->req_ready = ls->npend < PEND && (int)rnd(100) < ls->ready_pct;
	if (twin_check_cycle(ls->k, ls->cycle, in, &oc))
		return 1;
	ls->causes[oc.cmd_cause] += in->cmd_valid;
	ls->caps += oc.cap_valid;
	ls->writes += oc.wr_valid;
	ls->partial += oc.req_valid && in->req_ready && oc.req_partial;
	ls->dones += oc.done_valid;
	if (oc.req_valid && in->req_ready)
		ls->pend[ls->npend++] = (struct pend){ oc.req_tag,
						       ls->cycle + 1 + rnd((uint32_t)ls->max_delay + 1) };
	ls->cycle++;
	return 0;
}

/* A command on @chan this cycle. */
static struct dma_in cmd(int chan, int op, uint32_t src, uint32_t dst, uint32_t len, int irq)
{
	return (struct dma_in){ .cmd_valid = 1, .cmd_chan = (uint8_t)chan, .cmd_op = (uint8_t)op,
				.cmd_irq = (uint8_t)irq, .cmd_src = src, .cmd_dst = dst,
				.cmd_len = len };
}

/* Steps until the engine is idle and the bus empty (at most @limit cycles). */
static int drain(struct lockstep *ls, int limit)
{
	int bad = 0;

	while (limit-- && !bad && (dma_active(&ls->c) || ls->npend)) {
		struct dma_in in = { 0 };

		bad = step(ls, &in);
	}
	return bad;
}

static int one(struct lockstep *ls, struct dma_in in)
{
	return step(ls, &in);
}

static int directed(struct lockstep *ls)
{
	const struct dma_params *p = &ls->c.p;
	uint32_t base = p->ram_base, line = p->line, g = p->granule;
	uint32_t end = (uint32_t)(p->ram_base + p->ram_size - 1) + 1;	/* wraps to 0 at 4 GiB */
	int bad = 0, n = p->channels;

	ls->ready_pct = 100;
	ls->max_delay = 6;
	/* Every refusal cause, and a clear after each. */
	bad |= one(ls, cmd(0, DMA_OP_NONE, base, base + 4 * line, g, 1));
	bad |= one(ls, cmd(0, 3, base, base + 4 * line, g, 0));
	if (g > 1)
		bad |= one(ls, cmd(0, DMA_OP_COPY, base + 1, base + 4 * line, g, 1));
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, base, p->max_len + g, 1));
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, base - 4 * g, g, 1));
	bad |= one(ls, cmd(0, DMA_OP_COPY, base - 4 * g, base, g, 1));
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, end - g, 2 * g, 1));
	bad |= one(ls, cmd(0, DMA_OP_COPY, base, base + g, 2 * g, 1));
	bad |= one(ls, (struct dma_in){ .clr_valid = 1 });
	/* Length 0: done at once, with its interrupt. */
	bad |= one(ls, cmd(0, DMA_OP_COPY, base, base + line, 0, 1));
	bad |= one(ls, (struct dma_in){ .clr_valid = 1 });
	/* A copy whose chunks span two source lines; a start while it runs (busy). */
	bad |= one(ls, cmd(0, DMA_OP_COPY, base + g, base + 8 * line, 3 * line, 1));
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, base + 16 * line, line, 0));
	bad |= drain(ls, 100000);
	/* The last bytes of RAM: accepted. */
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, end - 2 * g, 2 * g, 0));
	bad |= drain(ls, 100000);
	/* Adjacent ranges, either way round: no overlap. */
	bad |= one(ls, cmd(0, DMA_OP_COPY, base + 64 * line, base + 66 * line, 2 * line, 0));
	bad |= drain(ls, 100000);
	bad |= one(ls, cmd(0, DMA_OP_COPY, base + 66 * line, base + 64 * line, 2 * line, 0));
	bad |= drain(ls, 100000);
	/* Zeroing from the middle of a line to the middle of another. */
	bad |= one(ls, cmd(0, DMA_OP_ZERO, 0, base + 20 * line - 2 * g, 2 * line + 4 * g, 0));
	bad |= drain(ls, 100000);
	/* Every channel at once, the bus refusing requests for a while. */
	ls->ready_pct = 0;
	for (int c = 0; c < n; c++)
		bad |= one(ls, cmd(c, c % 2 ? DMA_OP_ZERO : DMA_OP_COPY, base + (uint32_t)c * 64 * line,
				   base + (uint32_t)(c + n) * 64 * line + g, 4 * line, c % 3 == 0));
	for (int k = 0; k < (int)p->setup + 20; k++)
		bad |= one(ls, (struct dma_in){ 0 });
	ls->ready_pct = 100;
	bad |= drain(ls, 100000);
	/*
	 * A command and a clear every cycle for 200 cycles after a copy starts:
	 * refused as busy, except in each cycle an operation completes, which
	 * takes the new one.
	 */
	bad |= one(ls, cmd(n - 1, DMA_OP_COPY, base, base + 4 * line, line, 1));
	for (int k = 0; k < 200 && !bad; k++) {
		struct dma_in in = cmd(n - 1, DMA_OP_ZERO, 0, base + 8 * line, g, 1);

		in.clr_valid = 1;
		in.clr_chan = (uint8_t)(n - 1);
		bad |= step(ls, &in);
	}
	return bad | drain(ls, 100000);
}

/* A random address: mostly in RAM, near its ends now and then, sometimes outside. */
static uint32_t rnd_addr(const struct dma_params *p)
{
	uint32_t span = p->ram_size < (1u << 20) ? (uint32_t)p->ram_size : 1u << 20;
	uint32_t a;

	switch (rnd(16)) {
	case 0: a = rnd(0xffffffffu); break;
	case 1: a = (uint32_t)(p->ram_base + p->ram_size) - rnd(4 * p->line); break;
	case 2: a = p->ram_base - rnd(4 * p->line); break;
	default: a = p->ram_base + rnd(span); break;
	}
	return rnd(10) ? a & ~(p->granule - 1) : a;
}

static uint32_t rnd_len(const struct dma_params *p)
{
	uint32_t len;

	switch (rnd(10)) {
	case 0: len = 0; break;
	case 1: len = p->max_len + rnd(3) * p->granule; break;
	case 2: len = rnd(4) ? rnd(16 * p->line + 1) : rnd(p->max_len + 1); break;
	default: len = rnd(4 * p->line + 1); break;
	}
	if (len > p->max_len + 2 * p->granule)
		len = p->max_len;
	return rnd(10) ? len & ~(p->granule - 1) : len;
}

static int random_run(struct lockstep *ls, uint64_t cycles)
{
	const struct dma_params *p = &ls->c.p;
	int bad = 0, cmd_pct = 2;

	for (uint64_t n = 0; n < cycles && !bad; n++) {
		struct dma_in in = { 0 };

		if (n % 4096 == 0) {	/* new knobs for the next phase */
			ls->ready_pct = 20 + (int)rnd(81);
			ls->max_delay = (int)rnd(40);
			cmd_pct = 1 + (int)rnd(10);
		}
		if ((int)rnd(100) < cmd_pct) {
			int op = rnd(12) ? 1 + (int)rnd(2) : (int)rnd(4);

			in = cmd((int)rnd((uint32_t)p->channels), op, rnd_addr(p), rnd_addr(p),
				 rnd_len(p), (int)rnd(2));
			if (rnd(8) == 0)	/* near its source: overlapping or just not */
				in.cmd_dst = in.cmd_src + (rnd(2 * in.cmd_len + 1) - in.cmd_len);
		}
		if (rnd(20) == 0) {
			in.clr_valid = 1;
			in.clr_chan = (uint8_t)rnd((uint32_t)p->channels);
		}
		bad = step(ls, &in);
	}
	return bad;
}

int main(int argc, char **argv)
{
	const struct dma_params *p;
	static struct lockstep ls;
	struct lockstep_args a;
	int bad = lockstep_args("dma", argc, argv, &a);

	if (bad)
		return bad;
	rng = a.seed;
	dma_configure(&ls.c, &a.cfg);
	ls.k = lockstep_check("dma", &ls.c, &a, WINDOW);
	if (!ls.k)
		return 1;
	p = &ls.c.p;
	printf("dma lockstep (%s): %d channels, %d slots, %u-byte lines, granule %u, max_len %u, "
	       "setup %u, RAM 0x%08x + 0x%llx, seed %" PRIu64 "\n", a.rtl->variant, p->channels,
	       p->slots, p->line, p->granule, p->max_len, p->setup, p->ram_base,
	       (unsigned long long)p->ram_size, a.seed);
	bad = directed(&ls);
	if (!bad)
		bad = random_run(&ls, a.cycles);
	printf("exercised: %" PRIu64 " captures, %" PRIu64 " line writes (%" PRIu64 " partial), %"
	       PRIu64 " completions; commands by cause 0..7:", ls.caps, ls.writes, ls.partial,
	       ls.dones);
	for (int c = 0; c < DMA_CAUSES; c++)
		printf(" %" PRIu64, ls.causes[c]);
	printf("\n");
	return lockstep_verdict(ls.k, a.expect, bad, ls.cycle);
}
