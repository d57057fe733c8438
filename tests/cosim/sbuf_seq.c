// SPDX-License-Identifier: MIT
/*
 * The directed sequences (sbuf_seq.h). Comments give the state after each
 * cycle: bN = buffer N's entries, head first; r = requested, a = available;
 * ranks as b0/b1/b2/b3 (0 = most recent).
 */
#include "sbuf_seq.h"

#include <string.h>

/* Each names some fields, ending with a comma; the others are 0. */
#define LOOKUP(l) .lookup_valid = 1, .lookup_line = (l),
#define FILL(l) .fill_valid = 1, .fill_line = (l),
#define READY .req_ready = 1,
#define FLUSH .flush = 1,
#define IDLE .flush = 0,
#define HIT(b) .hit = 1, .hit_buf = (b),			/* in flight: the fetch waits */
#define HITA(b) .hit = 1, .hit_avail = 1, .hit_buf = (b),	/* arrived: moves to the L1I */
#define REQ(l) .req_valid = 1, .req_line = (l),
#define NONE .req_valid = 0,
#define S(i, o) { .in = { i }, .out = { o } }
#define SEQ(n, nb, d, h, s) { n, nb, d, h, s, (int)(sizeof(s) / sizeof(s[0])) }

/* A miss fills the first invalid buffer; requests go in buffer, then entry order. */
static const struct sbuf_step alloc_order[] = {
	S(LOOKUP(100), NONE),			/* b0 101..104 */
	S(IDLE, REQ(101)),
	S(READY, REQ(101)),			/* 101r */
	S(READY, REQ(102)),			/* 102r */
	S(IDLE, REQ(103)),			/* not ready: 103 stays */
	S(LOOKUP(200) READY, REQ(103)),		/* 103r; b1 201..204 */
	S(READY, REQ(104)),
	S(READY, REQ(201)),			/* b0 all requested: b1 next */
	S(LOOKUP(300), REQ(202)),		/* b2 301..304 */
	S(LOOKUP(400), REQ(202)),		/* b3 401..404 */
	S(READY, REQ(202)),
	S(READY, REQ(203)),
	S(READY, REQ(204)),
	S(READY, REQ(301)),
	S(LOOKUP(150), REQ(302)),		/* all valid: the LRU (b0) restarts, 151..154 */
	S(IDLE, REQ(151)),
};

/* Line numbers wrap at 2^32. */
static const struct sbuf_step wrap[] = {
	S(LOOKUP(0xfffffffe), NONE),		/* b0 ffffffff 0 1 2 */
	S(READY, REQ(0xffffffff)),
	S(READY, REQ(0)),
	S(FILL(0xffffffff), REQ(1)),
	S(LOOKUP(0xffffffff), HITA(0) REQ(1)),	/* b0 0r 1 2 3 */
	S(LOOKUP(3), HIT(0) REQ(1)),
	S(READY, REQ(1)),
	S(IDLE, REQ(2)),
};

/* A head hit that has arrived shifts the buffer by one and appends a line. */
static const struct sbuf_step head_hit[] = {
	S(LOOKUP(100), NONE),			/* b0 101 102 103 104 */
	S(READY, REQ(101)),			/* 101r */
	S(READY FILL(101), REQ(102)),		/* 101ra 102r */
	S(LOOKUP(101), HITA(0) REQ(103)),	/* b0 102r 103 104 105 */
	S(LOOKUP(102), HIT(0) REQ(103)),	/* in flight: nothing changes */
	S(FILL(102), REQ(103)),			/* 102ra */
	S(LOOKUP(102), HITA(0) REQ(103)),	/* b0 103 104 105 106 */
	S(READY, REQ(103)),			/* 103r */
	S(IDLE, REQ(104)),
	S(LOOKUP(102), REQ(104)),		/* a miss: b1 103 104 105 106 */
	S(FILL(103), REQ(104)),			/* b0's 103 (requested) arrives, b1's does not */
	S(LOOKUP(103), HITA(0) REQ(104)),	/* b0 104 105 106 107 */
	S(LOOKUP(104), HIT(0) REQ(104)),	/* b0 and b1 hold 104: the lower buffer */
};

/* Any entry hits: the earliest in the lowest buffer; a hit drops what precedes it. */
static const struct sbuf_step any_entry[] = {
	S(LOOKUP(100), NONE),			/* b0 101..104 */
	S(READY, REQ(101)),
	S(READY, REQ(102)),
	S(READY, REQ(103)),
	S(READY FILL(103), REQ(104)),		/* all requested, 103a */
	S(LOOKUP(98), NONE),			/* miss: b1 99 100 101 102 */
	S(LOOKUP(102), HIT(0) REQ(99)),		/* b0 entry 1, in flight */
	S(LOOKUP(103), HITA(0) REQ(99)),	/* b0 entry 2: b0 104r 105 106 107 */
	S(IDLE, REQ(105)),
	S(LOOKUP(101), HIT(1) REQ(105)),	/* only b1 holds 101 now */
	S(LOOKUP(107), HIT(0) REQ(105)),	/* b0 entry 3 */
};

