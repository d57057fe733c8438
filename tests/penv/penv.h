/* SPDX-License-Identifier: MIT */
/*
 * penv.h - a test environment in the conventions of the public RISC-V test
 * suites, written for osprey so that its tests exercise what firmware built
 * for those suites does (the names are the conventional ones; the code is
 * this project's own):
 *   - RVTEST_RV32U / RVTEST_RV32S / RVTEST_RV32M choose the privilege mode
 *     the test body runs in; RVTEST_CODE_BEGIN resets the hart, installs an
 *     M-mode trap handler and enters the body through mret;
 *   - TESTNUM (gp) numbers the test case; RVTEST_PASS and RVTEST_FAIL end
 *     the test with an ecall (a7 = 93), from whatever mode it runs in;
 *   - the M-mode handler reports through the 64-bit `tohost` in its own
 *     .tohost section: (code << 1) | 1, 1 for a pass; an unexpected trap
 *     reports code 0x539 (1337);
 *   - harts other than 0 wait in wfi for ever.
 * How the handler writes tohost is chosen at build time, to cover the
 * patterns firmware uses:
 *   (default)       both halves, low then high, again and again until the
 *                   host answers (the public environments' loop);
 *   PENV_ONCE       both halves once, then wait in a loop without storing;
 *   PENV_HI_FIRST   the high half first, then the low one, in a loop;
 *   PENV_NO_FROMHOST  no `fromhost` symbol (tohost alone).
 */
#ifndef PENV_H
#define PENV_H

#define TESTNUM gp

/* The mode of the test body: its mstatus.MPP value. */
#define RVTEST_RV32U	.set penv_mode, 0
#define RVTEST_RV32S	.set penv_mode, 1
#define RVTEST_RV32M	.set penv_mode, 3

#ifdef PENV_HI_FIRST
#define PENV_STORE_TOHOST                                                       \
	la t5, tohost;                                                          \
	sw zero, 4(t5);                                                         \
	sw TESTNUM, 0(t5)
#else
#define PENV_STORE_TOHOST                                                       \
	la t5, tohost;                                                          \
	sw TESTNUM, 0(t5);                                                      \
	sw zero, 4(t5)
#endif

#ifdef PENV_ONCE
#define PENV_WRITE_TOHOST                                                       \
penv_write_tohost:                                                              \
	PENV_STORE_TOHOST;                                                      \
1:	j 1b
#else
#define PENV_WRITE_TOHOST                                                       \
penv_write_tohost:                                                              \
	PENV_STORE_TOHOST;                                                      \
	j penv_write_tohost
#endif

#define RVTEST_CODE_BEGIN                                                       \
	.section .text.init, "ax";                                              \
	.balign 4;                                                              \
	.globl _start;                                                          \
_start:                                                                         \
	csrr a0, mhartid;                                                       \
	bnez a0, penv_park;                                                     \
	/* PMP: everything open, if PMP exists (a trap skips it) */             \
	la t0, 1f;                                                              \
	csrw mtvec, t0;                                                         \
	li t0, -1;                                                              \
	csrw pmpaddr0, t0;                                                      \
	li t0, 0x1f;                                                            \
	csrw pmpcfg0, t0;                                                       \
	.balign 4;                                                              \
1:	la t0, penv_trap;                                                       \
	csrw mtvec, t0;                                                         \
	csrwi satp, 0;                                                          \
	csrwi medeleg, 0;                                                       \
	csrwi mideleg, 0;                                                       \
	csrwi mie, 0;                                                           \
	li TESTNUM, 0;                                                          \
	/* enter the body in its mode through mret */                           \
	li t1, 3 << 11;                                                         \
	csrc mstatus, t1;                                                       \
	li t0, penv_mode << 11;                                                 \
	csrs mstatus, t0;                                                       \
	la t0, penv_body;                                                       \
	csrw mepc, t0;                                                          \
	mret;                                                                   \
penv_park:                                                                      \
	wfi;                                                                    \
	j penv_park;                                                            \
	/* M-mode traps: an ecall ends the test with a0; anything else fails */ \
	.balign 4;                                                              \
penv_trap:                                                                      \
	csrr t5, mcause;                                                        \
	li t6, 8;                                                               \
	beq t5, t6, penv_ecall;                                                 \
	li t6, 9;                                                               \
	beq t5, t6, penv_ecall;                                                 \
	li t6, 11;                                                              \
	beq t5, t6, penv_ecall;                                                 \
	li TESTNUM, (1337 << 1) | 1;                                            \
	j penv_write_tohost;                                                    \
penv_ecall:                                                                     \
	mv TESTNUM, a0;                                                         \
	PENV_WRITE_TOHOST;                                                      \
	.balign 4;                                                              \
penv_body:

#define RVTEST_CODE_END                                                         \
	unimp

/* A pass reports 1; a failure (TESTNUM << 1) | 1, TESTNUM never 0. */
#define RVTEST_PASS                                                             \
	fence;                                                                  \
	li a0, 1;                                                               \
	li a7, 93;                                                              \
	ecall

#define RVTEST_FAIL                                                             \
	fence;                                                                  \
1:	beqz TESTNUM, 1b;                                                       \
	sll a0, TESTNUM, 1;                                                     \
	or a0, a0, 1;                                                           \
	li a7, 93;                                                              \
	ecall

#ifdef PENV_NO_FROMHOST
#define PENV_FROMHOST
#else
#define PENV_FROMHOST                                                           \
	.balign 64;                                                             \
	.globl fromhost;                                                        \
fromhost: .dword 0;                                                             \
	.size fromhost, 8;
#endif

#define RVTEST_DATA_BEGIN                                                       \
	.pushsection .tohost, "aw", @progbits;                                  \
	.balign 64;                                                             \
	.globl tohost;                                                          \
tohost: .dword 0;                                                               \
	.size tohost, 8;                                                        \
	PENV_FROMHOST                                                           \
	.popsection;                                                            \
	.data;                                                                  \
	.balign 4;

#define RVTEST_DATA_END

#endif
