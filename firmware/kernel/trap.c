// SPDX-License-Identifier: MIT
/*
 * trap.c - S-mode trap handling (trapvec.S calls trap()) and the PLIC.
 *
 * From user mode: system calls, interrupts, and faults, which kill the
 * process (it exits with status -1) rather than the kernel.  From the
 * kernel: interrupts only; any exception is a kernel bug and panics with a
 * backtrace.  A process is preempted only at its return to user mode.
 */
#include "defs.h"
#include "memlayout.h"
#include "proc.h"

#define REG(a) (*(volatile uint32_t *)(a))

void trap_init_hart(void)
{
	csr_write(stvec, (uint32_t)trap_vector);
	csr_write(sscratch, 0);
	csr_set(sie, MIP_SSIP | MIP_STIP | MIP_SEIP);
}

/* The UART interrupt is routed to hart 0's S-mode context only. */
void plic_init(void)
{
	REG(PLIC_PRIORITY(UART_IRQ)) = 1;
}

void plic_init_hart(void)
{
	int h = cpuid();

	REG(PLIC_SENABLE(h)) = h == 0 ? 1u << UART_IRQ : 0;
	REG(PLIC_STHRESHOLD(h)) = 0;
}

static void external_intr(void)
{
	int h = cpuid();
	uint32_t irq = REG(PLIC_SCLAIM(h));

	mycpu()->stats.irqs++;
	if (irq == UART_IRQ)
		uart_intr();
	else if (irq)
		printf("kernel: unexpected irq %u\n", irq);
	if (irq)
		REG(PLIC_SCLAIM(h)) = irq;
}

static const char *cause_name(uint32_t cause)
{
	static const char *names[] = {
		[CAUSE_FETCH_MISALIGNED] = "misaligned fetch",
		[CAUSE_FETCH_ACCESS] = "fetch access fault",
		[CAUSE_ILLEGAL] = "illegal instruction",
		[CAUSE_BREAKPOINT] = "breakpoint",
		[CAUSE_LOAD_MISALIGNED] = "misaligned load",
		[CAUSE_LOAD_ACCESS] = "load access fault",
		[CAUSE_STORE_MISALIGNED] = "misaligned store",
		[CAUSE_STORE_ACCESS] = "store access fault",
		[CAUSE_ECALL_U] = "ecall from U",
		[CAUSE_ECALL_S] = "ecall from S",
		[CAUSE_FETCH_PAGE] = "fetch page fault",
		[CAUSE_LOAD_PAGE] = "load page fault",
		[CAUSE_STORE_PAGE] = "store page fault",
	};

	if (cause < NELEM(names) && names[cause])
		return names[cause];
	return "unknown exception";
}

void trap(struct trapframe *tf)
{
	uint32_t cause = tf->scause;
	int user = !(tf->sstatus & SSTATUS_SPP);
	struct proc *p;

	if (cause & CAUSE_IRQ) {
		switch (cause & ~CAUSE_IRQ) {
		case IRQ_S_TIMER:
			clock_intr();
			break;
		case IRQ_S_SOFT:
			sched_ipi();
			break;
		case IRQ_S_EXT:
			external_intr();
			break;
		default:
			panic_frame(tf, "unexpected interrupt %p", cause);
		}
	} else if (!user) {
		panic_frame(tf, "%s in kernel", cause_name(cause));
	} else if (cause == CAUSE_ECALL_U) {
		tf->sepc += 4;
		mycpu()->stats.syscalls++;
		intr_on();
		syscall(tf);
	} else {
		p = myproc();
		printf("pid %d (%s): %s at pc %p, address %p: killed\n", p->pid, p->name,
		       cause_name(cause), tf->sepc, tf->stval);
		setkilled(p);
	}
	if (!user)
		return;
	p = myproc();
	if (killed(p))
		exit(-1);
	if (mycpu()->need_resched)
		yield();
}

/* Enter user mode through the current process's trap frame. */
void usertrapret(void)
{
	trapret(myproc()->tf);
}
