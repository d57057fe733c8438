/* SPDX-License-Identifier: MIT */
/*
 * The RTL twin of the instruction prefetch engine (rtl/ipf_engine.sv),
 * Verilated and wrapped in a C ABI so that C programs drive it with the same
 * port structs as the C unit (cpu/ipf_engine_if.h). Each static library
 * (build/rtl/libipf_engine_rtl*.a, tests/cosim/ipf_engine.mk) holds one
 * model Verilated with fixed parameters, 32-bit line numbers; link one of
 * them, with -lstdc++.
 *
 * One cycle: ipf_engine_rtl_eval() drives the inputs with the clock low and
 * reads the combinational outputs; ipf_engine_rtl_tick() is the rising edge.
 */
#ifndef OSPREY_IPF_ENGINE_RTL_H
#define OSPREY_IPF_ENGINE_RTL_H

#include "cpu/ipf_engine.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ipf_engine_rtl;

/* A new model, reset; NULL after a message on stderr if it cannot be made. */
struct ipf_engine_rtl *ipf_engine_rtl_new(void);

/* The parameters the library was built with, as the C unit takes them, and its variant. */
void ipf_engine_rtl_params(struct ipf_engine_params *p);
const char *ipf_engine_rtl_variant(void);

/* Combinational: drives @in with the clock low and reads the outputs. */
void ipf_engine_rtl_eval(struct ipf_engine_rtl *r, const struct ipf_engine_in *in,
			 struct ipf_engine_out *out);

/* Clock edge: the next state from the last eval becomes the state. */
void ipf_engine_rtl_tick(struct ipf_engine_rtl *r);

void ipf_engine_rtl_free(struct ipf_engine_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
