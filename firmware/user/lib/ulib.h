/* SPDX-License-Identifier: MIT */
/*
 * ulib.h - osprey's small user C library: system calls, strings, formatted
 * output, a heap on sbrk, a buffered line reader and a few stdlib pieces.
 *
 * System call wrappers return what the kernel returns (>= 0 on success, a
 * negated E* code on failure) and, on failure, also set errno to the code.
 */
#ifndef OSPREY_ULIB_H
#define OSPREY_ULIB_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "abi.h"

#define STDIN	0
#define STDOUT	1
#define STDERR	2

/* System calls (syscall.c) */
int fork(void);
void exit(int status) __attribute__((noreturn));
int wait(int *status);
int pipe(int fds[2]);
int read(int fd, void *buf, int n);
int write(int fd, const void *buf, int n);
int kill(int pid);
int exec(const char *path, char **argv);
int fstat(int fd, struct stat *st);
int chdir(const char *path);
int dup(int fd);
int dup2(int fd, int newfd);
int getpid(void);
void *sbrk(int delta);
int sleep(int ticks);
int uptime(void);
int open(const char *path, int flags);
int close(int fd);
int unlink(const char *path);
int link(const char *oldp, const char *newp);
int mkdir(const char *path);
int rename(const char *oldp, const char *newp);
int lseek(int fd, int off, int whence);
int poweroff(int code);
int nharts(void);
int yield(void);
int getcwd(char *buf, int n);
/* The raw trap: a7 = num, a0..a5 = args; for tests that pass odd arguments. */
int syscall6(int num, int a0, int a1, int a2, int a3, int a4, int a5);

extern int errno;
const char *strerror(int err);	/* err may be positive or negated */

/* Convenience built on the calls */
int stat(const char *path, struct stat *st);
int creat(const char *path);	/* O_CREAT|O_TRUNC|O_WRONLY */
int writeall(int fd, const void *buf, int n);	/* loops on short writes */
int fdputs(int fd, const char *s);

/* Strings (string.c) */
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *d, const char *s);
char *strncpy(char *d, const char *s, size_t n);
size_t strlcpy(char *d, const char *s, size_t n);
char *strcat(char *d, const char *s);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *h, const char *n);
char *strdup(const char *s);
int isdigit(int c);
int isspace(int c);
int isalpha(int c);
int isalnum(int c);
int toupper(int c);
int tolower(int c);

/* Formatted output (printf.c): %d %i %u %x %X %s %c %p %ld %lu %lx %%,
 * flags '-' and '0', a width, and a precision for %s. */
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fprintf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, int n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vfprintf(int fd, const char *fmt, va_list ap);
int vsnprintf(char *buf, int n, const char *fmt, va_list ap);

/* Heap on sbrk (malloc.c) */
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);
void free(void *p);

/* Buffered input (stdlib.c) */
struct rbuf {
	int fd;			/* file read from */
	int pos;		/* next unread byte in buf */
	int len;		/* valid bytes in buf */
	char buf[512];
};
void rbuf_init(struct rbuf *rb, int fd);
/* Reads one line without its '\n' into line (at most n-1 bytes, NUL-terminated).
 * Returns the length, or -1 at end of input with nothing read. */
int rbuf_getline(struct rbuf *rb, char *line, int n);

/* stdlib.c */
int atoi(const char *s);
long strtol(const char *s, char **end, int base);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
uint32_t crc32_update(uint32_t crc, const void *buf, int n);
uint32_t fnv1a(uint32_t h, const void *buf, int n);

#endif
