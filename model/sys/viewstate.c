// SPDX-License-Identifier: MIT
#include "sys/viewstate.h"

#include <stdlib.h>
#include <string.h>

#include "cpu/hart.h"
#include "mem/cache_array.h"
#include "sys/machine.h"
#include "sys/symtab.h"

int viewstate_init(struct viewstate *vs, struct machine *m, uint64_t interval)
{
	memset(vs, 0, sizeof(*vs));
	vs->nharts = m->nharts;
	vs->interval = interval;
	return 0;
}

void viewstate_free(struct viewstate *vs)
{
	for (int h = 0; h < MAX_HARTS; h++)
		for (int k = 0; k < VIEW_CACHES; k++) {
			free(vs->cache[h][k].seen);
			free(vs->cache[h][k].heat);
			vs->cache[h][k].seen = NULL;
			vs->cache[h][k].heat = NULL;
		}
}

/* ---- the kernel's events -------------------------------------------------------- */

static void on_simctl(void *ctx, const struct simctl_event *ev)
{
	struct viewstate *vs = ctx;
	struct view_hart *vh = &vs->hart[ev->hart];

	vs->events++;
	switch (ev->code) {
	case SIMCTL_SWITCH:
		vh->pid = ev->a[1];
		snprintf(vh->proc, sizeof(vh->proc), "%s", ev->a[1] && ev->name[0] ? ev->name : "");
		break;
	case SIMCTL_ENQUEUE:
	case SIMCTL_DEQUEUE:
		if (ev->a[1] < (uint32_t)vs->nharts)
			vs->hart[ev->a[1]].rq = ev->a[2];
		break;
	case SIMCTL_IDLE_ENTER:
		vh->kidle = 1;
		break;
	case SIMCTL_IDLE_EXIT:
		vh->kidle = 0;
		break;
	default:
		break;
	}
}

void viewstate_listen(struct viewstate *vs, struct machine *m)
{
	if (m->cfg.simctl)
		simctl_listen(&m->simctl, on_simctl, vs);
}

/* ---- samples -------------------------------------------------------------------- */

static int mode_of(enum priv p)
{
	return p == PRIV_M ? VIEW_M : p == PRIV_S ? VIEW_S : VIEW_U;
}

void viewstate_sample(struct viewstate *vs, struct machine *m)
{
	uint64_t slot = vs->samples & (VIEW_HISTORY - 1);

	for (int h = 0; h < vs->nharts; h++) {
		struct view_hart *vh = &vs->hart[h];
		const struct hart_stats *st = hart_stats(m->harts[h]);
		uint64_t best = 0;
		int mode = VIEW_IDLE;

		/* The mode that retired most since the last sample; idle when none retired. */
		for (int k = 0; k < 3; k++) {
			uint64_t d = st->insns.v[k] - vh->insns[k];

			if (d > best) {
				best = d;
				mode = k == SM_M ? VIEW_M : k == SM_S ? VIEW_S : VIEW_U;
			}
			vh->insns[k] = st->insns.v[k];
		}
		/* A hart that waits (a miss, the bus) without being asleep is still in its mode. */
		if (!best && !hart_in_wfi(m->harts[h]))
			mode = mode_of(hart_priv(m->harts[h]));
		vh->mode[slot] = (uint8_t)mode;
	}
	if (m->timing) {
		uint64_t busy = m->timing->bus.busy_total, span = m->now - vs->last_sample;
		uint64_t permille = span ? (busy - vs->bus_busy) * 1000 / span : 0;

		vs->bus[slot] = (uint16_t)(permille > 1000 ? 1000 : permille);
		vs->bus_busy = busy;
	}
	vs->samples++;
	vs->last_sample = m->now;
}

/* ---- frames --------------------------------------------------------------------- */

