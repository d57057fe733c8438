// SPDX-License-Identifier: MIT
#include "view.h"

#include <SDL2/SDL.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "png.h"
#include "sys/machine.h"

static double host_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int view_open(struct view *v, int live, char *err, size_t errlen)
{
	memset(v, 0, sizeof(*v));
	v->ui.zoom = 1;
	v->ui.step = VIEW_STEP_DEFAULT;
	v->ui.state = live ? "running" : "snapshot";
	v->pause_at = UINT64_MAX;
	v->fr = malloc(sizeof(*v->fr));
	if (!v->fr) {
		snprintf(err, errlen, "--view: out of host memory");
		return -1;
	}
	if (!live)
		return 0;
	if (SDL_Init(SDL_INIT_VIDEO)) {
		snprintf(err, errlen, "--view: cannot open a window: %s (no display? "
			 "--view-snapshot FILE.png --view-at CYCLE draws without one)",
			 SDL_GetError());
		goto out_fail;
	}
	v->win = SDL_CreateWindow("osprey", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
				  VIEW_W, VIEW_H, SDL_WINDOW_RESIZABLE);
	if (v->win)
		v->ren = SDL_CreateRenderer(v->win, -1, 0);
	if (v->ren) {
		/* the frame keeps its pixels; a larger window scales it */
		SDL_RenderSetLogicalSize(v->ren, VIEW_W, VIEW_H);
		v->tex = SDL_CreateTexture(v->ren, SDL_PIXELFORMAT_RGB888,
					   SDL_TEXTUREACCESS_STREAMING, VIEW_W, VIEW_H);
	}
	if (!v->tex) {
		snprintf(err, errlen, "--view: cannot open a window: %s", SDL_GetError());
		goto out_fail;
	}
	v->live = 1;
	return 0;

out_fail:
	view_close(v);
	SDL_Quit();	/* also when only SDL_Init succeeded */
	return -1;
}

static void present(struct view *v)
{
	SDL_UpdateTexture(v->tex, NULL, v->fr->px, VIEW_W * (int)sizeof(uint32_t));
	SDL_RenderClear(v->ren);
	SDL_RenderCopy(v->ren, v->tex, NULL, NULL);
	SDL_RenderPresent(v->ren);
	v->frames++;
}

static void draw(struct view *v)
{
	v->ui.state = v->live ? (v->paused ? "paused" : "running") : "snapshot";
	render_frame(v->fr, &v->vs, &v->ui);
}

static void fail_memory(struct view *v)
{
	if (!v->failed)
		fprintf(stderr, "osprey: --view: out of host memory; the view stops\n");
	v->failed = 1;
}

/* Writes the snapshot of the state as it is now. */
static void snapshot(struct view *v)
{
	char regions[1024];

	if (viewstate_frame(&v->vs, v->m)) {
		fail_memory(v);
		return;
	}
	draw(v);
	render_regions(v->fr, regions, sizeof(regions));
	if (png_write(v->snap, v->fr->px, VIEW_W, VIEW_H, "osprey-regions", regions)) {
		fprintf(stderr, "osprey: --view-snapshot: the PNG could not be written\n");
		v->failed = 1;
	}
	v->snapped = 1;
}

/* A key: returns 1 when the picture should be drawn again. */
static int key(struct view *v, SDL_Keycode k)
{
	switch (k) {
	case SDLK_SPACE:
		v->paused = !v->paused;
		v->pause_at = UINT64_MAX;
		return 1;
	case SDLK_s:
	case SDLK_n:
		v->paused = 0;
		v->pause_at = v->m->now + v->ui.step;
		return 1;
	case SDLK_LEFTBRACKET:
		if (v->ui.step > VIEW_SAMPLE_CYCLES)
			v->ui.step /= 2;
		return 1;
	case SDLK_RIGHTBRACKET:
		if (v->ui.step < (UINT64_MAX >> 2))
			v->ui.step *= 2;
		return 1;
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
		if (v->ui.zoom < VIEW_MAX_ZOOM)
			v->ui.zoom *= 2;
		return 1;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		if (v->ui.zoom > 1)
			v->ui.zoom /= 2;
		return 1;
	case SDLK_q:
	case SDLK_ESCAPE:
		sim_stop(&v->m->stop, STOP_INTERRUPTED, VIEW_QUIT_STATUS, "stopped from the view");
		return 0;
	default:
		return 0;
	}
}

