// SPDX-License-Identifier: MIT
#include "sim_cosim_fetch.h"

#include <stdio.h>
#include <string.h>

#include "fetch_check.h"
#include "fetch_rtl.h"
#include "sys/stop.h"
#include "sys/timing.h"

#define FETCH_WINDOW 64	/* steps in a mismatch waveform */

/* One core's fetch unit and its twin. */
struct fetch_shadow {
	struct fetch_tap tap;		/* installed in the core's glue */
	struct fetch_rtl *rtl;
	struct fetch_check *check;
	struct machine *m;		/* stopped on a mismatch */
	uint64_t cycle;			/* of the step under way */
	int core;
};

static struct fetch_shadow shadows[MAX_HARTS];
static int nshadows;

int sim_cosim_fetch_check(const struct config *cfg, char *err, size_t errlen)
{
	struct fetch_params p;

	if (cfg->mode != MODE_TIMING) {
		snprintf(err, errlen, "--cosim=fetch needs timing mode");
		return -1;
	}
	fetch_rtl_params(&p);
	if (p.line_bytes != cfg->l1i.line || p.queue_insns != cfg->core.fetch_queue) {
		snprintf(err, errlen, "--cosim=fetch: the RTL twin was built for l1i.line=%u "
			 "core.fetch_queue=%u; the machine has l1i.line=%u core.fetch_queue=%u "
			 "(rebuild with make FETCH_L1I_LINE=.. FETCH_CORE_FETCH_QUEUE=..)",
			 p.line_bytes, p.queue_insns, cfg->l1i.line, cfg->core.fetch_queue);
		return -1;
	}
	return 0;
}

static void stop_run(struct fetch_shadow *s)
{
	sim_stop(&s->m->stop, STOP_STUCK, EXIT_COSIM, "co-simulation mismatch in core %d's "
		 "fetch unit (cycle %llu): see the report above", s->core,
		 (unsigned long long)s->cycle);
}

static void shadow_eval(void *ctx, uint64_t cycle, const struct fetch_in *in,
			struct fetch_out *out)
{
	struct fetch_shadow *s = ctx;

	s->cycle = cycle;
	if (fetch_check_eval(s->check, cycle, in, out))
		stop_run(s);
}

static void shadow_tick(void *ctx, int fast)
{
	struct fetch_shadow *s = ctx;

	if (fetch_check_tick(s->check, fast))
		stop_run(s);
}

int sim_cosim_fetch_attach(struct machine *m, const char *wave_dir)
{
	struct timing *t = m->timing;

	for (int i = 0; i < t->ncores; i++) {
		struct fetch_shadow *s = &shadows[i];
		struct ifetch *f = &t->core[i].fu;

		memset(s, 0, sizeof(*s));
		nshadows = i + 1;
		s->m = m;
		s->core = i;
		s->rtl = fetch_rtl_new();
		if (!s->rtl)
			return -1;
		s->check = fetch_check_new(&f->u, s->rtl, FETCH_WINDOW, wave_dir);
		if (!s->check) {
			fprintf(stderr, "osprey: --cosim=fetch: out of host memory\n");
			return -1;
		}
		s->tap = (struct fetch_tap){ shadow_eval, shadow_tick, s };
		f->tap = &s->tap;
	}
	return 0;
}

void sim_cosim_fetch_finish(void)
{
	uint64_t evals = 0, fast = 0, bad = 0;

	for (int i = 0; i < nshadows; i++) {
		struct fetch_shadow *s = &shadows[i];

		if (s->check) {
			evals += fetch_check_evals(s->check);
			fast += fetch_check_fast(s->check);
			bad += fetch_check_mismatches(s->check);
		}
		fetch_check_free(s->check);
		fetch_rtl_free(s->rtl);
		memset(s, 0, sizeof(*s));
	}
	nshadows = 0;
	fprintf(stderr, "osprey: cosim fetch: %llu evaluations compared (%llu fast-path steps "
		"checked), %llu mismatching\n", (unsigned long long)evals,
		(unsigned long long)fast, (unsigned long long)bad);
}
