// SPDX-License-Identifier: MIT
#include "sim_cosim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "sbuf_rtl.h"
#include "sim_cosim_fetch.h"

/* One core's stream buffer step: the C unit alone, or beside its RTL twin. */
struct core_step {
	struct sim_cosim *opts;
	struct sbuf *c_unit;
	struct sbuf_rtl *rtl;		/* NULL without --cosim=sbuf */
	struct sbuf_check *check;
	struct sbuf_wave *wave;		/* this core's --waves dump, or NULL */
	uint64_t samples;		/* cycles dumped into wave */
	uint64_t first, last;		/* the first and last of them */
	int core;
};

static struct core_step steps[MAX_HARTS];
static int nsteps;

int sim_cosim_parse(struct sim_cosim *c, const char *list, char *err, size_t errlen)
{
	const char *tok = list;
	size_t len;

	if (!*list) {
		snprintf(err, errlen, "--cosim: no unit given (units: sbuf, fetch)");
		return -1;
	}
	for (;; tok += len + 1) {
		len = strcspn(tok, ",");
		if (!len) {
			snprintf(err, errlen, "--cosim: empty unit name in '%s' (units: sbuf, fetch)",
				 list);
			return -1;
		}
		if (len == 4 && !strncmp(tok, "sbuf", 4)) {
			c->sbuf = 1;
		} else if (len == 5 && !strncmp(tok, "fetch", 5)) {
			c->fetch = 1;
		} else {
			snprintf(err, errlen, "--cosim: no RTL twin for unit '%.*s' (units: sbuf, "
				 "fetch)", (int)len, tok);
			return -1;
		}
		if (!tok[len])
			return 0;
	}
}

int sim_cosim_check(const struct sim_cosim *c, const struct config *cfg, char *err,
		    size_t errlen)
{
	int nbufs, depth, head_only;

	if (c->fetch && sim_cosim_fetch_check(cfg, err, errlen))
		return -1;
	if (!c->sbuf && !c->wave_path)
		return 0;
	if (cfg->mode != MODE_TIMING) {
		snprintf(err, errlen, "%s needs timing mode", c->sbuf ? "--cosim" : "--waves");
		return -1;
	}
	if (!cfg->pf.sbufs) {
		snprintf(err, errlen, "%s: the machine has no stream buffers%s (set sbuf.count, "
			 "e.g. --set sbuf.count=4)", c->sbuf ? "--cosim=sbuf" : "--waves",
			 c->sbuf ? "" : " to dump");
		return -1;
	}
	if (c->wave_path && (c->wave_core < 0 || (uint32_t)c->wave_core >= cfg->cores)) {
		snprintf(err, errlen, "--waves-core: core %d does not exist (the machine has %u)",
			 c->wave_core, cfg->cores);
		return -1;
	}
	if (c->wave_path && c->wave_to < c->wave_from) {
		snprintf(err, errlen, "--waves-to %llu is before --waves-from %llu",
			 (unsigned long long)c->wave_to, (unsigned long long)c->wave_from);
		return -1;
	}
	sbuf_rtl_params(&nbufs, &depth, &head_only);
	if (c->sbuf && ((uint32_t)nbufs != cfg->pf.sbufs || (uint32_t)depth != cfg->pf.sbuf_depth ||
			head_only != !cfg->pf.sbuf_any)) {
		snprintf(err, errlen, "--cosim=sbuf: the RTL twin was built for %d buffers x %d "
			 "entries, %s hits; the machine has sbuf.count=%u sbuf.depth=%u sbuf.hit=%s "
			 "(rebuild with make SBUF_NBUFS=.. SBUF_DEPTH=.. SBUF_HEAD_ONLY=..)", nbufs,
			 depth, head_only ? "head" : "any", cfg->pf.sbufs, cfg->pf.sbuf_depth,
			 cfg->pf.sbuf_any ? "any" : "head");
		return -1;
	}
	return 0;
}

static int step(void *ctx, uint64_t cycle, const struct sbuf_in *in, struct sbuf_out *out)
{
	struct core_step *s = ctx;
	int bad = 0;

	if (s->check) {
		bad = sbuf_check_cycle(s->check, cycle, in, out);
	} else {
		sbuf_eval(s->c_unit, in, out);
		sbuf_tick(s->c_unit);
	}
	if (s->wave && cycle >= s->opts->wave_from && cycle <= s->opts->wave_to) {
		sbuf_wave_sample(s->wave, cycle, in, out,
				 s->check ? sbuf_check_rtl_out(s->check) : NULL);
		if (!s->samples++)
			s->first = cycle;
		s->last = cycle;
	}
	return bad;
}

