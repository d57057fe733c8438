// SPDX-License-Identifier: MIT
#include "mem/wbuf.h"

#include <assert.h>
#include <string.h>

void wbuf_init(struct wbuf *w, uint32_t entries)
{
	memset(w, 0, sizeof(*w));
	w->cap = entries > WBUF_MAX ? WBUF_MAX : entries;
}

struct wbuf_entry *wbuf_push(struct wbuf *w, uint32_t pa, int size, uint32_t val)
{
	struct wbuf_entry *e = &w->e[(w->head + w->count) % WBUF_MAX];

	assert(w->count < w->cap);
	*e = (struct wbuf_entry){ .pa = pa, .val = val, .size = (uint8_t)size,
				  .need = 1 /* L1_WRITE */ };
	w->count++;
	w->ready = !w->waiting;
	if (w->npages[(pa >> 12) & 63]++ == 0)
		w->pages |= 1ull << ((pa >> 12) & 63);
	return e;
}

struct wbuf_entry *wbuf_head(struct wbuf *w)
{
	return w->count ? &w->e[w->head] : NULL;
}

void wbuf_pop(struct wbuf *w)
{
	uint32_t pa = w->e[w->head].pa;

	if (--w->npages[(pa >> 12) & 63] == 0)
		w->pages &= ~(1ull << ((pa >> 12) & 63));
	w->head = (w->head + 1) % WBUF_MAX;
	w->count--;
	w->waiting = 0;
	w->ready = w->count != 0;
}

int wbuf_overlaps(const struct wbuf *w, uint32_t pa, int size)
{
	for (uint32_t i = 0; i < w->count; i++) {
		const struct wbuf_entry *e = &w->e[(w->head + i) % WBUF_MAX];

		if (pa < e->pa + e->size && e->pa < pa + (uint32_t)size)
			return 1;
	}
	return 0;
}
