/* SPDX-License-Identifier: MIT */
/* Reads back what an sbuf waveform holds, with GTKWave's FST reader. */
#ifndef OSPREY_TESTS_FST_PEEK_H
#define OSPREY_TESTS_FST_PEEK_H

#include <stdint.h>

struct fst_peek {
	uint64_t start, end;	/* first and last time, in cycles (port_wave.h) */
	int nvars;		/* variables declared */
	int scopes;		/* 1: scopes sbuf, sbuf.c and sbuf.rtl all present */
	int mismatch_at;	/* sbuf.mismatch at the time asked for: 0, 1, or -1 (x / none) */
	int64_t req_line_c;	/* sbuf.c.req_line and sbuf.rtl.req_line then, or -1 */
	int64_t req_line_rtl;
};

/*
 * Fills @p from @path at step @step of cycle @cycle (port_wave.h); returns
 * 0, or -1 if the file cannot be read.
 */
int fst_peek_step(const char *path, uint64_t cycle, unsigned step, struct fst_peek *p);

/* The same at the cycle's first step. */
static inline int fst_peek(const char *path, uint64_t cycle, struct fst_peek *p)
{
	return fst_peek_step(path, cycle, 0, p);
}

#endif
