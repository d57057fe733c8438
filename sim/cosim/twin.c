// SPDX-License-Identifier: MIT
/*
 * The registry's look-ups, the loader of Verilated models, the generic
 * lockstep checker and random stimulus (twin.h).
 */
#include "twin.h"

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/config.h"

const struct twin *twin_find(const char *name, size_t len)
{
	const struct twin *t;

	for (int i = 0; (t = twin_at(i)); i++)
		if (strlen(t->name) == len && !strncmp(t->name, name, len))
			return t;
	return NULL;
}

void twin_names(char *buf, size_t len)
{
	const struct twin *t;
	size_t at = 0;

	buf[0] = 0;
	for (int i = 0; (t = twin_at(i)) && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", t->name);
}

void twin_param_name(const char *key, char *buf, size_t len)
{
	size_t i;

	for (i = 0; key[i] && i + 1 < len; i++)
		buf[i] = key[i] == '.' ? '_' : (char)toupper((unsigned char)key[i]);
	buf[i] = 0;
}

void twin_geometry(const struct twin *t, const struct config *cfg, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = 0;
	for (int i = 0; i < t->nparams && at < len; i++) {
		char name[64];
		uint64_t v = 0;

		twin_param_name(t->params[i], name, sizeof(name));
		/* The keys are the registry's own: a missing one is a registration error. */
		if (config_value(cfg, t->params[i], &v))
			abort();
		at += (size_t)snprintf(buf + at, len - at, "%s%s=%" PRIu64, i ? "," : "", name, v);
	}
}

/* The config_key_info of @key, or -1. */
static int key_info(const char *key, struct config_key_info *info)
{
	for (unsigned i = 0; !config_key_info(i, info); i++)
		if (!strcmp(info->name, key))
			return 0;
	return -1;
}

int twin_configure(const struct twin *t, const char *geometry, struct config *cfg, char *err,
		   size_t errlen)
{
	const char *g = geometry;

	for (int i = 0; i < t->nparams; i++) {
		char name[64], val[32];
		struct config_key_info info;
		size_t n;
		unsigned long long v;

		twin_param_name(t->params[i], name, sizeof(name));
		n = strlen(name);
		if (strncmp(g, name, n) || g[n] != '=') {
			snprintf(err, errlen, "%s: geometry '%s' does not give %s in its place",
				 t->name, geometry, name);
			return -1;
		}
		v = strtoull(g + n + 1, (char **)&g, 10);
		if (*g == ',')
			g++;
		if (key_info(t->params[i], &info))
			abort();	/* a registration error */
		if (info.is_enum) {
			unsigned long long names = 0;

			while (info.names[names])
				names++;
			if (v >= names) {
				snprintf(err, errlen, "%s: geometry '%s': %s=%llu names no value of %s",
					 t->name, geometry, name, v, t->params[i]);
				return -1;
			}
			snprintf(val, sizeof(val), "%s", info.names[v]);
		} else {
			snprintf(val, sizeof(val), "%llu", v);
		}
		if (config_set(cfg, t->params[i], val, err, errlen))
			return -1;
	}
	return 0;
}

/* "SBUF_COUNT=4,SBUF_DEPTH=4" as "4-4" (the build directory's suffix) into @buf. */
static void geometry_values(const char *geometry, char *buf, size_t len, char sep)
{
	size_t at = 0;
	int in_value = 0;

	for (const char *g = geometry; *g && at + 1 < len; g++) {
		if (*g == '=')
			in_value = 1;
		else if (*g == ',')
			in_value = 0, buf[at++] = sep;
		else if (in_value)
			buf[at++] = *g;
	}
	buf[at] = 0;
}

const struct twin_rtl *twin_open(const struct twin *t, const char *path, char *err,
				 size_t errlen)
{
	const struct twin_rtl *r;
	char sym[96];
	void *lib;

	/* Local symbols: every model carries its own Verilator runtime. */
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(err, errlen, "%s: cannot load %s: %s", t->name, path, dlerror());
		return NULL;
	}
	snprintf(sym, sizeof(sym), "%s_twin_rtl", t->name);
	r = dlsym(lib, sym);
	if (!r || strcmp(r->unit, t->name)) {
		snprintf(err, errlen, "%s: %s holds no model of unit %s", t->name, path, t->name);
		dlclose(lib);
		return NULL;
	}
	return r;	/* the library stays loaded for the rest of the run */
}

