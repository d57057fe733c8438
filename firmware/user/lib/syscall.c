// SPDX-License-Identifier: MIT
/* syscall.c - one wrapper per system call of abi.h: `ecall` with a7 = number. */
#include "ulib.h"

int errno;

int syscall6(int num, int a0, int a1, int a2, int a3, int a4, int a5)
{
	register int r0 asm("a0") = a0;
	register int r1 asm("a1") = a1;
	register int r2 asm("a2") = a2;
	register int r3 asm("a3") = a3;
	register int r4 asm("a4") = a4;
	register int r5 asm("a5") = a5;
	register int r7 asm("a7") = num;

	asm volatile("ecall"
		     : "+r"(r0)
		     : "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r7)
		     : "memory");
	return r0;
}

static inline int sc(int num, int a0, int a1, int a2)
{
	register int r0 asm("a0") = a0;
	register int r1 asm("a1") = a1;
	register int r2 asm("a2") = a2;
	register int r7 asm("a7") = num;

	asm volatile("ecall" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r7) : "memory");
	if (r0 < 0)
		errno = -r0;
	return r0;
}

#define P(x) ((int)(uintptr_t)(x))

int fork(void) { return sc(SYS_fork, 0, 0, 0); }
int wait(int *status) { return sc(SYS_wait, P(status), 0, 0); }
int pipe(int fds[2]) { return sc(SYS_pipe, P(fds), 0, 0); }
int read(int fd, void *buf, int n) { return sc(SYS_read, fd, P(buf), n); }
int write(int fd, const void *buf, int n) { return sc(SYS_write, fd, P(buf), n); }
int kill(int pid) { return sc(SYS_kill, pid, 0, 0); }
int exec(const char *path, char **argv) { return sc(SYS_exec, P(path), P(argv), 0); }
int fstat(int fd, struct stat *st) { return sc(SYS_fstat, fd, P(st), 0); }
int chdir(const char *path) { return sc(SYS_chdir, P(path), 0, 0); }
int dup(int fd) { return sc(SYS_dup, fd, 0, 0); }
int dup2(int fd, int newfd) { return sc(SYS_dup2, fd, newfd, 0); }
int getpid(void) { return sc(SYS_getpid, 0, 0, 0); }
void *sbrk(int delta) { return (void *)(uintptr_t)sc(SYS_sbrk, delta, 0, 0); }
int sleep(int ticks) { return sc(SYS_sleep, ticks, 0, 0); }
int uptime(void) { return sc(SYS_uptime, 0, 0, 0); }
int open(const char *path, int flags) { return sc(SYS_open, P(path), flags, 0); }
int close(int fd) { return sc(SYS_close, fd, 0, 0); }
int unlink(const char *path) { return sc(SYS_unlink, P(path), 0, 0); }
int link(const char *o, const char *n) { return sc(SYS_link, P(o), P(n), 0); }
int mkdir(const char *path) { return sc(SYS_mkdir, P(path), 0, 0); }
int rename(const char *o, const char *n) { return sc(SYS_rename, P(o), P(n), 0); }
int lseek(int fd, int off, int whence) { return sc(SYS_lseek, fd, off, whence); }
int poweroff(int code) { return sc(SYS_poweroff, code, 0, 0); }
int nharts(void) { return sc(SYS_nharts, 0, 0, 0); }
int yield(void) { return sc(SYS_yield, 0, 0, 0); }
int getcwd(char *buf, int n) { return sc(SYS_getcwd, P(buf), n, 0); }

void exit(int status)
{
	for (;;)
		sc(SYS_exit, status, 0, 0);
}
