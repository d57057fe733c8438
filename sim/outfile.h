/* SPDX-License-Identifier: MIT */
/*
 * The files osprey writes (--stats, --trace-file, --waves). Each is written
 * under a temporary name beside its final one and renamed into place when
 * the run is over, so that
 *   - a run refused before it starts (a bad ELF, a bad disk image) leaves an
 *     existing file as it was;
 *   - a file that could not be written whole is removed, never left half
 *     written under its name;
 *   - a reader never sees a file being written.
 * An existing file that is not a regular one (/dev/null, a FIFO), or a name
 * that leads through /proc (/dev/stdout, /dev/fd/N: a descriptor, whose file
 * is a terminal or a shell's redirection), is written in place instead; one
 * that is osprey's stdout or stderr is written through that stream, so the
 * two do not overwrite each other.
 *
 * outfile_resolve() finds where a path leads without writing anything, so
 * that the caller can refuse an output that is one of its inputs or another
 * output (outfile_is(), outfile_same()) before anything is opened.
 *
 * Functions that can fail return 0, or an exit status with a one-line
 * message in @err: EXIT_USAGE for a path that cannot be an output at all (a
 * directory), EXIT_OUTPUT when creating or writing the file failed.
 */
#ifndef OSPREY_OUTFILE_H
#define OSPREY_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

struct outfile {
	const char *opt;	/* the option that names it, for messages: "--stats" */
	const char *path;	/* as given; NULL while unused */
	char *dest;		/* the file replaced at commit: path with links resolved */
	char *tmp;		/* the temporary written instead of dest; NULL in place */
	int created;		/* tmp exists: ours to remove or rename */
	int in_place;		/* written directly to dest (a device, /dev/stdout) */
	int exists;		/* dest exists; st is its status */
	struct stat st;
	FILE *f;		/* the open stream (outfile_open with a stream), or NULL */
	int borrowed;		/* f is stdout or stderr: flushed at commit, never closed */
};

/*
 * Where output @path of option @opt leads. @seekable: the writer needs a
 * regular file it can seek in, and opens it by name (the FST writer), so the
 * path may not be written in place.
 */
int outfile_resolve(struct outfile *o, const char *opt, const char *path, int seekable,
		    char *err, size_t errlen);

/* Whether the resolved output is the existing file @st (an input). */
int outfile_is(const struct outfile *o, const struct stat *st);

/* Whether two resolved outputs are the same file (written in place twice is allowed). */
int outfile_same(const struct outfile *a, const struct outfile *b);

/*
 * Creates the temporary (or opens the file in place). @stream: open o->f for
 * writing; otherwise the caller writes the file named o->tmp itself.
 */
int outfile_open(struct outfile *o, int stream, char *err, size_t errlen);

/* The name to write when not a stream: the temporary. */
static inline const char *outfile_name(const struct outfile *o)
{
	return o->tmp ? o->tmp : o->dest;
}

/*
 * Flushes and closes the stream, checking every write, and renames the
 * temporary into place. On failure the temporary is removed.
 */
int outfile_commit(struct outfile *o, char *err, size_t errlen);

/* Closes the stream and removes the temporary: the run did not produce the file. */
void outfile_discard(struct outfile *o);

#endif
