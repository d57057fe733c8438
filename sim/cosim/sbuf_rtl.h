/* SPDX-License-Identifier: MIT */
/*
 * The RTL twin of the instruction stream buffers (rtl/sbuf.sv), Verilated and
 * wrapped in a C ABI so that C programs drive it with the same port structs
 * as the C unit (mem/sbuf_if.h). Each static library (build/rtl/libsbuf_rtl*.a,
 * see tests/cosim/cosim.mk) holds one Verilated model built with fixed
 * parameters; link exactly one of them, with -lstdc++.
 *
 * One cycle: sbuf_rtl_eval() drives the inputs with the clock low and reads
 * the combinational outputs; sbuf_rtl_tick() is the rising edge that makes
 * the next state the state. This is the _eval/_tick contract of the C unit.
 */
#ifndef OSPREY_SBUF_RTL_H
#define OSPREY_SBUF_RTL_H

#include "mem/sbuf_if.h"

#ifdef __cplusplus
extern "C" {
#endif

struct sbuf_rtl;

/*
 * A new model, reset. Returns NULL, after a message on stderr, when the
 * parameters differ from the ones the library was built with.
 */
struct sbuf_rtl *sbuf_rtl_new(int nbufs, int depth, int head_only);

/* The parameters the library was built with, and its variant ("sbuf", "sbuf_broken"). */
void sbuf_rtl_params(int *nbufs, int *depth, int *head_only);
const char *sbuf_rtl_variant(void);

/* Asynchronous reset: every buffer invalid, ranks 0..N-1 (as sbuf_init()). */
void sbuf_rtl_reset(struct sbuf_rtl *r);

/* Combinational: drives @in with the clock low and reads the outputs. */
void sbuf_rtl_eval(struct sbuf_rtl *r, const struct sbuf_in *in, struct sbuf_out *out);

/* Clock edge: the next state from the last eval becomes the state. */
void sbuf_rtl_tick(struct sbuf_rtl *r);

void sbuf_rtl_free(struct sbuf_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
