// SPDX-License-Identifier: MIT
/* pipe.c - pipes: a PIPESIZE-byte ring between a reading and a writing file. */
#include "abi.h"
#include "defs.h"
#include "file.h"
#include "proc.h"

struct pipe {
	struct spinlock lock;
	uint8_t data[PIPESIZE];	/* lock */
	uint32_t nread;		/* lock: bytes read so far */
	uint32_t nwrite;	/* lock: bytes written so far */
	int readopen;		/* lock: a read end is open */
	int writeopen;		/* lock: a write end is open */
};

_Static_assert(sizeof(struct pipe) <= PGSIZE, "a pipe fits in a page");

int pipealloc(struct file **f0, struct file **f1)
{
	struct pipe *pi = kalloc();

	*f0 = *f1 = NULL;
	if (!pi)
		return -ENOMEM;
	if (!(*f0 = filealloc()) || !(*f1 = filealloc())) {
		if (*f0)
			fileclose(*f0);
		kfree(pi);
		return -ENFILE;
	}
	initlock(&pi->lock, "pipe");
	pi->nread = pi->nwrite = 0;
	pi->readopen = pi->writeopen = 1;
	(*f0)->type = FD_PIPE;
	(*f0)->readable = 1;
	(*f0)->pipe = pi;
	(*f1)->type = FD_PIPE;
	(*f1)->writable = 1;
	(*f1)->pipe = pi;
	return 0;
}

void pipeclose(struct pipe *pi, int writable)
{
	acquire(&pi->lock);
	if (writable) {
		pi->writeopen = 0;
		wakeup(&pi->nread);
	} else {
		pi->readopen = 0;
		wakeup(&pi->nwrite);
	}
	if (!pi->readopen && !pi->writeopen) {
		release(&pi->lock);
		kfree(pi);
		return;
	}
	release(&pi->lock);
}

/* Write all n bytes unless the reader goes away: -EPIPE (no signals here). */
int pipewrite(struct pipe *pi, uint32_t addr, int n)
{
	struct proc *p = myproc();
	int done = 0;

	acquire(&pi->lock);
	while (done < n) {
		if (!pi->readopen || killed(p)) {
			release(&pi->lock);
			return done ? done : (pi->readopen ? -EINTR : -EPIPE);
		}
		if (pi->nwrite == pi->nread + PIPESIZE) {
			wakeup(&pi->nread);
			sleep(&pi->nwrite, &pi->lock);
			continue;
		}
		uint32_t at = pi->nwrite % PIPESIZE;
		uint32_t m = PIPESIZE - at;			/* to the end of the ring */
		if (m > PIPESIZE - (pi->nwrite - pi->nread))	/* free space */
			m = PIPESIZE - (pi->nwrite - pi->nread);
		if (m > (uint32_t)(n - done))
			m = n - done;
		if (copyin(p->pagetable, pi->data + at, addr + done, m) < 0) {
			release(&pi->lock);
			return done ? done : -EFAULT;
		}
		pi->nwrite += m;
		done += m;
	}
	wakeup(&pi->nread);
	release(&pi->lock);
	return done;
}

/* Read what is there (at least one byte unless every writer is gone: 0). */
int piperead(struct pipe *pi, uint32_t addr, int n)
{
	struct proc *p = myproc();
	int done = 0;

	acquire(&pi->lock);
	while (pi->nread == pi->nwrite && pi->writeopen) {
		if (killed(p)) {
			release(&pi->lock);
			return -EINTR;
		}
		sleep(&pi->nread, &pi->lock);
	}
	while (done < n && pi->nread != pi->nwrite) {
		uint32_t at = pi->nread % PIPESIZE;
		uint32_t m = PIPESIZE - at;
		if (m > pi->nwrite - pi->nread)
			m = pi->nwrite - pi->nread;
		if (m > (uint32_t)(n - done))
			m = n - done;
		if (copyout(p->pagetable, addr + done, pi->data + at, m) < 0) {
			if (!done)
				done = -EFAULT;
			break;
		}
		pi->nread += m;
		done += m;
	}
	wakeup(&pi->nwrite);
	release(&pi->lock);
	return done;
}
