// SPDX-License-Identifier: MIT
/*
 * Lockstep checker and port waveforms for the instruction stream buffers
 * (cosim.h). The waveform is written with GTKWave's FST writer (fstapi.c,
 * shipped with Verilator), so the C side needs no C++.
 */
#include "cosim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fstapi.h"
#include "ports.h"

/* The ports, from their lists in mem/sbuf_if.h (all scalars). */
#define IN_S(type, name, bits) PORT_DESC_S(struct sbuf_in, type, name, bits)
#define OUT_S(type, name, bits) PORT_DESC_S(struct sbuf_out, type, name, bits)
#define NO_ARRAYS(type, name, n, bits, bound)

static const struct port_desc in_ports[] = { SBUF_IN_PORTS(IN_S, NO_ARRAYS) };
static const struct port_desc out_ports[] = { SBUF_OUT_PORTS(OUT_S, NO_ARRAYS) };

#define NIN ((int)(sizeof(in_ports) / sizeof(in_ports[0])))
#define NOUT ((int)(sizeof(out_ports) / sizeof(out_ports[0])))

/* ---- waveform ------------------------------------------------------------ */

/* The signals of one sample, in the order they are declared. */
#define W_IN 0			/* W_IN + port: the inputs */
#define W_MISMATCH NIN
#define W_C (NIN + 1)		/* W_C + port: the C model's outputs */
#define W_RTL (W_C + NOUT)	/* W_RTL + port: the RTL's outputs */
#define W_NSIGS (W_RTL + NOUT)

struct sbuf_wave {
	void *fst;		/* fstapi writer context */
	char *path;		/* the file, read back at close */
	fstHandle h[W_NSIGS];
	unsigned bits[W_NSIGS];
	uint64_t val[W_NSIGS];	/* last value emitted */
	uint8_t known[W_NSIGS];	/* 1: val was emitted; 2: x was emitted; 0: nothing yet */
	uint64_t next;		/* the first cycle a sample may have */
	int any;		/* a sample was written */
};

static uint64_t out_field(const struct sbuf_out *o, int f)
{
	return port_value(&out_ports[f], o, 0);
}

unsigned sbuf_out_diff(const struct sbuf_out *a, const struct sbuf_out *b)
{
	unsigned m = 0;

	for (int f = 0; f < NOUT; f++)
		if (out_field(a, f) != out_field(b, f))
			m |= 1u << f;
	return m;
}

static void wave_var(struct sbuf_wave *w, int s, enum fstVarDir dir, const char *name,
		     unsigned bits)
{
	char full[64];

	if (bits > 1)
		snprintf(full, sizeof(full), "%s [%u:0]", name, bits - 1);
	else
		snprintf(full, sizeof(full), "%s", name);
	w->h[s] = fstWriterCreateVar(w->fst, FST_VT_VCD_WIRE, dir, bits, full, 0);
	w->bits[s] = bits;
}

struct sbuf_wave *sbuf_wave_open(const char *path)
{
	struct sbuf_wave *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->path = strdup(path);
	if (!w->path)
		goto out_free;
	/* fstWriterCreate() does not report a failed fopen() clearly: try first. */
	FILE *f = fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "sbuf wave: cannot create %s: %s\n", path, strerror(errno));
		goto out_free;
	}
	fclose(f);
	w->fst = fstWriterCreate(path, 1);
	if (!w->fst) {
		fprintf(stderr, "sbuf wave: cannot create %s\n", path);
		goto out_free;
	}
	fstWriterSetPackType(w->fst, FST_WR_PT_LZ4);
	fstWriterSetTimescale(w->fst, -9);	/* 1 ns per cycle */
	fstWriterSetVersion(w->fst, "osprey sbuf cosim");

	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "sbuf", NULL);
	for (int f = 0; f < NIN; f++)
		wave_var(w, W_IN + f, FST_VD_INPUT, in_ports[f].name, in_ports[f].bits);
	wave_var(w, W_MISMATCH, FST_VD_IMPLICIT, "mismatch", 1);
	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "c", NULL);
	for (int f = 0; f < NOUT; f++)
		wave_var(w, W_C + f, FST_VD_OUTPUT, out_ports[f].name, out_ports[f].bits);
	fstWriterSetUpscope(w->fst);
	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "rtl", NULL);
	for (int f = 0; f < NOUT; f++)
		wave_var(w, W_RTL + f, FST_VD_OUTPUT, out_ports[f].name, out_ports[f].bits);
	fstWriterSetUpscope(w->fst);
	fstWriterSetUpscope(w->fst);
	return w;

out_free:
	free(w->path);
	free(w);
	return NULL;
}

