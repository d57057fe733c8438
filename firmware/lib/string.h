/* SPDX-License-Identifier: MIT */
/*
 * string.h - the few libc string functions; GCC emits calls to memset and
 * memcpy even in freestanding code, so the runtime must provide them.
 */
#ifndef FW_STRING_H
#define FW_STRING_H

#include <stddef.h>

void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
char *strcpy(char *dst, const char *src);

#endif /* FW_STRING_H */
