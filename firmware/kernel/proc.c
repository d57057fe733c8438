// SPDX-License-Identifier: MIT
/*
 * proc.c - the process table and the process life cycle: creation (the
 * first process, fork), exit, wait, kill, sleep and wakeup.
 *
 * Locking: p->lock guards a process's scheduling state (state, chan,
 * killed, xstate, pid, cpu); wait_lock guards every p->parent and is taken
 * before any p->lock, so that a parent cannot miss a child's exit.  A
 * process holds its own p->lock across the switch to the scheduler; the
 * scheduler releases it (see sched.c).  fork copies the address space
 * eagerly (no copy-on-write).
 */
#include "abi.h"
#include "defs.h"
#include "kdata.h"
#include "file.h"
#include "fs.h"
#include "proc.h"

struct cpu cpus[NCPU] __kopt_hot;
struct proc proc[NPROC];

static char kstacks[NPROC][KSTACK_SIZE] __attribute__((aligned(16)));

static struct proc *initproc;	/* set once, before any other process exists */

static struct spinlock pid_lock;
static int nextpid = 1;		/* pid_lock */

struct spinlock wait_lock;

void procinit(void)
{
	initlock(&pid_lock, "pid");
	initlock(&wait_lock, "wait");
	for (int i = 0; i < NCPU; i++)
		initlock(&cpus[i].rqlock, "runqueue");
	for (int i = 0; i < NPROC; i++) {
		struct proc *p = &proc[i];
		initlock(&p->lock, "proc");
		p->state = UNUSED;
		p->kstack = kstacks[i];
		p->tf = (struct trapframe *)(kstacks[i] + KSTACK_SIZE - sizeof(struct trapframe));
	}
}

/*
 * The process running on this hart, or NULL in the scheduler.  No need to
 * mask interrupts around the two loads: the kernel is not preemptible, so
 * an interrupt between them returns to the same hart and process.
 */
struct proc *myproc(void)
{
	return mycpu()->proc;
}

static int allocpid(void)
{
	int pid;

	acquire(&pid_lock);
	pid = nextpid++;
	release(&pid_lock);
	return pid;
}

static void forkret(void);

/*
 * A free slot in state USED with a fresh pid and an empty address space,
 * whose first switch-in runs start(); NULL (and *err) when out of slots or
 * memory.  A USED process is invisible to the scheduler, wakeup and wait.
 */
static struct proc *allocproc(void (*start)(void), int *err)
{
	struct proc *p;

	for (p = proc; p < &proc[NPROC]; p++) {
		acquire(&p->lock);
		if (p->state == UNUSED)
			goto found;
		release(&p->lock);
	}
	*err = -EAGAIN;
	return NULL;
found:
	p->state = USED;
	p->pid = allocpid();
	p->killed = 0;
	p->xstate = 0;
	p->cpu = cpuid();
	p->cputime_us = 0;
	release(&p->lock);

	p->pagetable = uvmcreate();
	if (!p->pagetable) {
		acquire(&p->lock);
		p->state = UNUSED;
		release(&p->lock);
		*err = -ENOMEM;
		return NULL;
	}
	p->sz = p->heap_base = USER_TEXT_BASE;
	memset(&p->ctx, 0, sizeof(p->ctx));
	p->ctx.ra = (uint32_t)start;
	p->ctx.sp = (uint32_t)p->tf;	/* the kernel stack lies below the trap frame */
	return p;
}

/* Return a slot to UNUSED; p->lock held, p not running anywhere. */
static void freeproc(struct proc *p)
{
	if (p->pagetable)
		uvmfree(p->pagetable);
	p->pagetable = NULL;
	p->sz = 0;
	p->pid = 0;
	p->parent = NULL;
	p->name[0] = 0;
	p->chan = NULL;
	p->killed = 0;
	p->xstate = 0;
	p->state = UNUSED;
}

/* A new process's first instructions in the kernel: leave the scheduler's lock. */
static void forkret(void)
{
	release(&myproc()->lock);
	usertrapret();
}

