// SPDX-License-Identifier: MIT
#include "mem/prefetcher.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "mem/prefetchers.h"

#define PF_ENTRY(name) &name,
const struct prefetcher *const prefetchers[] = { PREFETCHERS(PF_ENTRY) NULL };

int pf_source(const struct prefetcher *pf)
{
	int src = PF_FIRST_PLUGIN_SOURCE;

	for (const struct prefetcher *const *p = prefetchers; *p != pf; p++)
		src += (int)(*p)->ngroups;
	return src;
}

int pf_stat_groups(const struct l1 *l1i, const struct l1 *l1d, struct stat_group *g)
{
	int n = 0;

	for (const struct prefetcher *const *p = prefetchers; *p; p++) {
		const struct l1 *l1 = (*p)->side == PF_SIDE_L1I ? l1i : l1d;
		int src = pf_source(*p);

		for (unsigned k = 0; k < (*p)->ngroups; k++)
			g[n++] = (struct stat_group){ (*p)->groups[k].unit, &l1->pfs[src + (int)k],
						      pf_stat_fields, pf_stat_nfields };
	}
	return n;
}

int pf_set_init(struct pf_set *s, struct l1 *l1i, struct l1 *l1d, const struct memmap *mm,
		const int *guard_en, const struct config *cfg, uint64_t seed)
{
	memset(s, 0, sizeof(*s));
	s->busy = 1;	/* the first step sees what each instance wants */
	for (const struct prefetcher *const *p = prefetchers; *p; p++) {
		struct pf_instance *in = &s->in[s->n];

		if (!(*p)->wanted(cfg))
			continue;
		assert(s->n < PF_MAX_ATTACHED);
		assert(pf_source(*p) + (int)(*p)->ngroups <= PF_MAX_SOURCES);
		in->pf = *p;
		in->self = calloc(1, (*p)->size);
		if (!in->self)
			return -1;
		in->port = (struct pf_port){ (*p)->side == PF_SIDE_L1I ? l1i : l1d, pf_source(*p),
					     mm, guard_en, s, *p };
		s->n++;		/* pf_set_free frees it, however far init got */
		if ((*p)->init(in->self, &in->port, cfg, seed))
			return -1;
		l1_attach(in->port.l1, *p, in->self, in->port.src, &s->busy);
	}
	return 0;
}

void pf_set_free(struct pf_set *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->in[i].self);
	s->n = 0;
}

/* Does instance @in have work this cycle? */
static int due(const struct pf_instance *in)
{
	return in->pf->due && in->pf->due(in->self);
}

int pf_set_step(struct pf_set *s, uint64_t now)
{
	int stepped = 0;

	for (int i = 0; i < s->n; i++) {
		if (due(&s->in[i])) {
			s->in[i].pf->cycle(s->in[i].self, now);
			stepped = PF_STEPPED;
		}
	}
	for (int i = 0; stepped && i < s->n; i++)
		if (due(&s->in[i]))
			return PF_STEPPED | PF_DUE_NEXT;
	s->busy = 0;
	return stepped;
}

int pf_set_taps(const struct pf_set *s, struct unit_tap **taps)
{
	int n = 0;

	for (int i = 0; i < s->n; i++)
		if (s->in[i].pf->taps)
			n += s->in[i].pf->taps(s->in[i].self, taps + n);
	assert(n <= PF_MAX_TAPS);
	return n;
}

void *pf_set_find(const struct pf_set *s, const struct prefetcher *pf)
{
	for (int i = 0; i < s->n; i++)
		if (s->in[i].pf == pf)
			return s->in[i].self;
	return NULL;
}

const char *pf_set_stall_note(const struct pf_set *s)
{
	for (const struct prefetcher *const *p = prefetchers; *p; p++) {
		const char *note;

		if ((*p)->side != PF_SIDE_L1I || !(*p)->stall_note)
			continue;
		note = (*p)->stall_note(pf_set_find(s, *p));
		if (note)
			return note;
	}
	return NULL;
}
