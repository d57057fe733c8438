// SPDX-License-Identifier: MIT
#include "png.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of a zlib stored block at most (its length field is 16 bits). */
#define STORED_MAX 65535

uint32_t png_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
	static uint32_t table[256];
	static int ready;

	if (!ready) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;

			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
		ready = 1;
	}
	crc = ~crc;
	while (n--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

uint32_t png_adler32(uint32_t adler, const uint8_t *p, size_t n)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;

	while (n) {
		/* 5552 bytes keep the sums below 2^32 before the reduction (zlib's NMAX). */
		size_t k = n < 5552 ? n : 5552;

		n -= k;
		while (k--) {
			a += *p++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* One chunk: length, type, data, CRC of type and data. */
static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
	uint8_t head[8], tail[4];
	uint32_t crc;

	put32(head, (uint32_t)n);
	memcpy(head + 4, type, 4);
	crc = png_crc32(0, head + 4, 4);
	crc = png_crc32(crc, data, n);
	put32(tail, crc);
	return fwrite(head, 1, 8, f) != 8 || (n && fwrite(data, 1, n, f) != n) ||
	       fwrite(tail, 1, 4, f) != 4 ? -1 : 0;
}

int png_write(FILE *f, const uint32_t *px, int w, int h, const char *key, const char *text)
{
	static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	size_t row = 1 + 3 * (size_t)w, raw_n = row * (size_t)h;
	size_t blocks = raw_n / STORED_MAX + 1;
	size_t z_n = 2 + raw_n + 5 * blocks + 4, zo = 0;
	uint8_t ihdr[13], *raw = malloc(raw_n), *z = malloc(z_n);
	int err = -1;

	if (!raw || !z)
		goto out_free;
	/* The scanlines: filter type 0 (none), then R, G, B per pixel. */
	for (int y = 0; y < h; y++) {
		uint8_t *r = raw + row * (size_t)y;

		*r++ = 0;
		for (int x = 0; x < w; x++) {
			uint32_t c = px[(size_t)y * (size_t)w + (size_t)x];

			*r++ = (uint8_t)(c >> 16);
			*r++ = (uint8_t)(c >> 8);
			*r++ = (uint8_t)c;
		}
	}
	/* zlib: deflate with a 32K window, no dictionary; stored blocks; Adler-32. */
	z[zo++] = 0x78;
	z[zo++] = 0x01;
	for (size_t done = 0; done < raw_n || done == 0;) {
		size_t n = raw_n - done < STORED_MAX ? raw_n - done : STORED_MAX;

		z[zo++] = done + n == raw_n;	/* BFINAL on the last; BTYPE 00: stored */
		z[zo++] = (uint8_t)n;
		z[zo++] = (uint8_t)(n >> 8);
		z[zo++] = (uint8_t)~n;
		z[zo++] = (uint8_t)(~n >> 8);
		memcpy(z + zo, raw + done, n);
		zo += n;
		done += n;
		if (!raw_n)
			break;
	}
	put32(z + zo, png_adler32(1, raw, raw_n));
	zo += 4;

	put32(ihdr, (uint32_t)w);
	put32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;		/* bits per sample */
	ihdr[9] = 2;		/* colour type: RGB */
	ihdr[10] = 0;		/* deflate */
	ihdr[11] = 0;		/* adaptive filtering (each row says none) */
	ihdr[12] = 0;		/* no interlace */
	if (fwrite(signature, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, sizeof(ihdr)))
		goto out_free;
	if (key) {
		size_t kn = strlen(key), tn = strlen(text);
		uint8_t *t = malloc(kn + 1 + tn);

		if (!t)
			goto out_free;
		memcpy(t, key, kn + 1);		/* the key, its NUL, the text */
		memcpy(t + kn + 1, text, tn);
		err = chunk(f, "tEXt", t, kn + 1 + tn);
		free(t);
		if (err)
			goto out_free;
		err = -1;
	}
	if (chunk(f, "IDAT", z, zo) || chunk(f, "IEND", NULL, 0))
		goto out_free;
	err = 0;
out_free:
	free(raw);
	free(z);
	return err;
}
