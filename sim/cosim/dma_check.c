// SPDX-License-Identifier: MIT
#include "dma_check.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "port_wave.h"
#include "ports.h"

#define IN_S(type, name, bits) PORT_DESC_S(struct dma_in, type, name, bits)
#define IN_A(type, name, n, bits, bound) PORT_DESC_A(struct dma_in, type, name, n, bits, bound)
#define OUT_S(type, name, bits) PORT_DESC_S(struct dma_out, type, name, bits)
#define OUT_A(type, name, n, bits, bound) PORT_DESC_A(struct dma_out, type, name, n, bits, bound)

static const struct port_desc in_ports[] = { DMA_IN_PORTS(IN_S, IN_A) };
static const struct port_desc out_ports[] = { DMA_OUT_PORTS(OUT_S, OUT_A) };
#define NIN ((int)(sizeof(in_ports) / sizeof(in_ports[0])))
#define NOUT ((int)(sizeof(out_ports) / sizeof(out_ports[0])))

static const struct port_unit unit = { "dma", in_ports, NIN, out_ports, NOUT };

/* One checked cycle. */
struct rec {
	uint64_t cycle;
	struct dma_in in;
	struct dma_out c, r;	/* the C unit's and the RTL's outputs */
};

struct dma_check {
	struct dma *c;
	struct dma_rtl *rtl;
	uint64_t n;			/* cycles checked */
	uint64_t mismatches;		/* cycles with an output difference */
	struct rec ring[DMA_CHECK_WINDOW];	/* the n-th checked cycle at ring[n % WINDOW] */
	char *wave_dir;			/* NULL: no waveform */
	char wave[512];			/* the waveform written, or "" */
};

struct dma_check *dma_check_new(struct dma *c_unit, struct dma_rtl *rtl, const char *wave_dir)
{
	struct dma_check *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->c = c_unit;
	k->rtl = rtl;
	if (wave_dir && !(k->wave_dir = strdup(wave_dir))) {
		free(k);
		return NULL;
	}
	return k;
}

void dma_check_free(struct dma_check *k)
{
	if (!k)
		return;
	free(k->wave_dir);
	free(k);
}

uint64_t dma_check_cycles(const struct dma_check *k)
{
	return k->n;
}

uint64_t dma_check_mismatches(const struct dma_check *k)
{
	return k->mismatches;
}

const char *dma_check_wave_path(const struct dma_check *k)
{
	return k->wave;
}

/* Writes the ring, up to and including the mismatch just recorded, as an FST. */
static void dump_window(struct dma_check *k, uint64_t cycle)
{
	uint64_t first = k->n > DMA_CHECK_WINDOW ? k->n - DMA_CHECK_WINDOW : 0;
	struct port_wave *w;

	if (mkdir(k->wave_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "dma cosim: cannot create %s: %s\n", k->wave_dir, strerror(errno));
		return;
	}
	snprintf(k->wave, sizeof(k->wave), "%s/dma-mismatch-%" PRIu64 ".fst", k->wave_dir, cycle);
	w = port_wave_open(k->wave, &unit);
	if (!w) {
		k->wave[0] = 0;
		return;
	}
	for (uint64_t i = first; i < k->n; i++) {
		const struct rec *r = &k->ring[i % DMA_CHECK_WINDOW];

		port_wave_sample(w, r->cycle, &r->in, &r->c, &r->r);
	}
	port_wave_close(w);
	fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n",
		k->ring[first % DMA_CHECK_WINDOW].cycle, cycle, k->wave);
}

int dma_check_cycle(struct dma_check *k, uint64_t cycle, const struct dma_in *in,
		    struct dma_out *out_c)
{
	struct rec *r = &k->ring[k->n % DMA_CHECK_WINDOW];
	int bad;

	dma_eval(k->c, in, out_c);
	dma_rtl_eval(k->rtl, in, &r->r);
	r->cycle = cycle;
	r->in = *in;
	r->c = *out_c;
	k->n++;
	bad = ports_compare(out_ports, NOUT, &r->c, &r->r, NULL, "C", "RTL") != 0;
	if (bad && !k->mismatches++) {
		fprintf(stderr, "dma cosim: MISMATCH at cycle %" PRIu64 " (RTL variant %s)\n", cycle,
			dma_rtl_variant());
		ports_compare(out_ports, NOUT, &r->c, &r->r, stderr, "C", "RTL");
		fprintf(stderr, " inputs:\n");
		ports_print(in_ports, NIN, in, stderr, "  ");
		if (k->wave_dir)
			dump_window(k, cycle);
	}
	dma_tick(k->c);
	dma_rtl_tick(k->rtl);
	return bad ? -1 : 0;
}