/* The first invalid buffer, else the least recent, restarts on a miss. */
static const struct sbuf_step lru[] = {
	S(LOOKUP(100), NONE),			/* b0; ranks 0/1/2/3 */
	S(LOOKUP(200), REQ(101)),		/* b1; ranks 1/0/2/3 */
	S(LOOKUP(300), REQ(101)),		/* b2; ranks 2/1/0/3 */
	S(LOOKUP(400), REQ(101)),		/* b3; ranks 3/2/1/0 */
	S(READY, REQ(101)),
	S(FILL(101), REQ(102)),
	S(LOOKUP(101), HITA(0) REQ(102)),	/* b0 102..105; ranks 0/3/2/1 */
	S(LOOKUP(500), REQ(102)),		/* b1 501..504; ranks 1/0/3/2 */
	S(LOOKUP(202), REQ(102)),		/* b1's stream is gone: b2 203..206; 2/1/0/3 */
	S(LOOKUP(503), HIT(1) REQ(102)),	/* an unavailable hit does not touch */
	S(LOOKUP(205), HIT(2) REQ(102)),
	S(LOOKUP(302), REQ(102)),		/* b3 303..306; ranks 3/2/1/0 */
	S(LOOKUP(401), REQ(102)),		/* b0 402..405; ranks 0/3/2/1 */
	S(IDLE, REQ(402)),
	S(LOOKUP(102), REQ(402)),		/* b1 103..106; ranks 1/0/3/2 */
	S(LOOKUP(101), REQ(402)),		/* b2 102..105; ranks 2/1/0/3 */
	S(LOOKUP(104), HIT(1) REQ(402)),	/* b1 entry 1 and b2 entry 2: the lower buffer */
};

/* A fill counts for an entry requested by then (this cycle included), from the next cycle. */
static const struct sbuf_step fill_timing[] = {
	S(LOOKUP(100), NONE),			/* b0 101..104 */
	S(FILL(101), REQ(101)),			/* not requested yet: ignored */
	S(LOOKUP(101), HIT(0) REQ(101)),
	S(READY, REQ(101)),			/* 101r */
	S(LOOKUP(101) FILL(101), HIT(0) REQ(102)),	/* arrives now, counts next cycle */
	S(LOOKUP(101), HITA(0) REQ(102)),	/* b0 102 103 104 105 */
	S(READY FILL(102), REQ(102)),		/* requested and filled in one cycle: 102ra */
	S(LOOKUP(102), HITA(0) REQ(103)),	/* b0 103 104 105 106 */
	S(READY, REQ(103)),			/* 103r */
	S(FILL(999), REQ(104)),			/* a line no entry holds */
	S(LOOKUP(103), HIT(0) REQ(104)),
};

/* Flush invalidates every buffer and does nothing else that cycle. */
static const struct sbuf_step flush[] = {
	S(LOOKUP(100), NONE),			/* b0 101..104 */
	S(LOOKUP(200), REQ(101)),		/* b1 201..204; ranks 1/0/2/3 */
	S(READY, REQ(101)),			/* 101r */
	S(FLUSH READY LOOKUP(300), REQ(102)),	/* outputs from the old state; no alloc, no request */
	S(IDLE, NONE),
	S(LOOKUP(101), NONE),			/* b0 (first invalid) 102..105 */
	S(FILL(101), REQ(102)),			/* a stale fill */
	S(FLUSH LOOKUP(102), HIT(0) REQ(102)),
	S(LOOKUP(102), NONE),			/* b0 103..106 */
	S(FLUSH READY, REQ(103)),
	S(IDLE, NONE),
	S(LOOKUP(102), NONE),			/* b0 103..106, nothing requested */
	S(IDLE, REQ(103)),
};

/* Head only (3 buffers of 2): a line behind the head misses. */
static const struct sbuf_step head_only[] = {
	S(LOOKUP(100), NONE),			/* b0 101 102; ranks 0/1/2 */
	S(LOOKUP(102), REQ(101)),		/* not at a head: b1 103 104; ranks 1/0/2 */
	S(LOOKUP(101), HIT(0) REQ(101)),
	S(READY, REQ(101)),			/* 101r */
	S(READY FILL(101), REQ(102)),		/* 101ra 102r */
	S(LOOKUP(101), HITA(0) REQ(103)),	/* b0 102r 103; ranks 0/1/2 */
	S(LOOKUP(103), HIT(1) REQ(103)),	/* b0 holds 103 behind its head; b1 at its head */
	S(LOOKUP(500), REQ(103)),		/* b2 501 502; ranks 1/2/0 */
	S(LOOKUP(600), REQ(103)),		/* the LRU, b1: 601 602; ranks 2/0/1 */
	S(LOOKUP(700), REQ(103)),		/* b0: 701 702; ranks 0/1/2 */
	S(IDLE, REQ(701)),
};

const struct sbuf_seq sbuf_seqs[] = {
	SEQ("alloc_order", 4, 4, 0, alloc_order),
	SEQ("wrap", 4, 4, 0, wrap),
	SEQ("head_hit", 4, 4, 0, head_hit),
	SEQ("any_entry", 4, 4, 0, any_entry),
	SEQ("lru", 4, 4, 0, lru),
	SEQ("fill_timing", 4, 4, 0, fill_timing),
	SEQ("flush", 4, 4, 0, flush),
	SEQ("head_only", 3, 2, 1, head_only),
};
const int sbuf_nseqs = (int)(sizeof(sbuf_seqs) / sizeof(sbuf_seqs[0]));

const struct sbuf_seq *sbuf_seq_find(const char *name)
{
	for (int i = 0; i < sbuf_nseqs; i++)
		if (!strcmp(sbuf_seqs[i].name, name))
			return &sbuf_seqs[i];
	return NULL;
}
