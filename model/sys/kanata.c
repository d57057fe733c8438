// SPDX-License-Identifier: MIT
#include "sys/kanata.h"

#include <stdlib.h>
#include <string.h>

#include "cpu/core.h"
#include "cpu/decode.h"
#include "sys/symtab.h"
#include "sys/timing.h"

#define UNSET UINT64_MAX
/* Stall spans kept per instruction; later ones extend the last. */
#define KANATA_SPANS 8
/* Finished events buffered before a write is tried. */
#define KANATA_FLUSH_EVENTS 8192

/* The stages drawn, in pipeline order. */
enum kstage { KS_F, KS_D, KS_X, KS_M, KS_W, KS_N };
static const char *const stage_names[KS_N] = { "F", "D", "X", "M", "W" };

static const char *const cause_names[STALL_CAUSES] = {
	[STALL_NONE] = "none", [STALL_IMISS] = "imiss", [STALL_DMISS] = "dmiss",
	[STALL_BUS] = "bus", [STALL_BRANCH] = "branch", [STALL_MULDIV] = "muldiv",
	[STALL_HAZARD] = "hazard", [STALL_TLB] = "tlb", [STALL_SERIAL] = "serial",
	[STALL_WB] = "wb", [STALL_MMIO] = "mmio", [STALL_IDLE] = "idle",
};

/* One instruction, from the cycle the core began on it until its events are written. */
struct kanata_insn {
	int hart;
	int keep;			/* begun inside the window: it is written */
	uint64_t begin;			/* cycle the core began on it */
	uint64_t fetched;		/* first cycle it was past fetch (UNSET: not yet) */
	uint64_t ready;			/* first cycle its operands were ready */
	uint64_t issued;		/* the cycle it entered execute */
	uint64_t x_end;			/* the cycle its X stage ends */
	uint32_t pc, raw;
	uint64_t sim_id;		/* the hart's retired count after it */
	uint8_t mem;			/* drawn with an M stage */
	uint8_t flushed;		/* it trapped: R 1 */
	uint8_t irq, fetch_fault;
	int nspans;
	struct {
		uint8_t cause;		/* enum stall_cause */
		uint64_t from, to;	/* cycles; to UNSET while open */
	} span[KANATA_SPANS];
	uint64_t file_id;		/* its id in the file, once its I line is written */
};

enum kev_kind { KEV_I, KEV_S, KEV_E, KEV_R };

/* A line to write at a cycle. */
struct kanata_event {
	uint64_t cycle, seq;
	struct kanata_insn *in;
	uint8_t kind;			/* enum kev_kind */
	uint8_t lane;			/* 0 stages, 1 stall causes */
	const char *stage;
};

void kanata_init(struct kanata *k, FILE *f, const struct symtab *syms, uint64_t from,
		 uint64_t to)
{
	memset(k, 0, sizeof(*k));
	k->f = f;
	k->syms = syms;
	/* F is drawn up to two cycles before an instruction begins: keep cycles unsigned. */
	k->from = from < 2 ? 2 : from;
	k->to = to;
	fputs("Kanata\t0004\n", f);
}

void kanata_attach(struct kanata *k, struct timing *t)
{
	k->ncores = t->ncores;
	k->cores = t->core;
	for (int i = 0; i < t->ncores; i++) {
		struct kanata_core *kc = &k->core[i];

		kc->k = k;
		kc->hart = i;
		kc->cur = NULL;
		kc->last_exec = UNSET;
		core_set_kanata(&t->core[i], kc);
	}
}

static void detach(struct kanata *k)
{
	for (int i = 0; i < k->ncores; i++)
		core_set_kanata(&k->cores[i], NULL);
	k->done = 1;
}

static int push(struct kanata *k, uint64_t cycle, struct kanata_insn *in, enum kev_kind kind,
		int lane, const char *stage)
{
	struct kanata_event *e;

	if (k->nev == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 1024;
		struct kanata_event *ev = realloc(k->ev, cap * sizeof(*ev));

		if (!ev)
			return -1;
		k->ev = ev;
		k->cap = cap;
	}
	e = &k->ev[k->nev++];
	e->cycle = cycle;
	e->seq = k->seq++;
	e->in = in;
	e->kind = (uint8_t)kind;
	e->lane = (uint8_t)lane;
	e->stage = stage;
	return 0;
}