/* The first process: gives itself the console as fds 0-2, then execs /bin/init. */
static void initstart(void)
{
	struct proc *p = myproc();
	static char *argv[] = { "init", NULL };
	int err, r;

	release(&p->lock);
	p->cwd = namei("/", &err);
	if (!p->cwd)
		panic("initstart: no root directory");
	for (int fd = 0; fd < 3; fd++) {
		struct file *f = filealloc();
		if (!f)
			panic("initstart: no files");
		f->type = FD_CONSOLE;
		f->readable = fd == 0;
		f->writable = fd != 0;
		p->ofile[fd] = f;
	}
	p->tf->sstatus = (csr_read(sstatus) & ~SSTATUS_SPP) | SSTATUS_SPIE;
	r = exec("/bin/init", argv);
	if (r < 0) {
		printf("kernel: cannot exec /bin/init (error %d)\n", r);
		sbi_shutdown(1);
	}
	p->tf->a0 = r;
	usertrapret();
}

void userinit(void)
{
	int err;
	struct proc *p = allocproc(initstart, &err);

	if (!p)
		panic("userinit: %d", err);
	initproc = p;
	safestrcpy(p->name, "init", sizeof(p->name));
	acquire(&p->lock);
	make_runnable(p);
	release(&p->lock);
}

int fork(void)
{
	struct proc *p = myproc(), *np;
	int err, pid;

	np = allocproc(forkret, &err);
	if (!np)
		return err;
	if (uvmcopy(p->pagetable, np->pagetable) < 0) {
		acquire(&np->lock);
		freeproc(np);
		release(&np->lock);
		return -ENOMEM;
	}
	np->sz = p->sz;
	np->heap_base = p->heap_base;
	*np->tf = *p->tf;
	np->tf->a0 = 0;		/* fork() returns 0 in the child */
	for (int fd = 0; fd < NOFILE; fd++)
		if (p->ofile[fd])
			np->ofile[fd] = filedup(p->ofile[fd]);
	np->cwd = idup(p->cwd);
	safestrcpy(np->name, p->name, sizeof(np->name));
	pid = np->pid;

	acquire(&wait_lock);
	np->parent = p;
	release(&wait_lock);

	acquire(&np->lock);
	make_runnable(np);
	release(&np->lock);
	return pid;
}

/* Give p's children to init; wait_lock held. */
static void reparent(struct proc *p)
{
	for (struct proc *pp = proc; pp < &proc[NPROC]; pp++) {
		if (pp->parent == p) {
			pp->parent = initproc;
			wakeup(initproc);
		}
	}
}

void exit(int status)
{
	struct proc *p = myproc();

	if (p == initproc) {
		printf("kernel: init exited with status %d; powering off\n", status);
		sbi_shutdown(status & 0xff);
	}
	for (int fd = 0; fd < NOFILE; fd++) {
		if (p->ofile[fd]) {
			fileclose(p->ofile[fd]);
			p->ofile[fd] = NULL;
		}
	}
	iput(p->cwd);
	p->cwd = NULL;
	cputime_report(p);

	acquire(&wait_lock);
	reparent(p);
	wakeup(p->parent);
	acquire(&p->lock);
	p->xstate = status;
	p->state = ZOMBIE;
	release(&wait_lock);
	sched();
	panic("exit: zombie ran");
}

/* Reap a child: its pid, its status copied to user addr (if not 0). */
int wait(uint32_t addr)
{
	struct proc *p = myproc();

	acquire(&wait_lock);
	for (;;) {
		int havekids = 0;
		for (struct proc *pp = proc; pp < &proc[NPROC]; pp++) {
			if (pp->parent != p)
				continue;
			acquire(&pp->lock);
			havekids = 1;
			if (pp->state == ZOMBIE) {
				int pid = pp->pid;
				if (addr && copyout(p->pagetable, addr, &pp->xstate,
						    sizeof(pp->xstate)) < 0) {
					release(&pp->lock);
					release(&wait_lock);
					return -EFAULT;
				}
				freeproc(pp);
				release(&pp->lock);
				release(&wait_lock);
				return pid;
			}
			release(&pp->lock);
		}
		if (!havekids) {
			release(&wait_lock);
			return -ECHILD;
		}
		if (killed(p)) {
			release(&wait_lock);
			return -EINTR;
		}
		sleep(p, &wait_lock);
	}
}

