// SPDX-License-Identifier: MIT
#include "fetch_check.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "port_wave.h"
#include "ports.h"

#define IN_S(type, name, bits) PORT_DESC_S(struct fetch_in, type, name, bits)
#define IN_A(type, name, n, bits, bound) PORT_DESC_A(struct fetch_in, type, name, n, bits, bound)
#define OUT_S(type, name, bits) PORT_DESC_S(struct fetch_out, type, name, bits)
#define OUT_A(type, name, n, bits, bound) PORT_DESC_A(struct fetch_out, type, name, n, bits, bound)

static const struct port_desc in_ports[] = { FETCH_IN_PORTS(IN_S, IN_A) };
static const struct port_desc out_ports[] = { FETCH_OUT_PORTS(OUT_S, OUT_A) };
#define NIN ((int)(sizeof(in_ports) / sizeof(in_ports[0])))
#define NOUT ((int)(sizeof(out_ports) / sizeof(out_ports[0])))

static const struct port_unit unit = { "fetch", in_ports, NIN, out_ports, NOUT };

/* A step's last evaluation. */
struct fetch_rec {
	uint64_t cycle;
	struct fetch_in in;
	struct fetch_out c, r;	/* the C unit's and the RTL's outputs */
};

struct fetch_check {
	struct fetch *c;
	struct fetch_rtl *rtl;
	int window;			/* entries of ring */
	struct fetch_rec *ring;		/* step n at ring[n % window] */
	uint64_t steps;			/* steps clocked */
	uint64_t evals;			/* evaluations compared */
	uint64_t fast;			/* fast-path claims checked */
	uint64_t mismatches;		/* evaluations (and claims) that failed */
	char *wave_dir;			/* NULL: no waveform */
	char *wave_path;		/* the waveform written, or NULL */
};

struct fetch_check *fetch_check_new(struct fetch *c_unit, struct fetch_rtl *rtl, int window,
				    const char *wave_dir)
{
	struct fetch_check *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->c = c_unit;
	k->rtl = rtl;
	k->window = window < 1 ? 1 : window;
	k->ring = calloc((size_t)k->window, sizeof(*k->ring));
	if (wave_dir)
		k->wave_dir = strdup(wave_dir);
	if (!k->ring || (wave_dir && !k->wave_dir)) {
		fetch_check_free(k);
		return NULL;
	}
	return k;
}

void fetch_check_free(struct fetch_check *k)
{
	if (!k)
		return;
	free(k->ring);
	free(k->wave_dir);
	free(k->wave_path);
	free(k);
}

uint64_t fetch_check_evals(const struct fetch_check *k)
{
	return k->evals;
}

uint64_t fetch_check_fast(const struct fetch_check *k)
{
	return k->fast;
}

uint64_t fetch_check_mismatches(const struct fetch_check *k)
{
	return k->mismatches;
}

const char *fetch_check_wave_path(const struct fetch_check *k)
{
	return k->wave_path;
}

/* Writes the ring, up to and including the current step, as an FST. */
static void dump_window(struct fetch_check *k, uint64_t cycle)
{
	uint64_t last = k->steps, first = last + 1 >= (uint64_t)k->window ?
					  last + 1 - (uint64_t)k->window : 0;
	size_t len = strlen(k->wave_dir) + 64;
	struct port_wave *w;

	if (mkdir(k->wave_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "fetch cosim: cannot create %s: %s\n", k->wave_dir,
			strerror(errno));
		return;
	}
	k->wave_path = malloc(len);
	if (!k->wave_path)
		return;
	snprintf(k->wave_path, len, "%s/fetch-mismatch-%" PRIu64 ".fst", k->wave_dir, cycle);
	w = port_wave_open(k->wave_path, &unit);
	if (!w) {
		free(k->wave_path);
		k->wave_path = NULL;
		return;
	}
	for (uint64_t n = first; n <= last; n++) {
		const struct fetch_rec *r = &k->ring[n % (uint64_t)k->window];

		/* Of two steps in one cycle (a fetch, then fence.i's flush) the later shows. */
		if (n < last && k->ring[(n + 1) % (uint64_t)k->window].cycle == r->cycle)
			continue;
		port_wave_sample(w, r->cycle, &r->in, &r->c, &r->r);
	}
	port_wave_close(w);
	fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n"
		"  view it with: gtkwave %s waves/fetch.gtkw\n",
		k->ring[first % (uint64_t)k->window].cycle, cycle, k->wave_path, k->wave_path);
}

/* The first failure is reported in full and dumped; later ones are counted. */
static int failed(struct fetch_check *k, uint64_t cycle)
{
	if (k->mismatches++)
		return -1;
	fprintf(stderr, " inputs:\n");
	ports_print(in_ports, NIN, &k->ring[k->steps % (uint64_t)k->window].in, stderr, "  ");
	if (k->wave_dir)
		dump_window(k, cycle);
	return -1;
}

int fetch_check_eval(struct fetch_check *k, uint64_t cycle, const struct fetch_in *in,
		     struct fetch_out *out)
{
	struct fetch_rec *r = &k->ring[k->steps % (uint64_t)k->window];

	fetch_eval(k->c, in, out);
	fetch_rtl_eval(k->rtl, in, &r->r);
	k->evals++;
	r->cycle = cycle;
	r->in = *in;
	r->c = *out;
	if (!ports_compare(out_ports, NOUT, out, &r->r, NULL, "C", "RTL"))
		return 0;
	if (!k->mismatches) {
		fprintf(stderr, "fetch cosim: MISMATCH at cycle %" PRIu64 " (RTL variant %s)\n",
			cycle, fetch_rtl_variant());
		ports_compare(out_ports, NOUT, out, &r->r, stderr, "C", "RTL");
	}
	return failed(k, cycle);
}

int fetch_check_tick(struct fetch_check *k, int fast)
{
	const struct fetch_rec *r = &k->ring[k->steps % (uint64_t)k->window];
	const struct fetch_out *o = &r->c;
	int bad = 0;

	if (fast) {
		k->fast++;
		if (!o->ready || o->want_valid || o->ahead_valid || o->drop_cur_valid ||
		    o->drop_next_valid || o->lines || o->lookahead || o->lookahead_used ||
		    o->redirects || memcmp(&k->c->d, &k->c->q, sizeof(k->c->q))) {
			if (!k->mismatches)
				fprintf(stderr, "fetch cosim: the glue's fast path is WRONG at cycle "
					"%" PRIu64 ": the unit does more than answer ready\n",
					r->cycle);
			bad = failed(k, r->cycle);
		}
	}
	fetch_tick(k->c);
	fetch_rtl_tick(k->rtl);
	k->steps++;
	return bad;
}