int sim_cosim_open(struct sim_cosim *c, char *err, size_t errlen)
{
	int ret;

	if (!c->wave_path)
		return 0;
	ret = outfile_open(&c->wave_out, 0, err, errlen);
	if (ret)
		return ret;
	c->wave = sbuf_wave_open(outfile_name(&c->wave_out));
	if (!c->wave) {
		outfile_discard(&c->wave_out);
		snprintf(err, errlen, "--waves %s: cannot create the FST writer", c->wave_path);
		return EXIT_OUTPUT;
	}
	return 0;
}

void sim_cosim_discard(struct sim_cosim *c)
{
	if (!c->wave_path)
		return;
	sbuf_wave_close(c->wave);
	c->wave = NULL;
	outfile_discard(&c->wave_out);
}

int sim_cosim_attach(struct machine *m, void *ctx)
{
	struct sim_cosim *c = ctx;
	struct timing *t = m->timing;

	if (c->fetch && sim_cosim_fetch_attach(m, c->wave_dir))
		return -1;
	for (int i = 0; i < t->ncores; i++) {
		struct core_step *s = &steps[i];
		struct ipf *p = &t->core[i].ipf;
		int dump = c->wave_path && i == c->wave_core;

		if (!c->sbuf && !dump)
			continue;
		memset(s, 0, sizeof(*s));
		s->opts = c;
		s->core = i;
		s->c_unit = &p->sb;
		if (c->sbuf) {
			s->rtl = sbuf_rtl_new((int)p->sb.nbufs, (int)p->sb.depth, p->sb.head_only);
			if (!s->rtl)
				return -1;
			s->check = sbuf_check_new(&p->sb, s->rtl, 64, c->wave_dir);
			if (!s->check)
				return -1;
		}
		if (dump)
			s->wave = c->wave;
		p->sb_step = step;
		p->sb_step_ctx = s;
		p->sb_always = 1;	/* both sides see every cycle */
		nsteps = i + 1;
	}
	return 0;
}

int sim_cosim_finish(struct sim_cosim *c)
{
	uint64_t cycles = 0, bad = 0, samples = 0, first = 0, last = 0;
	char err[512];

	for (int i = 0; i < nsteps; i++) {
		struct core_step *s = &steps[i];

		if (s->check) {
			cycles += sbuf_check_cycles(s->check);
			bad += sbuf_check_mismatches(s->check);
			sbuf_check_free(s->check);
			sbuf_rtl_free(s->rtl);
		}
		if (s->wave) {
			samples = s->samples;
			first = s->first;
			last = s->last;
		}
		memset(s, 0, sizeof(*s));
	}
	nsteps = 0;
	if (c->fetch)
		sim_cosim_fetch_finish();
	if (c->sbuf)
		fprintf(stderr, "osprey: cosim sbuf: %llu core-cycles compared, %llu mismatching\n",
			(unsigned long long)cycles, (unsigned long long)bad);
	if (!c->wave_path)
		return 0;
	if (sbuf_wave_close(c->wave)) {
		c->wave = NULL;
		outfile_discard(&c->wave_out);
		fprintf(stderr, "osprey: --waves %s: the FST file could not be written whole (a "
			"full disk, a file size limit); nothing written\n", c->wave_path);
		return EXIT_OUTPUT;
	}
	c->wave = NULL;
	if (outfile_commit(&c->wave_out, err, sizeof(err))) {
		fprintf(stderr, "osprey: %s\n", err);
		return EXIT_OUTPUT;
	}
	/* Say which cycles the file holds: the run may have ended inside the window, or before. */
	if (!samples)
		fprintf(stderr, "osprey: waves: %s holds no samples: the run simulated no cycle of "
			"%llu..%llu in timing mode\n", c->wave_path,
			(unsigned long long)c->wave_from, (unsigned long long)c->wave_to);
	else
		fprintf(stderr, "osprey: waves: core %d's stream buffers, cycles %llu..%llu, in %s "
			"(open with: gtkwave %s waves/sbuf.gtkw)\n", c->wave_core,
			(unsigned long long)first, (unsigned long long)last, c->wave_path,
			c->wave_path);
	return 0;
}
