/* SPDX-License-Identifier: MIT */
/* clint.h - machine timer and inter-processor (software) interrupts. */
#ifndef FW_CLINT_H
#define FW_CLINT_H

#include <stdint.h>

/* mtime, in ticks of CLINT_TIMEBASE_HZ */
uint64_t clint_mtime(void);
/* Sets hart's mtimecmp; the timer interrupt is pending while mtime >= it. */
void clint_set_mtimecmp(uint32_t hart, uint64_t when);
/* Raises (1) or clears (0) hart's machine software interrupt. */
void clint_set_msip(uint32_t hart, uint32_t val);
uint32_t clint_msip(uint32_t hart);

#endif /* FW_CLINT_H */
