/* SPDX-License-Identifier: MIT */
/*
 * The registry of prefetchers (mem/prefetcher.h): one line each, in the
 * order their keys are printed, their instances are stepped and their
 * statistics groups are written. A new prefetcher is its own file, which
 * defines `const struct prefetcher NAME`, and one line here.
 */
#ifndef OSPREY_PREFETCHERS_H
#define OSPREY_PREFETCHERS_H

#include "mem/prefetcher.h"

#define PREFETCHERS(X)                                                                    \
	X(ipf_engine_prefetcher)	/* next-line and guarded sequential, L1I: cpu/ipf.c */ \
	X(ipf_sbuf_prefetcher)		/* stream buffers, L1I: cpu/ipf_sbuf.c */     \
	X(dpf_stride_prefetcher)	/* stride, L1D: mem/dpf_stride.c */             \
	/* the end of the list: a new line goes above */

#define PF_DECLARE(name) extern const struct prefetcher name;
PREFETCHERS(PF_DECLARE)
#undef PF_DECLARE

#endif
