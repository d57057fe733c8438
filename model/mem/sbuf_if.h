/* SPDX-License-Identifier: MIT */
/*
 * Ports of the instruction stream buffer (mem/sbuf.h, rtl/sbuf.sv). Field
 * names are the SystemVerilog port names without the _i/_o suffix, so the C
 * unit and its RTL twin are driven by the same input struct and compared
 * output by output.
 */
#ifndef OSPREY_SBUF_IF_H
#define OSPREY_SBUF_IF_H

#include <stdint.h>

/* One cycle's inputs. */
struct sbuf_in {
	uint8_t lookup_valid;	/* the L1I missed on lookup_line this cycle */
	uint32_t lookup_line;	/* line number (byte address >> log2 line size) */
	uint8_t fill_valid;	/* a line the buffers requested arrives */
	uint32_t fill_line;
	uint8_t req_ready;	/* the next level accepts a request this cycle */
	uint8_t flush;		/* drop every stream (fence.i) */
};

/* One cycle's outputs. */
struct sbuf_out {
	uint8_t hit;		/* lookup_line is in a buffer (at its head, or anywhere) */
	uint8_t hit_avail;	/* ... and has arrived: it moves into the L1I now */
	uint8_t hit_buf;	/* the buffer that hit (valid when hit) */
	uint8_t req_valid;	/* a prefetch request for req_line */
	uint32_t req_line;
};

#endif
