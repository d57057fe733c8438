// SPDX-License-Identifier: MIT
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "font.h"

#define BG 0x16161au		/* the frame */
#define PANEL 0x23232au		/* a panel's ground */
#define EMPTY 0x303038u		/* a history column with no sample yet */
#define TEXT 0xe4e4e4u
#define DIM 0x9a9aa4u
#define TITLE 0xf0c060u
#define BUS 0xd8a838u

#define LEFT_X 8		/* the left column */
#define LEFT_W 604
#define RIGHT_X 620		/* the right column */
#define RIGHT_W 396
#define HART_ROW 30		/* pixels per hart in the harts panel */
#define STRIP_X 30		/* the histories' offset in their panel */
#define HEAT_W 112		/* one cache's heat map box */
#define HEAT_H 40
#define CACHE_ROW 50		/* pixels per hart in the caches panel */

/*
 * A frame is drawn in two passes: what stays the same during a run (grounds,
 * titles, labels, the layout's regions) once into a template, and on a copy
 * of it what changes. Copying the template is much cheaper than drawing
 * the grounds again.
 */
enum { PASS_STATIC, PASS_DYNAMIC };
static int pass;
#define STATIC_PASS (pass == PASS_STATIC)
#define DYNAMIC_PASS (pass == PASS_DYNAMIC)

static const uint32_t mode_colour[VIEW_MODES + 1] = {
	[VIEW_U] = VIEW_COLOUR_U, [VIEW_S] = VIEW_COLOUR_S, [VIEW_M] = VIEW_COLOUR_M,
	[VIEW_IDLE] = VIEW_COLOUR_IDLE, [VIEW_MODES] = EMPTY,
};
static const char mode_letter[VIEW_MODES + 1] = { 'U', 'S', 'M', '-', ' ' };

static void fill(struct frame *fr, int x, int y, int w, int h, uint32_t c)
{
	int x1 = x + w > VIEW_W ? VIEW_W : x + w, y1 = y + h > VIEW_H ? VIEW_H : y + h;

	x = x < 0 ? 0 : x;
	y = y < 0 ? 0 : y;
	for (int j = y; j < y1; j++) {
		uint32_t *p = &fr->px[j * VIEW_W], *end = p + x1;

		for (p += x; p < end; p++)
			*p = c;
	}
}

/* Draws @s from (x, y), at most @max characters (0: no limit). Returns the x after it. */
static int text(struct frame *fr, int x, int y, uint32_t c, const char *s, int max)
{
	if (y < 0 || y + FONT_H > VIEW_H)
		return x;
	for (int n = 0; *s && (!max || n < max); s++, n++, x += FONT_ADVANCE) {
		const uint8_t *g = font_glyph(*s);
		uint32_t *p = &fr->px[y * VIEW_W + x];

		if (x < 0 || x + FONT_W > VIEW_W)
			continue;
		for (int r = 0; r < FONT_H; r++, p += VIEW_W) {
			if (!g[r])
				continue;
			for (int b = 0; b < FONT_W; b++)
				if (g[r] & (0x10 >> b))
					p[b] = c;
		}
	}
	return x;
}

static void region(struct frame *fr, const char *name, int x, int y, int w, int h)
{
	if (STATIC_PASS && fr->nregions < VIEW_REGIONS)
		fr->region[fr->nregions++] = (struct view_region){ name, x, y, w, h };
}

/* A panel: its ground and title; returns the y below the title. */
static int panel(struct frame *fr, const char *name, int x, int y, int w, int h,
		 const char *title)
{
	if (STATIC_PASS) {
		fill(fr, x, y, w, h, PANEL);
		text(fr, x + 4, y + 3, TITLE, title, 0);
	}
	region(fr, name, x, y, w, h);
	return y + 14;
}

/* The mode most of the samples [back, back + n) had (M over S over U over idle on ties). */
static int column_mode(const struct viewstate *vs, int h, uint64_t back, int n)
{
	int count[VIEW_MODES + 1] = { 0 }, best = VIEW_MODES;

	for (int i = 0; i < n; i++)
		count[viewstate_mode(vs, h, back + (uint64_t)i)]++;
	static const int order[VIEW_MODES] = { VIEW_IDLE, VIEW_U, VIEW_S, VIEW_M };

	for (int i = 0; i < VIEW_MODES; i++)
		if (count[order[i]] && (best == VIEW_MODES || count[order[i]] >= count[best]))
			best = order[i];
	return best;
}

static int shown(const struct viewstate *vs)
{
	return vs->nharts < VIEW_MAX_SHOWN ? vs->nharts : VIEW_MAX_SHOWN;
}

