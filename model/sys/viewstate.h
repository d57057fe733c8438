/* SPDX-License-Identifier: MIT */
/*
 * What the live view (--view, --view-snapshot) shows, gathered from the
 * running machine: per hart its privilege mode over recent samples (U, S, M,
 * or idle in WFI), the function it is in and the process the kernel runs
 * there; per cache the sets that filled lines recently (a heat map of
 * misses); the bus's utilization over time; the run-queue lengths; the
 * console's last lines. The view's drawing and window are the simulator's
 * (sim/render.c, sim/view.c); this unit only reads the model.
 *
 * Two paces: viewstate_sample every few thousand cycles (cheap: counters),
 * viewstate_frame when a picture is drawn (the caches' tags, the symbols).
 */
#ifndef OSPREY_VIEWSTATE_H
#define OSPREY_VIEWSTATE_H

#include <stdint.h>

#include "dev/simctl.h"
#include "sys/param.h"

struct machine;
struct cache_array;

#define VIEW_HISTORY 32768		/* samples of modes and bus kept (a power of two) */
#define VIEW_CONSOLE_LINES 48		/* console lines kept */
#define VIEW_CONSOLE_COLS 120		/* characters kept per console line */
#define VIEW_FUNC_CHARS 40		/* of a function's name */
#define VIEW_HEAT_DECAY 0.75f		/* share of a set's heat a frame later */

/* A hart's state in one sample. */
enum view_mode { VIEW_U, VIEW_S, VIEW_M, VIEW_IDLE, VIEW_MODES };

enum view_cache_kind { VIEW_L1I, VIEW_L1D, VIEW_L2, VIEW_CACHES };

/* The recent fills of one cache's sets. */
struct view_cache {
	const struct cache_array *arr;	/* the model's, NULL before timing mode runs */
	uint32_t sets, ways;
	uint32_t *seen;			/* each way's line at the last frame (~0: invalid) */
	float *heat;			/* per set: fills, decayed by VIEW_HEAT_DECAY a frame */
};

struct view_hart {
	uint8_t mode[VIEW_HISTORY];	/* enum view_mode per sample, a ring */
	uint64_t insns[3];		/* the hart's retired count per mode at the last sample */
	uint32_t pc;			/* at the last frame */
	uint8_t now_mode;		/* enum view_mode at the last frame */
	char func[VIEW_FUNC_CHARS + 1];	/* the function at pc ("" when no symbol) */
	/* From the kernel's events (the sim-control port). */
	uint32_t pid;			/* running (0: none reported) */
	char proc[17];			/* its name */
	int kidle;			/* in the kernel's idle wait */
	uint32_t rq;			/* length of this hart's run queue */
};

struct viewstate {
	int nharts;
	uint64_t interval;		/* cycles between samples */
	uint64_t samples;		/* samples taken; the newest is (samples - 1) % VIEW_HISTORY */
	uint64_t last_sample;		/* its cycle */
	uint16_t bus[VIEW_HISTORY];	/* bus utilization per sample, in 0.1 % (timing mode) */
	uint64_t bus_busy;		/* the bus's busy cycles at the last sample */
	struct view_hart hart[MAX_HARTS];
	struct view_cache cache[MAX_HARTS][VIEW_CACHES];
	int timing;			/* the caches are known (timing mode runs) */
	uint64_t events;		/* kernel events seen */
	uint64_t now, retired;		/* the machine's at the last frame */
	/* The console: a ring of lines, the last one being written. */
	char console[VIEW_CONSOLE_LINES][VIEW_CONSOLE_COLS + 1];
	int con_line;			/* the line being written, an index into console */
	int con_col;
	uint64_t con_lines;		/* lines begun */
};

/* Sets it up for @m, sampling every @interval cycles. 0, or -1 out of host memory. */
int viewstate_init(struct viewstate *vs, struct machine *m, uint64_t interval);
void viewstate_free(struct viewstate *vs);

/* Listens to the kernel's events (when the sim-control port is on). */
void viewstate_listen(struct viewstate *vs, struct machine *m);

/* Takes a sample: each hart's mode since the last one, the bus's utilization. */
void viewstate_sample(struct viewstate *vs, struct machine *m);

/* Before a picture: the caches' fills since the last frame, each hart's function. */
int viewstate_frame(struct viewstate *vs, struct machine *m);

/* The guest's console output (@n bytes of @buf). */
void viewstate_console(struct viewstate *vs, const char *buf, int n);

/* The mode of hart @h in the sample @back samples before the newest (VIEW_MODES: none). */
static inline int viewstate_mode(const struct viewstate *vs, int h, uint64_t back)
{
	if (back >= vs->samples || back >= VIEW_HISTORY)
		return VIEW_MODES;
	return vs->hart[h].mode[(vs->samples - 1 - back) & (VIEW_HISTORY - 1)];
}

/* The bus utilization (0.1 %) @back samples before the newest, or -1. */
static inline int viewstate_bus(const struct viewstate *vs, uint64_t back)
{
	if (back >= vs->samples || back >= VIEW_HISTORY)
		return -1;
	return vs->bus[(vs->samples - 1 - back) & (VIEW_HISTORY - 1)];
}

#endif
