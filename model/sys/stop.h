/* SPDX-License-Identifier: MIT */
/*
 * Why a simulation stops. Devices (finisher, HTIF), limits and the loop's own
 * checks all stop a run the same way: by filling this in.
 */
#ifndef OSPREY_STOP_H
#define OSPREY_STOP_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Exit statuses of the osprey program. Guest codes pass through as they are. */
enum exit_status {
	EXIT_PASS = 0,		/* the guest reported success */
	EXIT_USAGE = 2,		/* bad command line, configuration or input file */
	EXIT_LIMIT = 3,		/* --max-insns or --max-cycles stopped the run */
	EXIT_STUCK = 4,		/* the guest can make no progress (see the message) */
	EXIT_COSIM = 5,		/* an RTL twin disagreed with its C unit (--cosim) */
	EXIT_INTERNAL = 70,	/* the model found itself in an impossible state: a bug */
	EXIT_OUTPUT = 74,	/* an output file could not be created or written (EX_IOERR) */
};

enum stop_kind {
	STOP_NONE,
	STOP_GUEST,		/* finisher or HTIF: status is the guest's code */
	STOP_LIMIT,
	STOP_STUCK,
	STOP_INTERRUPTED,	/* a signal */
	STOP_INTERNAL,		/* a model invariant broke: report it as a bug */
	STOP_COSIM,		/* an RTL twin disagreed with its C unit, or could not be set up */
};

struct sim_stop {
	enum stop_kind kind;	/* STOP_NONE while running */
	int status;		/* process exit status */
	char msg[640];		/* one line for stderr; empty for a guest pass */
};

static inline void sim_stop(struct sim_stop *s, enum stop_kind kind, int status,
			    const char *fmt, ...)
{
	va_list ap;

	if (s->kind != STOP_NONE)
		return;		/* the first reason wins */
	s->kind = kind;
	s->status = status;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
}

/*
 * The host ran out of memory in the middle of a run, where no caller could
 * do anything sensible with an error: says what ran out and ends the process.
 */
static inline void host_out_of_memory(const char *what)
{
	fprintf(stderr, "osprey: out of host memory (%s)\n", what);
	fflush(stdout);
	_Exit(EXIT_INTERNAL);
}

/*
 * Maps a guest's code (0 = pass) to an exit status: the code modulo 256, but
 * never 0 for a failure. The code is 64 bits wide because HTIF codes have 47:
 * cut to 32 first, 1 << 32 would pass.
 */
static inline int guest_status(uint64_t code)
{
	return code == 0 ? 0 : (code & 0xff) ? (int)(code & 0xff) : 1;
}

#endif
