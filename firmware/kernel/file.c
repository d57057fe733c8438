// SPDX-License-Identifier: MIT
/* file.c - the open-file table and read/write/seek/stat on any kind of file. */
#include "abi.h"
#include "defs.h"
#include "kdata.h"
#include "file.h"
#include "fs.h"
#include "proc.h"

static struct {
	struct spinlock lock __kopt_line;
	struct file file[NFILE] __kopt_line;
} ftable __kopt_line = { .lock = { .name = "ftable" } };

/* A file with ref 1, or NULL if the table is full. */
struct file *filealloc(void)
{
	acquire(&ftable.lock);
	for (struct file *f = ftable.file; f < ftable.file + NFILE; f++) {
		if (f->ref == 0) {
			f->ref = 1;
			f->type = FD_NONE;
			f->pipe = NULL;
			f->ip = NULL;
			f->off = 0;
			f->readable = f->writable = f->append = 0;
			release(&ftable.lock);
			return f;
		}
	}
	release(&ftable.lock);
	return NULL;
}

struct file *filedup(struct file *f)
{
	acquire(&ftable.lock);
	if (f->ref < 1)
		panic("filedup");
	f->ref++;
	release(&ftable.lock);
	return f;
}

void fileclose(struct file *f)
{
	struct file ff;

	acquire(&ftable.lock);
	if (f->ref < 1)
		panic("fileclose");
	if (--f->ref > 0) {
		release(&ftable.lock);
		return;
	}
	ff = *f;
	f->type = FD_NONE;
	release(&ftable.lock);
	if (ff.type == FD_PIPE)
		pipeclose(ff.pipe, ff.writable);
	if (ff.ip)
		iput(ff.ip);
}

int filestat(struct file *f, uint32_t addr)
{
	struct stat st;

	if (f->ip) {
		ilock(f->ip);
		stati(f->ip, &st);
		iunlock(f->ip);
	} else {
		memset(&st, 0, sizeof(st));
		st.type = f->type == FD_CONSOLE ? T_DEV : T_FILE;	/* console, pipe */
		st.nlink = 1;
	}
	return copyout(myproc()->pagetable, addr, &st, sizeof(st));
}

int fileread(struct file *f, uint32_t addr, int n)
{
	int r;

	if (!f->readable)
		return -EBADF;
	switch (f->type) {
	case FD_PIPE:
		return piperead(f->pipe, addr, n);
	case FD_CONSOLE:
		return console_read(1, addr, n);
	case FD_INODE:
		ilock(f->ip);
		r = readi(f->ip, 1, addr, f->off, n);
		if (r > 0)
			f->off += r;
		iunlock(f->ip);
		return r;
	default:
		panic("fileread");
	}
}

int filewrite(struct file *f, uint32_t addr, int n)
{
	int r;

	if (!f->writable)
		return -EBADF;
	switch (f->type) {
	case FD_PIPE:
		return pipewrite(f->pipe, addr, n);
	case FD_CONSOLE:
		return console_write(1, addr, n);
	case FD_INODE:
		ilock(f->ip);
		if (f->append)
			f->off = f->ip->size;
		r = writei(f->ip, 1, addr, f->off, n);
		if (r > 0)
			f->off += r;
		iunlock(f->ip);
		return r;
	default:
		panic("filewrite");
	}
}

int filelseek(struct file *f, int off, int whence)
{
	int64_t base, pos;

	if (f->type != FD_INODE)
		return -ESPIPE;
	ilock(f->ip);
	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = f->off;
		break;
	case SEEK_END:
		base = f->ip->size;
		break;
	default:
		iunlock(f->ip);
		return -EINVAL;
	}
	pos = base + off;
	if (pos < 0 || pos > 0x7fffffff) {
		iunlock(f->ip);
		return -EINVAL;
	}
	f->off = (uint32_t)pos;
	iunlock(f->ip);
	return (int)pos;
}
