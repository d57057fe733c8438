// SPDX-License-Identifier: MIT
#include "port_wave.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"

/* One signal: an element of a port, in one of the three groups. */
struct wave_sig {
	fstHandle h;
	const struct port_desc *d;
	unsigned elem;
	uint64_t val;		/* last value emitted */
	int known;		/* a value was emitted */
};

enum { G_IN, G_C, G_RTL };

struct port_wave {
	void *fst;
	const struct port_unit *u;
	struct wave_sig *sig;	/* inputs, then C outputs, then RTL outputs */
	int nsig, nin_sig, nout_sig;
	struct wave_sig mismatch;
	uint64_t next;		/* the first cycle a sample may have */
	int any;
};

static int elements(const struct port_desc *p, int n)
{
	int e = 0;

	for (int k = 0; k < n; k++)
		e += p[k].count;
	return e;
}

static void declare(struct port_wave *w, struct wave_sig *s, enum fstVarDir dir,
		    const struct port_desc *d, unsigned elem)
{
	char name[96];
	int len = d->count > 1 ? snprintf(name, sizeof(name), "%s[%u]", d->name, elem)
			       : snprintf(name, sizeof(name), "%s", d->name);

	if (d->bits > 1)
		snprintf(name + len, sizeof(name) - (size_t)len, " [%u:0]", d->bits - 1u);
	s->h = fstWriterCreateVar(w->fst, FST_VT_VCD_WIRE, dir, d->bits, name, 0);
	s->d = d;
	s->elem = elem;
}

/* Declares every element of @n ports as signals from @s on; returns the next free one. */
static struct wave_sig *declare_all(struct port_wave *w, struct wave_sig *s, enum fstVarDir dir,
				    const struct port_desc *p, int n)
{
	for (int k = 0; k < n; k++)
		for (unsigned i = 0; i < p[k].count; i++)
			declare(w, s++, dir, &p[k], i);
	return s;
}

struct port_wave *port_wave_open(const char *path, const struct port_unit *u)
{
	struct port_wave *w = calloc(1, sizeof(*w));
	struct wave_sig *s;
	FILE *f;

	if (!w)
		return NULL;
	w->u = u;
	w->nin_sig = elements(u->in, u->nin);
	w->nout_sig = elements(u->out, u->nout);
	w->nsig = w->nin_sig + 2 * w->nout_sig;
	w->sig = calloc((size_t)w->nsig, sizeof(*w->sig));
	if (!w->sig)
		goto out_free;
	/* fstWriterCreate() does not report a failed fopen() clearly: try first. */
	f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "%s wave: cannot create %s: %s\n", u->name, path, strerror(errno));
		goto out_free;
	}
	fclose(f);
	w->fst = fstWriterCreate(path, 1);
	if (!w->fst) {
		fprintf(stderr, "%s wave: cannot create %s\n", u->name, path);
		goto out_free;
	}
	fstWriterSetPackType(w->fst, FST_WR_PT_LZ4);
	fstWriterSetTimescale(w->fst, -9);	/* 1 ns per cycle */
	fstWriterSetVersion(w->fst, "osprey cosim");
	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, u->name, NULL);
	s = declare_all(w, w->sig, FST_VD_INPUT, u->in, u->nin);
	w->mismatch.h = fstWriterCreateVar(w->fst, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, 1,
					   "mismatch", 0);
	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "c", NULL);
	s = declare_all(w, s, FST_VD_OUTPUT, u->out, u->nout);
	fstWriterSetUpscope(w->fst);
	fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "rtl", NULL);
	declare_all(w, s, FST_VD_OUTPUT, u->out, u->nout);
	fstWriterSetUpscope(w->fst);
	fstWriterSetUpscope(w->fst);
	return w;

out_free:
	free(w->sig);
	free(w);
	return NULL;
}

static void emit(struct port_wave *w, struct wave_sig *s, unsigned bits, uint64_t v)
{
	char b[65];

	if (s->known && s->val == v)
		return;
	for (unsigned i = 0; i < bits; i++)
		b[i] = (char)('0' + ((v >> (bits - 1 - i)) & 1));
	b[bits] = 0;
	fstWriterEmitValueChange(w->fst, s->h, b);
	s->val = v;
	s->known = 1;
}

void port_wave_sample(struct port_wave *w, uint64_t cycle, const void *in, const void *c,
		      const void *r)
{
	const void *src[] = { in, c, r };

	if (!w || (w->any && cycle < w->next))
		return;		/* out of order: dropped */

	int first[] = { 0, w->nin_sig, w->nin_sig + w->nout_sig };
	int count[] = { w->nin_sig, w->nout_sig, w->nout_sig };

	fstWriterEmitTimeChange(w->fst, cycle);
	w->any = 1;
	w->next = cycle + 1;
	for (int g = G_IN; g <= G_RTL; g++)
		for (int i = first[g]; i < first[g] + count[g]; i++)
			emit(w, &w->sig[i], w->sig[i].d->bits,
			     port_value(w->sig[i].d, src[g], w->sig[i].elem));
	emit(w, &w->mismatch, 1,
	     ports_compare(w->u->out, w->u->nout, c, r, NULL, "C", "RTL") != 0);
}

void port_wave_close(struct port_wave *w)
{
	if (!w)
		return;
	/* Give the last sample a cycle of width so a viewer shows it. */
	if (w->any)
		fstWriterEmitTimeChange(w->fst, w->next);
	fstWriterClose(w->fst);
	free(w->sig);
	free(w);
}
