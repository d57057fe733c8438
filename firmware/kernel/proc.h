/* SPDX-License-Identifier: MIT */
/* proc.h - processes, harts (struct cpu), saved contexts and trap frames. */
#ifndef KERNEL_PROC_H
#define KERNEL_PROC_H

#include <stdint.h>
#include "abi.h"
#include "param.h"
#include "kdata.h"
#include "riscv.h"
#include "spinlock.h"

/* Callee-saved registers kept by swtch() (swtch.S relies on this order). */
struct context {
	uint32_t ra, sp;
	uint32_t s[12];
};

/*
 * Registers of an interrupted context, saved by trapvec.S.  Index i (for
 * i = 1..31) holds register xi; the slot of x0 keeps the kernel's tp while
 * the process runs in user mode.  The frame of a trap from user mode is at
 * the top of the process's kernel stack (proc.tf); a trap from the kernel
 * pushes one on the current stack.  Layout shared with trapvec.S.
 */
struct trapframe {
	uint32_t ktp;		/* 0: kernel tp (struct cpu *) while in user mode */
	uint32_t ra, sp, gp, tp, t0, t1, t2, s0, s1;
	uint32_t a0, a1, a2, a3, a4, a5, a6, a7;
	uint32_t s2, s3, s4, s5, s6, s7, s8, s9, s10, s11;
	uint32_t t3, t4, t5, t6;
	uint32_t sepc;		/* 128 */
	uint32_t sstatus;	/* 132 */
	uint32_t scause;	/* 136 */
	uint32_t stval;		/* 140 */
};

/* Per-hart event counters: each written only by its own hart. */
struct cpu_stats {
	uint64_t ticks;		/* timer interrupts */
	uint64_t syscalls;	/* ecalls from user mode */
	uint64_t irqs;		/* external interrupts */
	uint64_t ipis;		/* software interrupts received */
	uint64_t switches;	/* context switches into a process */
	uint64_t steals;	/* processes pulled from another hart's queue */
	uint64_t handovers;	/* running processes handed to a faster idle hart */
	uint64_t idles;		/* times the hart waited in wfi */
};

struct proc;

/*
 * One per hart; cpus[i] belongs to hart i and is reached through tp.
 *
 * With KOPT_PRIV (kdata.h) the same fields are grouped by who touches them,
 * a cache line per group: what other harts read as hints (online, idle,
 * rq_len), what only this hart touches, the run queue (other harts take
 * rqlock to push and steal), and this hart's counters. In the original
 * order a context switch (ctx) or a counter update on one hart takes the
 * line from every hart that reads its hints.
 */
#ifdef KOPT_PRIV
struct cpu {
	/* read by other harts: load hints */
	int id;				/* hart id */
	int online;			/* set once when the hart starts scheduling */
	volatile int idle;		/* written by this hart, read racily by others */
	volatile int rq_len;		/* rqlock; read racily as a load hint */
	uint32_t speed;			/* set at boot, read-only: SPEED_FULL / clock ratio */
	volatile int give_to;		/* a faster idle hart that asked for this hart's
					 * process (sched.c), or -1: set by it, cleared here */
	/* this hart only */
	struct proc *proc __kopt_line;	/* the process running here, or NULL */
	struct context ctx;		/* scheduler()'s saved registers */
	int noff;			/* push_off() depth */
	int intena;			/* interrupts enabled before push_off() */
	int need_resched;		/* yield at the next return to user */
	uint64_t next_timer;		/* mtime of the next tick */
	/* the run queue */
	struct spinlock rqlock __kopt_line;	/* guards the run queue */
	struct proc *rq_head;		/* rqlock: FIFO of RUNNABLE processes */
	struct proc *rq_tail;		/* rqlock */
	struct cpu_stats stats __kopt_line;	/* this hart only */
} __cacheline_aligned;
#else
struct cpu {
	int id;				/* hart id */
	int online;			/* set once when the hart starts scheduling */
	struct proc *proc;		/* this hart: the process running here, or NULL */
	struct context ctx;		/* this hart: scheduler()'s saved registers */
	int noff;			/* this hart: push_off() depth */
	int intena;			/* this hart: interrupts enabled before push_off() */
	int need_resched;		/* this hart: yield at the next return to user */
	volatile int idle;		/* written by this hart, read racily by others */
	uint64_t next_timer;		/* this hart: mtime of the next tick */
	struct spinlock rqlock;		/* guards the run queue */
	struct proc *rq_head;		/* rqlock: FIFO of RUNNABLE processes */
	struct proc *rq_tail;		/* rqlock */
	volatile int rq_len;		/* rqlock; read racily as a load hint */
	uint32_t speed;			/* set at boot, read-only: SPEED_FULL / clock ratio */
	volatile int give_to;		/* a faster idle hart that asked for this hart's
					 * process (sched.c), or -1: set by it, cleared here */
	struct cpu_stats stats;		/* this hart only */
} __cacheline_aligned;
#endif

enum procstate { UNUSED, USED, SLEEPING, RUNNABLE, RUNNING, ZOMBIE };

struct proc {
	struct spinlock lock;

	enum procstate state;		/* lock */
	void *chan;			/* lock: what a SLEEPING process waits for */
	int killed;			/* lock: exit at the next return to user */
	int xstate;			/* lock: exit status for wait() */
	int pid;			/* lock */
	int cpu;			/* lock: hart it runs on, last ran on or is queued on */
	struct proc *rq_next;		/* cpus[cpu].rqlock: run queue link */

	struct proc *parent;		/* wait_lock */

	/* private to the process: touched only by itself (or before it first runs) */
	char *kstack;			/* bottom of the kernel stack (KSTACK_SIZE bytes) */
	struct trapframe *tf;		/* user registers, at the top of kstack */
	struct context ctx;		/* swtch() here to run the process */
	pagetable_t pagetable;		/* user half private, kernel half shared */
	uint32_t sz;			/* program break: end of text, data and heap */
	uint32_t heap_base;		/* end of the ELF image: sbrk() floor */
	struct file *ofile[NOFILE];	/* open files */
	struct inode *cwd;		/* current directory */
	/*
	 * CPU time in microseconds at the reference speed (a hart at the
	 * machine clock): each timer tick that finds the process running adds
	 * the tick's length, scaled by the hart's speed under the
	 * asymmetry-aware scheduler. Written only by the hart running it.
	 */
	uint64_t cputime_us;
	char name[16];			/* for debugging */
};

extern struct cpu cpus[NCPU];
extern struct proc proc[NPROC];

static inline struct cpu *mycpu(void)
{
	struct cpu *c;
	asm volatile("mv %0, tp" : "=r"(c));
	return c;
}

static inline int cpuid(void)
{
	return mycpu()->id;
}

#endif
