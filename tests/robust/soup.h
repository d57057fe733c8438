// SPDX-License-Identifier: MIT
/*
 * Instruction soup: a megabyte of seeded random words at RAM_BASE, biased
 * towards real opcodes so that CSR, atomic, paging and trap paths are all
 * reached, and for each hart a prologue in its own 256-byte slot at the
 * start of RAM that sets up traps, PMP, delegation and interrupts and then
 * jumps into the soup. tests/robust/random_guest.c runs it in-process;
 * soup_elf.c writes it as an ELF for the command line (co-simulation).
 * Header-only: each user is one program.
 */
#ifndef OSPREY_TESTS_SOUP_H
#define OSPREY_TESTS_SOUP_H

#include <stdint.h>
#include <string.h>

#include "sys/param.h"

#define SOUP_RAM_BYTES	(1u << 20)	/* the soup's RAM */
#define SOUP_SLOT_BYTES	256		/* one hart's prologue */
#define SOUP_MAX_HARTS	16		/* 16 slots: 4 KiB, the last prologue ending before 0xff0 */

static uint64_t soup_rng;

static inline uint32_t soup_next32(void)
{
	/* xorshift64*: small, seedable, good enough for stimulus */
	soup_rng ^= soup_rng >> 12;
	soup_rng ^= soup_rng << 25;
	soup_rng ^= soup_rng >> 27;
	return (uint32_t)((soup_rng * 0x2545f4914f6cdd1dull) >> 32);
}

/* A random word that is usually a plausible instruction. */
static inline uint32_t soup_insn(void)
{
	static const uint8_t opcodes[] = {
		0x03, 0x0f, 0x13, 0x17, 0x23, 0x2f, 0x33, 0x37, 0x63, 0x67, 0x6f, 0x73,
	};
	uint32_t w = soup_next32();

	switch (soup_next32() % 8) {
	case 0:
		return w;	/* anything at all */
	case 1:
		/* SYSTEM with a CSR number from the implemented ranges */
		return (w & 0x000fff80u) | ((0x100u + (soup_next32() % 0xf00)) << 20) | 0x73;
	default:
		return (w & ~0x7fu) | opcodes[soup_next32() % sizeof(opcodes)];
	}
}

/* Encoders for the prologue: I-type, U-type and CSR write. */
static inline uint32_t soup_enc_i(int imm, int rs1, int f3, int rd, int op)
{
	return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static inline uint32_t *soup_emit_li(uint32_t *p, int rd, uint32_t v)
{
	uint32_t hi = (v + 0x800) & 0xfffff000u;

	*p++ = hi | (rd << 7) | 0x37;					/* lui */
	*p++ = soup_enc_i((int)(v - hi) & 0xfff, rd, 0, rd, 0x13);	/* addi */
	return p;
}

static inline uint32_t *soup_emit_csrw(uint32_t *p, int csr, uint32_t v)
{
	p = soup_emit_li(p, 5, v);
	*p++ = soup_enc_i(csr, 5, 1, 0, 0x73);				/* csrrw x0, csr, t0 */
	return p;
}

/*
 * A prologue that makes random code reach deep: trap vectors into the random
 * code, PMP open to all modes, random delegation, interrupt enables and
 * mstatus (so the next mret may enter S or U), then a jump into the code.
 * 30 words, within a slot.
 */
static inline uint32_t *soup_emit_prologue(uint32_t *p, uint32_t target)
{
	uint32_t words = SOUP_RAM_BYTES / 4;

	p = soup_emit_csrw(p, 0x305, RAM_BASE + 4 * (soup_next32() % words));	/* mtvec */
	p = soup_emit_csrw(p, 0x105, RAM_BASE + 4 * (soup_next32() % words));	/* stvec */
	p = soup_emit_csrw(p, 0x3b0, 0xffffffffu);				/* pmpaddr0 */
	p = soup_emit_csrw(p, 0x3a0, 0x1f);					/* pmpcfg0 */
	p = soup_emit_csrw(p, 0x302, soup_next32());				/* medeleg */
	p = soup_emit_csrw(p, 0x303, soup_next32());				/* mideleg */
	p = soup_emit_csrw(p, 0x304, soup_next32());				/* mie */
	p = soup_emit_csrw(p, 0x300, soup_next32() & ~0x1800u);		/* mstatus */
	p = soup_emit_csrw(p, 0x7c0, 1);					/* mpfctl */
	p = soup_emit_csrw(p, 0x341, target);					/* mepc */
	p = soup_emit_li(p, 5, target);
	*p++ = soup_enc_i(0, 5, 0, 0, 0x67);					/* jr t0 */
	return p;
}

/* Where hart @i's prologue starts. */
static inline uint32_t soup_slot(int i)
{
	return RAM_BASE + SOUP_SLOT_BYTES * (uint32_t)i;
}

/*
 * Fills @ram (SOUP_RAM_BYTES, at RAM_BASE) with the soup of @seed and the
 * prologues of @harts harts (at most SOUP_MAX_HARTS), each jumping into the
 * soup past the slots.
 */
static inline void soup_fill(uint8_t *ram, int harts, uint64_t seed)
{
	soup_rng = seed * 0x9e3779b97f4a7c15ull + 1;
	for (uint32_t off = 0; off < SOUP_RAM_BYTES; off += 4) {
		uint32_t w = soup_insn();

		memcpy(ram + off, &w, 4);
	}
	for (int i = 0; i < harts; i++) {
		uint32_t words[SOUP_SLOT_BYTES / 4];
		uint32_t *end = soup_emit_prologue(words, RAM_BASE + 4096 + 4 * (soup_next32() % 4096));

		memcpy(ram + SOUP_SLOT_BYTES * i, words, (size_t)(end - words) * 4);
	}
}

#endif