const struct twin_rtl *twin_load(const struct twin *t, const char *geometry,
				 const char *rtl_dir, char *err, size_t errlen)
{
	char values[128], path[512], params[512], why[1024];
	const struct twin_rtl *r;

	geometry_values(geometry, values, sizeof(values), '-');
	snprintf(path, sizeof(path), "%s/%s-%s/twin.so", rtl_dir, t->name, values);
	snprintf(params, sizeof(params), "%s", geometry);
	for (char *c = params; *c; c++)
		if (*c == ',')
			*c = ' ';
	if (access(path, R_OK)) {
		snprintf(err, errlen, "%s: no RTL model built for %s (%s: %s); build it with: "
			 "make rtl-twin TWIN=%s PARAMS=\"%s\"", t->name, geometry, path,
			 strerror(errno), t->name, params);
		return NULL;
	}
	r = twin_open(t, path, why, sizeof(why));
	if (r && strcmp(r->geometry, geometry)) {
		snprintf(why, sizeof(why), "%s: %s was built for %s", t->name, path, r->geometry);
		r = NULL;
	}
	if (!r)
		snprintf(err, errlen, "%s (rebuild it with: make rtl-twin TWIN=%s PARAMS=\"%s\")",
			 why, t->name, params);
	return r;
}

/* ---- the checker --------------------------------------------------------- */

/*
 * One checked cycle, kept for the mismatch waveform: the cycle number, then
 * the inputs, the C unit's and the RTL's outputs, each at its offset.
 */
struct twin_check {
	const struct twin *t;
	void *c;		/* the C unit */
	const struct twin_rtl *rtl;
	void *r;		/* the RTL model */
	int rtl_drives;		/* eval hands out the RTL's outputs */
	int window;		/* records in ring */
	size_t rec_size, in_at, c_at, r_at;	/* a record's size and its parts' offsets */
	unsigned char *ring;	/* cycle n's record at n % window */
	uint64_t n;		/* cycles ticked */
	uint64_t last;		/* the record of the last eval */
	int bad_now;		/* this cycle's evals found a difference */
	uint64_t mismatches;	/* cycles with an output difference */
	char *wave_dir;		/* NULL: no waveform */
	char *wave_path;	/* the waveform written, or NULL */
};

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static unsigned char *rec(const struct twin_check *k, uint64_t n)
{
	return k->ring + (size_t)(n % (uint64_t)k->window) * k->rec_size;
}

struct twin_check *twin_check_new(const struct twin *t, void *c_unit, const struct twin_rtl *rtl,
				  int window, const char *wave_dir, int rtl_drives)
{
	struct twin_check *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->t = t;
	k->c = c_unit;
	k->rtl = rtl;
	k->rtl_drives = rtl_drives;
	k->window = window < 1 ? 1 : window;
	k->in_at = sizeof(uint64_t);
	k->c_at = k->in_at + align8(t->in_size);
	k->r_at = k->c_at + align8(t->out_size);
	k->rec_size = k->r_at + align8(t->out_size);
	k->ring = calloc((size_t)k->window, k->rec_size);
	if (wave_dir)
		k->wave_dir = strdup(wave_dir);
	if (!k->ring || (wave_dir && !k->wave_dir))
		goto out_free;
	k->r = rtl->create();
	if (!k->r)
		goto out_free;
	return k;

out_free:
	twin_check_free(k);
	return NULL;
}

void twin_check_free(struct twin_check *k)
{
	if (!k)
		return;
	if (k->r)
		k->rtl->destroy(k->r);
	free(k->ring);
	free(k->wave_dir);
	free(k->wave_path);
	free(k);
}

const void *twin_check_in(const struct twin_check *k)
{
	return rec(k, k->last) + k->in_at;
}

const void *twin_check_c_out(const struct twin_check *k)
{
	return rec(k, k->last) + k->c_at;
}

const void *twin_check_rtl_out(const struct twin_check *k)
{
	return rec(k, k->last) + k->r_at;
}

uint64_t twin_check_cycles(const struct twin_check *k)
{
	return k->n;
}

uint64_t twin_check_mismatches(const struct twin_check *k)
{
	return k->mismatches;
}

const char *twin_check_wave_path(const struct twin_check *k)
{
	return k->wave_path;
}

/* Writes the ring (the window up to and including cycle record k->n) as an FST. */
static void dump_window(struct twin_check *k, uint64_t cycle)
{
	const struct port_unit *u = &k->t->ports;
	uint64_t first = k->n + 1 >= (uint64_t)k->window ? k->n + 1 - (uint64_t)k->window : 0;
	size_t len = strlen(k->wave_dir) + strlen(k->t->name) + 48;
	struct port_wave *w;

	if (mkdir(k->wave_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "  cannot create %s: %s\n", k->wave_dir, strerror(errno));
		return;
	}
	k->wave_path = malloc(len);
	if (!k->wave_path)
		return;
	snprintf(k->wave_path, len, "%s/%s-mismatch-%" PRIu64 ".fst", k->wave_dir, k->t->name,
		 cycle);
	w = port_wave_open(k->wave_path, &u, 1);
	if (!w)
		goto out_nowave;
	for (uint64_t i = first; i <= k->n; i++) {
		const unsigned char *r = rec(k, i);
		uint64_t c;

		memcpy(&c, r, sizeof(c));
		port_wave_sample(w, 0, c, r + k->in_at, r + k->c_at, r + k->r_at);
	}
	if (port_wave_close(w)) {
		fprintf(stderr, "  the waveform could not be written whole to %s (removed)\n",
			k->wave_path);
		unlink(k->wave_path);
		goto out_nowave;
	}
	memcpy(&first, rec(k, first), sizeof(first));
	fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n"
		"  view it with: gtkwave %s waves/%s.gtkw\n", first, cycle, k->wave_path,
		k->wave_path, k->t->name);
	return;

