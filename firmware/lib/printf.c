// SPDX-License-Identifier: MIT
/* printf.c - the printf subset described in uart.h, straight to the UART. */
#include <stdint.h>

#include "sync.h"
#include "uart.h"

/* Serialises whole printf calls between harts. */
static struct spinlock print_lock;

/* Emits s padded to width; returns the number of characters written. */
static int emit(const char *s, int len, int width, int left, char pad)
{
	int n = 0;

	/* with zero padding the sign goes before the zeros */
	if (pad == '0' && !left && len > 0 && *s == '-') {
		uart_putc(*s++);
		len--;
		width--;
		n++;
	}
	for (; !left && width > len; width--, n++)
		uart_putc(pad);
	for (int i = 0; i < len; i++, n++)
		uart_putc(s[i]);
	for (; left && width > len; width--, n++)
		uart_putc(' ');
	return n;
}

/* Formats v in base into the end of buf; returns the start. */
static char *utoa(char *end, uint32_t v, unsigned base, int upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	*--end = '\0';
	do {
		*--end = digits[v % base];
		v /= base;
	} while (v);
	return end;
}

int vprintf(const char *fmt, va_list ap)
{
	char buf[16];
	int n = 0;

	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			uart_putc(*fmt);
			n++;
			continue;
		}
		fmt++;
		int left = 0, width = 0;
		char pad = ' ';

		for (;; fmt++) {
			if (*fmt == '-')
				left = 1;
			else if (*fmt == '0')
				pad = '0';
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l')
			fmt++;

		const char *s;
		char c;
		int32_t d;

		switch (*fmt) {
		case 'd':
		case 'i':
			d = va_arg(ap, int32_t);
			s = utoa(buf + sizeof(buf), d < 0 ? -(uint32_t)d : (uint32_t)d, 10, 0);
			if (d < 0)
				*(char *)--s = '-';
			break;
		case 'u':
			s = utoa(buf + sizeof(buf), va_arg(ap, uint32_t), 10, 0);
			break;
		case 'x':
		case 'X':
			s = utoa(buf + sizeof(buf), va_arg(ap, uint32_t), 16, *fmt == 'X');
			break;
		case 'p':
			s = utoa(buf + sizeof(buf), (uint32_t)va_arg(ap, void *), 16, 0);
			n += emit("0x", 2, 0, 0, ' ');
			break;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			break;
		case 'c':
			c = (char)va_arg(ap, int);
			n += emit(&c, 1, width, left, ' ');
			continue;
		case '\0':
			return n;
		default:	/* "%%" and unknown conversions print themselves */
			uart_putc(*fmt);
			n++;
			continue;
		}
		int len = 0;

		while (s[len])
			len++;
		n += emit(s, len, width, left, *fmt == 's' ? ' ' : pad);
	}
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	spin_lock(&print_lock);
	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	spin_unlock(&print_lock);
	return n;
}
