// SPDX-License-Identifier: MIT
/* stdlib.c - program start, the line reader, numbers, sorting, checksums. */
#include "ulib.h"

int main(int argc, char **argv);

extern char __bss_start[], __bss_end[];

/* Called by crt0 with the kernel's a0/a1. */
void __libc_start(int argc, char **argv)
{
	memset(__bss_start, 0, __bss_end - __bss_start);
	exit(main(argc, argv));
}

void rbuf_init(struct rbuf *rb, int fd)
{
	rb->fd = fd;
	rb->pos = rb->len = 0;
}

int rbuf_getline(struct rbuf *rb, char *line, int n)
{
	int got = 0, any = 0;

	for (;;) {
		if (rb->pos >= rb->len) {
			rb->len = read(rb->fd, rb->buf, sizeof(rb->buf));
			rb->pos = 0;
			if (rb->len <= 0) {
				rb->len = 0;
				break;
			}
		}
		char c = rb->buf[rb->pos++];

		any = 1;
		if (c == '\n')
			break;
		if (got < n - 1)
			line[got++] = c;
	}
	line[got] = 0;
	return any ? got : -1;
}

long strtol(const char *s, char **end, int base)
{
	long v = 0;
	int neg = 0;

	while (isspace(*s))
		s++;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if ((base == 0 || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
	} else if (base == 0) {
		base = 10;
	}
	for (;; s++) {
		int d;

		if (isdigit(*s))
			d = *s - '0';
		else if (isalpha(*s))
			d = tolower(*s) - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
	}
	if (end)
		*end = (char *)s;
	return neg ? -v : v;
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

static void swap(char *a, char *b, size_t size)
{
	while (size--) {
		char t = *a;

		*a++ = *b;
		*b++ = t;
	}
}

/* Quicksort with median-of-three pivots, insertion sort for short ranges. */
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	char *a = base;

	while (n > 8) {
		char *lo = a, *mid = a + (n / 2) * size, *hi = a + (n - 1) * size;

		if (cmp(mid, lo) < 0)
			swap(mid, lo, size);
		if (cmp(hi, mid) < 0) {
			swap(hi, mid, size);
			if (cmp(mid, lo) < 0)
				swap(mid, lo, size);
		}
		swap(mid, a, size);	/* pivot at a[0] */
		size_t i = 1, j = n - 1;

		for (;;) {
			while (i <= j && cmp(a + i * size, a) < 0)
				i++;
			while (j >= i && cmp(a + j * size, a) > 0)
				j--;
			if (i >= j)
				break;
			swap(a + i * size, a + j * size, size);
			i++;
			j--;
		}
		swap(a, a + j * size, size);
		/* recurse on the smaller part, loop on the larger */
		if (j < n - j - 1) {
			qsort(a, j, size, cmp);
			a += (j + 1) * size;
			n -= j + 1;
		} else {
			qsort(a + (j + 1) * size, n - j - 1, size, cmp);
			n = j;
		}
	}
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
			swap(a + (j - 1) * size, a + j * size, size);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(STDERR, fmt, ap);
	va_end(ap);
	fdputs(STDERR, "\n");
	exit(1);
}

static uint32_t crc_table[256];

uint32_t crc32_update(uint32_t crc, const void *buf, int n)
{
	const unsigned char *p = buf;

	if (!crc_table[1]) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;

			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			crc_table[i] = c;
		}
	}
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

uint32_t fnv1a(uint32_t h, const void *buf, int n)
{
	const unsigned char *p = buf;

	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}
