/* SPDX-License-Identifier: MIT */
/*
 * The pipeline log (--kanata FILE): the instructions of a window of cycles
 * in the Kanata format (version 4) that the Konata pipeline viewer opens,
 * one thread per hart.
 *
 * The timing model (cpu/core.h) decides when each instruction can enter
 * execute, and charges every cycle it cannot to a stall cause. The log
 * draws each instruction's stages from the cycles the model gives it:
 *
 *   F  fetch: from the cycle the core began on it (the one after the
 *      previous instruction issued, or when the core woke) until the fetch
 *      unit delivered it (an L1I miss, an I-TLB walk), drawn one cycle
 *      ahead of D as a five-stage pipeline fetches ahead
 *   D  decode: until its operands are ready (a load's result, a multiply)
 *   X  execute: the issue cycle (a multiply or divide: its latency)
 *   M  memory (loads, stores, atomics): the cycle after X until the data
 *      access completed (a D-TLB walk, an L1D miss, the write buffer, a
 *      device's latency), plus the load-use cycle
 *   W  write-back: one cycle, then the instruction retires (R 0)
 *
 * An instruction that traps instead (an exception, or an interrupt taken
 * before it) is flushed (R 1) after X. Lane 1 carries the stall causes at
 * the exact cycles the model charged them ("dmiss", "imiss", "hazard",
 * "muldiv", "branch", "serial", "wb", "tlb", "mmio"), a branch or
 * serialization penalty on the instruction it delays.
 *
 * The log holds the instructions that began in [from, to). Instructions
 * finish out of order across harts while the file must go forward in time,
 * so finished ones wait in a buffer until no hart can add an earlier event.
 */
#ifndef OSPREY_KANATA_H
#define OSPREY_KANATA_H

#include <stdint.h>
#include <stdio.h>

#include "sys/param.h"

struct core;
struct symtab;
struct timing;
struct kanata;
struct kanata_insn;

/* Per core: what the log knows of the instruction the core works on. */
struct kanata_core {
	struct kanata *k;
	int hart;
	struct kanata_insn *cur;	/* the instruction begun and not issued, or NULL */
	uint64_t last_exec;		/* the cycle of the last issue seen (UINT64_MAX: none) */
	int idle;			/* asleep in WFI: no instruction begun */
};

struct kanata_event;

struct kanata {
	FILE *f;
	const struct symtab *syms;	/* names branch targets in the labels; may be NULL */
	uint64_t from, to;		/* the window: instructions begun in [from, to) */
	int ncores;
	struct kanata_core core[MAX_HARTS];
	struct core *cores;		/* the timing model's, to detach them when done */
	int done;			/* past the window: detached */

	struct kanata_event *ev;	/* finished instructions' events not yet written */
	size_t nev, cap;
	uint64_t seq;			/* order of events within a cycle */
	uint64_t cycle;			/* the cycle of the last line written (C) */
	int started;			/* the C= line written */
	uint64_t next_id;		/* the next instruction's id in the file (I) */
	uint64_t next_retire;		/* the next retirement id (R) */
	uint64_t written;		/* instructions written */
	int failed;			/* out of host memory: the log stops there */
};

/* Starts the log: the header. @to: UINT64_MAX for no end. */
void kanata_init(struct kanata *k, FILE *f, const struct symtab *syms, uint64_t from,
		 uint64_t to);

/* Hooks it into the timing model's cores (once the model is built). */
void kanata_attach(struct kanata *k, struct timing *t);

/* The core's hook: it ran its cycle @now (core_step); @retired as core_step returns. */
void kanata_observe(struct kanata_core *kc, struct core *c, uint64_t now, int retired);

/*
 * Writes what is left at the run's end (@now): instructions still in
 * progress are flushed. Returns 0, or -1 if host memory ran out on the way
 * (the log stopped early; the message is printed).
 */
int kanata_finish(struct kanata *k, uint64_t now);
void kanata_free(struct kanata *k);

#endif
