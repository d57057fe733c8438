// SPDX-License-Identifier: MIT
/* uart.c - polled ns16550a transmit. */
#include <stdint.h>

#include "platform.h"
#include "uart.h"

enum {
	UART_THR = 0,		/* transmit holding register (write) */
	UART_LSR = 5,		/* line status register */
	UART_LSR_THRE = 0x20,	/* THR empty: a byte may be written */
};

static volatile uint8_t *const uart = (volatile uint8_t *)UART_BASE;

void uart_putc(char c)
{
	while (!(uart[UART_LSR] & UART_LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
}

void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}
