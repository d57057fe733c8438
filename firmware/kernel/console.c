// SPDX-License-Identifier: MIT
/*
 * console.c - the console on the ns16550a UART: polled output, interrupt-
 * driven input with a cooked line discipline (echo, backspace, ^U kills the
 * line, ^D ends input, ^P lists processes).  read() returns at most one
 * line.  Until the kernel page table maps the UART, output goes through the
 * M-mode layer (SBI_PUTCHAR).
 */
#include "abi.h"
#include "defs.h"
#include "memlayout.h"
#include "proc.h"

#define UART_RBR	0	/* receive buffer (read) */
#define UART_THR	0	/* transmit holding (write) */
#define UART_IER	1	/* interrupt enable */
#define UART_FCR	2	/* FIFO control (write) */
#define UART_LCR	3	/* line control */
#define UART_LSR	5	/* line status */
#define UART_LSR_DR	0x01	/* a received byte is waiting */
#define UART_LSR_THRE	0x20	/* THR empty */

#define CTRL(x)		((x) - '@')

static volatile uint8_t *const uart = (volatile uint8_t *)UART_VA;
static int uart_mapped;		/* set once by hart 0 at boot */

static struct {
	struct spinlock lock;
	char buf[CONS_BUF];	/* lock: ring of input */
	uint32_t r;		/* lock: next byte read() returns */
	uint32_t w;		/* lock: end of the completed lines */
	uint32_t e;		/* lock: end of the line being edited */
} cons;

static struct spinlock out_lock;	/* keeps one write() call's bytes together */

static void uart_putc(int c)
{
	if (!uart_mapped) {
		sbi_putchar(c);
		return;
	}
	while (!(uart[UART_LSR] & UART_LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
}

void console_putc(int c)
{
	uart_putc(c);
}

void console_init(void)
{
	initlock(&cons.lock, "cons");
	initlock(&out_lock, "cons_out");
	uart_mapped = 1;
	uart[UART_IER] = 0;
	uart[UART_LCR] = 0x03;	/* 8 data bits, no parity, one stop bit */
	uart[UART_FCR] = 0x01;	/* FIFOs on; not cleared: input may already wait */
	uart[UART_IER] = 0x01;	/* interrupt on received data */
}

static void echo(int c)
{
	if (c == '\b') {
		uart_putc('\b');
		uart_putc(' ');
		uart_putc('\b');
	} else {
		uart_putc(c);
	}
}

static void console_intr(int c)
{
	acquire(&cons.lock);
	switch (c) {
	case CTRL('P'):
		release(&cons.lock);
		procdump();
		return;
	case CTRL('U'):
		while (cons.e != cons.w && cons.buf[(cons.e - 1) % CONS_BUF] != '\n') {
			cons.e--;
			echo('\b');
		}
		break;
	case '\b':
	case 0x7f:
		if (cons.e != cons.w) {
			cons.e--;
			echo('\b');
		}
		break;
	default:
		if (c == 0 || cons.e - cons.r >= CONS_BUF)
			break;
		if (c == '\r')
			c = '\n';
		if (c != CTRL('D'))
			echo(c);
		cons.buf[cons.e++ % CONS_BUF] = (char)c;
		if (c == '\n' || c == CTRL('D') || cons.e - cons.r == CONS_BUF) {
			cons.w = cons.e;
			wakeup(&cons.r);
		}
	}
	release(&cons.lock);
}

void uart_intr(void)
{
	while (uart[UART_LSR] & UART_LSR_DR)
		console_intr(uart[UART_RBR]);
}

/* Read up to one line; 0 at ^D on an empty line. */
int console_read(int user, uint32_t dst, int n)
{
	int got = 0;

	acquire(&cons.lock);
	while (got < n) {
		while (cons.r == cons.w) {
			if (killed(myproc())) {
				release(&cons.lock);
				return -EINTR;
			}
			sleep(&cons.r, &cons.lock);
		}
		char c = cons.buf[cons.r++ % CONS_BUF];
		if (c == CTRL('D')) {
			if (got > 0)
				cons.r--;	/* end this read; the next one returns 0 */
			break;
		}
		if (either_copyout(user, dst + got, &c, 1) < 0) {
			cons.r--;
			release(&cons.lock);
			return got ? got : -EFAULT;
		}
		got++;
		if (c == '\n')
			break;
	}
	release(&cons.lock);
	return got;
}

int console_write(int user, uint32_t src, int n)
{
	char buf[64];
	int done = 0;

	while (done < n) {
		int m = n - done < (int)sizeof(buf) ? n - done : (int)sizeof(buf);
		if (either_copyin(buf, user, src + done, m) < 0)
			return done ? done : -EFAULT;
		acquire(&out_lock);
		for (int i = 0; i < m; i++)
			uart_putc(buf[i]);
		release(&out_lock);
		done += m;
	}
	return done;
}
