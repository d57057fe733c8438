// SPDX-License-Identifier: MIT
/*
 * sched.c - per-hart run queues and the scheduler.
 *
 * Each hart has a FIFO of RUNNABLE processes (struct cpu, rqlock).  A
 * process made runnable is placed by pick_cpu(): its last hart if that hart
 * is idle, otherwise the least loaded online hart (ties keep the last
 * hart); an idle remote hart is woken with an IPI.  A hart whose queue is
 * empty steals from another hart's queue before it waits in wfi, and every
 * BALANCE_TICKS ticks each hart pulls one process from the busiest queue if
 * that queue is at least two longer than its own load.  The timer makes a
 * process with others queued behind it yield at its next return to user
 * mode (no preemption inside the kernel).
 *
 * The lazy balancer (make kernel KERNEL_OPT=lazysched, KOPT_LAZYSCHED) is a
 * deliberately bad one, for osprey's scheduler checker (--check-sched) to
 * find: a process stays on its last hart's queue, an idle hart never
 * steals or pulls, and waits in wfi while other queues hold work.
 *
 * Queue changes, switches, migrations and idle periods are reported to
 * osprey's sim-control port (simctl.c) where it is present.
 *
 * Lock order: p->lock, then any rqlock; rqlocks are never nested.  A
 * process's p->lock is held from sched() across swtch() until the
 * scheduler that switched away from it releases it, so a hart that pops a
 * process from a queue cannot run it until its registers are saved.
 */
#include "defs.h"
#include "proc.h"

static void rq_push(struct cpu *c, struct proc *p)
{
	acquire(&c->rqlock);
	p->rq_next = NULL;
	if (c->rq_tail)
		c->rq_tail->rq_next = p;
	else
		c->rq_head = p;
	c->rq_tail = p;
	c->rq_len++;
	simctl_enqueue(p, c->id, c->rq_len);
	release(&c->rqlock);
}

static struct proc *rq_pop(struct cpu *c)
{
	struct proc *p;

	if (c->rq_len == 0)	/* racy hint; rechecked under the lock */
		return NULL;
	acquire(&c->rqlock);
	p = c->rq_head;
	if (p) {
		c->rq_head = p->rq_next;
		if (!c->rq_head)
			c->rq_tail = NULL;
		c->rq_len--;
		p->rq_next = NULL;
		simctl_dequeue(p, c->id, c->rq_len);
	}
	release(&c->rqlock);
	return p;
}

/* Load of a hart as seen from outside: queued processes plus the running one. */
static int load(struct cpu *c)
{
	return c->rq_len + (c->idle ? 0 : 1);
}

static int pick_cpu(struct proc *p)
{
	int best = p->cpu, bestload;

#ifdef KOPT_LAZYSCHED
	if (cpus[best].online)
		return best;	/* lazy: where it ran last, however busy that hart is */
#endif
	if (cpus[best].online && cpus[best].idle && cpus[best].rq_len == 0)
		return best;
	bestload = cpus[best].online ? load(&cpus[best]) : 1 << 30;
	for (int i = 0; i < NCPU; i++) {
		if (cpus[i].online && load(&cpus[i]) < bestload) {
			best = i;
			bestload = load(&cpus[i]);
		}
	}
	return best;
}

/* Wake hart id if it waits in wfi. */
static void kick(int id)
{
	if (id == cpuid())
		return;
	__sync_synchronize();	/* our queue insert before the read of idle (see idle_wait) */
	if (cpus[id].idle)
		sbi_send_ipi(1u << id);
}

/* p->lock held; p is SLEEPING, USED (new) or was just popped for migration. */
void make_runnable(struct proc *p)
{
	int id = pick_cpu(p);

	if (id != p->cpu && p->state != USED)
		simctl_migrate(p, p->cpu, id);
	p->state = RUNNABLE;
	p->cpu = id;
	rq_push(&cpus[id], p);
	kick(id);
}

/* Take one process from another hart's queue. */
static struct proc *steal(struct cpu *c)
{
#ifdef KOPT_LAZYSCHED
	return NULL;	/* lazy: an idle hart takes no one's work */
#endif
	for (int k = 1; k < NCPU; k++) {
		struct cpu *o = &cpus[(c->id + k) % NCPU];
		struct proc *p;
		if (!o->online || o->rq_len == 0)
			continue;
		p = rq_pop(o);
		if (p) {
			c->stats.steals++;
			simctl_migrate(p, o->id, c->id);
			return p;
		}
	}
	return NULL;
}

