// SPDX-License-Identifier: MIT
/*
 * Port waveforms (port_wave.h), written with GTKWave's FST writer
 * (fstapi.c, shipped with Verilator), so the C side needs no C++.
 */
#include "port_wave.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "fstapi.h"

/* One signal: an element of a port, or a unit's mismatch bit (d NULL). */
struct wave_sig {
	fstHandle h;
	const struct port_desc *d;
	unsigned elem;
	unsigned bits;
	uint64_t val;		/* last value emitted */
	uint8_t known;		/* 1: val was emitted; 2: x was emitted; 0: nothing yet */
};

/* A unit's signals: inputs, mismatch, C outputs, RTL outputs, from sig[first] on. */
struct wave_unit {
	const struct port_unit *u;
	int first, nin_sig, nout_sig;
	uint64_t last;		/* the FST time of its last sample, + 1 (0: none yet) */
};

struct port_wave {
	void *fst;
	char *path;		/* the file, read back at close */
	struct wave_unit *unit;
	int nunits;
	struct wave_sig *sig;
	int nsig;
	uint64_t cycle;		/* the cycle of the last sample */
	uint64_t now;		/* its FST time: a step of that cycle */
	int any;		/* a sample was written */
};

static int elements(const struct port_desc *p, int n)
{
	int e = 0;

	for (int k = 0; k < n; k++)
		e += p[k].count;
	return e;
}

static void declare(struct port_wave *w, struct wave_sig *s, enum fstVarDir dir,
		    const char *base, unsigned count, unsigned elem, unsigned bits)
{
	char name[96];
	int len = count > 1 ? snprintf(name, sizeof(name), "%s[%u]", base, elem)
			    : snprintf(name, sizeof(name), "%s", base);

	if (bits > 1)
		snprintf(name + len, sizeof(name) - (size_t)len, " [%u:0]", bits - 1u);
	s->h = fstWriterCreateVar(w->fst, FST_VT_VCD_WIRE, dir, bits, name, 0);
	s->elem = elem;
	s->bits = bits;
}

/* Declares every element of @n ports as signals from @s on; returns the next free one. */
static struct wave_sig *declare_all(struct port_wave *w, struct wave_sig *s, enum fstVarDir dir,
				    const struct port_desc *p, int n)
{
	for (int k = 0; k < n; k++)
		for (unsigned i = 0; i < p[k].count; i++, s++) {
			declare(w, s, dir, p[k].name, p[k].count, i, p[k].bits);
			s->d = &p[k];
		}
	return s;
}

/* Value bits of every element of @n ports. */
static unsigned long long value_bits(const struct port_desc *p, int n)
{
	unsigned long long bits = 0;

	for (int k = 0; k < n; k++)
		bits += (unsigned long long)p[k].count * p[k].bits;
	return bits;
}

/*
 * The FST writer maps working files of 16 bytes per signal and a byte per
 * value bit; under a file size limit (ulimit -f) below that, touching them
 * would kill the process (SIGBUS). Says so and returns 0 then.
 */
static int working_files_fit(const struct port_wave *w, const struct port_unit *const *u)
{
	unsigned long long need = 16ull * (unsigned)w->nsig;
	struct rlimit r;

	for (int i = 0; i < w->nunits; i++)	/* inputs, mismatch, C and RTL outputs */
		need += value_bits(u[i]->in, u[i]->nin) + 1 + 2 * value_bits(u[i]->out, u[i]->nout);
	if (getrlimit(RLIMIT_FSIZE, &r) || r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= need)
		return 1;
	fprintf(stderr, "wave: %s: the file size limit (%llu bytes) is below the %llu bytes "
		"the FST writer's working files need\n", w->path, (unsigned long long)r.rlim_cur,
		need);
	return 0;
}

/*
 * The dump's date in its header: the writer's own (now), or with
 * SOURCE_DATE_EPOCH set (the reproducible-builds.org convention), that
 * time in UTC, so that two runs' files compare byte for byte
 * (sim/stats-combo.sh). A value that is not a number of seconds is
 * ignored, with a warning.
 */
static void set_date(void *fst)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end, date[64];
	long long seconds;
	struct tm tm;
	time_t t;

	if (!epoch)
		return;
	errno = 0;
	seconds = strtoll(epoch, &end, 10);
	t = (time_t)seconds;
	if (!*epoch || *end || errno || seconds < 0 || !gmtime_r(&t, &tm) ||
	    !strftime(date, sizeof(date), "%a %b %e %H:%M:%S %Y", &tm)) {
		fprintf(stderr, "wave: SOURCE_DATE_EPOCH '%s' is not a number of seconds: "
			"the dump is dated now\n", epoch);
		return;
	}
	fstWriterSetDate(fst, date);
}

struct port_wave *port_wave_open(const char *path, const struct port_unit *const *u, int n)
{
	struct port_wave *w = calloc(1, sizeof(*w));
	struct wave_sig *s;
	FILE *f;

