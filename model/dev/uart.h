/* SPDX-License-Identifier: MIT */
/*
 * ns16550a UART, as drivers for QEMU virt's see it: THR/RBR, IER, IIR/FCR,
 * LCR (DLAB selects the divisor latches), MCR, LSR, MSR, SCR. Transmitted
 * bytes go to a host stream at once, so THR is always empty. Received bytes
 * come from a host file descriptor (stdin or a file), read when the loop
 * polls. The interrupt line (receive data, THR empty) goes to the PLIC.
 */
#ifndef OSPREY_UART_H
#define OSPREY_UART_H

#include <stdint.h>
#include <stdio.h>

#include "dev/plic.h"
#include "mem/memmap.h"

#define UART_RX_BUF 256		/* bytes buffered from the host */

struct uart {
	uint8_t ier, lcr, mcr, scr, fcr;
	uint8_t dll, dlm;		/* divisor latch: stored, no effect on timing */
	int thre_pending;		/* THR-empty interrupt raised, not yet seen in IIR */
	uint8_t rx[UART_RX_BUF];	/* received bytes not yet read by the guest */
	int rx_head, rx_count;
	int in_fd;			/* receive source; -1 when there is none or at EOF */
	FILE *out;			/* transmit sink */
	struct plic *plic;
	int irq;			/* PLIC source number */
};

void uart_init(struct uart *u, FILE *out, int in_fd, struct plic *plic, int irq);

/*
 * Reads whatever the receive source has ready, waiting up to @timeout_ms
 * (-1: until input or EOF). Returns 1 when bytes arrived.
 */
int uart_poll(struct uart *u, int timeout_ms);

/* True while the receive source may still deliver bytes. */
static inline int uart_rx_open(const struct uart *u)
{
	return u->in_fd >= 0;
}

extern const struct mmio_ops uart_ops;

#endif
