// SPDX-License-Identifier: MIT
#include "sim_cosim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port_wave.h"
#include "sys/stop.h"
#include "sys/timing.h"
#include "twin.h"

#define MAX_TWINS 32	/* bits of the unit masks */

#ifndef OSPREY_RTL_DIR
#define OSPREY_RTL_DIR "build/rtl"
#endif

/* One unit of one core held by the co-simulation: its tap's observer. */
struct hold {
	struct sim_cosim *opts;
	const struct twin *t;
	struct unit_tap *tap;
	struct twin_check *k;	/* the RTL beside it, or NULL: the C unit alone (--waves) */
	int wave_unit;		/* its index in the --waves file, or -1 */
	uint64_t cycle;		/* of the last eval */
	unsigned char *in, *out;	/* the last eval's ports, without a checker */
	uint64_t samples;	/* cycles dumped */
	uint64_t first, last;	/* the first and last of them */
};

static struct hold holds[TIMING_MAX_TAPS];
static int nholds;

/* The registered twins' index of @t. */
static int twin_index(const struct twin *t)
{
	for (int i = 0; twin_at(i); i++)
		if (twin_at(i) == t)
			return i;
	return -1;
}

int sim_cosim_parse(struct sim_cosim *c, const char *list, int replace, char *err,
		    size_t errlen)
{
	const char *opt = replace ? "--rtl" : "--cosim";
	unsigned *mask = replace ? &c->replace : &c->shadow;
	const char *tok = list;
	char names[256];
	size_t len;

	twin_names(names, sizeof(names));
	if (!*list) {
		snprintf(err, errlen, "%s: no unit given (units: %s, or all)", opt, names);
		return -1;
	}
	for (;; tok += len + 1) {
		const struct twin *t;

		len = strcspn(tok, ",");
		if (!len) {
			snprintf(err, errlen, "%s: empty unit name in '%s' (units: %s, or all)", opt,
				 list, names);
			return -1;
		}
		if (len == 3 && !strncmp(tok, "all", 3)) {
			for (int i = 0; twin_at(i) && i < MAX_TWINS; i++)
				*mask |= 1u << i;
		} else if ((t = twin_find(tok, len))) {
			*mask |= 1u << twin_index(t);
			c->named |= 1u << twin_index(t);
		} else {
			snprintf(err, errlen, "%s: no RTL twin for unit '%.*s' (units: %s, or all)",
				 opt, (int)len, tok, names);
			return -1;
		}
		if (!tok[len])
			return 0;
	}
}

