/* SPDX-License-Identifier: MIT */
/*
 * The RTL twin of the fetch unit (rtl/fetch.sv), Verilated and wrapped in a
 * C ABI so that C programs drive it with the same port structs as the C
 * unit (cpu/fetch_if.h). Each static library (build/rtl/libfetch_*.a,
 * tests/cosim/fetch.mk) holds one model Verilated with fixed parameters,
 * 32-bit line numbers; link one of them, with -lstdc++.
 *
 * One cycle: fetch_rtl_eval() drives the inputs with the clock low and reads
 * the combinational outputs, as often as the inputs change (the L1I's
 * answers come in); fetch_rtl_tick() is the rising edge.
 */
#ifndef OSPREY_FETCH_RTL_H
#define OSPREY_FETCH_RTL_H

#include "cpu/fetch.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fetch_rtl;

/* A new model, reset; NULL after a message on stderr if it cannot be made. */
struct fetch_rtl *fetch_rtl_new(void);

/* The parameters the library was built with, as the C unit takes them, and its variant. */
void fetch_rtl_params(struct fetch_params *p);
const char *fetch_rtl_variant(void);

/* Combinational: drives @in with the clock low and reads the outputs. */
void fetch_rtl_eval(struct fetch_rtl *r, const struct fetch_in *in, struct fetch_out *out);

/* Clock edge: the next state from the last eval becomes the state. */
void fetch_rtl_tick(struct fetch_rtl *r);

void fetch_rtl_free(struct fetch_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
