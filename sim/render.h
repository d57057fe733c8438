/* SPDX-License-Identifier: MIT */
/*
 * Draws the view's picture of the machine (model/sys/viewstate.h) into a
 * frame of pixels, with no window system: the live window shows the frame,
 * a snapshot writes it as a PNG. The frame also lists where its regions
 * are, for tests and for the PNG's text.
 *
 * Left: the harts' modes over the recent samples with their functions and
 * processes, the bus's utilization, the console. Right: each hart's caches
 * as heat maps of their sets' recent misses, the run queues, the keys.
 */
#ifndef OSPREY_RENDER_H
#define OSPREY_RENDER_H

#include <stdint.h>

#include "sys/param.h"
#include "sys/viewstate.h"

#define VIEW_W 1024		/* frame width, pixels */
#define VIEW_H 720		/* frame height */
#define VIEW_STRIP_W 400	/* pixel columns of the mode and bus histories */
#define VIEW_MAX_SHOWN 8	/* harts drawn at most */
#define VIEW_MAX_ZOOM 64	/* samples per column at most */
#define VIEW_REGIONS (8 + VIEW_MAX_SHOWN)

/* The colours (0xRRGGBB) of the modes, as the tests look for them. */
#define VIEW_COLOUR_U 0x3cc850u
#define VIEW_COLOUR_S 0x4682f0u
#define VIEW_COLOUR_M 0xe6463cu
#define VIEW_COLOUR_IDLE 0x5a5a5au

/* What the user controls (sim/view.c). */
struct view_ui {
	int zoom;		/* samples per pixel column: 1, 2, 4, ... VIEW_MAX_ZOOM */
	uint64_t step;		/* cycles one step runs */
	const char *state;	/* "running", "paused", "snapshot" */
};

struct view_region {
	const char *name;	/* "harts", "hart0.mode", "bus", "caches", ... */
	int x, y, w, h;
};

struct frame {
	uint32_t px[VIEW_W * VIEW_H];	/* 0xRRGGBB, rows top first */
	struct view_region region[VIEW_REGIONS];
	int nregions;
};

void render_frame(struct frame *fr, const struct viewstate *vs, const struct view_ui *ui);

/* The regions as text: "name x y w h" separated by "; ". */
void render_regions(const struct frame *fr, char *buf, int len);

#endif
