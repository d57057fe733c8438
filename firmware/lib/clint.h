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
/*
 * Counts the harts (ids 0..max-1) by probing their msip registers: an
 * absent hart's msip reads 0 after a write of 1 (QEMU virt and osprey
 * alike).  Leaves every msip clear: call it before anyone expects IPIs.
 */
uint32_t clint_hart_count(uint32_t max);

#endif /* FW_CLINT_H */
