/* SPDX-License-Identifier: MIT */
/*
 * The RTL twin of the DMA block-transfer engine (rtl/dma.sv), Verilated and
 * wrapped in a C ABI so that C programs drive it with the same port structs
 * as the C unit (mem/dma_if.h). Each static library (build/rtl/libdma_*.a,
 * tests/cosim/dma.mk) holds one model Verilated with fixed parameters; link
 * one of them, with -lstdc++.
 *
 * One cycle: dma_rtl_eval() drives the inputs with the clock low and reads
 * the combinational outputs; dma_rtl_tick() is the rising edge.
 */
#ifndef OSPREY_DMA_RTL_H
#define OSPREY_DMA_RTL_H

#include "mem/dma.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dma_rtl;

/* A new model, reset; NULL after a message on stderr if it cannot be made. */
struct dma_rtl *dma_rtl_new(void);

/* The parameters the library was built with, as the C unit takes them, and its variant. */
void dma_rtl_params(struct dma_params *p);
const char *dma_rtl_variant(void);

/* Combinational: drives @in with the clock low and reads the outputs. */
void dma_rtl_eval(struct dma_rtl *r, const struct dma_in *in, struct dma_out *out);

/* Clock edge: the next state from the last eval becomes the state. */
void dma_rtl_tick(struct dma_rtl *r);

void dma_rtl_free(struct dma_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
