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
 * The asymmetry-aware scheduler (boot flag SIMCTL_BOOT_ASYM_SCHED, from
 * the platform through the M-mode layer) knows each hart's speed (its clock
 * ratio, SBI_CLOCK_RATIO) and
 *  - places a process where it gets the most speed: the least
 *    (load + 1) / speed, so an idle fast hart comes before an idle slow one
 *    and a fast hart holds proportionally more work (pick_cpu_asym);
 *  - balances by load scaled by speed (balance_asym);
 *  - lets an idle hart that finds no queued work take the process running
 *    on the slowest slower hart (ask_for_work): that hart hands it over at
 *    its next return to user mode, which the request's IPI brings at once;
 *  - charges CPU time scaled to the reference speed (sched_tick).
 * Without the flag (and on QEMU, and on osprey without the sim-control
 * port) every hart has SPEED_FULL and the stock policy runs.
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
#include "osprey_simctl.h"
#include "proc.h"

/* Set once by hart 0 at boot (sched_init), read-only afterwards. */
static int asym;		/* the asymmetry-aware policy is on */
static int report_cputime;	/* print each process's CPU time at its exit */

/* Hart 0, before the others start: the boot flags and every hart's speed. */
void sched_init(void)
{
	uint32_t flags = simctl_boot_flags();

	asym = (flags & SIMCTL_BOOT_ASYM_SCHED) != 0;
	report_cputime = (flags & SIMCTL_BOOT_CPUTIME) != 0;
	for (int i = 0; i < NCPU; i++) {
		uint32_t r = asym ? simctl_clock_ratio(i) : 0;

		cpus[i].speed = r ? SPEED_FULL / r : SPEED_FULL;
		cpus[i].give_to = -1;
	}
	if (asym)
		printf("osprey kernel: asymmetry-aware scheduler, hart 0 speed %u/%u\n",
		       cpus[0].speed, SPEED_FULL);
}

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

/*
 * True when hart @a would run one more process sooner than hart @b: a's
 * (load + 1) / speed is the smaller; on a tie, @a is @last (the process's
 * last hart, whose caches may hold it), or the less loaded.
 */
static int sooner(int a, int b, int last)
{
	uint32_t la = (uint32_t)load(&cpus[a]) + 1, lb = (uint32_t)load(&cpus[b]) + 1;
	uint32_t ta = la * cpus[b].speed, tb = lb * cpus[a].speed;

	if (ta != tb)
		return ta < tb;
	if (a == last || b == last)
		return a == last;
	return la < lb;
}

static int pick_cpu_asym(struct proc *p)
{
	int best = -1;

	for (int i = 0; i < NCPU; i++)
		if (cpus[i].online && (best < 0 || sooner(i, best, p->cpu)))
			best = i;
	return best < 0 ? p->cpu : best;
}

static int pick_cpu(struct proc *p)
{
	int best = p->cpu, bestload;

	if (asym)
		return pick_cpu_asym(p);

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

/*
 * Whether hart c may take work from o's queue. The asymmetry-aware
 * scheduler leaves a faster hart's queue alone while that hart runs nothing:
 * the work was put there for it (faster-core-first) and it is on its way.
 */
static int may_steal(struct cpu *c, struct cpu *o)
{
	if (!o->online || o->rq_len == 0)
		return 0;
	return !asym || o->speed <= c->speed || o->proc;
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
		if (!may_steal(c, o))
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
		if (i != c->id && may_steal(c, &cpus[i]))
			return 1;
	return 0;
}

/*
 * Asymmetry-aware: an idle hart with no queued work anywhere asks the
 * slowest slower hart that runs a process for it (give_to, then an IPI:
 * sched_ipi and yield hand it over at the return to user mode).
 */
static void ask_for_work(struct cpu *c)
{
	struct cpu *from = NULL;
	int none = -1;

	for (int i = 0; i < NCPU; i++) {
		struct cpu *o = &cpus[i];

		if (o != c && o->online && !o->idle && o->proc && o->speed < c->speed &&
		    (!from || o->speed < from->speed))
			from = o;
	}
	if (from && __atomic_compare_exchange_n(&from->give_to, &none, c->id, 0,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		sbi_send_ipi(1u << from->id);
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
			if (asym)
				ask_for_work(c);
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

/*
 * Asymmetry-aware: hands p (locked, running here) to the faster hart that
 * asked for it, if that hart still has nothing to run. 1 when handed over
 * (p is RUNNABLE on the other hart's queue), 0 to go on here.
 */
static int hand_over(struct cpu *c, struct proc *p)
{
	int to = c->give_to;
	struct cpu *t;

	if (to < 0)
		return 0;
	c->give_to = -1;
	t = &cpus[to];
	if (t->proc || t->rq_len > 0)
		return 0;	/* it found work meanwhile */
	p->state = RUNNABLE;
	simctl_migrate(p, c->id, to);
	p->cpu = to;
	rq_push(t, p);
	c->stats.handovers++;
	kick(to);
	return 1;
}

/* Give up the hart if another process waits for it, or a faster hart asked for it. */
void yield(void)
{
	struct proc *p = myproc();
	struct cpu *c;

	acquire(&p->lock);
	c = mycpu();
	c->need_resched = 0;
	if (hand_over(c, p)) {
		sched();
		release(&p->lock);
		return;
	}
	if (c->rq_len == 0) {
		release(&p->lock);
		return;
	}
	p->state = RUNNABLE;
	rq_push(c, p);
	sched();
	release(&p->lock);
}

/*
 * Asymmetry-aware: pull one process from the hart with the most load per
 * speed if it would finish sooner here: (our load + 1) / our speed <
 * its load / its speed.
 */
static struct cpu *busiest_asym(struct cpu *c, int mine)
{
	struct cpu *busiest = NULL;

	for (int i = 0; i < NCPU; i++) {
		struct cpu *o = &cpus[i];

		if (o == c || !o->online || o->rq_len == 0)
			continue;
		if (!busiest || (uint32_t)load(o) * busiest->speed >
				(uint32_t)load(busiest) * o->speed)
			busiest = o;
	}
	if (busiest && (uint32_t)(mine + 1) * busiest->speed < (uint32_t)load(busiest) * c->speed)
		return busiest;
	return NULL;
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
	if (asym) {
		busiest = busiest_asym(c, mine);
		goto pull;
	}
	for (int i = 0; i < NCPU; i++) {
		struct cpu *o = &cpus[i];
		if (o != c && o->online && (!busiest || o->rq_len > busiest->rq_len))
			busiest = o;
	}
	if (!busiest || busiest->rq_len + 1 < mine + 2)
		return;
pull:
	if (!busiest)
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

	/* The tick's length at this hart's speed, in microseconds at the reference speed. */
	if (c->proc)
		c->proc->cputime_us += 1000000 / HZ * c->speed / SPEED_FULL;
	if (c->stats.ticks % BALANCE_TICKS == 0)
		balance(c);
	if (c->rq_len > 0 || c->give_to >= 0)
		c->need_resched = 1;
}

/* At p's exit: its CPU time, where the platform asked for it (SIMCTL_BOOT_CPUTIME). */
void cputime_report(struct proc *p)
{
	if (report_cputime)
		printf("cputime: pid %d (%s) %llu us at the reference speed\n", p->pid, p->name,
		       p->cputime_us);
}

/* A reschedule IPI: work was queued here. */
void sched_ipi(void)
{
	struct cpu *c = mycpu();

	csr_clear(sip, MIP_SSIP);
	c->stats.ipis++;
	if (c->rq_len > 0 || c->give_to >= 0)
		c->need_resched = 1;
}
