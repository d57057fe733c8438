/* SPDX-License-Identifier: MIT */
/*
 * The osprey kernel's user ABI: shared by firmware/kernel/ and firmware/user/
 * (and by the host tool sim/mkfs.c for the directory entry layout). Changing
 * a number here changes both sides at once.
 *
 * System calls: `ecall` from U-mode with the call number in a7 and up to six
 * arguments in a0..a5. The result comes back in a0: >= 0 on success, a
 * negated E* code below on failure. Registers other than a0 are preserved.
 *
 * Program entry: a0 = argc, a1 = argv (an array of argc string pointers and a
 * NULL, on the user stack), sp 16-byte aligned below them.
 *
 * User address space (Sv32): programs are linked at USER_TEXT_BASE; the heap
 * grows up from the end of the ELF image (sbrk); the stack is USER_STACK_PAGES
 * pages ending at USER_STACK_TOP. Everything at or above USER_LIMIT belongs
 * to the kernel.
 */
#ifndef OSPREY_ABI_H
#define OSPREY_ABI_H

#define USER_TEXT_BASE	0x00010000u
#define USER_STACK_TOP	0x7fff0000u
#define USER_STACK_PAGES 4
#define USER_LIMIT	0x80000000u

/* System call numbers */
#define SYS_fork	1	/* () -> child pid in parent, 0 in child */
#define SYS_exit	2	/* (int status) -> does not return */
#define SYS_wait	3	/* (int *status or NULL) -> pid of a reaped child */
#define SYS_pipe	4	/* (int fds[2]) -> 0 */
#define SYS_read	5	/* (int fd, void *buf, int n) -> bytes read, 0 at EOF */
#define SYS_kill	6	/* (int pid) -> 0 */
#define SYS_exec	7	/* (const char *path, char **argv) -> no return on success */
#define SYS_fstat	8	/* (int fd, struct stat *st) -> 0 */
#define SYS_chdir	9	/* (const char *path) -> 0 */
#define SYS_dup		10	/* (int fd) -> new fd */
#define SYS_getpid	11	/* () -> pid */
#define SYS_sbrk	12	/* (int delta) -> previous break */
#define SYS_sleep	13	/* (int ticks) -> 0 */
#define SYS_uptime	14	/* () -> ticks (jiffies) since boot */
#define SYS_open	15	/* (const char *path, int flags) -> fd */
#define SYS_write	16	/* (int fd, const void *buf, int n) -> bytes written */
#define SYS_unlink	17	/* (const char *path) -> 0 */
#define SYS_link	18	/* (const char *old, const char *new) -> 0 */
#define SYS_mkdir	19	/* (const char *path) -> 0 */
#define SYS_close	20	/* (int fd) -> 0 */
#define SYS_rename	21	/* (const char *old, const char *new) -> 0 */
#define SYS_lseek	22	/* (int fd, int offset, int whence) -> new offset */
#define SYS_dup2	23	/* (int fd, int newfd) -> newfd */
#define SYS_poweroff	24	/* (int code) -> powers the machine off: 0 = pass */
#define SYS_nharts	25	/* () -> number of harts running the kernel */
#define SYS_yield	26	/* () -> 0 */
#define SYS_getcwd	27	/* (char *buf, int n) -> length of the path */

/* Error codes, returned negated */
#define EPERM	1
#define ENOENT	2
#define ESRCH	3
#define EINTR	4
#define EIO	5
#define E2BIG	7
#define ENOEXEC	8
#define EBADF	9
#define ECHILD	10
#define EAGAIN	11
#define ENOMEM	12
#define EFAULT	14
#define EBUSY	16
#define EEXIST	17
#define EXDEV	18
#define ENOTDIR	20
#define EISDIR	21
#define EINVAL	22
#define ENFILE	23
#define EMFILE	24
#define EFBIG	27
#define ENOSPC	28
#define ESPIPE	29
#define EPIPE	32
#define ENAMETOOLONG 36
#define ENOSYS	38
#define ENOTEMPTY 39

/* open() flags */
#define O_RDONLY	0x000
#define O_WRONLY	0x001
#define O_RDWR		0x002
#define O_CREAT		0x040
#define O_TRUNC		0x200
#define O_APPEND	0x400

/* lseek() whence */
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

/* File types in struct stat and on disk */
#define T_DIR		1
#define T_FILE		2
#define T_DEV		3	/* the console */

struct stat {
	unsigned int dev;	/* device number: 1 = RAM disk, 0 = console */
	unsigned int ino;	/* inode number */
	unsigned short type;	/* T_DIR, T_FILE or T_DEV */
	unsigned short nlink;	/* directory entries naming the inode */
	unsigned int size;	/* bytes */
};

/*
 * A directory is a file of these entries; read() on a directory fd returns
 * them. inum 0 marks a free slot. Names are NUL-padded, not always
 * NUL-terminated when exactly DIRSIZ bytes long.
 */
#define DIRSIZ 30
struct dirent {
	unsigned short inum;
	char name[DIRSIZ];
};

/* Limits user code may rely on */
#define MAXARG		32	/* exec arguments */
#define MAXPATH		128	/* bytes in a path, with its NUL */
#define NOFILE		16	/* open files per process */

/* Console device: the UART, opened as /dev/console (T_DEV) or inherited as fds 0-2. */

#endif