static int by_time(const void *a, const void *b)
{
	const struct kanata_event *x = a, *y = b;

	if (x->cycle != y->cycle)
		return x->cycle < y->cycle ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void write_labels(struct kanata *k, const struct kanata_insn *in)
{
	char text[96], where[128];
	int n = 0;

	if (in->irq)
		snprintf(text, sizeof(text), "interrupt taken");
	else if (in->fetch_fault)
		snprintf(text, sizeof(text), "fetch fault");
	else
		disasm(in->raw, in->pc, k->syms, text, sizeof(text));
	fprintf(k->f, "L\t%llu\t0\t%08x %s\n", (unsigned long long)in->file_id, in->pc, text);
	symtab_format(k->syms, in->pc, where, sizeof(where));
	fprintf(k->f, "L\t%llu\t1\thart %d, %s%s", (unsigned long long)in->file_id, in->hart,
		where, in->flushed ? ", trapped (flushed)" : "");
	for (int i = 0; i < in->nspans; i++)
		n += fprintf(k->f, "%s%s %llu", n ? ", " : "; stalls: ",
			     cause_names[in->span[i].cause],
			     (unsigned long long)(in->span[i].to - in->span[i].from));
	fputc('\n', k->f);
}

static void write_event(struct kanata *k, const struct kanata_event *e)
{
	struct kanata_insn *in = e->in;

	if (!k->started) {
		fprintf(k->f, "C=\t%llu\n", (unsigned long long)e->cycle);
		k->cycle = e->cycle;
		k->started = 1;
	} else if (e->cycle > k->cycle) {
		fprintf(k->f, "C\t%llu\n", (unsigned long long)(e->cycle - k->cycle));
		k->cycle = e->cycle;
	}
	switch (e->kind) {
	case KEV_I:
		in->file_id = k->next_id++;
		fprintf(k->f, "I\t%llu\t%llu\t%d\n", (unsigned long long)in->file_id,
			(unsigned long long)in->sim_id, in->hart);
		write_labels(k, in);
		break;
	case KEV_S:
	case KEV_E:
		fprintf(k->f, "%c\t%llu\t%d\t%s\n", e->kind == KEV_S ? 'S' : 'E',
			(unsigned long long)in->file_id, e->lane, e->stage);
		break;
	case KEV_R:
		/* A flushed instruction shares the retirement id the next retired one takes. */
		fprintf(k->f, "R\t%llu\t%llu\t%d\n", (unsigned long long)in->file_id,
			(unsigned long long)k->next_retire, in->flushed);
		k->next_retire += !in->flushed;
		k->written++;
		free(in);	/* its last event */
		break;
	}
}

/* Writes the buffered events before cycle @limit, in time order. */
static void flush_before(struct kanata *k, uint64_t limit)
{
	size_t n = 0;

	if (!k->nev)
		return;
	qsort(k->ev, k->nev, sizeof(*k->ev), by_time);
	while (n < k->nev && k->ev[n].cycle < limit)
		write_event(k, &k->ev[n++]);
	memmove(k->ev, k->ev + n, (k->nev - n) * sizeof(*k->ev));
	k->nev -= n;
}

/* The earliest cycle a future event can have: a core's instruction in progress, or now's. */
static uint64_t watermark(const struct kanata *k, uint64_t now)
{
	uint64_t low = now - 2;

	for (int i = 0; i < k->ncores; i++) {
		const struct kanata_insn *in = k->core[i].cur;

		if (in && in->keep && in->begin - 2 < low)
			low = in->begin - 2;
	}
	return low;
}

static void stage(struct kanata *k, struct kanata_insn *in, enum kstage s, uint64_t from,
		  uint64_t to, int *err)
{
	*err |= push(k, from, in, KEV_S, 0, stage_names[s]);
	*err |= push(k, to, in, KEV_E, 0, stage_names[s]);
}

/* The instruction issued: its events join the buffer. */
static void finish_insn(struct kanata *k, struct kanata_insn *in)
{
	uint64_t f_end = in->fetched - 1, end;
	int err = 0;

	err |= push(k, in->begin - 2, in, KEV_I, 0, NULL);
	stage(k, in, KS_F, in->begin - 2, f_end, &err);
	stage(k, in, KS_D, f_end, in->ready, &err);
	if (in->flushed) {
		stage(k, in, KS_X, in->ready, in->issued + 1, &err);
		end = in->issued + 1;
	} else if (in->mem) {
		stage(k, in, KS_X, in->ready, in->ready + 1, &err);
		stage(k, in, KS_M, in->ready + 1, in->issued + 2, &err);
		stage(k, in, KS_W, in->issued + 2, in->issued + 3, &err);
		end = in->issued + 3;
	} else {
		stage(k, in, KS_X, in->ready, in->x_end, &err);
		stage(k, in, KS_W, in->x_end, in->x_end + 1, &err);
		end = in->x_end + 1;
	}
	for (int i = 0; i < in->nspans; i++) {
		err |= push(k, in->span[i].from, in, KEV_S, 1, cause_names[in->span[i].cause]);
		err |= push(k, in->span[i].to, in, KEV_E, 1, cause_names[in->span[i].cause]);
	}
	err |= push(k, end, in, KEV_R, 0, NULL);
	if (err && !k->failed) {
		k->failed = 1;
		fprintf(stderr, "osprey: --kanata: out of host memory; the log ends early\n");
	}
}

/* Closes the open stall span at @now. */
static void close_span(struct kanata_insn *in, uint64_t now)
{
	if (in->nspans && in->span[in->nspans - 1].to == UNSET) {
		if (in->span[in->nspans - 1].from >= now)
			in->nspans--;	/* no cycle was lost after all */
		else
			in->span[in->nspans - 1].to = now;
	}
}

static void open_span(struct kanata_insn *in, enum stall_cause cause, uint64_t from,
		      uint64_t to)
{
	if (in->nspans && in->span[in->nspans - 1].to == UNSET &&
	    in->span[in->nspans - 1].cause == cause)
		return;		/* the same wait goes on */
	close_span(in, from);
	if (in->nspans == KANATA_SPANS) {
		in->span[KANATA_SPANS - 1].to = to;	/* rare: the last span covers the rest */
		return;
	}
	in->span[in->nspans].cause = (uint8_t)cause;
	in->span[in->nspans].from = from;
	in->span[in->nspans].to = to;
	in->nspans++;
}

static struct kanata_insn *begin_insn(struct kanata *k, int hart, uint64_t now, int known)
{
	struct kanata_insn *in = calloc(1, sizeof(*in));

	if (!in) {
		if (!k->failed)
			fprintf(stderr, "osprey: --kanata: out of host memory; the log ends early\n");
		k->failed = 1;
		return NULL;
	}
	in->hart = hart;
	in->begin = now;
	in->keep = known && now >= k->from && now < k->to && !k->failed;
	in->fetched = in->ready = UNSET;
	return in;
}

/* Which stage a core that waits for @cause holds its instruction in. */
static enum kstage waiting_stage(const struct core *c, const struct kanata_insn *in,
				 enum stall_cause cause)
{
	const struct hart_peek *pk = &c->pk;

	switch (cause) {
	case STALL_IMISS:
		return KS_F;
	case STALL_TLB:
		/* The instruction's walk comes first; with both, the fetch decides. */
		if (pk->itlb_walk && in->fetched == UNSET &&
		    (!pk->dtlb_walk || c->walk_done <= pk->itlb_walk))
			return KS_F;
		return KS_M;
	case STALL_HAZARD:
	case STALL_MULDIV:
		return KS_D;
	default:
		return KS_M;	/* the data side: a miss, the write buffer, a device */
	}
}

/*
 * Instruction @in (the one @pk describes) leaves the front of the pipeline
 * at @now: stages not seen yet end here; @flushed when it did not retire.
 */
static void stamp_issued(struct kanata_insn *in, const struct hart_peek *pk, uint64_t now,
			 int flushed)
{
	close_span(in, now);
	if (in->fetched == UNSET)
		in->fetched = now;
	if (in->ready == UNSET)
		in->ready = now;
	in->issued = now;
	in->pc = pk->pc;
	in->raw = pk->raw;
	in->irq = pk->irq;
	in->fetch_fault = pk->fetch_fault;
	in->flushed = flushed;
}

static void issued(struct kanata *k, struct kanata_core *kc, struct core *c, uint64_t now,
		   int retired)
{
	struct kanata_insn *in = kc->cur;
	const struct hart_peek *pk = &c->pk;

	kc->last_exec = now;
	if (in) {
		stamp_issued(in, pk, now, !retired);
		in->mem = retired && pk->mem;
		in->x_end = now + 1;
		if (retired && (pk->cls == IC_MUL || pk->cls == IC_DIV) && c->next > now + 1)
			in->x_end = c->next;	/* its latency occupies execute */
		in->sim_id = hart_retired(c->hart);
		if (in->keep)
			finish_insn(k, in);
		else
			free(in);
	}
	/* The next instruction begins now: a penalty the model set delays it. */
	kc->cur = in = begin_insn(k, kc->hart, now + 1, 1);
	if (in && c->next > now + 1 && c->next != UINT64_MAX)
		open_span(in, c->cause, now + 1, c->next);
}

/* Past the window's end with no instruction of it in progress: the rest is written. */
static void check_done(struct kanata *k, uint64_t now)
{
	for (int i = 0; i < k->ncores; i++)
		if (k->core[i].cur && k->core[i].cur->keep)
			return;
	flush_before(k, UINT64_MAX);
	for (int i = 0; i < k->ncores; i++) {
		free(k->core[i].cur);
		k->core[i].cur = NULL;
	}
	detach(k);
}

void kanata_observe(struct kanata_core *kc, struct core *c, uint64_t now, int retired)
{
	struct kanata *k = kc->k;
	struct kanata_insn *in;

	if (now + 1 < k->from)
		return;		/* the window has not begun: nothing to follow yet */
	if (c->acct == now + 1 && kc->last_exec != now) {
		/* execute() ran this cycle (it alone accounts the cycle ahead) */
		issued(k, kc, c, now, retired);
		kc->idle = 0;
		if (k->nev >= KANATA_FLUSH_EVENTS)
			flush_before(k, watermark(k, now));
	} else if (c->have_pk) {
		enum kstage s;

		in = kc->cur;
		if (!in) {
			/* woken from WFI now; else begun before we looked: not drawn */
			in = kc->cur = begin_insn(k, kc->hart, now, kc->idle);
			if (!in)
				return;
		}
		kc->idle = 0;
		if (c->cause == STALL_NONE)
			return;
		s = waiting_stage(c, in, c->cause);
		if (s > KS_F && in->fetched == UNSET)
			in->fetched = now;
		if (s > KS_D && in->ready == UNSET)
			in->ready = now;
		open_span(in, c->cause, now, UNSET);
	} else if (c->cause == STALL_IDLE && c->next == UINT64_MAX) {
		/* asleep in WFI: what comes next begins when it wakes */
		free(kc->cur);
		kc->cur = NULL;
		kc->idle = 1;
	}
	if (now >= k->to)
		check_done(k, now);
}

int kanata_finish(struct kanata *k, uint64_t now)
{
	if (!k->done) {
		/* What is in progress at the end did not retire: flushed where it stands. */
		for (int i = 0; i < k->ncores; i++) {
			struct kanata_insn *in = k->core[i].cur;

			const struct core *c = &k->cores[i];

			k->core[i].cur = NULL;
			if (!in || !in->keep || !c->have_pk) {
				free(in);	/* no instruction yet, or not one of the window */
				continue;
			}
			stamp_issued(in, &c->pk, now, 1);
			finish_insn(k, in);
		}
		flush_before(k, UINT64_MAX);
		if (k->ncores)
			detach(k);
	}
	if (!k->written && !k->failed)
		fprintf(stderr, "osprey: --kanata: no instruction began in cycles %llu-%llu of "
			"timing mode (the run ended at cycle %llu)\n", (unsigned long long)k->from,
			(unsigned long long)k->to, (unsigned long long)now);
	return k->failed ? -1 : 0;
}

void kanata_free(struct kanata *k)
{
	for (int i = 0; i < k->ncores; i++) {
		free(k->core[i].cur);
		k->core[i].cur = NULL;
	}
	for (size_t i = 0; i < k->nev; i++)
		if (k->ev[i].kind == KEV_R)
			free(k->ev[i].in);
	free(k->ev);
	k->ev = NULL;
	k->nev = k->cap = 0;
}
