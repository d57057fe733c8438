// SPDX-License-Identifier: MIT
/*
 * hostsys.c - the osprey user ABI on x86-64 Linux, for checking the userland
 * on the host before (or beside) the kernel: replaces lib/syscall.c in a
 * host build (make user-host-check). Directory reads are converted from
 * getdents64 to struct dirent, stat to struct stat; inode numbers are folded
 * into 16 bits. Paths are not translated: run the programs in a chroot whose
 * /bin holds the host builds. Linux errno values equal abi.h's.
 */
#include "ulib.h"

int errno;

static long lsys(long n, long a, long b, long c, long d)
{
	long r;
	register long r10 asm("r10") = d;

	asm volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10)
		     : "rcx", "r11", "memory");
	return r;
}

static int ret(long r)
{
	if (r < 0 && r > -4096)
		errno = (int)-r;
	return (int)r;
}

#define P(x) ((long)(x))

/* Linux struct stat (x86-64) */
struct lstat {
	unsigned long st_dev, st_ino, st_nlink;
	unsigned int st_mode, st_uid, st_gid, pad0;
	unsigned long st_rdev;
	long st_size, st_blksize, st_blocks;
	unsigned long st_atime, st_atime_ns, st_mtime, st_mtime_ns, st_ctime, st_ctime_ns;
	long unused[3];
};

struct ldirent64 {
	unsigned long d_ino;
	long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static unsigned short foldino(unsigned long ino)
{
	return (unsigned short)(ino % 65521 + 1);
}

int fork(void) { return ret(lsys(57, 0, 0, 0, 0)); }

int wait(int *status)
{
	int st = 0;
	int r = ret(lsys(61, -1, P(&st), 0, 0));

	if (r > 0 && status) {
		/* exited: its code; killed: 128 + signal, as a shell would say */
		int code = (st & 0x7f) ? 128 + (st & 0x7f) : (st >> 8) & 0xff;

		if ((uintptr_t)status >= 0x800000000000ul)
			return -EFAULT;
		*status = code;
	}
	return r;
}

int pipe(int fds[2]) { return ret(lsys(22, P(fds), 0, 0, 0)); }

int read(int fd, void *buf, int n)
{
	long r = lsys(0, fd, P(buf), n, 0);
	char tmp[2048];

	if (r != -EISDIR && r != -EINVAL)	/* EINVAL: a directory at its end offset */
		return ret(r);
	/* a directory: as many struct dirent as fit, then seek to the next */
	struct dirent *out = buf;
	int want = n / (int)sizeof(struct dirent), got = 0;
	long resume = -1;

	if (want <= 0)
		return ret(-EINVAL);
	long len = lsys(217, fd, P(tmp), sizeof(tmp), 0);

	if (len < 0)
		return ret(len);
	for (long off = 0; off < len && got < want;) {
		struct ldirent64 *d = (struct ldirent64 *)(tmp + off);

		memset(&out[got], 0, sizeof(out[got]));
		out[got].inum = foldino(d->d_ino);
		strncpy(out[got].name, d->d_name, DIRSIZ);
		got++;
		resume = d->d_off;
		off += d->d_reclen;
	}
	if (resume >= 0)
		lsys(8, fd, resume, 0, 0);
	return got * sizeof(struct dirent);
}

int write(int fd, const void *buf, int n) { return ret(lsys(1, fd, P(buf), n, 0)); }
int kill(int pid) { return ret(lsys(62, pid, 9, 0, 0)); }
int exec(const char *path, char **argv)
{
	static char *envp[] = { NULL };

	return ret(lsys(59, P(path), P(argv), P(envp), 0));
}

int fstat(int fd, struct stat *st)
{
	struct lstat ls;
	int r = ret(lsys(5, fd, P(&ls), 0, 0));

	if (r < 0)
		return r;
	if ((uintptr_t)st < 4096 || (uintptr_t)st >= 0x800000000000ul)
		return ret(-EFAULT);
	st->dev = 1;
	st->ino = foldino(ls.st_ino);
	switch (ls.st_mode & 0170000) {
	case 0040000: st->type = T_DIR; break;
	case 0100000: st->type = T_FILE; break;
	default: st->type = T_DEV; st->dev = 0; break;
	}
	st->nlink = (unsigned short)ls.st_nlink;
	st->size = (unsigned)ls.st_size;
	return 0;
}

int chdir(const char *path) { return ret(lsys(80, P(path), 0, 0, 0)); }
int dup(int fd) { return ret(lsys(32, fd, 0, 0, 0)); }
int dup2(int fd, int newfd) { return ret(lsys(33, fd, newfd, 0, 0)); }
int getpid(void) { return ret(lsys(39, 0, 0, 0, 0)); }

void *sbrk(int delta)
{
	static long cur;
	long old;

	if (!cur)
		cur = lsys(12, 0, 0, 0, 0);
	old = cur;
	if (delta) {
		long r = lsys(12, cur + delta, 0, 0, 0);

		if (r != cur + delta)
			return (void *)(long)-ENOMEM;
		cur = r;
	}
	return (void *)old;
}

int sleep(int ticks)
{
	long ts[2] = { ticks / 100, (ticks % 100) * 10000000L };

	return ret(lsys(35, P(ts), 0, 0, 0));
}

int uptime(void)
{
	long ts[2];

	lsys(228, 1, P(ts), 0, 0);
	return (int)(ts[0] * 100 + ts[1] / 10000000L);
}

int open(const char *path, int flags) { return ret(lsys(2, P(path), flags, 0644, 0)); }
int close(int fd) { return ret(lsys(3, fd, 0, 0, 0)); }

int unlink(const char *path)
{
	long r = lsys(87, P(path), 0, 0, 0);

	if (r == -EISDIR)
		r = lsys(84, P(path), 0, 0, 0);
	return ret(r);
}

int link(const char *o, const char *n) { return ret(lsys(86, P(o), P(n), 0, 0)); }
int mkdir(const char *path) { return ret(lsys(83, P(path), 0755, 0, 0)); }
int rename(const char *o, const char *n) { return ret(lsys(82, P(o), P(n), 0, 0)); }
int lseek(int fd, int off, int whence) { return ret(lsys(8, fd, off, whence, 0)); }

int poweroff(int code)
{
	for (;;)
		lsys(231, code, 0, 0, 0);
}

int nharts(void) { return 4; }
int yield(void) { return ret(lsys(24, 0, 0, 0, 0)); }

int getcwd(char *buf, int n)
{
	int r = ret(lsys(79, P(buf), n, 0, 0));

	return r < 0 ? r : (int)strlen(buf);
}

int syscall6(int num, int a0, int a1, int a2, int a3, int a4, int a5)
{
	(void)num; (void)a0; (void)a1; (void)a2; (void)a3; (void)a4; (void)a5;
	return ret(-ENOSYS);
}

void exit(int status)
{
	for (;;)
		lsys(60, status, 0, 0, 0);
}
