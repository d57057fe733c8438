/* SPDX-License-Identifier: MIT */
/*
 * The timeline (--timeline FILE.json): the run in the Chrome trace event
 * format that Perfetto's UI and chrome://tracing open. Timestamps are the
 * simulated time in microseconds (cycles at sys.core_hz); every event's
 * args carry its cycle too.
 *
 *  pid 1 "harts"     one track per hart (tid = hart): the process running
 *                    there (X spans, from the kernel's switch events on the
 *                    sim-control port), "idle" spans, and instants for
 *                    traps ("trap"; "ipi" for software interrupts),
 *                    migrations ("migrate") and DMA operations ("dma")
 *  pid 2 "modes"     one track per hart: the privilege mode that took most
 *                    of each interval's cycles (U, S, M), or "idle" when the
 *                    hart retired nothing in it
 *  pid 3 "counters"  run-queue lengths ("run queues", on each change), and
 *                    per interval (timing mode) "bus utilization" (%) and
 *                    "miss rate" (% of l1i, l1d, l2 accesses, all harts)
 */
#ifndef OSPREY_TIMELINE_H
#define OSPREY_TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "dev/simctl.h"
#include "sys/param.h"
#include "sys/stats.h"

struct machine;

#define TIMELINE_MAX_INSTANTS 500000	/* trap and DMA instants written; more are counted */

struct timeline_hart {
	uint32_t pid;			/* process running (0: none) */
	char name[17];
	uint64_t run_from;		/* cycle it started */
	int idle;			/* in the kernel's idle wait since idle_from */
	uint64_t idle_from;
	const char *mode;		/* the mode span open on the modes track, or NULL */
	uint64_t mode_from;
	uint64_t cycles[SM_MODES];	/* the hart's cycle counters at the last sample */
	uint64_t insns;			/* its retired count at the last sample */
};

struct timeline {
	FILE *f;
	double us_per_cycle;
	int nharts;
	uint64_t interval;		/* cycles between samples */
	uint64_t last_sample;		/* cycle of the last sample */
	int first;			/* no event written yet (JSON commas) */
	uint32_t rq[MAX_HARTS];		/* run-queue lengths as last reported */
	struct timeline_hart hart[MAX_HARTS];
	uint64_t bus_busy, l1_acc, l1_miss[2], l1_accs[2], l2_acc, l2_miss;	/* at the last sample */
	uint64_t instants, dropped;	/* instants written, and not written past the cap */
};

/* Starts the file: metadata naming the tracks. @interval: cycles per sample. */
void timeline_init(struct timeline *tl, FILE *f, const struct machine *m, uint64_t interval);

/* Hooks it into the machine: the sim-control port, traps, DMA, the sampler. */
void timeline_attach(struct timeline *tl, struct machine *m);

/* Closes the open spans at the run's end and ends the JSON. */
void timeline_finish(struct timeline *tl, struct machine *m);

#endif
