/* SPDX-License-Identifier: MIT */
/*
 * Instruction stream buffers (Jouppi): N FIFOs of D line addresses beside the
 * L1I, each entry with an available bit. A cycle-level unit with the
 * _init/_eval/_tick contract; rtl/sbuf.sv is its twin, and the two must agree
 * on every output in every cycle.
 *
 * State: per buffer a valid bit, an LRU rank (the ranks of all buffers are a
 * permutation of 0..N-1, 0 = most recent), and D entries (line, requested,
 * available), entry 0 at the head.
 *
 * Outputs (combinational from the state and this cycle's lookup):
 *   hit/hit_buf/hit_avail: the lowest-numbered valid buffer holding
 *     lookup_line at its head (head_only) or in any entry (the earliest);
 *   req_valid/req_line: the first entry, in buffer then entry order, of a
 *     valid buffer not yet requested; independent of req_ready.
 *
 * Next state, applied in this order over the old state:
 *   flush: every buffer invalid, nothing else this cycle;
 *   req_valid && req_ready: that entry is requested;
 *   fill_valid: every requested entry holding fill_line becomes available;
 *   lookup_valid and hit_avail: the buffer drops the entries up to and
 *     including the hit one, appends as many sequential lines after its
 *     last, and becomes most recent;
 *   lookup_valid and no hit: the first invalid buffer, else the least recent,
 *     restarts with lookup_line + 1 .. lookup_line + D and becomes most
 *     recent (a hit still in flight changes nothing: the fetch waits).
 */
#ifndef OSPREY_SBUF_H
#define OSPREY_SBUF_H

#include <stdint.h>

#include "mem/sbuf_if.h"

#define SBUF_MAX_BUFS 16
#define SBUF_MAX_DEPTH 16

struct sbuf_entry {
	uint32_t line;
	uint8_t reqd;		/* the request has been accepted */
	uint8_t avail;		/* the line has arrived */
};

struct sbuf_state {
	uint8_t valid[SBUF_MAX_BUFS];
	uint8_t rank[SBUF_MAX_BUFS];	/* LRU rank, 0 = most recently used */
	struct sbuf_entry e[SBUF_MAX_BUFS][SBUF_MAX_DEPTH];
};

struct sbuf {
	int nbufs, depth;	/* N and D */
	int head_only;		/* only a head hit counts (else any entry) */
	struct sbuf_state q;	/* registered state */
	struct sbuf_state d;	/* next state, from the last eval */
};

/* Reset: every buffer invalid, ranks 0..N-1 in buffer order. */
void sbuf_init(struct sbuf *s, int nbufs, int depth, int head_only);

struct config;

/* Reset, with the geometry of @cfg (sbuf.count, sbuf.depth, sbuf.hit). */
void sbuf_configure(struct sbuf *s, const struct config *cfg);

/* Combinational: outputs and next state from the state and @in. */
void sbuf_eval(struct sbuf *s, const struct sbuf_in *in, struct sbuf_out *out);

/* Clock edge: next state becomes state. */
void sbuf_tick(struct sbuf *s);

#endif