int kill(int pid)
{
	if (pid == 1)
		return -EPERM;	/* init stays */
	for (struct proc *p = proc; p < &proc[NPROC]; p++) {
		acquire(&p->lock);
		if (p->pid == pid && p->state != UNUSED && p->state != USED) {
			p->killed = 1;
			if (p->state == SLEEPING)
				make_runnable(p);
			release(&p->lock);
			return 0;
		}
		release(&p->lock);
	}
	return -ESRCH;
}

void setkilled(struct proc *p)
{
	acquire(&p->lock);
	p->killed = 1;
	release(&p->lock);
}

int killed(struct proc *p)
{
	int k;

	acquire(&p->lock);
	k = p->killed;
	release(&p->lock);
	return k;
}

/* Grow or shrink the heap by n bytes. */
int growproc(int n)
{
	struct proc *p = myproc();
	int64_t newsz = (int64_t)p->sz + n;
	const uint32_t limit = USER_STACK_TOP - USER_STACK_PAGES * PGSIZE - PGSIZE;

	if (newsz < p->heap_base)
		return -EINVAL;
	if (newsz > limit)
		return -ENOMEM;
	if (n > 0) {
		if (uvmalloc(p->pagetable, p->sz, (uint32_t)newsz, PTE_R | PTE_W) < 0)
			return -ENOMEM;
	} else if (n < 0) {
		uvmdealloc(p->pagetable, p->sz, (uint32_t)newsz);
		sfence_vma();
	}
	p->sz = (uint32_t)newsz;
	return 0;
}

/*
 * Atomically release lk and sleep on chan; reacquire lk when woken.  Holding
 * p->lock before releasing lk means a wakeup(chan) (which takes p->lock)
 * cannot slip in between; lk must not be p->lock.
 */
void sleep(void *chan, struct spinlock *lk)
{
	struct proc *p = myproc();

	acquire(&p->lock);
	p->chan = chan;
	p->state = SLEEPING;	/* before lk is released: see wakeup() */
	release(lk);
	sched();
	p->chan = NULL;
	release(&p->lock);
	acquire(lk);
}

/*
 * Make every process sleeping on chan runnable.  Call with the lock the
 * sleepers passed to sleep() held, and no p->lock.  The unlocked look at
 * p->state cannot miss a sleeper: sleep() sets SLEEPING before it releases
 * that lock, which we acquired after.
 */
void wakeup(void *chan)
{
	struct proc *me = myproc();

	for (struct proc *p = proc; p < &proc[NPROC]; p++) {
		if (p == me || __atomic_load_n(&p->state, __ATOMIC_RELAXED) != SLEEPING)
			continue;
		acquire(&p->lock);
		if (p->state == SLEEPING && p->chan == chan)
			make_runnable(p);
		release(&p->lock);
	}
}

/* ^P on the console: a process listing, without locks (debugging aid). */
void procdump(void)
{
	static const char *names[] = { "unused", "used", "sleep", "runble", "run", "zombie" };

	printf("\n");
	for (struct proc *p = proc; p < &proc[NPROC]; p++) {
		if (p->state == UNUSED)
			continue;
		printf("%d %s %s hart %d cpu %llu us\n", p->pid, names[p->state], p->name, p->cpu,
		       p->cputime_us);
	}
	for (int i = 0; i < NCPU; i++) {
		struct cpu *c = &cpus[i];
		if (!c->online)
			continue;
		printf("hart %d: rq %d ticks %llu syscalls %llu switches %llu steals %llu ipis %llu\n",
		       i, c->rq_len, c->stats.ticks, c->stats.syscalls, c->stats.switches,
		       c->stats.steals, c->stats.ipis);
	}
}