/* Emits signal @s if it changed; @x: the value is unknown. */
static void wave_emit(struct sbuf_wave *w, int s, uint64_t v, int x)
{
	char bits[65];
	unsigned n = w->bits[s];

	if (x ? w->known[s] == 2 : (w->known[s] == 1 && w->val[s] == v))
		return;
	for (unsigned i = 0; i < n; i++)
		bits[i] = x ? 'x' : (char)('0' + ((v >> (n - 1 - i)) & 1));
	bits[n] = 0;
	fstWriterEmitValueChange(w->fst, w->h[s], bits);
	w->val[s] = v;
	w->known[s] = x ? 2 : 1;
}

void sbuf_wave_sample(struct sbuf_wave *w, uint64_t cycle, const struct sbuf_in *in,
		      const struct sbuf_out *c_out, const struct sbuf_out *rtl_out)
{
	if (!w || (w->any && cycle < w->next))
		return;		/* out of order: dropped */
	fstWriterEmitTimeChange(w->fst, cycle);
	w->any = 1;
	w->next = cycle + 1;

	for (int f = 0; f < NIN; f++)
		wave_emit(w, W_IN + f, port_value(&in_ports[f], in, 0), 0);
	wave_emit(w, W_MISMATCH, rtl_out && sbuf_out_diff(c_out, rtl_out), !rtl_out);
	for (int f = 0; f < NOUT; f++) {
		wave_emit(w, W_C + f, out_field(c_out, f), 0);
		wave_emit(w, W_RTL + f, rtl_out ? out_field(rtl_out, f) : 0, !rtl_out);
	}
}

/* A big-endian 64-bit number at @p. */
static uint64_t be64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/*
 * Whether the FST file at @path was written whole, ending at time @end. The
 * writer ignores failed writes (a full disk, a file size limit), and GTKWave's
 * reader can crash on the truncated file they leave, so this walks the
 * file's blocks itself: each is a type byte and a 64-bit length counting
 * itself, from the header at offset 0 (end time at +17) to the end of the
 * file, with a geometry and a hierarchy block and no block left unfinished.
 */
static int fst_whole(const char *path, uint64_t end)
{
	unsigned char b[25];
	uint64_t pos = 0, size;
	int geom = 0, hier = 0, ok = 0;
	struct stat st;
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;
	if (fstat(fileno(f), &st) || fread(b, 1, sizeof(b), f) != sizeof(b) ||
	    b[0] != FST_BL_HDR || be64(b + 17) != end)
		goto out;
	size = (uint64_t)st.st_size;
	while (pos < size) {
		uint64_t len;

		if (fseeko(f, (off_t)pos, SEEK_SET) || fread(b, 1, 9, f) != 9)
			goto out;
		len = be64(b + 1);
		if (len < 8 || len > size - pos - 1)
			goto out;
		if (b[0] == FST_BL_SKIP)
			goto out;	/* a section the writer never finished */
		geom |= b[0] == FST_BL_GEOM;
		hier |= b[0] == FST_BL_HIER || b[0] == FST_BL_HIER_LZ4 ||
			b[0] == FST_BL_HIER_LZ4DUO;
		pos += 1 + len;
	}
	ok = pos == size && geom && hier;
out:
	fclose(f);
	return ok;
}

int sbuf_wave_close(struct sbuf_wave *w)
{
	uint64_t end;
	int ok;

	if (!w)
		return 0;
	/* Give the last sample a cycle of width so a viewer shows it. */
	end = w->any ? w->next : 0;
	if (w->any)
		fstWriterEmitTimeChange(w->fst, end);
	fstWriterClose(w->fst);
	ok = fst_whole(w->path, end);
	free(w->path);
	free(w);
	return ok ? 0 : -1;
}

/* ---- lockstep checker ---------------------------------------------------- */

/* One checked cycle, kept for the mismatch waveform. */
struct sbuf_rec {
	uint64_t cycle;
	struct sbuf_in in;
	struct sbuf_out c;	/* the C unit's outputs */
	struct sbuf_out r;	/* the RTL's outputs */
};

struct sbuf_check {
	struct sbuf *c;
	struct sbuf_rtl *rtl;
	int window;		/* entries of ring */
	struct sbuf_rec *ring;	/* cycle n is at ring[n % window] */
	uint64_t n;		/* cycles checked */
	uint64_t mismatches;	/* cycles with an output difference */
	char *wave_dir;		/* NULL: no waveform */
	char *wave_path;	/* the waveform written, or NULL */
	struct sbuf_out rtl_out;	/* the RTL's outputs, last cycle */
};

