// SPDX-License-Identifier: MIT
#include "cpu/ifetch.h"

#include <string.h>

#include "sys/config.h"

const struct stat_field fetch_stat_fields[] = {
	STAT(struct fetch_stats, lines), STAT(struct fetch_stats, lookahead),
	STAT(struct fetch_stats, lookahead_used), STAT(struct fetch_stats, redirects),
};
const int fetch_stat_nfields = sizeof(fetch_stat_fields) / sizeof(fetch_stat_fields[0]);

void ifetch_init(struct ifetch *f, struct l1 *l1i, const struct config *cfg, const uint8_t *mode,
		 const struct memmap *mm)
{
	memset(f, 0, sizeof(*f));
	fetch_configure(&f->u, cfg);
	f->l1i = l1i;
	f->mode = mode;
	f->mm = mm;
}

static inline void eval(struct ifetch *f, uint64_t now, const struct fetch_in *in,
			struct fetch_out *out)
{
	if (f->tap)
		f->tap->eval(f->tap->ctx, now, in, out);
	else
		fetch_eval(&f->u, in, out);
}

static inline void tick(struct ifetch *f, int fast)
{
	if (f->tap)
		f->tap->tick(f->tap->ctx, fast);
	else
		fetch_tick(&f->u);
}

/* The unit's events of the cycle, counted in the current mode. */
static void count(struct ifetch *f, const struct fetch_out *out)
{
	int m = *f->mode;

	f->stats.lines.v[m] += out->lines;
	f->stats.lookahead.v[m] += out->lookahead;
	f->stats.lookahead_used.v[m] += out->lookahead_used;
	f->stats.redirects.v[m] += out->redirects;
}

/* A cycle of the unit with a request, in the order of cpu/fetch_if.h. */
enum fetch_result ifetch_cycle(struct ifetch *f, uint32_t pa, int guard_en, uint64_t now)
{
	struct fetch_in in = {
		.req_valid = 1, .req_pa = pa, .guard_en = (uint8_t)guard_en,
		.want_resp = L1_BLOCKED, .ahead_resp = L1_BLOCKED,
	};
	int fast = fetch_fast_ready(&f->u, pa);
	uint32_t shift = f->u.line_shift;
	struct fetch_out out;

	if (guard_en)
		in.guarded = (uint8_t)memmap_line_guarded(f->mm, pa & ~f->u.line_mask,
							  f->u.p.line_bytes);
	eval(f, now, &in, &out);
	if (out.drop_cur_valid)
		l1_abandon(f->l1i, out.drop_cur_line);
	if (out.want_valid) {
		in.want_resp = (uint8_t)l1_access(f->l1i, out.want_line << shift, 0, now);
		eval(f, now, &in, &out);
	}
	if (out.drop_next_valid)
		l1_abandon(f->l1i, out.drop_next_line);
	if (out.ahead_valid) {
		in.ahead_resp = (uint8_t)l1_access(f->l1i, out.ahead_line << shift, 0, now);
		eval(f, now, &in, &out);
	}
	count(f, &out);
	tick(f, fast);
	return out.ready ? FETCH_READY : FETCH_WAIT;
}

void ifetch_flush(struct ifetch *f, uint64_t now)
{
	struct fetch_in in = { .flush = 1, .want_resp = L1_BLOCKED, .ahead_resp = L1_BLOCKED };
	struct fetch_out out;

	eval(f, now, &in, &out);
	if (out.drop_cur_valid)
		l1_abandon(f->l1i, out.drop_cur_line);
	if (out.drop_next_valid)
		l1_abandon(f->l1i, out.drop_next_line);
	tick(f, 0);
}
