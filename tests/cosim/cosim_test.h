/* SPDX-License-Identifier: MIT */
/* Shared by the stream buffer's lockstep tests: parameters from the environment, and one rig. */
#ifndef OSPREY_TESTS_COSIM_TEST_H
#define OSPREY_TESTS_COSIM_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mem/sbuf.h"
#include "sys/config.h"
#include "twin.h"

#define COSIM_WINDOW 64		/* cycles in a mismatch waveform */

/* The C unit, configured as the RTL model was built, and a checker over it and the RTL. */
struct cosim_rig {
	struct sbuf c;
	const struct twin_rtl *rtl;
	struct twin_check *k;
	int nbufs, depth, head_only;	/* the RTL model's parameters */
};

static inline uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);

	return v && *v ? strtoull(v, NULL, 0) : def;
}

/* Where mismatch waveforms go: $TWIN_WAVE_DIR, else build/tests/cosim/waves. */
static inline const char *wave_dir(void)
{
	const char *d = getenv("TWIN_WAVE_DIR");

	return d && *d ? d : "build/tests/cosim/waves";
}

/* The model in $SBUF_TWIN (a build/rtl/sbuf-*\/twin.so), loaded once. */
static inline const struct twin_rtl *sbuf_twin_rtl_model(void)
{
	static const struct twin_rtl *rtl;
	const char *path = getenv("SBUF_TWIN");
	char err[1024];

	if (rtl)
		return rtl;
	if (!path || !*path) {
		fprintf(stderr, "SBUF_TWIN must name the RTL model (build/rtl/sbuf-*/twin.so)\n");
		return NULL;
	}
	rtl = twin_open(twin_find("sbuf", 4), path, err, sizeof(err));
	if (!rtl)
		fprintf(stderr, "%s\n", err);
	return rtl;
}

static inline int cosim_rig_open(struct cosim_rig *r)
{
	const struct twin *t = twin_find("sbuf", 4);
	struct config cfg;
	char err[512];

	r->rtl = sbuf_twin_rtl_model();
	if (!r->rtl)
		return -1;
	config_defaults(&cfg);
	if (twin_configure(t, r->rtl->geometry, &cfg, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	sbuf_configure(&r->c, &cfg);
	r->nbufs = r->c.nbufs;
	r->depth = r->c.depth;
	r->head_only = r->c.head_only;
	r->k = twin_check_new(t, &r->c, r->rtl, COSIM_WINDOW, wave_dir(), 0);
	return r->k ? 0 : -1;
}

static inline void cosim_rig_close(struct cosim_rig *r)
{
	twin_check_free(r->k);
}

#endif
