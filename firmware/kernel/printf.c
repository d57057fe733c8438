// SPDX-License-Identifier: MIT
/*
 * printf.c - formatted console output, panic() and symbolized backtraces.
 *
 * Backtraces walk the frame-pointer chain (the kernel is compiled with
 * -fno-omit-frame-pointer: ra at fp-4, the caller's fp at fp-8) and name
 * each return address from the symbol table embedded in the image: the
 * build links the kernel twice and the second link adds a .ksyms section
 * generated from the first one's text symbols (kernel.mk, ksyms.sh).
 */
#include <stdarg.h>
#include "defs.h"
#include "proc.h"
#include "spinlock.h"
#include "memlayout.h"

#define PANIC_EXIT_CODE 112	/* finisher code a kernel panic powers off with */

volatile int panicked;		/* set once; then other harts stop printing */

static struct {
	struct spinlock lock;	/* serializes whole printf() calls */
	int locking;		/* 0 once panicking, to never deadlock on lock */
} pr = { .locking = 1 };

struct ksym {
	uint32_t addr;
	const char *name;
};
extern const struct ksym ksyms[];	/* sorted by addr (ksyms.sh) */
extern const uint32_t ksyms_count;

static void print_num(uint64_t v, int base, int neg, int width, int zero)
{
	char buf[24];
	int i = 0;

	do {
		buf[i++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg)
		buf[i++] = '-';
	while (i < width--)
		console_putc(zero ? '0' : ' ');
	while (i > 0)
		console_putc(buf[--i]);
}

static void vprintf(const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			console_putc(*fmt);
			continue;
		}
		int width = 0, zero = 0, lng = 0;
		fmt++;
		if (*fmt == '0') {
			zero = 1;
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + *fmt++ - '0';
		while (*fmt == 'l') {
			lng++;
			fmt++;
		}
		switch (*fmt) {
		case 'd':
		case 'i': {
			int64_t v = lng >= 2 ? va_arg(ap, int64_t) : va_arg(ap, int);
			print_num(v < 0 ? -(uint64_t)v : (uint64_t)v, 10, v < 0, width, zero);
			break;
		}
		case 'u':
			print_num(lng >= 2 ? va_arg(ap, uint64_t) : va_arg(ap, uint32_t), 10, 0, width,
				  zero);
			break;
		case 'x':
			print_num(lng >= 2 ? va_arg(ap, uint64_t) : va_arg(ap, uint32_t), 16, 0, width,
				  zero);
			break;
		case 'p':
			console_putc('0');
			console_putc('x');
			print_num(va_arg(ap, uint32_t), 16, 0, 8, 1);
			break;
		case 'c':
			console_putc(va_arg(ap, int));
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			while (*s)
				console_putc(*s++);
			break;
		}
		case '%':
			console_putc('%');
			break;
		case 0:
			return;
		default:
			console_putc('%');
			console_putc(*fmt);
		}
	}
}

void printf(const char *fmt, ...)
{
	va_list ap;
	int locking = pr.locking;

	if (locking)
		acquire(&pr.lock);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (locking)
		release(&pr.lock);
}

static const struct ksym *ksym_find(uint32_t pc)
{
	uint32_t lo = 0, hi = ksyms_count;

	if (hi == 0 || pc < ksyms[0].addr)
		return NULL;
	while (hi - lo > 1) {	/* invariant: ksyms[lo].addr <= pc */
		uint32_t mid = (lo + hi) / 2;
		if (ksyms[mid].addr <= pc)
			lo = mid;
		else
			hi = mid;
	}
	return &ksyms[lo];
}

static void print_pc(uint32_t pc)
{
	const struct ksym *s = ksym_find(pc);

	if (s)
		printf("  %p  %s+0x%x\n", pc, s->name, pc - s->addr);
	else
		printf("  %p  ?\n", pc);
}

static int fp_ok(uint32_t fp)
{
	return fp >= RAM_BASE && fp < PHYSTOP && (fp & 3) == 0;
}

/* Print the return addresses of the frame chain starting at fp. */
void backtrace(uint32_t fp)
{
	for (int depth = 0; depth < 32 && fp_ok(fp); depth++) {
		uint32_t ra = ((uint32_t *)fp)[-1];
		fp = ((uint32_t *)fp)[-2];
		if (ra == 0)
			break;
		print_pc(ra - 4);	/* the call instruction */
	}
}

static void __attribute__((noreturn)) panic_stop(void)
{
	sbi_shutdown(PANIC_EXIT_CODE);
}

static int panic_begin(void)
{
	static uint32_t owner;	/* first hart to panic: AMO */

	intr_off();
	if (__atomic_exchange_n(&owner, 1, __ATOMIC_ACQ_REL)) {
		for (;;)	/* another hart is already reporting */
			asm volatile("wfi");
	}
	pr.locking = 0;
	panicked = 1;
	return 1;
}

void panic(const char *fmt, ...)
{
	va_list ap;

	panic_begin();
	printf("\nkernel panic on hart %d: ", cpuid());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nbacktrace:\n");
	backtrace(r_fp());
	panic_stop();
}

/* A panic for a fault in kernel code: the faulting pc first, then its callers. */
void panic_frame(struct trapframe *tf, const char *fmt, ...)
{
	va_list ap;

	panic_begin();
	printf("\nkernel panic on hart %d: ", cpuid());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n  sepc %p stval %p scause %p ra %p sp %p\nbacktrace:\n", tf->sepc, tf->stval,
	       tf->scause, tf->ra, tf->sp);
	print_pc(tf->sepc);
	/*
	 * A leaf function keeps ra in its register and saves only the old fp,
	 * at fp-4: a stack address above fp, where a non-leaf frame has a
	 * return address into .text (below the stacks).
	 */
	uint32_t fp = tf->s0;
	if (fp_ok(fp) && ((uint32_t *)fp)[-1] > fp && fp_ok(((uint32_t *)fp)[-1])) {
		print_pc(tf->ra - 4);
		fp = ((uint32_t *)fp)[-1];
	}
	backtrace(fp);
	panic_stop();
}
