/* SPDX-License-Identifier: MIT */
/* Shared by the lockstep tests: parameters from the environment, and one rig. */
#ifndef OSPREY_TESTS_COSIM_TEST_H
#define OSPREY_TESTS_COSIM_TEST_H

#include <stdint.h>
#include <stdlib.h>

#include "cosim.h"
#include "mem/sbuf.h"
#include "sbuf_rtl.h"

#define COSIM_WINDOW 64		/* cycles in a mismatch waveform */

/* A C unit and the RTL, both reset, and a checker over them. */
struct cosim_rig {
	struct sbuf c;
	struct sbuf_rtl *rtl;
	struct sbuf_check *k;
	int nbufs, depth, head_only;	/* the RTL library's parameters */
};

static inline uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);

	return v && *v ? strtoull(v, NULL, 0) : def;
}

/* Where mismatch waveforms go: $SBUF_WAVE_DIR, else build/tests/cosim/waves. */
static inline const char *wave_dir(void)
{
	const char *d = getenv("SBUF_WAVE_DIR");

	return d && *d ? d : "build/tests/cosim/waves";
}

static inline int cosim_rig_open(struct cosim_rig *r)
{
	sbuf_rtl_params(&r->nbufs, &r->depth, &r->head_only);
	sbuf_init(&r->c, r->nbufs, r->depth, r->head_only);
	r->rtl = sbuf_rtl_new(r->nbufs, r->depth, r->head_only);
	if (!r->rtl)
		return -1;
	r->k = sbuf_check_new(&r->c, r->rtl, COSIM_WINDOW, wave_dir());
	return r->k ? 0 : -1;
}

static inline void cosim_rig_close(struct cosim_rig *r)
{
	sbuf_check_free(r->k);
	sbuf_rtl_free(r->rtl);
}

#endif
