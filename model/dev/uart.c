// SPDX-License-Identifier: MIT
#include "dev/uart.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

enum {
	REG_RBR_THR = 0, REG_IER = 1, REG_IIR_FCR = 2, REG_LCR = 3,
	REG_MCR = 4, REG_LSR = 5, REG_MSR = 6, REG_SCR = 7,
};

#define IER_RDI		0x01	/* receive data available interrupt enable */
#define IER_THRI	0x02	/* THR empty interrupt enable */
#define IIR_NONE	0x01
#define IIR_THRI	0x02
#define IIR_RDI		0x04
#define IIR_FIFO	0xc0	/* FIFOs enabled */
#define LCR_DLAB	0x80
#define LSR_DR		0x01	/* data ready */
#define LSR_THRE	0x20	/* THR empty */
#define LSR_TEMT	0x40	/* transmitter empty */

static void update_irq(struct uart *u)
{
	int rx = (u->ier & IER_RDI) && u->rx_count;
	int tx = (u->ier & IER_THRI) && u->thre_pending;

	plic_set_irq(u->plic, u->irq, rx || tx);
}

void uart_init(struct uart *u, FILE *out, int in_fd, struct plic *plic, int irq)
{
	memset(u, 0, sizeof(*u));
	u->out = out;
	u->in_fd = in_fd;
	u->plic = plic;
	u->irq = irq;
}

int uart_poll(struct uart *u, int timeout_ms)
{
	struct pollfd pfd;
	ssize_t n;
	int tail;

	if (u->in_fd < 0 || u->rx_count == UART_RX_BUF)
		return 0;
	pfd.fd = u->in_fd;
	pfd.events = POLLIN;
	if (timeout_ms)
		fflush(u->out);		/* the guest may be waiting on a prompt */
	if (poll(&pfd, 1, timeout_ms) <= 0)
		return 0;
	tail = (u->rx_head + u->rx_count) % UART_RX_BUF;
	/* Read at most to the end of the ring; the next poll reads the rest. */
	n = read(u->in_fd, &u->rx[tail], tail >= u->rx_head ? UART_RX_BUF - tail
							     : u->rx_head - tail);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		u->in_fd = -1;	/* EOF or error: nothing more will arrive */
		return 0;
	}
	u->rx_count += (int)n;
	update_irq(u);
	return 1;
}

static int uart_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	struct uart *u = dev;

	/* Wider accesses act on the register's byte, as QEMU's 16550 model does. */
	switch (off) {
	case REG_RBR_THR:
		if (u->lcr & LCR_DLAB) {
			*val = u->dll;
		} else if (u->rx_count) {
			*val = u->rx[u->rx_head];
			u->rx_head = (u->rx_head + 1) % UART_RX_BUF;
			u->rx_count--;
			update_irq(u);
		} else {
			*val = 0;
		}
		break;
	case REG_IER: *val = (u->lcr & LCR_DLAB) ? u->dlm : u->ier; break;
	case REG_IIR_FCR:
		if ((u->ier & IER_RDI) && u->rx_count) {
			*val = IIR_RDI;
		} else if ((u->ier & IER_THRI) && u->thre_pending) {
			*val = IIR_THRI;
			u->thre_pending = 0;	/* reading IIR clears a THR-empty interrupt */
			update_irq(u);
		} else {
			*val = IIR_NONE;
		}
		if (u->fcr & 1)
			*val |= IIR_FIFO;
		break;
	case REG_LCR: *val = u->lcr; break;
	case REG_MCR: *val = u->mcr; break;
	case REG_LSR: *val = LSR_THRE | LSR_TEMT | (u->rx_count ? LSR_DR : 0); break;
	case REG_MSR: *val = 0xb0; break;	/* CTS, DSR, DCD asserted */
	case REG_SCR: *val = u->scr; break;
	default: *val = 0;
	}
	return 0;
}

static int uart_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct uart *u = dev;
	uint8_t b = (uint8_t)val;

	switch (off) {
	case REG_RBR_THR:
		if (u->lcr & LCR_DLAB) {
			u->dll = b;
		} else {
			fputc(b, u->out);
			u->thre_pending = 1;	/* sent at once: THR is empty again */
		}
		break;
	case REG_IER:
		if (u->lcr & LCR_DLAB) {
			u->dlm = b;
		} else {
			/* Enabling the THR-empty interrupt raises it, the THR being empty. */
			if ((b & IER_THRI) && !(u->ier & IER_THRI))
				u->thre_pending = 1;
			u->ier = b & 0x0f;
		}
		break;
	case REG_IIR_FCR:
		u->fcr = b & 0xc9;
		if (b & 0x02) {		/* clear the receive FIFO */
			u->rx_head = u->rx_count = 0;
		}
		break;
	case REG_LCR: u->lcr = b; break;
	case REG_MCR: u->mcr = b & 0x1f; break;
	case REG_SCR: u->scr = b; break;
	default: break;
	}
	update_irq(u);
	return 0;
}

const struct mmio_ops uart_ops = { uart_read, uart_write };