static const char *const hart_region_names[VIEW_MAX_SHOWN] = {
	"hart0.mode", "hart1.mode", "hart2.mode", "hart3.mode",
	"hart4.mode", "hart5.mode", "hart6.mode", "hart7.mode",
};

static int draw_harts(struct frame *fr, const struct viewstate *vs, const struct view_ui *ui,
		      int y)
{
	int n = shown(vs), h0 = 14 + n * HART_ROW + 4 + (vs->nharts > n ? FONT_LINE : 0);
	int ry = panel(fr, "harts", LEFT_X, y, LEFT_W, h0,
		       "harts: mode over time (newest right), function, process");
	char buf[96];
	int lx = LEFT_X + LEFT_W - 150;

	/* the legend */
	for (int m = 0; STATIC_PASS && m < VIEW_MODES; m++) {
		static const char *const names[] = { "U", "S", "M", "idle" };

		fill(fr, lx, y + 3, 7, 7, mode_colour[m]);
		lx = text(fr, lx + 10, y + 3, DIM, names[m], 0) + 8;
	}
	for (int h = 0; h < n; h++, ry += HART_ROW) {
		const struct view_hart *vh = &vs->hart[h];
		int sx = LEFT_X + STRIP_X, x;

		region(fr, hart_region_names[h], sx, ry, VIEW_STRIP_W, 12);
		if (STATIC_PASS) {
			snprintf(buf, sizeof(buf), "h%d", h);
			text(fr, LEFT_X + 4, ry + 3, TEXT, buf, 0);
			continue;
		}
		for (int c = 0; c < VIEW_STRIP_W; c++) {
			uint64_t back = (uint64_t)(VIEW_STRIP_W - 1 - c) * (uint64_t)ui->zoom;

			fill(fr, sx + c, ry, 1, 12, mode_colour[column_mode(vs, h, back, ui->zoom)]);
		}
		/* now: the mode letter on its colour, the function */
		x = sx + VIEW_STRIP_W + 8;
		fill(fr, x, ry, 12, 12, mode_colour[vh->now_mode]);
		buf[0] = mode_letter[vh->now_mode];
		buf[1] = '\0';
		text(fr, x + 4, ry + 3, BG, buf, 0);
		if (vh->func[0]) {
			text(fr, x + 18, ry + 3, TEXT, vh->func, 26);
		} else {
			snprintf(buf, sizeof(buf), "%s0x%08x", vh->now_mode == VIEW_U ? "user " : "",
				 vh->pc);
			text(fr, x + 18, ry + 3, DIM, buf, 26);
		}
		/* the process the kernel runs there */
		if (vh->kidle)
			snprintf(buf, sizeof(buf), "kernel idle");
		else if (vh->pid)
			snprintf(buf, sizeof(buf), "runs %s (pid %u)", vh->proc, vh->pid);
		else
			buf[0] = '\0';
		text(fr, sx, ry + 15, DIM, buf, 0);
	}
	if (STATIC_PASS && vs->nharts > n) {
		snprintf(buf, sizeof(buf), "(%d more harts not shown)", vs->nharts - n);
		text(fr, LEFT_X + 4, ry, DIM, buf, 0);
	}
	return y + h0 + 6;
}

static int draw_bus(struct frame *fr, const struct viewstate *vs, const struct view_ui *ui,
		    int y)
{
	int gh = 60, gx = LEFT_X + STRIP_X, ph = 14 + gh + 8;
	int gy = panel(fr, "bus", LEFT_X, y, LEFT_W, ph, "bus utilization (%), newest right");
	char buf[48];
	int last = -1;

	region(fr, "bus.graph", gx, gy, VIEW_STRIP_W, gh);
	if (STATIC_PASS) {
		fill(fr, gx, gy, VIEW_STRIP_W, gh, EMPTY);
		text(fr, LEFT_X + 4, gy, DIM, "100", 0);
		text(fr, LEFT_X + 16, gy + gh - 7, DIM, "0", 0);
		if (!vs->timing)
			text(fr, gx + 8, gy + 8, DIM, "(timing mode only)", 0);
		return y + ph + 6;
	}
	for (int c = 0; c < VIEW_STRIP_W; c++) {
		uint64_t back = (uint64_t)(VIEW_STRIP_W - 1 - c) * (uint64_t)ui->zoom;
		int sum = 0, k = 0, v;

		for (int i = 0; i < ui->zoom; i++)
			if ((v = viewstate_bus(vs, back + (uint64_t)i)) >= 0) {
				sum += v;
				k++;
			}
		if (!k)
			continue;
		last = v = sum / k;	/* the newest column's is the last */
		fill(fr, gx + c, gy + gh - v * gh / 1000, 1, v * gh / 1000, BUS);
	}
	if (last >= 0) {
		snprintf(buf, sizeof(buf), "now %d.%d%%", last / 10, last % 10);
		text(fr, gx + VIEW_STRIP_W + 8, gy, TEXT, buf, 0);
	}
	return y + ph + 6;
}

