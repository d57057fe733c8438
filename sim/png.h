/* SPDX-License-Identifier: MIT */
/*
 * A minimal PNG writer for the view's snapshots: 8-bit RGB, no filtering,
 * the image data in zlib's stored (uncompressed) blocks, so no compression
 * library is needed; an optional tEXt chunk carries a key and its text.
 */
#ifndef OSPREY_PNG_H
#define OSPREY_PNG_H

#include <stdint.h>
#include <stdio.h>

/*
 * Writes the @w x @h pixels @px (0xRRGGBB each, rows top first) to @f, with
 * the tEXt chunk @key = @text unless @key is NULL. Returns 0, or -1 when
 * host memory ran out or a write failed.
 */
int png_write(FILE *f, const uint32_t *px, int w, int h, const char *key, const char *text);

/* The CRC-32 (ISO 3309, as PNG uses it) of @n bytes, continuing from @crc (0 to start). */
uint32_t png_crc32(uint32_t crc, const uint8_t *p, size_t n);

/* zlib's Adler-32 of @n bytes, continuing from @adler (1 to start). */
uint32_t png_adler32(uint32_t adler, const uint8_t *p, size_t n);

#endif
