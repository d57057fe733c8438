// SPDX-License-Identifier: MIT
/*
 * printf.c - the printf family. One formatter writes into a sink: a caller's
 * buffer (snprintf) or a local buffer flushed to a file descriptor, so that a
 * short printf is one write() and lines from concurrent processes stay whole.
 */
#include "ulib.h"

struct sink {
	char *buf;	/* destination bytes */
	int cap;	/* bytes buf holds */
	int len;	/* bytes stored in buf so far */
	int total;	/* bytes produced, stored or not */
	int fd;		/* flush target, or -1 for a string */
};

static void flush(struct sink *s)
{
	if (s->fd >= 0 && s->len) {
		writeall(s->fd, s->buf, s->len);
		s->len = 0;
	}
}

static void put(struct sink *s, char c)
{
	if (s->len >= s->cap) {
		if (s->fd < 0) {
			s->total++;
			return;
		}
		flush(s);
	}
	s->buf[s->len++] = c;
	s->total++;
}

static void emit(struct sink *s, const char *p, int len, int width, int left, char pad)
{
	if (pad == '0' && !left && len > 0 && *p == '-') {
		put(s, *p++);
		len--;
		width--;
	}
	for (; !left && width > len; width--)
		put(s, pad);
	for (int i = 0; i < len; i++)
		put(s, p[i]);
	for (; left && width > len; width--)
		put(s, ' ');
}

static char *utoa(char *end, uint32_t v, unsigned base, int upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	do {
		*--end = digits[v % base];
		v /= base;
	} while (v);
	return end;
}

static void format(struct sink *s, const char *fmt, va_list ap)
{
	char num[16];
	char *end = num + sizeof(num);

	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			put(s, *fmt);
			continue;
		}
		fmt++;
		int left = 0, width = 0, prec = -1;
		char pad = ' ';

		for (;; fmt++) {
			if (*fmt == '-')
				left = 1;
			else if (*fmt == '0')
				pad = '0';
			else
				break;
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			fmt++;
		}
		while (isdigit(*fmt))
			width = width * 10 + (*fmt++ - '0');
		if (*fmt == '.') {
			prec = 0;
			fmt++;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			}
			while (isdigit(*fmt))
				prec = prec * 10 + (*fmt++ - '0');
		}
		while (*fmt == 'l' || *fmt == 'z')
			fmt++;

		const char *p;
		int32_t d;
		char c;

		switch (*fmt) {
		case 'd':
		case 'i':
			d = va_arg(ap, int32_t);
			p = utoa(end, d < 0 ? -(uint32_t)d : (uint32_t)d, 10, 0);
			if (d < 0)
				*(char *)--p = '-';
			emit(s, p, end - p, width, left, pad);
			break;
		case 'u':
			p = utoa(end, va_arg(ap, uint32_t), 10, 0);
			emit(s, p, end - p, width, left, pad);
			break;
		case 'x':
		case 'X':
			p = utoa(end, va_arg(ap, uint32_t), 16, *fmt == 'X');
			emit(s, p, end - p, width, left, pad);
			break;
		case 'p':
			p = utoa(end, (uint32_t)(uintptr_t)va_arg(ap, void *), 16, 0);
			*(char *)--p = 'x';
			*(char *)--p = '0';
			emit(s, p, end - p, width, left, pad);
			break;
		case 's':
			p = va_arg(ap, const char *);
			if (!p)
				p = "(null)";
			d = 0;
			while (p[d] && (prec < 0 || d < prec))
				d++;
			emit(s, p, d, width, left, ' ');
			break;
		case 'c':
			c = (char)va_arg(ap, int);
			emit(s, &c, 1, width, left, ' ');
			break;
		case '%':
			put(s, '%');
			break;
		case '\0':
			return;
		default:
			put(s, '%');
			put(s, *fmt);
			break;
		}
	}
}

int vfprintf(int fd, const char *fmt, va_list ap)
{
	char buf[256];
	struct sink s = { .buf = buf, .cap = sizeof(buf), .fd = fd };

	format(&s, fmt, ap);
	flush(&s);
	return s.total;
}

int vsnprintf(char *buf, int n, const char *fmt, va_list ap)
{
	struct sink s = { .buf = buf, .cap = n > 0 ? n - 1 : 0, .fd = -1 };

	format(&s, fmt, ap);
	if (n > 0)
		buf[s.len] = 0;
	return s.total;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf(STDOUT, fmt, ap);
	va_end(ap);
	return r;
}

int fprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

int snprintf(char *buf, int n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}