static void draw_console(struct frame *fr, const struct viewstate *vs, int y)
{
	int h = VIEW_H - y - 8, ty = panel(fr, "console", LEFT_X, y, LEFT_W, h, "console");
	int rows = (h - 18) / FONT_LINE, cols = (LEFT_W - 8) / FONT_ADVANCE;
	/* the lines there are: those begun, and the one being written */
	int avail = vs->con_lines + 1 < VIEW_CONSOLE_LINES ? (int)vs->con_lines + 1
							   : VIEW_CONSOLE_LINES;

	if (rows > avail)
		rows = avail;
	if (STATIC_PASS)
		return;
	for (int r = 0; r < rows; r++) {
		int line = (vs->con_line - (rows - 1 - r) + VIEW_CONSOLE_LINES) % VIEW_CONSOLE_LINES;
		const char *s = vs->console[line];
		int len = (int)strlen(s);

		/* a line longer than the panel shows its end, where the text is being written */
		text(fr, LEFT_X + 4, ty + 2 + r * FONT_LINE, TEXT, len > cols ? s + len - cols : s,
		     cols);
	}
}

/* Black through red and yellow to white, for heat 0..1. */
static uint32_t heat_colour(float t)
{
	int r, g, b;

	if (t <= 0)
		return 0x101018u;
	if (t > 1)
		t = 1;
	r = (int)(60 + 195 * (t < 0.4f ? t / 0.4f : 1));
	g = (int)(t < 0.4f ? 0 : 255 * (t < 0.8f ? (t - 0.4f) / 0.4f : 1));
	b = (int)(t < 0.8f ? 0 : 255 * (t - 0.8f) / 0.2f);
	return (uint32_t)(r << 16 | g << 8 | b);
}

static void draw_heat(struct frame *fr, const struct view_cache *vc, float max, int x, int y)
{
	uint32_t cols = 1, rows;

	/* a grid of about the box's shape, a power of two of columns, stretched over the box */
	while (cols * cols * HEAT_H < vc->sets * HEAT_W && cols < vc->sets)
		cols *= 2;
	rows = (vc->sets + cols - 1) / cols;
	fill(fr, x, y, HEAT_W, HEAT_H, EMPTY);
	for (uint32_t s = 0; s < vc->sets; s++) {
		int c = (int)(s % cols), r = (int)(s / cols);
		int x0 = x + c * HEAT_W / (int)cols, x1 = x + (c + 1) * HEAT_W / (int)cols;
		int y0 = y + r * HEAT_H / (int)rows, y1 = y + (r + 1) * HEAT_H / (int)rows;

		/* more sets than pixels: neighbours share one, the last drawn shows */
		fill(fr, x0, y0, x1 > x0 ? x1 - x0 : 1, y1 > y0 ? y1 - y0 : 1,
		     heat_colour(max > 0 ? sqrtf(vc->heat[s] / max) : 0));
	}
}

static int draw_caches(struct frame *fr, const struct viewstate *vs, int y)
{
	static const char *const names[VIEW_CACHES] = { "L1I", "L1D", "L2" };
	int n = shown(vs), ph = 14 + 12 + n * CACHE_ROW;
	int ry = panel(fr, "caches", RIGHT_X, y, RIGHT_W, ph,
		       "cache sets by recent misses (fills)");
	float max[VIEW_CACHES] = { 0 };
	char buf[32];

	if (!vs->timing) {
		if (STATIC_PASS)
			text(fr, RIGHT_X + 8, ry + 4, DIM, "(timing mode only)", 0);
		return y + ph + 6;
	}
	if (STATIC_PASS) {
		for (int k = 0; k < VIEW_CACHES; k++)
			text(fr, RIGHT_X + 26 + k * (HEAT_W + 8), ry, DIM, names[k], 0);
		for (int h = 0; h < n; h++) {
			snprintf(buf, sizeof(buf), "h%d", h);
			text(fr, RIGHT_X + 4, ry + 14 + h * CACHE_ROW, TEXT, buf, 0);
		}
		return y + ph + 6;
	}
	for (int h = 0; h < n; h++)
		for (int k = 0; k < VIEW_CACHES; k++)
			for (uint32_t s = 0; s < vs->cache[h][k].sets; s++)
				if (vs->cache[h][k].heat[s] > max[k])
					max[k] = vs->cache[h][k].heat[s];
	ry += 12;
	for (int h = 0; h < n; h++, ry += CACHE_ROW) {
		for (int k = 0; k < VIEW_CACHES; k++)
			draw_heat(fr, &vs->cache[h][k], max[k], RIGHT_X + 26 + k * (HEAT_W + 8), ry);
	}
	return y + ph + 6;
}

