/* SPDX-License-Identifier: MIT */
/*
 * The view's bitmap font: printable ASCII (0x20-0x7e) in 5x7 pixel cells,
 * drawn for osprey. Each glyph is seven rows, top first; bit 4 of a row is
 * its leftmost pixel. Text advances FONT_ADVANCE pixels per character.
 */
#ifndef OSPREY_FONT_H
#define OSPREY_FONT_H

#include <stdint.h>

#define FONT_W 5
#define FONT_H 7
#define FONT_ADVANCE 6		/* pixels from one character to the next */
#define FONT_LINE 10		/* pixels from one line to the next */

/* The rows of @ch's glyph; a character outside the font draws as '?'. */
const uint8_t *font_glyph(char ch);

#endif
