/* SPDX-License-Identifier: MIT */
/*
 * The L1D write buffer: retired stores wait here, in order, until the L1D
 * holds their line with ownership; then the store performs on the backing
 * memory (execute-at-execute). It holds each store's address, size and value
 * because the store has not yet happened. A load that overlaps a buffered
 * store waits until that store has drained.
 */
#ifndef OSPREY_WBUF_H
#define OSPREY_WBUF_H

#include <stdint.h>

#define WBUF_MAX 64

struct wbuf_entry {
	uint32_t pa;		/* physical address */
	uint32_t val;
	uint8_t size;		/* bytes */
	uint8_t mode;		/* enum stat_mode of the store (for --profile) */
	uint8_t missed;		/* its drain has already counted an L1D miss */
	uint8_t need;		/* enum l1_need its drain asks for: L1_WRITE or L1_UPDATE */
	uint32_t pc;		/* the store instruction (for --profile) */
};

struct wbuf {
	struct wbuf_entry e[WBUF_MAX];
	uint32_t head, count, cap;	/* cap: configured entries */
	int waiting;			/* the head's line is on its way: wait for a wake-up */
	/*
	 * count && !waiting, kept by push, pop, wbuf_wait and wbuf_go: the
	 * core asks it every cycle.
	 */
	uint8_t ready;
	/*
	 * Bit (pa / 4096) % 64 set while a buffered store's address has it
	 * (npages: how many): a filter the instruction fetch tests before the
	 * exact look (wbuf_fetch_waits, wbuf_range_buffered), code and the
	 * data stored to lying mostly in different pages.
	 */
	uint64_t pages;
	uint8_t npages[64];
};

void wbuf_init(struct wbuf *w, uint32_t entries);

static inline int wbuf_full(const struct wbuf *w) { return w->count == w->cap; }
static inline int wbuf_empty(const struct wbuf *w) { return w->count == 0; }

/* A store can drain now: there is one, and its line is not on its way. */
static inline int wbuf_ready(const struct wbuf *w) { return w->ready; }

/* The head's line is on its way: the buffer waits for a wake-up. */
static inline void wbuf_wait(struct wbuf *w)
{
	w->waiting = 1;
	w->ready = 0;
}

/* Woken: the head may drain again. */
static inline void wbuf_go(struct wbuf *w)
{
	w->waiting = 0;
	w->ready = w->count != 0;
}

/* Buffers a store; returns its entry, for the caller's extra fields. */
struct wbuf_entry *wbuf_push(struct wbuf *w, uint32_t pa, int size, uint32_t val);
struct wbuf_entry *wbuf_head(struct wbuf *w);
void wbuf_pop(struct wbuf *w);

/* True when a buffered store overlaps [pa, pa + size). */
int wbuf_overlaps(const struct wbuf *w, uint32_t pa, int size);

/*
 * True when a buffered store overlaps [pa, pa + len), a range within one
 * page (the fetch unit leaves it out of its fast range); the page filter
 * spares most calls the search.
 */
static inline int wbuf_range_buffered(const struct wbuf *w, uint32_t pa, uint32_t len)
{
	return (w->pages >> ((pa >> 12) & 63) & 1) && wbuf_overlaps(w, pa, (int)len);
}

/*
 * True when a buffered store overlaps the instruction word at @pa: its
 * fetch waits for the store to drain, so that a hart runs what it stored
 * into its code, as in functional mode.
 */
static inline int wbuf_fetch_waits(const struct wbuf *w, uint32_t pa)
{
	return wbuf_range_buffered(w, pa, 4);
}

#endif