/* Handles the window's events; returns 1 when the picture should be drawn again. */
static int events(struct view *v, int wait_ms)
{
	SDL_Event e;
	int redraw = 0, got = wait_ms ? SDL_WaitEventTimeout(&e, wait_ms) : SDL_PollEvent(&e);

	for (; got; got = SDL_PollEvent(&e)) {
		if (e.type == SDL_QUIT)
			sim_stop(&v->m->stop, STOP_INTERRUPTED, VIEW_QUIT_STATUS,
				 "stopped from the view (its window closed)");
		else if (e.type == SDL_KEYDOWN)
			redraw |= key(v, e.key.keysym.sym);
		else if (e.type == SDL_WINDOWEVENT)
			redraw = 1;
	}
	return redraw;
}

/* A live frame: draws, shows, and while paused waits for the keys. */
static void live_frame(struct view *v)
{
	if (viewstate_frame(&v->vs, v->m)) {
		fail_memory(v);
		return;
	}
	draw(v);
	present(v);
	events(v, 0);
	while (v->paused && v->m->stop.kind == STOP_NONE) {
		if (events(v, 100)) {
			draw(v);
			present(v);
		}
	}
}

/* The machine sampler: returns the cycles to the next look. */
static uint64_t view_sample(void *ctx, struct machine *m)
{
	struct view *v = ctx;
	uint64_t next = VIEW_SAMPLE_CYCLES;

	if (v->failed)
		return UINT64_MAX / 2;	/* the view stopped: the run goes on without it */
	viewstate_sample(&v->vs, m);
	if (v->snap && !v->snapped && m->now >= v->snap_at)
		snapshot(v);
	else if (!v->live && v->vs.samples % VIEW_SNAPSHOT_FRAME == 0 &&
		 viewstate_frame(&v->vs, m))
		fail_memory(v);		/* the heat decays as it would live */
	if (v->live) {
		double t = host_seconds();

		if (m->now >= v->pause_at) {
			v->paused = 1;		/* the step is done */
			v->pause_at = UINT64_MAX;
		}
		if (v->paused || t >= v->frame_due) {
			live_frame(v);
			v->frame_due = host_seconds() + 1.0 / VIEW_FPS;
		}
		if (v->pause_at != UINT64_MAX && v->pause_at - m->now < next)
			next = v->pause_at - m->now;
	}
	if (v->snap && !v->snapped && v->snap_at - m->now < next)
		next = v->snap_at - m->now;
	return next;
}

int view_attach(struct view *v, struct machine *m, FILE *snap, uint64_t at)
{
	v->m = m;
	v->snap = snap;
	v->snap_at = at;
	if (viewstate_init(&v->vs, m, VIEW_SAMPLE_CYCLES))
		return -1;
	viewstate_listen(&v->vs, m);
	v->frame_due = host_seconds();
	return machine_add_sampler(m, snap && at < VIEW_SAMPLE_CYCLES ? at : VIEW_SAMPLE_CYCLES,
				   view_sample, v);
}

void view_console(struct view *v, const char *buf, size_t n)
{
	viewstate_console(&v->vs, buf, (int)n);
}

int view_finish(struct view *v)
{
	if (v->snap && !v->snapped && !v->failed) {
		if (v->snap_at != UINT64_MAX)	/* UINT64_MAX: no --view-at, the end was asked */
			fprintf(stderr, "osprey: --view-at %llu: the run ended at cycle %llu; the "
				"snapshot shows its end\n", (unsigned long long)v->snap_at,
				(unsigned long long)v->m->now);
		viewstate_sample(&v->vs, v->m);
		snapshot(v);
	}
	if (v->live && !v->failed) {
		/* the last picture, so that a short run is seen at all */
		if (!viewstate_frame(&v->vs, v->m)) {
			draw(v);
			present(v);
		}
	}
	return v->snap && v->failed ? -1 : 0;
}

void view_close(struct view *v)
{
	if (v->tex)
		SDL_DestroyTexture(v->tex);
	if (v->ren)
		SDL_DestroyRenderer(v->ren);
	if (v->win)
		SDL_DestroyWindow(v->win);
	if (v->live)
		SDL_Quit();
	v->tex = v->ren = v->win = NULL;
	v->live = 0;
	viewstate_free(&v->vs);
	free(v->fr);
	v->fr = NULL;
}
