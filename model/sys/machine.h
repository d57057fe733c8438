/* SPDX-License-Identifier: MIT */
/*
 * The simulated machine: harts, RAM and the QEMU-virt-compatible devices,
 * and the loops that run them. In functional mode harts advance one
 * instruction each in round-robin order, one round per cycle, so LR/SC and
 * AMO races between harts are real. In timing mode the cycle-level model
 * (sys/timing.h) decides when each instruction executes.
 */
#ifndef OSPREY_MACHINE_H
#define OSPREY_MACHINE_H

#include <stdint.h>
#include <stdio.h>

#include "cpu/hart.h"
#include "dev/clint.h"
#include "dev/dmactl.h"
#include "dev/finisher.h"
#include "dev/htif.h"
#include "dev/plic.h"
#include "dev/simctl.h"
#include "dev/uart.h"
#include "mem/memmap.h"
#include "sys/config.h"
#include "sys/stop.h"
#include "sys/symtab.h"
#include "sys/timing.h"

struct machine;

#define MACHINE_SAMPLERS 4	/* observers that look at the machine periodically */

struct machine_opts {
	uint64_t max_insns;	/* stop after this many retired instructions; 0 = no limit */
	uint64_t max_cycles;	/* stop at this core cycle; 0 = no limit */
	FILE *trace;		/* per-instruction trace, or NULL */
	FILE *uart_out;		/* guest console output */
	int uart_in_fd;		/* guest console input, or -1 */
	uint64_t fast_forward;	/* timing mode: this many instructions functionally first */
	int profile;		/* timing mode: record misses by instruction (timing->profile) */
	/*
	 * Called once the timing model is built, before it runs (co-simulation
	 * attaches its RTL twins here). Returns 0, or -1 to stop the run.
	 */
	int (*timing_ready)(struct machine *m, void *ctx);
	void *timing_ctx;
};

struct machine {
	struct config cfg;
	struct machine_opts opts;
	struct memmap mm;
	struct hart *harts[MAX_HARTS];
	int nharts;
	struct lr_set lr;
	struct clint clint;
	struct plic plic;
	struct uart uart;
	struct finisher finisher;
	struct htif htif;
	struct dmactl dma;	/* the DMA engine, when cfg.dma.enabled */
	struct simctl simctl;	/* the sim-control port, when cfg.simctl */
	struct symtab syms;
	struct timing *timing;	/* the timing model, once timing mode runs; else NULL */
	/* A debugger's control of a functional run (machine_debug_run). */
	int debug;			/* a debugger runs the machine */
	int rr_next;			/* the hart the current round resumes at */
	int dbg_ran;			/* harts that did something in that round so far */
	int paused;			/* the hart that stopped for the debugger, -2, or -1 */
	int (*dbg_interrupt)(void *ctx);
	void *dbg_ctx;
	/* Functional mode in quanta (run_quanta): the slice under way, which a debugger can pause. */
	struct quanta_slice {
		int active;		/* begun and not ended */
		int hart;		/* whose turn it is */
		int ran, spinning;	/* harts that did something, that spin, so far */
		uint64_t base, k;	/* the slice's first cycle and its length in cycles */
		uint64_t j;		/* steps of the current turn so far */
		uint64_t end;		/* the cycle the slice ends at: base + k, or where it stopped */
	} slice;
	uint32_t entry;
	uint64_t now;		/* core cycles since reset */
	uint64_t retired;	/* instructions retired by all harts */
	uint64_t insn_limit;	/* opts.max_insns, or UINT64_MAX for none */
	uint64_t cycle_limit;	/* opts.max_cycles, or UINT64_MAX for none */
	/*
	 * The forward-progress watchdog: a hart that retires no instruction for
	 * watchdog cycles while not asleep in WFI (spinning on a lost wake-up,
	 * trapping for ever) stops the run. It looks every watchdog / 4 cycles.
	 */
	uint64_t watchdog;	/* cycles; UINT64_MAX: off */
	uint64_t watch_at;	/* cycle of its next look */
	uint64_t seen_insns[MAX_HARTS];	/* each hart's retired count at the last look */
	uint64_t seen_traps[MAX_HARTS];	/* ... and its traps taken */
	uint64_t quiet_since[MAX_HARTS];	/* cycle since which it retired nothing outside WFI */
	uint64_t traps_since[MAX_HARTS];	/* its trap count at that cycle */
	uint64_t check_at;	/* the earliest of the cycle limit, watch_at and sample_at: the loops' one compare */
	/*
	 * Observers' periodic looks (the timeline, the live view): each
	 * sampler's fn runs at its cycle at and returns the cycles to its next
	 * look. sample_at is the earliest at (UINT64_MAX with none).
	 */
	struct machine_sampler {
		uint64_t at;
		uint64_t (*fn)(void *ctx, struct machine *m);
		void *ctx;
	} sampler[MACHINE_SAMPLERS];
	int nsamplers;
	uint64_t sample_at;
	/* An observer of every trap taken (hart_env.on_trap), or NULL. */
	void (*trap_observer)(void *ctx, int hart, uint32_t cause, int from_priv, uint64_t now);
	void *trap_ctx;
	struct sim_stop stop;
	struct insn *dcache;	/* the decoded-instruction cache the harts share */
};

/* Builds the machine. Returns 0, or -1 with a message in @err. */
int machine_init(struct machine *m, const struct config *cfg, const struct machine_opts *opts,
		 char *err, size_t errlen);
void machine_free(struct machine *m);

/* Loads an ELF and resets every hart to its entry. Same error contract. */
int machine_load(struct machine *m, const char *path, char *err, size_t errlen);

/*
 * Copies a disk image into RAM at DISK_BASE (it must fit in DISK_MAX bytes
 * and in RAM). Call after machine_load, which it must not overlap. Same error
 * contract.
 */
int machine_load_disk(struct machine *m, const char *path, char *err, size_t errlen);

/* Runs until something stops the machine; m->stop says what. */
/*
 * Functional mode under a debugger: runs until a hart stops for it (a
 * breakpoint, a watched access, a single step: returns the hart, whose
 * hart_debug_event says why), the user interrupts (@interrupted, asked
 * every few thousand rounds, returned nonzero: returns -2), or the run ends
 * (returns -1, stop says how). Resuming continues the same schedule, so a
 * debugged run is the same run as an undebugged one.
 */
int machine_debug_run(struct machine *m, int (*interrupted)(void *ctx), void *ctx);

void machine_run(struct machine *m);

/* Calls @fn, with its cycle, for every trap any hart takes (after machine_init). */
void machine_observe_traps(struct machine *m,
			   void (*fn)(void *ctx, int hart, uint32_t cause, int from_priv,
				      uint64_t now), void *ctx);

/*
 * Adds an observer's periodic look: @fn runs first at cycle @first, then
 * after the cycles it returns (at least 1). 0, or -1 when MACHINE_SAMPLERS
 * are there already.
 */
int machine_add_sampler(struct machine *m, uint64_t first,
			uint64_t (*fn)(void *ctx, struct machine *m), void *ctx);

/* Asks a running machine to stop at the next round, exiting with @status (signal-safe). */
void machine_interrupt(struct machine *m, int status);

#endif