static int cache_setup(struct view_cache *vc, const struct cache_array *arr)
{
	size_t lines = (size_t)arr->sets * arr->ways;

	vc->arr = arr;
	vc->sets = arr->sets;
	vc->ways = arr->ways;
	vc->seen = malloc(lines * sizeof(*vc->seen));
	vc->heat = calloc(arr->sets, sizeof(*vc->heat));
	if (!vc->seen || !vc->heat)
		return -1;
	memset(vc->seen, 0xff, lines * sizeof(*vc->seen));
	return 0;
}

/* Heat: a way that holds another valid line than at the last frame was filled: a miss. */
static void cache_frame(struct view_cache *vc)
{
	const struct cache_line *l = vc->arr->lines;

	for (uint32_t s = 0; s < vc->sets; s++) {
		uint32_t fills = 0;

		for (uint32_t w = 0; w < vc->ways; w++, l++) {
			uint32_t *seen = &vc->seen[(size_t)s * vc->ways + w];
			uint32_t now = l->state != LINE_I ? l->tag : ~0u;

			fills += now != *seen && now != ~0u;
			*seen = now;
		}
		vc->heat[s] = vc->heat[s] * VIEW_HEAT_DECAY + (float)fills;
	}
}

int viewstate_frame(struct viewstate *vs, struct machine *m)
{
	if (m->timing && !vs->timing) {
		/* Timing mode began (at once, or after --fast-forward): the caches exist now. */
		for (int h = 0; h < vs->nharts; h++)
			if (cache_setup(&vs->cache[h][VIEW_L1I], &m->timing->l1i[h].ctl.arr) ||
			    cache_setup(&vs->cache[h][VIEW_L1D], &m->timing->l1d[h].ctl.arr) ||
			    cache_setup(&vs->cache[h][VIEW_L2], &m->timing->l2[h].arr))
				return -1;
		vs->timing = 1;
	}
	for (int h = 0; vs->timing && h < vs->nharts; h++)
		for (int k = 0; k < VIEW_CACHES; k++)
			cache_frame(&vs->cache[h][k]);
	for (int h = 0; h < vs->nharts; h++) {
		struct view_hart *vh = &vs->hart[h];
		const struct symbol *sym;

		vh->pc = hart_pc(m->harts[h]);
		vh->now_mode = (uint8_t)(hart_in_wfi(m->harts[h]) ? VIEW_IDLE
							  : mode_of(hart_priv(m->harts[h])));
		sym = symtab_lookup(&m->syms, vh->pc);
		/* A user process's pc is not in the kernel's symbols: no name rather than a wrong one. */
		if (sym && hart_priv(m->harts[h]) != PRIV_U &&
		    (!sym->size || vh->pc - sym->addr < sym->size))
			snprintf(vh->func, sizeof(vh->func), "%s", sym->name);
		else
			vh->func[0] = '\0';
	}
	vs->now = m->now;
	vs->retired = m->retired;
	return 0;
}

/* ---- the console ---------------------------------------------------------------- */

static void console_newline(struct viewstate *vs)
{
	vs->con_line = (vs->con_line + 1) % VIEW_CONSOLE_LINES;
	vs->console[vs->con_line][0] = '\0';
	vs->con_col = 0;
	vs->con_lines++;
}

void viewstate_console(struct viewstate *vs, const char *buf, int n)
{
	for (int i = 0; i < n; i++) {
		char ch = buf[i];
		char *line = vs->console[vs->con_line];

		if (ch == '\n') {
			console_newline(vs);
		} else if (ch == '\r') {
			vs->con_col = 0;
		} else if (ch == '\b') {
			if (vs->con_col)
				line[--vs->con_col] = '\0';
		} else if (ch == '\t' || (ch >= ' ' && ch < 127)) {
			if (vs->con_col == VIEW_CONSOLE_COLS)
				console_newline(vs);	/* a long line wraps */
			line = vs->console[vs->con_line];
			line[vs->con_col++] = ch == '\t' ? ' ' : ch;
			line[vs->con_col] = '\0';
		}
		/* other control bytes (escape sequences' introducers) are dropped */
	}
}
