// SPDX-License-Identifier: MIT
/*
 * string.c - small-object helpers.  Bulk data (pages, blocks, user copies)
 * goes through blk.c instead.  The compiler may also call memset/memcpy for
 * struct assignments.
 */
#include "defs.h"

void *memset(void *dst, int c, size_t n)
{
	uint8_t *d = dst;

	while (n--)
		*d++ = (uint8_t)c;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

	if (s < d && s + n > d) {
		while (n--)
			d[n] = s[n];
	} else {
		while (n--)
			*d++ = *s++;
	}
	return dst;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	return memmove(dst, src, n);
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n && *a && *a == *b; n--, a++, b++)
		;
	return n ? (uint8_t)*a - (uint8_t)*b : 0;
}

/* Copy at most n-1 bytes and always NUL-terminate. */
char *safestrcpy(char *dst, const char *src, size_t n)
{
	char *d = dst;

	if (n == 0)
		return dst;
	while (--n && *src)
		*d++ = *src++;
	*d = 0;
	return dst;
}