static int work_elsewhere(struct cpu *c)
{
#ifdef KOPT_LAZYSCHED
	return 0;	/* lazy: other queues are their harts' business */
#endif
	for (int i = 0; i < NCPU; i++)
		if (i != c->id && cpus[i].online && cpus[i].rq_len > 0)
			return 1;
	return 0;
}

/*
 * Wait for an interrupt with interrupts masked, so that one arriving after
 * the queue check still ends the wfi (wfi wakes on a pending enabled
 * interrupt whatever sstatus.SIE says); it is taken after intr_on().  The
 * store to idle and a waker's queue insert are each followed by a full
 * fence before the other side's read, so one of them sees the other.
 */
static void idle_wait(struct cpu *c)
{
	intr_off();
	c->idle = 1;
	__sync_synchronize();
	if (c->rq_len == 0 && !work_elsewhere(c)) {
		c->stats.idles++;
		simctl_idle(1);
		asm volatile("wfi");
		simctl_idle(0);
	}
	c->idle = 0;
	intr_on();
}

void scheduler(void)
{
	struct cpu *c = mycpu();

	c->proc = NULL;
	for (;;) {
		struct proc *p;

		intr_on();	/* let pending interrupts in */
		p = rq_pop(c);
		if (!p)
			p = steal(c);
		if (!p) {
			idle_wait(c);
			continue;
		}
		acquire(&p->lock);
		if (p->state != RUNNABLE)
			panic("scheduler: pid %d not runnable (%d)", p->pid, p->state);
		p->state = RUNNING;
		p->cpu = c->id;
		c->proc = p;
		c->stats.switches++;
		switch_pagetable(p->pagetable);
		simctl_switch(NULL, p);
		swtch(&c->ctx, &p->ctx);
		/* back with p->lock held by p; the kernel's page table before p can be freed */
		switch_pagetable(kernel_pagetable);
		simctl_switch(p, NULL);
		c->proc = NULL;
		release(&p->lock);
	}
}

/* Switch to this hart's scheduler; p->lock must be the only lock held. */
void sched(void)
{
	struct proc *p = myproc();
	int intena;

	if (!holding(&p->lock))
		panic("sched: p->lock not held");
	if (mycpu()->noff != 1)
		panic("sched: %d locks held", mycpu()->noff);
	if (p->state == RUNNING)
		panic("sched: running");
	if (intr_get())
		panic("sched: interruptible");
	intena = mycpu()->intena;
	swtch(&p->ctx, &mycpu()->ctx);
	mycpu()->intena = intena;	/* maybe another hart now */
}

/* Give up the hart if another process waits for it. */
void yield(void)
{
	struct proc *p = myproc();
	struct cpu *c;

	acquire(&p->lock);
	c = mycpu();
	c->need_resched = 0;
	if (c->rq_len == 0) {
		release(&p->lock);
		return;
	}
	p->state = RUNNABLE;
	rq_push(c, p);
	sched();
	release(&p->lock);
}

/* Pull one process from the busiest queue if it is clearly busier than us. */
static void balance(struct cpu *c)
{
	struct cpu *busiest = NULL;
	int mine = c->rq_len + (c->proc ? 1 : 0);
	struct proc *p;

#ifdef KOPT_LAZYSCHED
	return;		/* lazy: no periodic balancing */
#endif
	for (int i = 0; i < NCPU; i++) {
		struct cpu *o = &cpus[i];
		if (o != c && o->online && (!busiest || o->rq_len > busiest->rq_len))
			busiest = o;
	}
	if (!busiest || busiest->rq_len + 1 < mine + 2)
		return;
	p = rq_pop(busiest);
	if (!p)
		return;
	/* p->cpu is set by the scheduler that pops it from our queue */
	simctl_migrate(p, busiest->id, c->id);
	rq_push(c, p);
	c->stats.steals++;
}

/* Timer tick on this hart (interrupts off). */
void sched_tick(void)
{
	struct cpu *c = mycpu();

	if (c->stats.ticks % BALANCE_TICKS == 0)
		balance(c);
	if (c->rq_len > 0)
		c->need_resched = 1;
}

/* A reschedule IPI: work was queued here. */
void sched_ipi(void)
{
	struct cpu *c = mycpu();

	csr_clear(sip, MIP_SSIP);
	c->stats.ipis++;
	if (c->rq_len > 0)
		c->need_resched = 1;
}
