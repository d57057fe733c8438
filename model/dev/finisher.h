/* SPDX-License-Identifier: MIT */
/*
 * SiFive test finisher (QEMU virt "sifive_test"): a write of 0x5555 ends the
 * run with success, (code << 16) | 0x3333 with failure code `code`, and
 * 0x7777 asks for a reset, which osprey does not model: it stops and says so.
 */
#ifndef OSPREY_FINISHER_H
#define OSPREY_FINISHER_H

#include "mem/memmap.h"
#include "sys/stop.h"

struct finisher {
	struct sim_stop *stop;
};

extern const struct mmio_ops finisher_ops;

#endif
