// SPDX-License-Identifier: MIT
#include "outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/stop.h"

/* Longest part of the final name kept in the temporary's (NAME_MAX is 255). */
#define TMP_BASE_MAX 200

static int fail(char *err, size_t errlen, int status, const struct outfile *o, const char *fmt,
		const char *what)
{
	int n = snprintf(err, errlen, "%s %s: ", o->opt, o->path);

	if (n >= 0 && (size_t)n < errlen)
		snprintf(err + n, errlen - (size_t)n, fmt, what);
	return status;
}

/* Whether resolved directory @dir is /proc or under it. */
static int in_proc(const char *dir)
{
	return !strncmp(dir, "/proc", 5) && (!dir[5] || dir[5] == '/');
}

/*
 * Whether @path is a symbolic link that leads through /proc, as /dev/stdout
 * does: it names one of this process's descriptors (a terminal, a shell's
 * redirection), not a file to replace.
 */
static int links_through_proc(const char *path)
{
	char cur[PATH_MAX], link[PATH_MAX];
	struct stat st;

	snprintf(cur, sizeof(cur), "%s", path);
	for (int depth = 0; depth < 40; depth++) {
		ssize_t n;
		char *slash;

		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return 0;
		n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0)
			return 0;
		link[n] = '\0';
		if (!strncmp(link, "/proc/", 6))
			return 1;
		slash = strrchr(cur, '/');
		if (link[0] == '/' || !slash)
			snprintf(cur, sizeof(cur), "%s", link);
		else if ((size_t)(slash - cur) + 1 + (size_t)n < sizeof(cur))
			strcpy(slash + 1, link);	/* relative to the link's directory */
		else
			return 0;
	}
	return 0;
}

int outfile_resolve(struct outfile *o, const char *opt, const char *path, int seekable,
		    char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir, *rdir;
	size_t len;

	memset(o, 0, sizeof(*o));
	o->opt = opt;
	o->path = path;
	if (!*base)
		return fail(err, errlen, EXIT_USAGE, o, "%s", "names a directory, not a file");
	dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	rdir = dir ? realpath(dir, NULL) : NULL;
	free(dir);
	if (!rdir)
		return fail(err, errlen, EXIT_OUTPUT, o, "cannot create: %s", strerror(errno));

	if (stat(path, &o->st) == 0) {
		o->exists = 1;
		o->in_place = in_proc(rdir) || !S_ISREG(o->st.st_mode) || links_through_proc(path);
		free(rdir);
		if (S_ISDIR(o->st.st_mode))
			return fail(err, errlen, EXIT_USAGE, o, "%s", "a directory, not a file");
		if (o->in_place && seekable)
			return fail(err, errlen, EXIT_USAGE, o, "%s", "must be a regular file, not a "
				    "device, a FIFO or a descriptor (/dev/stdout)");
		/* Replace the target of a symbolic link, not the link. */
		o->dest = o->in_place ? strdup(path) : realpath(path, NULL);
		if (!o->dest)
			return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(errno));
		if (o->in_place)
			return 0;
	} else if (errno != ENOENT) {
		free(rdir);
		return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(errno));
	} else if (links_through_proc(path)) {
		/*
		 * /dev/stdout with standard output closed: a file made in its
		 * place would replace the system's link, for every program.
		 */
		free(rdir);
		return fail(err, errlen, EXIT_OUTPUT, o, "%s", "names a descriptor that is not open");
	} else {
		/* A new file, named in its resolved directory. */
		len = strlen(rdir) + strlen(base) + 2;
		o->dest = malloc(len);
		if (o->dest)
			snprintf(o->dest, len, "%s/%s", strcmp(rdir, "/") ? rdir : "", base);
		free(rdir);
		if (!o->dest)
			return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(ENOMEM));
	}
	/* The temporary: ".NAME.XXXXXX" in the directory of dest. */
	slash = strrchr(o->dest, '/');
	len = (size_t)(slash - o->dest) + 1 + 1 + TMP_BASE_MAX + 8;
	o->tmp = malloc(len);
	if (!o->tmp)
		return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(ENOMEM));
	snprintf(o->tmp, len, "%.*s.%.*s.XXXXXX", (int)(slash - o->dest) + 1, o->dest,
		 TMP_BASE_MAX, slash + 1);
	return 0;
}

int outfile_is(const struct outfile *o, const struct stat *st)
{
	return o->path && o->exists && o->st.st_dev == st->st_dev && o->st.st_ino == st->st_ino;
}

int outfile_same(const struct outfile *a, const struct outfile *b)
{
	if (!a->path || !b->path || (a->in_place && b->in_place))
		return 0;
	return !strcmp(a->dest, b->dest) ||
	       (a->exists && b->exists && a->st.st_dev == b->st.st_dev &&
		a->st.st_ino == b->st.st_ino);
}

/* stdout or stderr when @st is the file behind one of them, else NULL. */
static FILE *std_stream(const struct stat *st)
{
	struct stat s;

	if (!fstat(STDOUT_FILENO, &s) && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
		return stdout;
	if (!fstat(STDERR_FILENO, &s) && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
		return stderr;
	return NULL;
}

int outfile_open(struct outfile *o, int stream, char *err, size_t errlen)
{
	mode_t mask;
	int fd;

	if (o->in_place) {
		o->f = std_stream(&o->st);
		if (o->f) {
			o->borrowed = 1;
			return 0;
		}
		o->f = fopen(o->dest, "w");
		if (!o->f)
			return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(errno));
		return 0;
	}
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		int e = errno;

		free(o->tmp);	/* its name is no file of ours */
		o->tmp = NULL;
		return fail(err, errlen, EXIT_OUTPUT, o, "cannot create: %s", strerror(e));
	}
	o->created = 1;
	/* The mode a plain create would give, or the replaced file's. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, o->exists ? o->st.st_mode & 07777 : 0666 & ~mask);
	if (!stream) {
		close(fd);
		return 0;
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		outfile_discard(o);
		return fail(err, errlen, EXIT_OUTPUT, o, "%s", strerror(errno));
	}
	return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	int bad = 0, e = 0;

	if (o->f) {
		errno = 0;
		/* A write that failed earlier leaves the error flag; a flush, its errno. */
		if (fflush(o->f) || ferror(o->f)) {
			bad = 1;
			e = errno;
		}
		if (!o->borrowed && fclose(o->f) && !bad) {
			bad = 1;
			e = errno;
		}
		o->f = NULL;
	}
	if (!bad && o->tmp && rename(o->tmp, o->dest)) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		outfile_discard(o);
		return fail(err, errlen, EXIT_OUTPUT, o, "%s", e ? strerror(e) : "write error");
	}
	o->created = 0;
	free(o->tmp);
	o->tmp = NULL;
	free(o->dest);
	o->dest = NULL;
	return 0;
}

void outfile_discard(struct outfile *o)
{
	if (o->f && !o->borrowed)
		fclose(o->f);
	o->f = NULL;
	if (o->created)
		unlink(o->tmp);
	o->created = 0;
	free(o->tmp);
	o->tmp = NULL;
	free(o->dest);
	o->dest = NULL;
}
