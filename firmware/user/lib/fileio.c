// SPDX-License-Identifier: MIT
/*
 * fileio.c - what the library builds on the system calls: stat by path,
 * creat, whole writes, strerror. Shared by the guest build (over
 * syscall.c) and the host check build (over host/hostsys.c).
 */
#include "ulib.h"

int stat(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY);
	int r;

	if (fd < 0)
		return fd;
	r = fstat(fd, st);
	close(fd);
	return r;
}

int creat(const char *path)
{
	return open(path, O_CREAT | O_TRUNC | O_WRONLY);
}

int writeall(int fd, const void *buf, int n)
{
	const char *p = buf;
	int done = 0;

	while (done < n) {
		int r = write(fd, p + done, n - done);

		if (r <= 0)
			return r < 0 ? r : -EIO;
		done += r;
	}
	return done;
}

int fdputs(int fd, const char *s)
{
	return writeall(fd, s, strlen(s));
}

static const char *const errname[] = {
	[0] = "success",
	[EPERM] = "operation not permitted",
	[ENOENT] = "no such file or directory",
	[ESRCH] = "no such process",
	[EINTR] = "interrupted",
	[EIO] = "I/O error",
	[E2BIG] = "argument list too long",
	[ENOEXEC] = "exec format error",
	[EBADF] = "bad file descriptor",
	[ECHILD] = "no child processes",
	[EAGAIN] = "resource temporarily unavailable",
	[ENOMEM] = "out of memory",
	[EFAULT] = "bad address",
	[EBUSY] = "device or resource busy",
	[EEXIST] = "file exists",
	[EXDEV] = "cross-device link",
	[ENOTDIR] = "not a directory",
	[EISDIR] = "is a directory",
	[EINVAL] = "invalid argument",
	[ENFILE] = "too many open files in system",
	[EMFILE] = "too many open files",
	[EFBIG] = "file too large",
	[ENOSPC] = "no space left on device",
	[ESPIPE] = "illegal seek",
	[EPIPE] = "broken pipe",
	[ENAMETOOLONG] = "file name too long",
	[ENOSYS] = "function not implemented",
	[ENOTEMPTY] = "directory not empty",
};

const char *strerror(int err)
{
	if (err < 0)
		err = -err;
	if (err < (int)(sizeof(errname) / sizeof(errname[0])) && errname[err])
		return errname[err];
	return "unknown error";
}
