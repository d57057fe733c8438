// SPDX-License-Identifier: MIT
/*
 * The view's pieces that need no machine: the PNG writer (its checksums
 * against their published check values and zlib's, and a picture read back
 * with zlib, over more than one stored block), the font (every printable
 * character drawn), and the console panel's line keeping.
 */
#include "unit.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../../sim/font.h"
#include "../../sim/png.h"
#include "sys/viewstate.h"

static void test_png_crc32_check_value(void **state)
{
	/* the CRC-32 check value of "123456789" (ISO 3309 / ITU-T V.42) */
	assert_int_equal(png_crc32(0, (const uint8_t *)"123456789", 9), 0xcbf43926u);
	/* continued in two parts: the same */
	assert_int_equal(png_crc32(png_crc32(0, (const uint8_t *)"1234", 4),
				   (const uint8_t *)"56789", 5), 0xcbf43926u);
}

static void test_png_adler32_matches_zlib_past_its_reduction(void **state)
{
	size_t n = 100000;	/* well past 5552 bytes, where the sums are reduced */
	uint8_t *buf = malloc(n);

	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)(255 - i * 7);
	assert_int_equal(png_adler32(1, (const uint8_t *)"Wikipedia", 9), 0x11e60398u);
	assert_int_equal(png_adler32(1, buf, n), (uint32_t)adler32(1, buf, (uInt)n));
	free(buf);
}

/* Reads the big-endian word at @p. */
static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void test_png_round_trip_over_stored_blocks(void **state)
{
	enum { W = 300, H = 100 };	/* 90100 bytes of scanlines: two stored blocks */
	uint32_t *px = malloc(W * H * sizeof(*px));
	char *data = NULL;
	size_t len = 0, pos = 8, idat_n = 0;
	uint8_t *idat = malloc(200000), *raw = malloc(W * H * 3 + H);
	uLongf raw_n = W * H * 3 + H;
	FILE *f = open_memstream(&data, &len);
	int saw_text = 0;

	for (int i = 0; i < W * H; i++)
		px[i] = (uint32_t)i * 2654435761u & 0xffffff;
	assert_int_equal(png_write(f, px, W, H, "key", "value"), 0);
	fclose(f);
	assert_memory_equal(data, "\x89PNG\r\n\x1a\n", 8);
	while (pos < len) {
		const uint8_t *c = (const uint8_t *)data + pos;
		uint32_t n = be32(c);

		/* every chunk's CRC covers its type and data */
		assert_int_equal(be32(c + 8 + n), (uint32_t)crc32(0, c + 4, n + 4));
		if (!memcmp(c + 4, "IHDR", 4)) {
			assert_int_equal(be32(c + 8), W);
			assert_int_equal(be32(c + 12), H);
			assert_int_equal(c[16], 8);	/* bits */
			assert_int_equal(c[17], 2);	/* RGB */
		} else if (!memcmp(c + 4, "tEXt", 4)) {
			assert_memory_equal(c + 8, "key\0value", 9);
			saw_text = 1;
		} else if (!memcmp(c + 4, "IDAT", 4)) {
			memcpy(idat + idat_n, c + 8, n);
			idat_n += n;
		}
		pos += 12 + n;
	}
	assert_true(saw_text);
	assert_int_equal(uncompress(raw, &raw_n, idat, idat_n), Z_OK);
	assert_int_equal(raw_n, W * H * 3 + H);
	for (int y = 0; y < H; y++) {
		const uint8_t *r = raw + y * (1 + 3 * W);

		assert_int_equal(r[0], 0);	/* no filter */
		for (int x = 0; x < W; x++)
			assert_int_equal((uint32_t)r[1 + 3 * x] << 16 | r[2 + 3 * x] << 8 |
					 r[3 + 3 * x], px[y * W + x]);
	}
	free(px);
	free(idat);
	free(raw);
	free(data);
}

static void test_font_draws_every_printable_character(void **state)
{
	for (int c = 0x21; c <= 0x7e; c++) {
		const uint8_t *g = font_glyph((char)c);
		int lit = 0;

		for (int r = 0; r < FONT_H; r++) {
			assert_int_equal(g[r] & ~0x1f, 0);	/* five columns */
			lit += g[r] != 0;
		}
		assert_true(lit > 0);
	}
	for (int r = 0; r < FONT_H; r++)
		assert_int_equal(font_glyph(' ')[r], 0);
	assert_ptr_equal(font_glyph('\x01'), font_glyph('?'));
	assert_ptr_equal(font_glyph((char)0xe9), font_glyph('?'));
}

static void test_console_keeps_lines_wraps_and_erases(void **state)
{
	static struct viewstate vs;
	char longline[VIEW_CONSOLE_COLS + 11];

	memset(&vs, 0, sizeof(vs));
	viewstate_console(&vs, "ab\bc\n\x1b[0mdone\r", 14);
	assert_string_equal(vs.console[0], "ac");
	/* the escape byte is dropped, its printable rest kept */
	assert_string_equal(vs.console[1], "[0mdone");
	assert_int_equal(vs.con_col, 0);	/* the carriage return */
	memset(longline, 'x', sizeof(longline));
	viewstate_console(&vs, "\n", 1);
	viewstate_console(&vs, longline, (int)sizeof(longline));
	assert_int_equal(strlen(vs.console[2]), VIEW_CONSOLE_COLS);
	assert_int_equal(strlen(vs.console[3]), 11);	/* the rest wrapped */
	assert_int_equal(vs.con_lines, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_png_crc32_check_value),
		cmocka_unit_test(test_png_adler32_matches_zlib_past_its_reduction),
		cmocka_unit_test(test_png_round_trip_over_stored_blocks),
		cmocka_unit_test(test_font_draws_every_printable_character),
		cmocka_unit_test(test_console_keeps_lines_wraps_and_erases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
