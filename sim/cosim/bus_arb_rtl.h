/* SPDX-License-Identifier: MIT */
/*
 * The RTL twin of the bus controller (rtl/bus_arb.sv), Verilated and wrapped
 * in a C ABI so that C programs drive it with the same port structs as the C
 * unit (mem/bus_arb_if.h). Each static library (build/rtl/libbus_arb_*.a,
 * tests/cosim/bus_arb.mk) holds one model Verilated for a number of agents;
 * link one of them, with -lstdc++.
 *
 * One cycle: bus_arb_rtl_eval() drives the inputs with the clock low and
 * reads the outputs; bus_arb_rtl_tick() is the rising edge.
 */
#ifndef OSPREY_BUS_ARB_RTL_H
#define OSPREY_BUS_ARB_RTL_H

#include <stdint.h>

#include "mem/bus_arb.h"

#ifdef __cplusplus
extern "C" {
#endif

struct bus_arb_rtl;

/* A new model, reset; NULL after a message on stderr if it cannot be made. */
struct bus_arb_rtl *bus_arb_rtl_new(void);

/* The agents the library was built for, and its variant's name. */
uint32_t bus_arb_rtl_agents(void);
const char *bus_arb_rtl_variant(void);

/* Combinational: drives @in with the clock low and reads the outputs. */
void bus_arb_rtl_eval(struct bus_arb_rtl *r, const struct bus_arb_in *in,
		      struct bus_arb_out *out);

/* Clock edge: the next state from the last eval becomes the state. */
void bus_arb_rtl_tick(struct bus_arb_rtl *r);

void bus_arb_rtl_free(struct bus_arb_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
