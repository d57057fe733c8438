/* SPDX-License-Identifier: MIT */
/*
 * The live view (--view): an SDL2 window that shows the running machine
 * (sim/render.h's picture of model/sys/viewstate.h's data), updated about
 * VIEW_FPS times a second of host time; and its headless twin
 * (--view-snapshot FILE.png --view-at CYCLE), the same picture at one cycle
 * written as a PNG without any display.
 *
 * The view samples the machine every VIEW_SAMPLE_CYCLES cycles (a machine
 * sampler: no cost inside the simulation's loops) and, live, draws a frame
 * when one is due by the host's clock. The window has a thread of its own
 * that puts frames on the screen and reads the keys, so the simulation
 * never waits for the window system: it only draws (about a millisecond)
 * and hands the frame over.
 *
 * Keys: space pauses and resumes, s steps the set number of cycles, [ and ]
 * halve and double it, + and - zoom the histories, q or Esc stop the run.
 */
#ifndef OSPREY_VIEW_H
#define OSPREY_VIEW_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render.h"
#include "sys/viewstate.h"

struct machine;

#define VIEW_FPS 30			/* live frames a second of host time, at most */
#define VIEW_SAMPLE_CYCLES 10000	/* cycles between the view's samples */
#define VIEW_SNAPSHOT_FRAME 8		/* headless: samples between heat updates */
#define VIEW_STEP_DEFAULT 100000	/* cycles the s key runs at first */
#define VIEW_QUIT_STATUS 130		/* the exit status when the view stops the run (as Ctrl-C) */

/*
 * What the window's thread and the simulation share, under lock: the frame
 * handed over, and what the keys asked.
 */
struct view_shared {
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* signalled on every change */
	struct frame *pending;		/* a drawn frame not shown yet, or NULL */
	struct frame *spare;		/* a frame free for the simulation to draw into */
	struct view_ui ui;		/* zoom and step size, as the keys set them */
	int paused;
	int step;			/* s pressed: run ui.step cycles, then pause */
	int redraw;			/* the picture changed (zoom, pause): draw again */
	int quit;			/* q, Esc or the window closed */
	int stop;			/* the run is over: the thread ends */
	int started;			/* the thread opened its window (1) or failed (-1) */
	char err[256];			/* why it failed */
};

struct view {
	struct viewstate vs;
	struct frame *fr;		/* the simulation draws here */
	struct view_ui ui;
	struct machine *m;
	/* live: the window's thread */
	int live;
	pthread_t thread;
	struct view_shared sh;
	struct frame *front;		/* the frame the window shows (its thread's) */
	void *win;			/* the SDL_Window (its thread's) */
	double frame_due;		/* host time (s) the next frame is due */
	int paused;
	uint64_t pause_at;		/* the cycle a step ends at (UINT64_MAX: none) */
	uint64_t frames;		/* frames shown */
	double cpu_seconds;		/* the simulation's thread's CPU time in the view (sampling, drawing) */
	/* headless: the snapshot */
	FILE *snap;			/* NULL: none asked */
	uint64_t snap_at;		/* its cycle */
	int snapped;			/* written */
	int failed;			/* host memory ran out, or the PNG could not be written */
};

/*
 * Opens the window (@live) before the run. 0, or -1 with a message in @err
 * (no display, SDL cannot start).
 */
int view_open(struct view *v, int live, char *err, size_t errlen);

/*
 * Starts watching @m: a snapshot to @snap at cycle @at (when @snap is not
 * NULL), the window when open. 0, or -1 out of host memory.
 */
int view_attach(struct view *v, struct machine *m, FILE *snap, uint64_t at);

/* The guest's console output, for the console panel. */
void view_console(struct view *v, const char *buf, size_t n);

/*
 * At the run's end: a snapshot not taken yet (the run ended before its
 * cycle) shows the end, said so on stderr. 0, or -1 when the snapshot could
 * not be written.
 */
int view_finish(struct view *v);

/* The calling thread's CPU time so far, in seconds. */
double view_thread_seconds(void);

/* Closes the window and frees everything. */
void view_close(struct view *v);

#endif