	if (!w)
		return NULL;
	w->nunits = n;
	w->unit = calloc((size_t)n + 1, sizeof(*w->unit));
	w->path = strdup(path);
	if (!w->unit || !w->path)
		goto out_free;
	for (int i = 0; i < n; i++) {
		w->unit[i] = (struct wave_unit){ u[i], w->nsig, elements(u[i]->in, u[i]->nin),
						 elements(u[i]->out, u[i]->nout), 0 };
		w->nsig += w->unit[i].nin_sig + 1 + 2 * w->unit[i].nout_sig;
	}
	w->sig = calloc((size_t)w->nsig + 1, sizeof(*w->sig));
	if (!w->sig || !working_files_fit(w, u))
		goto out_free;
	/* fstWriterCreate() does not report a failed fopen() clearly: try first. */
	f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "wave: cannot create %s: %s\n", path, strerror(errno));
		goto out_free;
	}
	fclose(f);
	w->fst = fstWriterCreate(path, 1);
	if (!w->fst) {
		fprintf(stderr, "wave: cannot create %s\n", path);
		goto out_free;
	}
	fstWriterSetPackType(w->fst, FST_WR_PT_LZ4);
	fstWriterSetTimescale(w->fst, -12);	/* 1 ps per step: 1 ns per cycle */
	fstWriterSetVersion(w->fst, "osprey cosim");
	set_date(w->fst);
	s = w->sig;
	for (int i = 0; i < n; i++) {
		fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, u[i]->name, NULL);
		s = declare_all(w, s, FST_VD_INPUT, u[i]->in, u[i]->nin);
		declare(w, s++, FST_VD_IMPLICIT, "mismatch", 1, 0, 1);
		fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "c", NULL);
		s = declare_all(w, s, FST_VD_OUTPUT, u[i]->out, u[i]->nout);
		fstWriterSetUpscope(w->fst);
		fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "rtl", NULL);
		s = declare_all(w, s, FST_VD_OUTPUT, u[i]->out, u[i]->nout);
		fstWriterSetUpscope(w->fst);
		fstWriterSetUpscope(w->fst);
	}
	return w;

out_free:
	free(w->sig);
	free(w->unit);
	free(w->path);
	free(w);
	return NULL;
}

/* Emits signal @s if it changed; @x: the value is unknown. */
static void emit(struct port_wave *w, struct wave_sig *s, uint64_t v, int x)
{
	char b[65];

	if (x ? s->known == 2 : (s->known == 1 && s->val == v))
		return;
	for (unsigned i = 0; i < s->bits; i++)
		b[i] = x ? 'x' : (char)('0' + ((v >> (s->bits - 1 - i)) & 1));
	b[s->bits] = 0;
	fstWriterEmitValueChange(w->fst, s->h, b);
	s->val = v;
	s->known = x ? 2 : 1;
}

void port_wave_sample(struct port_wave *w, int unit, uint64_t cycle, const void *in,
		      const void *c, const void *r)
{
	struct wave_unit *wu = &w->unit[unit];
	const struct port_unit *u = wu->u;
	struct wave_sig *s = &w->sig[wu->first];
	uint64_t t = cycle * PORT_WAVE_STEPS;

	if (w->any && cycle < w->cycle)
		return;		/* out of order: dropped */
	if (w->any && cycle == w->cycle) {
		/* The cycle's latest step, or the next one if this unit has shown it. */
		t = w->now + (wu->last == w->now + 1);
		if (t >= (cycle + 1) * PORT_WAVE_STEPS)
			return;	/* more steps than the cycle has room for */
	}
	if (!w->any || t > w->now)
		fstWriterEmitTimeChange(w->fst, t);
	w->any = 1;
	w->cycle = cycle;
	w->now = t;
	wu->last = t + 1;
	for (int i = 0; i < wu->nin_sig; i++, s++)
		emit(w, s, port_value(s->d, in, s->elem), 0);
	emit(w, s++, r && ports_compare(u->out, u->nout, c, r, NULL, "C", "RTL") != 0, !r);
	for (int i = 0; i < wu->nout_sig; i++, s++)
		emit(w, s, port_value(s->d, c, s->elem), 0);
	for (int i = 0; i < wu->nout_sig; i++, s++)
		emit(w, s, r ? port_value(s->d, r, s->elem) : 0, !r);
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

int port_wave_close(struct port_wave *w)
{
	uint64_t end;
	int ok;

	if (!w)
		return 0;
	/* Give the last cycle its width so a viewer shows it. */
	end = w->any ? (w->cycle + 1) * PORT_WAVE_STEPS : 0;
	if (w->any)
		fstWriterEmitTimeChange(w->fst, end);
	fstWriterClose(w->fst);
	ok = fst_whole(w->path, end);
	free(w->sig);
	free(w->unit);
	free(w->path);
	free(w);
	return ok ? 0 : -1;
}