static int draw_sched(struct frame *fr, const struct viewstate *vs, int y)
{
	int n = shown(vs), ph = 14 + n * 12 + 6;
	int ry = panel(fr, "sched", RIGHT_X, y, RIGHT_W, ph, "run queues (kernel events)");
	char buf[64];

	if (!vs->events) {
		if (STATIC_PASS) {
			text(fr, RIGHT_X + 8, ry + 2, DIM, "no kernel events (bare metal, or", 0);
			text(fr, RIGHT_X + 8, ry + 12, DIM, "no sim-control port)", 0);
		}
		return y + ph + 6;
	}
	for (int h = 0; h < n; h++, ry += 12) {
		const struct view_hart *vh = &vs->hart[h];
		int bar = (int)(vh->rq > 20 ? 20 : vh->rq) * 8;

		if (STATIC_PASS) {
			snprintf(buf, sizeof(buf), "h%d", h);
			text(fr, RIGHT_X + 4, ry + 1, TEXT, buf, 0);
			continue;
		}
		fill(fr, RIGHT_X + 26, ry, bar, 9, TITLE);
		snprintf(buf, sizeof(buf), "%u", vh->rq);
		text(fr, RIGHT_X + 30 + bar, ry + 1, TEXT, buf, 0);
		if (vh->pid && !vh->kidle)
			snprintf(buf, sizeof(buf), "%s (%u)", vh->proc, vh->pid);
		else
			snprintf(buf, sizeof(buf), "%s", vh->kidle ? "idle" : "");
		text(fr, RIGHT_X + 220, ry + 1, DIM, buf, 28);
	}
	return y + ph + 6;
}

static void draw_keys(struct frame *fr, int y)
{
	int ty = panel(fr, "keys", RIGHT_X, y, RIGHT_W, VIEW_H - y - 8, "keys");

	if (DYNAMIC_PASS)
		return;

	text(fr, RIGHT_X + 8, ty + 2, DIM, "space  pause / run     s  step", 0);
	text(fr, RIGHT_X + 8, ty + 12, DIM, "[ ]    step size /2 x2", 0);
	text(fr, RIGHT_X + 8, ty + 22, DIM, "+ -    zoom the histories", 0);
	text(fr, RIGHT_X + 8, ty + 32, DIM, "q Esc  stop the run", 0);
}

static void draw_all(struct frame *fr, const struct viewstate *vs, const struct view_ui *ui)
{
	char buf[200];
	int y;

	if (DYNAMIC_PASS) {
		snprintf(buf, sizeof(buf),
			 "osprey   cycle %llu   %llu insns   %s   zoom %d (%llu cycles/col)   "
			 "step %llu", (unsigned long long)vs->now, (unsigned long long)vs->retired,
			 ui->state, ui->zoom, (unsigned long long)(vs->interval * (uint64_t)ui->zoom),
			 (unsigned long long)ui->step);
		text(fr, LEFT_X, 6, TEXT, buf, 0);
	}
	y = draw_harts(fr, vs, ui, 20);
	y = draw_bus(fr, vs, ui, y);
	draw_console(fr, vs, y);
	y = draw_caches(fr, vs, 20);
	y = draw_sched(fr, vs, y);
	draw_keys(fr, y);
}

void render_frame(struct frame *fr, const struct viewstate *vs, const struct view_ui *ui)
{
	static struct frame template;
	static int template_key = -1;
	/* what the static layer depends on: the harts, timing mode, kernel events */
	int key = vs->nharts | !!vs->timing << 8 | !!vs->events << 9;

	if (key != template_key) {
		pass = PASS_STATIC;
		template.nregions = 0;
		fill(&template, 0, 0, VIEW_W, VIEW_H, BG);
		draw_all(&template, vs, ui);
		template_key = key;
	}
	memcpy(fr->px, template.px, sizeof(fr->px));
	memcpy(fr->region, template.region, sizeof(fr->region));
	fr->nregions = template.nregions;
	pass = PASS_DYNAMIC;
	draw_all(fr, vs, ui);
}

void render_regions(const struct frame *fr, char *buf, int len)
{
	int n = 0;

	buf[0] = '\0';
	for (int i = 0; i < fr->nregions && n < len; i++) {
		const struct view_region *r = &fr->region[i];

		n += snprintf(buf + n, (size_t)(len - n), "%s%s %d %d %d %d", i ? "; " : "",
			      r->name, r->x, r->y, r->w, r->h);
	}
}
