/* SPDX-License-Identifier: MIT */
/*
 * Shared by the libFuzzer harnesses (tests/fuzz/fuzz_*.c): what every input
 * parser promises on any input, checked after each run, and a memory file
 * for the parsers that take a path. A broken promise aborts, which libFuzzer
 * reports as a finding with the input that caused it.
 */
#ifndef OSPREY_FUZZ_H
#define OSPREY_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Aborts with @what and @msg: libFuzzer keeps the input as a finding. */
static inline void fuzz_broken(const char *what, const char *msg)
{
	fprintf(stderr, "fuzz: broken promise: %s: \"%s\"\n", what, msg);
	abort();
}

/* A refused input must come with a message of one line (osprey prints it as is). */
static inline void fuzz_check_message(const char *msg)
{
	if (!msg[0])
		fuzz_broken("refused without a message", msg);
	if (strchr(msg, '\n'))
		fuzz_broken("message of more than one line", msg);
}

/*
 * A memory file (memfd) that holds the current input, named by a path that
 * open() takes: /proc/self/fd/N. Created on first use, rewritten each run.
 */
struct fuzz_file {
	int fd;			/* -1 until created */
	char path[32];		/* /proc/self/fd/N */
};

static inline const char *fuzz_file_put(struct fuzz_file *f, const char *name, const void *data,
					size_t size)
{
	if (f->fd < 0) {
		f->fd = memfd_create(name, 0);
		if (f->fd < 0) {
			perror("fuzz: memfd_create");
			abort();
		}
		snprintf(f->path, sizeof(f->path), "/proc/self/fd/%d", f->fd);
	}
	if (ftruncate(f->fd, 0) || (size && pwrite(f->fd, data, size, 0) != (ssize_t)size)) {
		perror("fuzz: writing the memory file");
		abort();
	}
	return f->path;
}

#endif