struct sbuf_check *sbuf_check_new(struct sbuf *c_unit, struct sbuf_rtl *rtl, int window,
				  const char *wave_dir)
{
	struct sbuf_check *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->c = c_unit;
	k->rtl = rtl;
	k->window = window < 1 ? 1 : window;
	k->ring = calloc((size_t)k->window, sizeof(*k->ring));
	if (wave_dir)
		k->wave_dir = strdup(wave_dir);
	if (!k->ring || (wave_dir && !k->wave_dir)) {
		sbuf_check_free(k);
		return NULL;
	}
	return k;
}

void sbuf_check_free(struct sbuf_check *k)
{
	if (!k)
		return;
	free(k->ring);
	free(k->wave_dir);
	free(k->wave_path);
	free(k);
}

const struct sbuf_out *sbuf_check_rtl_out(const struct sbuf_check *k)
{
	return &k->rtl_out;
}

uint64_t sbuf_check_cycles(const struct sbuf_check *k)
{
	return k->n;
}

uint64_t sbuf_check_mismatches(const struct sbuf_check *k)
{
	return k->mismatches;
}

const char *sbuf_check_wave_path(const struct sbuf_check *k)
{
	return k->wave_path;
}

static void print_mismatch(const struct sbuf_rec *r, unsigned diff)
{
	fprintf(stderr, "sbuf cosim: MISMATCH at cycle %" PRIu64 " (RTL variant %s)\n",
		r->cycle, sbuf_rtl_variant());
	fprintf(stderr, "  inputs:");
	for (int f = 0; f < NIN; f++) {
		uint64_t v = port_value(&in_ports[f], &r->in, 0);

		if (in_ports[f].bits > 8)
			fprintf(stderr, " %s=0x%08" PRIx64, in_ports[f].name, v);
		else
			fprintf(stderr, " %s=%" PRIu64, in_ports[f].name, v);
	}
	fprintf(stderr, "\n");
	fprintf(stderr, "  %-10s %-12s %-12s\n", "output", "C model", "RTL");
	for (int f = 0; f < NOUT; f++) {
		const char *fmt = out_ports[f].bits > 8 ? "0x%08" PRIx64 : "%" PRIu64;
		char cv[24], rv[24];

		snprintf(cv, sizeof(cv), fmt, out_field(&r->c, f));
		snprintf(rv, sizeof(rv), fmt, out_field(&r->r, f));
		fprintf(stderr, "  %-10s %-12s %-12s%s\n", out_ports[f].name, cv, rv,
			diff & (1u << f) ? " <-- differs" : "");
	}
}

/* Writes the ring (the window up to and including the mismatch) as an FST. */
static void dump_window(struct sbuf_check *k, uint64_t cycle)
{
	uint64_t first = k->n >= (uint64_t)k->window ? k->n - (uint64_t)k->window : 0;
	size_t len = strlen(k->wave_dir) + 64;
	struct sbuf_wave *w;

	if (mkdir(k->wave_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "sbuf cosim: cannot create %s: %s\n", k->wave_dir,
			strerror(errno));
		return;
	}
	k->wave_path = malloc(len);
	if (!k->wave_path)
		return;
	snprintf(k->wave_path, len, "%s/sbuf-mismatch-%" PRIu64 ".fst", k->wave_dir, cycle);
	w = sbuf_wave_open(k->wave_path);
	if (!w) {
		free(k->wave_path);
		k->wave_path = NULL;
		return;
	}
	for (uint64_t i = first; i < k->n; i++) {
		const struct sbuf_rec *r = &k->ring[i % (uint64_t)k->window];

		sbuf_wave_sample(w, r->cycle, &r->in, &r->c, &r->r);
	}
	if (sbuf_wave_close(w)) {
		fprintf(stderr, "  the waveform could not be written whole to %s (removed)\n",
			k->wave_path);
		unlink(k->wave_path);
		free(k->wave_path);
		k->wave_path = NULL;
		return;
	}
	fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n"
		"  view it with: gtkwave %s waves/sbuf.gtkw\n",
		k->ring[first % (uint64_t)k->window].cycle, cycle, k->wave_path, k->wave_path);
}

int sbuf_check_cycle(struct sbuf_check *k, uint64_t cycle, const struct sbuf_in *in,
		     struct sbuf_out *out_c)
{
	struct sbuf_rec *r = &k->ring[k->n % (uint64_t)k->window];
	unsigned diff;

	sbuf_eval(k->c, in, out_c);
	sbuf_rtl_eval(k->rtl, in, &k->rtl_out);
	r->cycle = cycle;
	r->in = *in;
	r->c = *out_c;
	r->r = k->rtl_out;
	k->n++;
	diff = sbuf_out_diff(out_c, &k->rtl_out);
	if (diff && !k->mismatches++) {
		print_mismatch(r, diff);
		if (k->wave_dir)
			dump_window(k, cycle);
	}
	sbuf_tick(k->c);
	sbuf_rtl_tick(k->rtl);
	return diff ? -1 : 0;
}
