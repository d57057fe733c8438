// SPDX-License-Identifier: MIT
#include "view.h"

#include <SDL2/SDL.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "png.h"
#include "sys/machine.h"

static const char no_display[] =
	"--view: cannot open a window: no display (DISPLAY, WAYLAND_DISPLAY) could be opened; "
	"--view-snapshot FILE.png --view-at CYCLE draws without one";

static double clock_seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double host_seconds(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

double view_thread_seconds(void)
{
	return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

/* ---- the window's thread: it alone calls SDL ------------------------------------ */

/* Opens the window. 0, or -1 with a message in sh.err. */
static int window_open(struct view *v)
{
	if (SDL_Init(SDL_INIT_VIDEO)) {
		snprintf(v->sh.err, sizeof(v->sh.err), "--view: cannot open a window: %s",
			 SDL_GetError());
		return -1;
	}
	/*
	 * With no display SDL falls back to drawing nowhere (offscreen, dummy):
	 * no window anyone sees, unless SDL_VIDEODRIVER asked for just that.
	 */
	if (!getenv("SDL_VIDEODRIVER") && (!strcmp(SDL_GetCurrentVideoDriver(), "offscreen") ||
					   !strcmp(SDL_GetCurrentVideoDriver(), "dummy"))) {
		snprintf(v->sh.err, sizeof(v->sh.err), "%s", no_display);
		goto out_quit;
	}
	/*
	 * The frame goes straight to the window's surface: no renderer, no
	 * texture, one conversion (a copy when the formats agree).
	 */
	v->win = SDL_CreateWindow("osprey", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
				  VIEW_W, VIEW_H, 0);
	if (!v->win || !SDL_GetWindowSurface(v->win)) {
		snprintf(v->sh.err, sizeof(v->sh.err), "--view: cannot open a window: %s",
			 SDL_GetError());
		goto out_quit;
	}
	return 0;

out_quit:
	if (v->win)
		SDL_DestroyWindow(v->win);
	v->win = NULL;
	SDL_Quit();
	return -1;
}

static void window_show(struct view *v)
{
	SDL_Surface *surf = SDL_GetWindowSurface(v->win);

	if (!surf || surf->w < VIEW_W || surf->h < VIEW_H || SDL_LockSurface(surf))
		return;
	SDL_ConvertPixels(VIEW_W, VIEW_H, SDL_PIXELFORMAT_RGB888, v->front->px,
			  VIEW_W * (int)sizeof(uint32_t), surf->format->format, surf->pixels,
			  surf->pitch);
	SDL_UnlockSurface(surf);
	SDL_UpdateWindowSurface(v->win);
	v->frames++;
}

/* A key, under the lock: what it asks goes to the shared state. */
static void window_key(struct view_shared *sh, SDL_Keycode k)
{
	switch (k) {
	case SDLK_SPACE:
		sh->paused = !sh->paused;
		sh->redraw = 1;
		break;
	case SDLK_s:
	case SDLK_n:
		sh->step = 1;
		break;
	case SDLK_LEFTBRACKET:
		if (sh->ui.step > VIEW_SAMPLE_CYCLES)
			sh->ui.step /= 2;
		sh->redraw = 1;
		break;
	case SDLK_RIGHTBRACKET:
		if (sh->ui.step < (UINT64_MAX >> 2))
			sh->ui.step *= 2;
		sh->redraw = 1;
		break;
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
		if (sh->ui.zoom < VIEW_MAX_ZOOM)
			sh->ui.zoom *= 2;
		sh->redraw = 1;
		break;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		if (sh->ui.zoom > 1)
			sh->ui.zoom /= 2;
		sh->redraw = 1;
		break;
	case SDLK_q:
	case SDLK_ESCAPE:
		sh->quit = 1;
		break;
	default:
		break;
	}
}

static void *window_main(void *arg)
{
	struct view *v = arg;
	struct view_shared *sh = &v->sh;
	int ok = !window_open(v), stop = 0;

	pthread_mutex_lock(&sh->lock);
	sh->started = ok ? 1 : -1;
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);
	if (!ok)
		return NULL;
	while (!stop) {
		SDL_Event e;
		/* a short wait: frames come at VIEW_FPS, keys when they come */
		int got = SDL_WaitEventTimeout(&e, 10), fresh = 0;

		pthread_mutex_lock(&sh->lock);
		for (; got; got = SDL_PollEvent(&e)) {
			if (e.type == SDL_QUIT)
				sh->quit = 1;
			else if (e.type == SDL_KEYDOWN)
				window_key(sh, e.key.keysym.sym);
			else if (e.type == SDL_WINDOWEVENT)
				fresh = 1;	/* uncovered: show the frame again */
		}
		if (sh->pending) {
			sh->spare = v->front;
			v->front = sh->pending;
			sh->pending = NULL;
			fresh = 1;
		}
		stop = sh->stop;
		pthread_cond_broadcast(&sh->cond);
		pthread_mutex_unlock(&sh->lock);
		if (fresh)
			window_show(v);
	}
	SDL_DestroyWindow(v->win);
	v->win = NULL;
	SDL_Quit();
	return NULL;
}

/* ---- the simulation's side -------------------------------------------------------- */

static void free_frames(struct view *v)
{
	free(v->fr);
	free(v->sh.spare);
	free(v->sh.pending);
	free(v->front);
	v->fr = v->sh.spare = v->sh.pending = v->front = NULL;
}

int view_open(struct view *v, int live, char *err, size_t errlen)
{
	memset(v, 0, sizeof(*v));
	v->ui.zoom = 1;
	v->ui.step = VIEW_STEP_DEFAULT;
	v->ui.state = live ? "running" : "snapshot";
	v->pause_at = UINT64_MAX;
	v->fr = malloc(sizeof(*v->fr));
	if (live) {
		/* three frames: the one drawn, the one handed over (or spare), the one shown */
		v->sh.spare = malloc(sizeof(*v->sh.spare));
		v->front = calloc(1, sizeof(*v->front));
	}
	if (!v->fr || (live && (!v->sh.spare || !v->front))) {
		free_frames(v);
		snprintf(err, errlen, "--view: out of host memory");
		return -1;
	}
	if (!live)
		return 0;
	if (!getenv("SDL_VIDEODRIVER") && !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
		snprintf(err, errlen, "%s", no_display);
		goto out_free;
	}
	v->sh.ui = v->ui;
	pthread_mutex_init(&v->sh.lock, NULL);
	pthread_cond_init(&v->sh.cond, NULL);
	if (pthread_create(&v->thread, NULL, window_main, v)) {
		snprintf(err, errlen, "--view: cannot start the window's thread: %s",
			 strerror(errno));
		goto out_sync;
	}
	pthread_mutex_lock(&v->sh.lock);
	while (!v->sh.started)
		pthread_cond_wait(&v->sh.cond, &v->sh.lock);
	pthread_mutex_unlock(&v->sh.lock);
	if (v->sh.started < 0) {
		pthread_join(v->thread, NULL);
		snprintf(err, errlen, "%s", v->sh.err);
		goto out_sync;
	}
	v->live = 1;
	return 0;

out_sync:
	pthread_cond_destroy(&v->sh.cond);
	pthread_mutex_destroy(&v->sh.lock);
out_free:
	free_frames(v);
	return -1;
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

/* Draws the picture of now and hands it to the window's thread (an unshown one is dropped). */
static void live_frame(struct view *v)
{
	struct frame *f;

	if (viewstate_frame(&v->vs, v->m)) {
		fail_memory(v);
		return;
	}
	draw(v);
	pthread_mutex_lock(&v->sh.lock);
	if (v->sh.pending) {
		f = v->sh.pending;
		v->sh.pending = v->fr;
	} else {
		f = v->sh.spare;
		v->sh.spare = NULL;
		v->sh.pending = v->fr;
	}
	v->fr = f;
	pthread_mutex_unlock(&v->sh.lock);
}

/*
 * Takes in what the keys asked (under the lock); returns 1 when the picture
 * should be drawn again. A quit stops the run.
 */
static int take_keys(struct view *v)
{
	struct view_shared *sh = &v->sh;
	int redraw = sh->redraw, was_paused = v->paused;

	sh->redraw = 0;
	v->ui.zoom = sh->ui.zoom;
	v->ui.step = sh->ui.step;
	if (sh->quit) {
		sh->quit = 0;
		sh->paused = 0;
		sim_stop(&v->m->stop, STOP_INTERRUPTED, VIEW_QUIT_STATUS, "stopped from the view");
	}
	if (sh->step) {
		sh->step = 0;
		sh->paused = 0;
		v->pause_at = v->m->now + v->ui.step;
		fprintf(stderr, "osprey: view: stepping %llu cycles from cycle %llu\n",
			(unsigned long long)v->ui.step, (unsigned long long)v->m->now);
	} else if (was_paused && !sh->paused) {
		v->pause_at = UINT64_MAX;	/* space: run on, the step forgotten */
		fprintf(stderr, "osprey: view: running from cycle %llu\n",
			(unsigned long long)v->m->now);
	}
	if (v->m->now >= v->pause_at) {
		sh->paused = 1;			/* the step is done */
		v->pause_at = UINT64_MAX;
	}
	if (sh->paused && !was_paused)
		fprintf(stderr, "osprey: view: paused at cycle %llu\n",
			(unsigned long long)v->m->now);
	v->paused = sh->paused;
	return redraw || v->paused != was_paused;
}

static void live_sample(struct view *v)
{
	struct view_shared *sh = &v->sh;
	double t = host_seconds();
	int redraw;

	pthread_mutex_lock(&sh->lock);
	redraw = take_keys(v);
	pthread_mutex_unlock(&sh->lock);
	if (redraw || v->paused || t >= v->frame_due) {
		live_frame(v);
		v->frame_due = t + 1.0 / VIEW_FPS;
	}
	/* Paused: the simulation waits here for the keys, drawing when they change the picture. */
	while (v->paused && v->m->stop.kind == STOP_NONE) {
		struct timespec until;

		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 100 * 1000 * 1000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		pthread_mutex_lock(&sh->lock);
		if (sh->paused && !sh->redraw && !sh->step && !sh->quit)
			pthread_cond_timedwait(&sh->cond, &sh->lock, &until);
		redraw = take_keys(v);
		pthread_mutex_unlock(&sh->lock);
		if (redraw)
			live_frame(v);
	}
}

/* The machine sampler: returns the cycles to the next look. */
static uint64_t view_sample(void *ctx, struct machine *m)
{
	struct view *v = ctx;
	uint64_t next = VIEW_SAMPLE_CYCLES;
	double t0 = view_thread_seconds();

	if (v->failed)
		return UINT64_MAX / 2;	/* the view stopped: the run goes on without it */
	viewstate_sample(&v->vs, m);
	if (v->snap && !v->snapped && m->now >= v->snap_at)
		snapshot(v);
	else if (!v->live && v->vs.samples % VIEW_SNAPSHOT_FRAME == 0 &&
		 viewstate_frame(&v->vs, m))
		fail_memory(v);		/* the heat decays as it would live */
	if (v->live) {
		live_sample(v);
		if (v->pause_at != UINT64_MAX && v->pause_at - m->now < next)
			next = v->pause_at - m->now;
	}
	if (v->snap && !v->snapped && v->snap_at - m->now < next)
		next = v->snap_at - m->now;
	v->cpu_seconds += view_thread_seconds() - t0;
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
	if (v->live && !v->failed)
		live_frame(v);	/* the last picture, so that a short run is seen at all */
	return v->snap && v->failed ? -1 : 0;
}

void view_close(struct view *v)
{
	if (v->live) {
		/* the thread shows what it was handed, then closes the window */
		pthread_mutex_lock(&v->sh.lock);
		v->sh.stop = 1;
		pthread_mutex_unlock(&v->sh.lock);
		pthread_join(v->thread, NULL);
		pthread_cond_destroy(&v->sh.cond);
		pthread_mutex_destroy(&v->sh.lock);
		v->live = 0;
	}
	viewstate_free(&v->vs);
	free_frames(v);
}