int sim_cosim_check(const struct sim_cosim *c, const struct config *cfg, char *err,
		    size_t errlen)
{
	if (!sim_cosim_wanted(c))
		return 0;
	if (cfg->mode != MODE_TIMING) {
		snprintf(err, errlen, "%s needs timing mode", c->replace ? "--rtl" :
			 c->shadow ? "--cosim" : "--waves");
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
	return 0;
}

static void hold_eval(struct unit_tap *tap, uint64_t cycle, const void *in, void *out)
{
	struct hold *h = tap->ctx;

	h->cycle = cycle;
	if (h->k) {
		if (twin_check_eval(h->k, cycle, in, out))
			tap->failed = 1;
		return;
	}
	h->t->eval(tap->c_unit, in, out);
	memcpy(h->in, in, h->t->in_size);
	memcpy(h->out, out, h->t->out_size);
}

static void hold_tick(struct unit_tap *tap)
{
	struct hold *h = tap->ctx;
	const struct sim_cosim *c = h->opts;

	if (h->wave_unit >= 0 && h->cycle >= c->wave_from && h->cycle <= c->wave_to) {
		if (h->k)
			port_wave_sample(c->wave, h->wave_unit, h->cycle, twin_check_in(h->k),
					 twin_check_c_out(h->k), twin_check_rtl_out(h->k));
		else
			port_wave_sample(c->wave, h->wave_unit, h->cycle, h->in, h->out, NULL);
		if (!h->samples++)
			h->first = h->cycle;
		h->last = h->cycle;
	}
	if (h->k)
		twin_check_tick(h->k);
	else
		h->t->tick(tap->c_unit);
}

int sim_cosim_open(struct sim_cosim *c, char *err, size_t errlen)
{
	return c->wave_path ? outfile_open(&c->wave_out, 0, err, errlen) : 0;
}

void sim_cosim_discard(struct sim_cosim *c)
{
	if (!c->wave_path)
		return;
	port_wave_close(c->wave);
	c->wave = NULL;
	outfile_discard(&c->wave_out);
}

/* The model of @t for @cfg, loaded once per unit (every core has the same geometry). */
static const struct twin_rtl *model(const struct twin *t, const struct config *cfg)
{
	static const struct twin_rtl *loaded[MAX_TWINS];
	const char *dir = getenv("OSPREY_RTL_DIR");
	int i = twin_index(t);
	char geometry[512], err[2048];

	if (loaded[i])
		return loaded[i];
	twin_geometry(t, cfg, geometry, sizeof(geometry));
	loaded[i] = twin_load(t, geometry, dir && *dir ? dir : OSPREY_RTL_DIR, err, sizeof(err));
	if (!loaded[i])
		fprintf(stderr, "osprey: %s\n", err);
	return loaded[i];
}

static int attach(struct machine *m, struct sim_cosim *c);

int sim_cosim_attach(struct machine *m, void *ctx)
{
	struct sim_cosim *c = ctx;

	c->attach_failed = attach(m, c) != 0;
	return -c->attach_failed;
}

static int attach(struct machine *m, struct sim_cosim *c)
{
	struct unit_tap *taps[TIMING_MAX_TAPS];
	const struct port_unit *wave_units[TIMING_MAX_TAPS];
	int ntaps = timing_taps(m->timing, taps), nwave = 0;
	unsigned present = 0, missing;

	for (int i = 0; i < ntaps; i++) {
		const struct twin *t = twin_find(taps[i]->unit, strlen(taps[i]->unit));
		unsigned bit;
		struct hold *h;

		if (!t)
			continue;	/* a tap without a registered twin: nothing to run beside it */
		bit = 1u << twin_index(t);
		present |= bit;
		if (!((c->shadow | c->replace) & bit) &&
		    !(c->wave_path && taps[i]->core == c->wave_core))
			continue;
		h = &holds[nholds++];
		memset(h, 0, sizeof(*h));
		h->opts = c;
		h->t = t;
		h->tap = taps[i];
		h->wave_unit = -1;
		if ((c->shadow | c->replace) & bit) {
			const struct twin_rtl *rtl;

			if (taps[i]->at_reset && !taps[i]->at_reset(taps[i]->c_unit)) {
				fprintf(stderr, "osprey: %s=%s: the unit was used before the timing "
					"run (--fast-forward): its RTL twin can only start from reset\n",
					c->replace & bit ? "--rtl" : "--cosim", t->name);
				return -1;
			}
			rtl = model(t, &m->cfg);
			if (!rtl)
				return -1;
			h->k = twin_check_new(t, taps[i]->c_unit, rtl, 64, c->wave_dir,
					      !!(c->replace & bit));
			if (!h->k)
				return -1;
		} else {
			h->in = malloc(t->in_size);
			h->out = malloc(t->out_size);
			if (!h->in || !h->out)
				return -1;
		}
		if (c->wave_path && taps[i]->core == c->wave_core) {
			h->wave_unit = nwave;
			wave_units[nwave++] = &t->ports;
		}
		taps[i]->ctx = h;
		taps[i]->eval = hold_eval;
		taps[i]->tick = hold_tick;
		taps[i]->always = 1;	/* both sides see every cycle */
		if (taps[i]->fast_off)
			*taps[i]->fast_off = 1;
	}
	missing = c->named & ~present;
	for (int i = 0; twin_at(i); i++) {
		char keys[256] = "";
		const struct twin *t = twin_at(i);

		if (!(missing & 1u << i))
			continue;
		for (int k = 0; k < t->nparams; k++)
			snprintf(keys + strlen(keys), sizeof(keys) - strlen(keys), "%s%s",
				 k ? ", " : "", t->params[k]);
		fprintf(stderr, "osprey: %s=%s: the machine has no %s unit (it is off in this "
			"configuration; its keys: %s)\n", c->replace & 1u << i ? "--rtl" : "--cosim",
			t->name, t->name, keys);
		return -1;
	}
	if (c->wave_path) {
		/* nwave > 0: every core of a timing machine has its fetch unit. */
		c->wave = port_wave_open(outfile_name(&c->wave_out), wave_units, nwave);
		if (!c->wave)
			return -1;
	}
	return 0;
}

int sim_cosim_finish(struct sim_cosim *c)
{
	uint64_t samples = 0, first = UINT64_MAX, last = 0;
	char err[512], dumped[256] = "";

	for (int i = 0; twin_at(i); i++) {
		uint64_t cycles = 0, bad = 0;
		int any = 0;

		for (int k = 0; k < nholds; k++) {
			if (holds[k].t != twin_at(i) || !holds[k].k)
				continue;
			cycles += twin_check_cycles(holds[k].k);
			bad += twin_check_mismatches(holds[k].k);
			any = 1;
		}
		if (any && !c->attach_failed)
			fprintf(stderr, "osprey: %s %s: %llu core-cycles compared, %llu mismatching%s\n",
				c->replace & 1u << i ? "rtl" : "cosim", twin_at(i)->name,
				(unsigned long long)cycles, (unsigned long long)bad,
				c->replace & 1u << i ? " (the RTL drove the machine)" : "");
	}
	for (int k = 0; k < nholds; k++) {
		struct hold *h = &holds[k];

		if (h->wave_unit >= 0) {
			snprintf(dumped + strlen(dumped), sizeof(dumped) - strlen(dumped), "%s%s",
				 dumped[0] ? ", " : "", h->t->name);
			samples += h->samples;
			if (h->samples && h->first < first)
				first = h->first;
			if (h->samples && h->last > last)
				last = h->last;
		}
		h->tap->eval = NULL;
		h->tap->tick = NULL;
		twin_check_free(h->k);
		free(h->in);
		free(h->out);
	}
	nholds = 0;
	if (c->attach_failed)
		sim_cosim_discard(c);
	if (!c->wave_path || c->attach_failed)
		return 0;
	/* A run that never reached timing mode leaves an empty (but whole) file. */
	if (!c->wave)
		c->wave = port_wave_open(outfile_name(&c->wave_out), NULL, 0);
	if (!c->wave || port_wave_close(c->wave)) {
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
		fprintf(stderr, "osprey: waves: core %d's %s, cycles %llu..%llu, in %s (open with: "
			"gtkwave %s waves/UNIT.gtkw)\n", c->wave_core, dumped,
			(unsigned long long)first, (unsigned long long)last, c->wave_path,
			c->wave_path);
	return 0;
}
