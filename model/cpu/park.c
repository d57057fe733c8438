// SPDX-License-Identifier: MIT
#include "cpu/park.h"

#include <stdlib.h>
#include <string.h>

/*
 * The regions are other types' memory: read and written through memcpy,
 * which may alias anything (an access as uint64_t would not).
 */
static inline uint64_t load_word(const void *at)
{
	uint64_t v;

	memcpy(&v, at, 8);
	return v;
}

static inline void store_word(void *at, uint64_t v)
{
	memcpy(at, &v, 8);
}

void park_init(struct park *p)
{
	memset(p, 0, sizeof(*p));
}

void park_free(struct park *p)
{
	free(p->image[0]);
	free(p->image[1]);
	free(p->delta);
	park_init(p);
}

int park_add_region(struct park *p, void *base, size_t bytes)
{
	if (p->nregions == PARK_REGIONS || bytes % 8 || (uintptr_t)base % 8 || p->image[0])
		return -1;
	p->region[p->nregions++] = (struct park_region){ base, bytes };
	p->bytes += bytes;
	return 0;
}

int park_ready(struct park *p)
{
	p->image[0] = malloc(p->bytes);
	p->image[1] = malloc(p->bytes);
	p->delta = malloc(p->bytes / 8 * sizeof(*p->delta));
	return p->image[0] && p->image[1] && p->delta ? 0 : -1;
}

void park_take(struct park *p, int i)
{
	uint8_t *to = (uint8_t *)p->image[i];

	for (int r = 0; r < p->nregions; r++) {
		memcpy(to, p->region[r].base, p->region[r].bytes);
		to += p->region[r].bytes;
	}
}

/* Block by block: most blocks are the same in all three (memcmp's pace), the rest word by word. */
#define PARK_BLOCK 64

int park_linear(struct park *p)
{
	const uint64_t *a = p->image[0], *b = p->image[1];

	p->ndelta = 0;
	for (int r = 0; r < p->nregions; r++) {
		uint8_t *live = p->region[r].base;
		size_t words = p->region[r].bytes / 8;

		for (size_t w = 0; w < words;) {
			size_t n = words - w < PARK_BLOCK / 8 ? words - w : PARK_BLOCK / 8;

			if (!memcmp(a, b, n * 8) && !memcmp(b, live + 8 * w, n * 8)) {
				w += n, a += n, b += n;
				continue;
			}
			for (size_t end = w + n; w < end; w++, a++, b++) {
				uint64_t by = *b - *a;

				if (load_word(live + 8 * w) - *b != by)
					return 0;
				if (by)
					p->delta[p->ndelta++] = (struct park_delta){ live + 8 * w, by };
			}
		}
	}
	return 1;
}

void park_advance(struct park *p, uint64_t k)
{
	for (size_t i = 0; i < p->ndelta; i++)
		store_word(p->delta[i].word, load_word(p->delta[i].word) + k * p->delta[i].by);
}

