/* SPDX-License-Identifier: MIT */
/* uart.h - polled output on the ns16550a UART and a small printf. */
#ifndef FW_UART_H
#define FW_UART_H

#include <stdarg.h>

void uart_putc(char c);
void uart_puts(const char *s);

/*
 * printf subset: %d %i %u %x %X %s %c %p %%, flags '-' and '0', a field
 * width, and an ignored 'l' length (int and long are both 32 bits here).
 * Whole calls are serialised by a lock, so lines from different harts do not
 * mix, but their order still depends on timing.  No format attribute:
 * uint32_t is long on this ABI, and %u/%lu are the same here, so GCC's
 * checking would only flag harmless mismatches.
 */
int printf(const char *fmt, ...);
int vprintf(const char *fmt, va_list ap);

#endif /* FW_UART_H */