out_nowave:
	free(k->wave_path);
	k->wave_path = NULL;
}

static void report(struct twin_check *k, uint64_t cycle)
{
	const struct port_unit *u = &k->t->ports;
	const unsigned char *r = rec(k, k->n);

	fprintf(stderr, "%s cosim: MISMATCH at cycle %" PRIu64 " (RTL %s, %s)\n", k->t->name,
		cycle, k->rtl->variant, k->rtl->geometry);
	fprintf(stderr, "  outputs that differ:\n");
	ports_compare(u->out, u->nout, r + k->c_at, r + k->r_at, stderr, "C", "RTL");
	fprintf(stderr, "  inputs:\n");
	ports_print(u->in, u->nin, r + k->in_at, stderr, "    ");
	if (k->wave_dir)
		dump_window(k, cycle);
}

int twin_check_eval(struct twin_check *k, uint64_t cycle, const void *in, void *out)
{
	const struct port_unit *u = &k->t->ports;
	unsigned char *r = rec(k, k->n);
	int bad;

	k->last = k->n;
	memcpy(r, &cycle, sizeof(cycle));
	memcpy(r + k->in_at, in, k->t->in_size);
	k->t->eval(k->c, in, r + k->c_at);
	k->rtl->eval(k->r, in, r + k->r_at);
	bad = ports_compare(u->out, u->nout, r + k->c_at, r + k->r_at, NULL, "C", "RTL") != 0;
	memcpy(out, r + (k->rtl_drives ? k->r_at : k->c_at), k->t->out_size);
	if (bad && !k->bad_now && !k->mismatches)
		report(k, cycle);
	k->bad_now |= bad;
	return bad ? -1 : 0;
}

void twin_check_tick(struct twin_check *k)
{
	k->t->tick(k->c);
	k->rtl->tick(k->r);
	k->mismatches += (uint64_t)k->bad_now;
	k->bad_now = 0;
	k->n++;
}

int twin_check_cycle(struct twin_check *k, uint64_t cycle, const void *in, void *out)
{
	int bad = twin_check_eval(k, cycle, in, out);

	twin_check_tick(k);
	return bad;
}

/* ---- random stimulus ----------------------------------------------------- */

static uint32_t rnd(uint64_t *rng, uint32_t n)
{
	*rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*rng >> 33) % n;
}

static void put(const struct port_desc *d, void *s, unsigned i, uint64_t v)
{
	unsigned char *p = (unsigned char *)s + d->offset + (size_t)i * d->size;

	switch (d->size) {
	case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
}

void twin_stim_init(struct twin_stim *s, uint64_t seed)
{
	memset(s, 0, sizeof(*s));
	s->rng = seed;
}

void twin_random_in(const struct twin *t, struct twin_stim *s, void *in)
{
	static const uint8_t rates[] = { 1, 3, 6 };
	const struct port_unit *u = &t->ports;

	if (s->n++ % 256 == 0)
		for (int k = 0; k < TWIN_STIM_PORTS; k++)
			s->rate[k] = rates[rnd(&s->rng, 3)];
	memset(in, 0, t->in_size);
	for (int k = 0; k < u->nin; k++) {
		const struct port_desc *d = &u->in[k];
		uint64_t mask = d->bits >= 64 ? ~0ull : (1ull << d->bits) - 1;

		for (unsigned i = 0; i < d->count; i++) {
			uint64_t v;

			if (d->bits <= 8) {
				if (rnd(&s->rng, 1u << s->rate[k % TWIN_STIM_PORTS]))
					continue;
				v = rnd(&s->rng, 1u << 16) | 1;
			} else if (rnd(&s->rng, 64)) {
				s->near += rnd(&s->rng, 4) ? rnd(&s->rng, 3) : rnd(&s->rng, 32) - 16;
				v = s->near;
			} else {
				v = (uint64_t)rnd(&s->rng, 1u << 16) << 16 | rnd(&s->rng, 1u << 16);
				s->near = (uint32_t)v;
			}
			put(d, in, i, v & mask);
		}
	}
}
