/* SPDX-License-Identifier: MIT */
/* finisher.h - ends the run through the SiFive test finisher. */
#ifndef FW_FINISHER_H
#define FW_FINISHER_H

#include <stdint.h>

/* The machine exits with status 0. */
void exit_pass(void) __attribute__((noreturn));
/* The machine exits with status code (1..65535); 0 is turned into 1. */
void exit_fail(uint32_t code) __attribute__((noreturn));

#endif /* FW_FINISHER_H */
