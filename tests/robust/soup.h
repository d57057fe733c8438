// SPDX-License-Identifier: MIT
/*
 * Instruction soup: a megabyte of seeded random code at RAM_BASE (mostly
 * legal RV32IMA instructions with random registers and immediates, some CSR
 * accesses, mode changes and fences, now and then any word at all), with a
 * fixed frame that keeps the harts running it, through all three privilege
 * modes, paging on and off, traps and timer interrupts.
 * tests/robust/random_guest.c runs it in-process; soup_elf.c writes it as
 * an ELF for the command line (the co-simulation's soups). Header-only:
 * each user is one program.
 *
 * The frame, at the start of RAM (offsets from RAM_BASE):
 *   0x0000  16 prologue slots of 256 bytes, one a hart: trap vectors, PMP,
 *           random delegation and interrupt enables (M's timer always on),
 *           mstatus, the handlers' generator seeds, paging on or off and
 *           the timer's first interrupt, then an mret into the soup in the
 *           privilege mode mstatus.MPP drew;
 *   0x1000  the M-mode trap handler, 0x1200 the S-mode one. An exception
 *           resumes after the instruction that took it, except a fetch that
 *           faulted or one outside the soup, which resumes at a random place
 *           in the soup (M switching paging on or off at random); M's timer
 *           interrupt sets the timer again, another interrupt is masked in
 *           mie/sie. Either returns into a random privilege mode with gp at
 *           a random place in the soup (the base of most loads and stores)
 *           or, one time in five, at a device (M clears mstatus.MPRV on
 *           entry: its own loads are its own, untranslated).
 *           A random trap vector, as the first soups had, mostly pointed at
 *           a word that trapped again: the harts did nothing else after a
 *           few instructions, in M;
 *   0x1400  the dispatcher, soup_elf's entry: jumps to hart a0's slot;
 *   0x1600  the devices gp may point at instead (SOUP_NDEVICES entries,
 *           most of them 0: the soup): the CLINT, the PLIC's claim
 *           registers, the UART, the sim-control port and the DMA engine's
 *           registers, so that random stores program them (not the
 *           finisher: it would end the run);
 *   0x2000  an Sv32 root page table, 0x3000 the leaf table it points to
 *           for RAM's first 4 MiB: identity mappings with random
 *           permissions (the frame's own pages fixed: R and X, for S);
 *   0x4000  the soup.
 * A locked PMP entry makes the frame read-and-execute only, for M too: the
 * soup's stores (and the page walker's A/D updates) cannot break it. The
 * soup never writes mtvec, stvec or satp itself (those draws become
 * mscratch): a random trap vector or root would stop the harts as surely.
 */
#ifndef OSPREY_TESTS_SOUP_H
#define OSPREY_TESTS_SOUP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sys/param.h"

#define SOUP_RAM_BYTES	(1u << 20)	/* the soup's RAM */
#define SOUP_SLOT_BYTES	256		/* one hart's prologue */
#define SOUP_MAX_HARTS	16		/* slots in the frame */
#define SOUP_M_HANDLER	0x1000u		/* offsets of the frame's parts */
#define SOUP_S_HANDLER	0x1200u
#define SOUP_HANDLER_BYTES 0x200u	/* room for each handler */
#define SOUP_DISPATCH	0x1400u
#define SOUP_DEVICES	0x1600u		/* the table of gp's device bases */
#define SOUP_NDEVICES	32		/* its entries: 0 (the soup) or a device's base */
#define SOUP_ROOT	0x2000u
#define SOUP_LEAF	0x3000u
#define SOUP_CODE	0x4000u		/* the soup proper, to the end of RAM */
#define SOUP_FRAME_LOG2	14		/* the frame: the first 16 KiB */

/* satp with Sv32 on and the frame's root table (ASID 0). */
#define SOUP_SATP	(0x80000000u | ((RAM_BASE + SOUP_ROOT) >> 12))

/* Registers and CSRs the frame's code names. */
enum {
	SOUP_ZERO = 0, SOUP_GP = 3, SOUP_T0 = 5, SOUP_T1 = 6, SOUP_T2 = 7, SOUP_A0 = 10,
	SOUP_A1 = 11, SOUP_A2 = 12,
	SOUP_T3 = 28, SOUP_T4 = 29, SOUP_T5 = 30, SOUP_T6 = 31,
};
enum {
	SOUP_SSTATUS = 0x100, SOUP_SIE = 0x104, SOUP_STVEC = 0x105, SOUP_SSCRATCH = 0x140,
	SOUP_SEPC = 0x141, SOUP_SCAUSE = 0x142, SOUP_SATP_CSR = 0x180, SOUP_MSTATUS = 0x300,
	SOUP_MEDELEG = 0x302, SOUP_MIDELEG = 0x303, SOUP_MIE = 0x304, SOUP_MTVEC = 0x305,
	SOUP_MSCRATCH = 0x340, SOUP_MEPC = 0x341, SOUP_MCAUSE = 0x342, SOUP_PMPCFG0 = 0x3a0,
	SOUP_PMPADDR0 = 0x3b0, SOUP_PMPADDR1 = 0x3b1, SOUP_MPFCTL = 0x7c0,
};

static uint64_t soup_rng;

/*
 * The portable flavour (soup_elf --portable), for a comparison with QEMU
 * instruction by instruction (tests/robust/qemu_diff.py): only what both
 * machines define alike. No timer and no interrupt enabled (mie stays 0;
 * QEMU's mtime is the host's clock), gp never at a device, no DMA bursts,
 * no wfi (with nothing to wake it), no word drawn at random (QEMU knows
 * more extensions), CSR accesses only to the CSRs of soup_portable_csrs,
 * none to osprey's own, a1 and a2 cleared first (QEMU's boot ROM leaves
 * addresses there) and gp in the soup at once. QEMU 7.2 enters RAM's
 * first word with -bios none, whatever the ELF's entry: a portable soup's
 * entry is hart 0's prologue, and it runs on one hart. The normal
 * flavour's soups stay what they were, byte for byte.
 */
static int soup_portable;

/*
 * The CSRs the portable flavour's accesses name: RV32 M/S CSRs that osprey
 * and QEMU 7.2 define, each with what the soup may write to it: anything,
 * only a CSR instruction's immediate (bits 0-4), or only 0. mstatus and
 * sstatus: QEMU's VS field keeps what is written, as the spec allows
 * without V, osprey's is zero, as it allows too; medeleg and mideleg: QEMU
 * 7.2 keeps the hypervisor extension's bits with it off (a VS ecall's and
 * the guest page faults', the VS interrupts', bits 2 to 10 of mideleg);
 * mepc and sepc: QEMU 7.2 keeps the low bits the spec makes zero here;
 * mhartid, read-only: a CSRRS or CSRRC whose rs1 is not x0 writes it, and
 * must trap, but QEMU 7.2 traps only when the register's bits are not 0
 * (the register forms name x0; the immediate forms agree).
 */
enum soup_csr_writes { SOUP_WRITE_ANY, SOUP_WRITE_IMM, SOUP_WRITE_ZERO };
static const struct {
	uint16_t csr;
	uint8_t writes;		/* enum soup_csr_writes */
} soup_portable_csrs[] = {
	{ 0x100 /* sstatus */, SOUP_WRITE_IMM }, { 0x104 /* sie */, SOUP_WRITE_ANY },
	{ 0x106 /* scounteren */, SOUP_WRITE_ANY }, { 0x140 /* sscratch */, SOUP_WRITE_ANY },
	{ 0x141 /* sepc */, SOUP_WRITE_ZERO }, { 0x142 /* scause */, SOUP_WRITE_ANY },
	{ 0x143 /* stval */, SOUP_WRITE_ANY }, { 0x300 /* mstatus */, SOUP_WRITE_IMM },
	{ 0x301 /* misa */, SOUP_WRITE_ANY }, { 0x302 /* medeleg */, SOUP_WRITE_IMM },
	{ 0x303 /* mideleg */, SOUP_WRITE_ZERO }, { 0x306 /* mcounteren */, SOUP_WRITE_ANY },
	{ 0x340 /* mscratch */, SOUP_WRITE_ANY }, { 0x341 /* mepc */, SOUP_WRITE_ZERO },
	{ 0x342 /* mcause */, SOUP_WRITE_ANY }, { 0x343 /* mtval */, SOUP_WRITE_ANY },
	{ 0xf14 /* mhartid */, SOUP_WRITE_IMM },
};

static inline uint32_t soup_next32(void)
{
	/* xorshift64*: small, seedable, good enough for stimulus */
	soup_rng ^= soup_rng >> 12;
	soup_rng ^= soup_rng << 25;
	soup_rng ^= soup_rng >> 27;
	return (uint32_t)((soup_rng * 0x2545f4914f6cdd1dull) >> 32);
}

/* ---- encoders ---- */

static inline uint32_t soup_enc_i(int imm, int rs1, int f3, int rd, int op)
{
	return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static inline uint32_t soup_enc_r(int f7, int rs2, int rs1, int f3, int rd, int op)
{
	return ((uint32_t)f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static inline uint32_t soup_enc_s(int imm, int rs2, int rs1, int f3)
{
	return ((uint32_t)(imm >> 5 & 0x7f) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) |
	       ((imm & 0x1f) << 7) | 0x23;
}

/* A branch at @from to @to (word pointers into one buffer). */
static inline uint32_t soup_enc_b(const uint32_t *from, const uint32_t *to, int f3, int rs1,
				  int rs2)
{
	uint32_t off = (uint32_t)((to - from) * 4);

	return (((off >> 12) & 1) << 31) | (((off >> 5) & 0x3f) << 25) | (rs2 << 20) |
	       (rs1 << 15) | (f3 << 12) | (((off >> 1) & 0xf) << 8) | (((off >> 11) & 1) << 7) |
	       0x63;
}

/* jal x0 from @from to @to. */
static inline uint32_t soup_enc_j(const uint32_t *from, const uint32_t *to)
{
	uint32_t off = (uint32_t)((to - from) * 4);

	return (((off >> 20) & 1) << 31) | (((off >> 1) & 0x3ff) << 21) |
	       (((off >> 11) & 1) << 20) | (((off >> 12) & 0xff) << 12) | 0x6f;
}

static inline uint32_t *soup_emit_li(uint32_t *p, int rd, uint32_t v)
{
	uint32_t hi = (v + 0x800) & 0xfffff000u;

	*p++ = hi | (rd << 7) | 0x37;					/* lui */
	*p++ = soup_enc_i((int)(v - hi) & 0xfff, rd, 0, rd, 0x13);	/* addi */
	return p;
}

/* csrrw x0 / csrrs rd,x0 / csrrs x0 / csrrc x0: write, read, set and clear bits. */
static inline uint32_t soup_csrw(int csr, int rs)
{
	return soup_enc_i(csr, rs, 1, 0, 0x73);
}

static inline uint32_t soup_csrr(int rd, int csr)
{
	return soup_enc_i(csr, 0, 2, rd, 0x73);
}

static inline uint32_t soup_csrs(int csr, int rs)
{
	return soup_enc_i(csr, rs, 2, 0, 0x73);
}

static inline uint32_t soup_csrc(int csr, int rs)
{
	return soup_enc_i(csr, rs, 3, 0, 0x73);
}

static inline uint32_t *soup_emit_csrw(uint32_t *p, int csr, uint32_t v)
{
	p = soup_emit_li(p, SOUP_T0, v);
	*p++ = soup_csrw(csr, SOUP_T0);
	return p;
}

/*
 * This hart's mtimecmp set to mtime's low word plus t1 >> 22 + 64 ticks
 * (@from_mtime), or to t1 (an absolute time, from the prologue); t0, t1 and
 * t2 changed. The high word goes first to all ones, so that no half-made
 * value fires early.
 */
static inline uint32_t *soup_emit_timer_arm(uint32_t *p, int from_mtime)
{
	const uint32_t mtimecmp = CLINT_BASE + 0x4000, mtime = CLINT_BASE + 0xbff8;
	const uint32_t mtime_hi = (mtime + 0x800) & 0xfffff000u;	/* lui's part of it */

	*p++ = soup_csrr(SOUP_T2, 0xf14);					/* mhartid */
	*p++ = soup_enc_i(3, SOUP_T2, 1, SOUP_T2, 0x13);			/* slli t2, t2, 3 */
	*p++ = mtimecmp | SOUP_T0 << 7 | 0x37;					/* lui t0, mtimecmp */
	*p++ = soup_enc_r(0, SOUP_T2, SOUP_T0, 0, SOUP_T0, 0x33);		/* add t0, t0, t2 */
	*p++ = soup_enc_i(-1 & 0xfff, SOUP_ZERO, 0, SOUP_T2, 0x13);		/* li t2, -1 */
	*p++ = soup_enc_s(4, SOUP_T2, SOUP_T0, 2);				/* sw t2, 4(t0) */
	if (from_mtime) {
		*p++ = soup_enc_i(22, SOUP_T1, 5, SOUP_T1, 0x13);		/* srli t1, t1, 22 */
		*p++ = soup_enc_i(64, SOUP_T1, 0, SOUP_T1, 0x13);		/* addi t1, t1, 64 */
		*p++ = mtime_hi | SOUP_T2 << 7 | 0x37;				/* lui t2, mtime */
		*p++ = soup_enc_i((int)(mtime - mtime_hi) & 0xfff, SOUP_T2, 2, SOUP_T2, 0x03); /* lw */
		*p++ = soup_enc_r(0, SOUP_T2, SOUP_T1, 0, SOUP_T1, 0x33);	/* add t1, t1, t2 */
	}
	*p++ = soup_enc_s(0, SOUP_T1, SOUP_T0, 2);				/* sw t1, 0(t0) */
	*p++ = soup_enc_s(4, SOUP_ZERO, SOUP_T0, 2);				/* sw zero, 4(t0) */
	return p;
}

/* t0 = RAM_BASE + (t1 >> 10 & 0xffffc | SOUP_CODE): a place in the soup drawn from t1. */
static inline uint32_t *soup_emit_random_place(uint32_t *p)
{
	*p++ = soup_enc_i(10, SOUP_T1, 5, SOUP_T0, 0x13);			/* srli t0, t1, 10 */
	p = soup_emit_li(p, SOUP_T2, SOUP_RAM_BYTES - 4);
	*p++ = soup_enc_r(0, SOUP_T2, SOUP_T0, 7, SOUP_T0, 0x33);		/* and t0, t0, t2 */
	*p++ = SOUP_CODE | SOUP_T2 << 7 | 0x37;				/* lui t2, SOUP_CODE */
	*p++ = soup_enc_r(0, SOUP_T2, SOUP_T0, 6, SOUP_T0, 0x33);		/* or t0, t0, t2 */
	*p++ = RAM_BASE | SOUP_T2 << 7 | 0x37;					/* lui t2, RAM_BASE */
	*p++ = soup_enc_r(0, SOUP_T2, SOUP_T0, 0, SOUP_T0, 0x33);		/* add t0, t0, t2 */
	return p;
}

/* ---- the soup's words ---- */

/* A system instruction that changes mode, waits or orders memory. */
static inline uint32_t soup_special(void)
{
	static const uint32_t words[] = {
		0x30200073u,	/* mret */
		0x10200073u,	/* sret */
		0x10500073u,	/* wfi */
		0x00000073u,	/* ecall */
		0x00100073u,	/* ebreak */
		0x0000100fu,	/* fence.i */
		0x0ff0000fu,	/* fence */
		0x12000073u,	/* sfence.vma: its registers drawn below */
	};
	uint32_t w = words[soup_next32() % (sizeof(words) / sizeof(words[0]))];

	if (soup_portable && w == 0x10500073u)
		w = 0x0ff0000fu;	/* no wfi: nothing would wake it */

	if (w == 0x12000073u)
		w |= (soup_next32() & 0x1fu) << 15 | (soup_next32() & 0x1fu) << 20;
	return w;
}

/*
 * An instruction of RV32IMA that is legal by construction, random in its
 * registers and immediates. Loads, stores and atomics mostly take gp as
 * their base, which each trap points into the soup (the soup then writes
 * its own code, as a program that loads code does) or at a device, at an
 * offset aligned for their size seven times in eight and small half the
 * time; branches and jumps mostly stay
 * within a few KiB, at an aligned target seven times in eight.
 */
static inline uint32_t soup_legal(void)
{
	static const uint8_t branch_f3[] = { 0, 1, 4, 5, 6, 7 };
	static const uint8_t load_f3[] = { 0, 1, 2, 4, 5 };
	static const uint8_t amo_f5[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x08, 0x0c, 0x10, 0x14,
					  0x18, 0x1c };
	static const uint8_t op_f7[] = { 0x00, 0x00, 0x01, 0x20 };
	uint32_t r = soup_next32(), rd = r & 31, rs1 = r >> 5 & 31, rs2 = r >> 10 & 31;
	uint32_t imm = soup_next32(), f3 = r >> 15 & 7, kind = r >> 18 & 15, size;
	int base = (r >> 22 & 7) ? SOUP_GP : (int)rs1;	/* gp, 7 times in 8 */
	/*
	 * The portable flavour's accesses: always at gp, which nothing but the
	 * handlers writes, and aligned. osprey traps a misaligned access, QEMU
	 * makes it (both as the spec allows); a random base would mostly reach
	 * addresses where the two machines have different devices.
	 */
	int aligned = (r >> 24 & 7) || soup_portable;

	if (soup_portable) {
		base = SOUP_GP;
		if (rd == SOUP_GP)
			rd = SOUP_T3;
	}
	/*
	 * A load's or store's offset within the 128 bytes after gp half the
	 * time (a device's registers, when gp points at one), else anywhere
	 * within its 12 bits.
	 */
	uint32_t near = (r >> 28 & 1) ? 0x7f : 0xfff;
	/*
	 * A branch's or jump's offset 2 mod 4 (a misaligned target) one time
	 * in 8; not in the portable flavour: QEMU 7.2 reports a branch's or
	 * jal's misaligned target with mtval the jump's own pc, not the target
	 * (a jalr's it reports right, and its offsets stay random).
	 */
	uint32_t misaligned = (r >> 27 & 7) || soup_portable ? ~2u : ~0u;

	switch (kind) {
	case 0:
	case 1:		/* OP: base, M extension, and the subtract/arithmetic shifts */
		return soup_enc_r(op_f7[imm & 3], (int)rs2, (int)rs1, (int)f3, (int)rd, 0x33);
	case 2:
	case 3:		/* OP-IMM: shifts with their legal upper bits */
		if (f3 == 1 || f3 == 5)
			imm = (imm & 31) | (f3 == 5 && (imm & 0x400) ? 0x400 : 0);
		return soup_enc_i((int)(imm & 0xfff), (int)rs1, (int)f3, (int)rd, 0x13);
	case 4:
	case 5:		/* LOAD */
		f3 = load_f3[f3 % 5];
		size = 1u << (f3 & 3);
		imm &= near;
		if (aligned)
			imm &= ~(size - 1);
		return soup_enc_i((int)imm, base, (int)f3, (int)rd, 0x03);
	case 6:		/* STORE */
		f3 %= 3;
		imm &= near;
		if (aligned)
			imm &= ~((1u << f3) - 1);
		return soup_enc_s((int)imm, (int)rs2, base, (int)f3);
	case 7:		/* AMO: LR with rs2 0; aq and rl random */
		imm = amo_f5[imm % sizeof(amo_f5)];
		return (imm << 27) | (r >> 25 & 3) << 25 | (imm == 0x02 ? 0 : rs2 << 20) |
		       (uint32_t)base << 15 | 2 << 12 | rd << 7 | 0x2f;
	case 8:
	case 9:		/* BRANCH within 4 KiB */
		f3 = branch_f3[f3 % 6];
		imm &= misaligned;
		return soup_enc_r((int)((imm >> 31) << 6 | (imm >> 5 & 0x3f)), (int)rs2, (int)rs1,
				  (int)f3, (int)(imm & 0x1e) | (int)(imm >> 11 & 1), 0x63);
	case 10:	/* JAL within 4 KiB mostly, else within the whole +-1 MiB */
		/* (portable: always near; far, it leaves RAM for QEMU's devices) */
		if ((r >> 24 & 3) || soup_portable)
			imm = (imm & 0xffe) | (imm & 0x80000000u ? 0xfffff000u : 0);
		imm &= misaligned;
		return (imm >> 20 & 1) << 31 | (imm >> 1 & 0x3ff) << 21 | (imm >> 11 & 1) << 20 |
		       (imm >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
	case 11:	/* JALR (portable: from gp, into the soup; a random base leaves RAM) */
		return soup_enc_i((int)(imm & 0xfff), soup_portable ? SOUP_GP : (int)rs1, 0, (int)rd,
				  0x67);
	case 12:	/* LUI, AUIPC */
		return (imm & 0xfffff000u) | rd << 7 | (r & 0x80000000u ? 0x37 : 0x17);
	case 13:	/* FENCE, FENCE.I */
		return (imm & 0xfff00000u) | (f3 & 1) << 12 | 0x0f;
	default:	/* more OP-IMM: the common case in real code */
		return soup_enc_i((int)(imm & 0xfff), (int)rs1, (int)(f3 == 1 || f3 == 5 ? 0 : f3),
				  (int)rd, 0x13);
	}
}

/* A random word: mostly a legal instruction, now and then a system one or anything. */
static inline uint32_t soup_insn(void)
{
	uint32_t w = soup_next32(), csr;

	/*
	 * A word that may trap one time in 16: each trap costs the handler some
	 * 40 instructions, and the soup's own would be a small part of the run.
	 */
	switch (soup_next32() % 64) {
	case 0:
		if (soup_portable)
			return soup_legal();
		return w;	/* anything at all */
	case 1:
	case 2:
		/* SYSTEM with a CSR number from the implemented ranges, but the frame's */
		csr = 0x100u + soup_next32() % 0xf00;
		if (soup_portable) {
			int i = csr % (sizeof(soup_portable_csrs) / sizeof(soup_portable_csrs[0]));
			int writes = soup_portable_csrs[i].writes;

			csr = soup_portable_csrs[i].csr;
			if ((w >> 7 & 31) == SOUP_GP)
				w ^= 1u << 7;	/* rd not gp: x2 */
			/* rs1 (or the immediate, funct3 bit 2) x0 (0) where only that may be written */
			if (writes == SOUP_WRITE_ZERO || (writes == SOUP_WRITE_IMM && !(w >> 14 & 1)))
				w &= ~(31u << 15);
		}
		if (csr == SOUP_MTVEC || csr == SOUP_STVEC || csr == SOUP_SATP_CSR)
			csr = SOUP_MSCRATCH;
		return (w & 0x000fff80u) | (csr << 20) | 0x73;
	case 3:
		return soup_special();
	default:
		return soup_legal();
	}
}

/*
 * A burst of four stores at gp, 0 to 12 (@w, SOUP_BURST_WORDS words;
 * returns that): source and destination 64-byte lines within 2 KiB of
 * the burst, a length of up to 2 KiB in lines and a control word of a
 * random operation, in t3 to t6. With gp at the DMA engine's first
 * channel they program it (copies and zeroing over the soup's own code,
 * now and then over the page tables); at the CLINT they raise and clear
 * software interrupts; at the soup, they are four more stores.
 */
#define SOUP_BURST_WORDS 12
static inline int soup_burst(uint32_t *w)
{
	uint32_t r = soup_next32();

	/* t3: the source, a line near the burst */
	w[0] = SOUP_T3 << 7 | 0x17;					/* auipc t3, 0 */
	w[1] = soup_enc_i((int)(r & 0xfff), SOUP_T3, 0, SOUP_T3, 0x13);	/* addi */
	w[2] = soup_enc_i(-64 & 0xfff, SOUP_T3, 7, SOUP_T3, 0x13);	/* andi t3, t3, -64 */
	r = soup_next32();
	/* t4: the destination, likewise; t5: the length; t6: the control word */
	w[3] = SOUP_T4 << 7 | 0x17;					/* auipc t4, 0 */
	w[4] = soup_enc_i((int)(r & 0xfff), SOUP_T4, 0, SOUP_T4, 0x13);	/* addi */
	w[5] = soup_enc_i(-64 & 0xfff, SOUP_T4, 7, SOUP_T4, 0x13);	/* andi t4, t4, -64 */
	w[6] = soup_enc_i((int)(r >> 12 & 0x7c0), SOUP_ZERO, 0, SOUP_T5, 0x13);	/* li */
	w[7] = soup_enc_i((int)(r >> 24 & 0x103), SOUP_ZERO, 0, SOUP_T6, 0x13);	/* li */
	/* the four registers' stores: sw t3, 0(gp) to sw t6, 12(gp) */
	w[8] = soup_enc_s(0, SOUP_T3, SOUP_GP, 2);
	w[9] = soup_enc_s(4, SOUP_T4, SOUP_GP, 2);
	w[10] = soup_enc_s(8, SOUP_T5, SOUP_GP, 2);
	w[11] = soup_enc_s(12, SOUP_T6, SOUP_GP, 2);
	return SOUP_BURST_WORDS;
}

/* ---- the frame ---- */

/* Where hart @i's prologue starts. */
static inline uint32_t soup_slot(int i)
{
	return RAM_BASE + SOUP_SLOT_BYTES * (uint32_t)i;
}

/* A random address in the soup proper, word-aligned. */
static inline uint32_t soup_target(void)
{
	return RAM_BASE + SOUP_CODE + 4 * (soup_next32() % ((SOUP_RAM_BYTES - SOUP_CODE) / 4));
}

/*
 * A hart's prologue (53 words, within its slot): the frame's trap vectors, the
 * frame locked read-and-execute with everything else open, random
 * delegation, interrupt enables, mstatus (its MPP the mode the soup starts
 * in), scratch seeds for the handlers, paging on or off, then an mret to
 * @target.
 */
static inline uint32_t *soup_emit_prologue(uint32_t *p, uint32_t target)
{
	/* NAPOT over the frame; then NAPOT over everything */
	uint32_t frame_napot = (RAM_BASE >> 2) | ((1u << (SOUP_FRAME_LOG2 - 3)) - 1), mstatus;

	if (soup_portable) {
		/* QEMU's boot ROM leaves the DTB's address in a1, its own data's in a2 */
		*p++ = soup_enc_i(0, SOUP_ZERO, 0, SOUP_A1, 0x13);	/* li a1, 0 */
		*p++ = soup_enc_i(0, SOUP_ZERO, 0, SOUP_A2, 0x13);	/* li a2, 0 */
		p = soup_emit_li(p, SOUP_GP, soup_target());	/* gp in the soup from the start */
	}
	p = soup_emit_csrw(p, SOUP_MTVEC, RAM_BASE + SOUP_M_HANDLER);
	p = soup_emit_csrw(p, SOUP_STVEC, RAM_BASE + SOUP_S_HANDLER);
	p = soup_emit_csrw(p, SOUP_PMPADDR0, frame_napot);
	p = soup_emit_csrw(p, SOUP_PMPADDR1, 0xffffffffu);
	p = soup_emit_csrw(p, SOUP_PMPCFG0, 0x1f9du);	/* entry 0: L, NAPOT, X, R; 1: NAPOT RWX */
	/* (the portable flavour's without the hypervisor extension's bits: see soup_insn) */
	p = soup_emit_csrw(p, SOUP_MEDELEG, soup_next32() & (soup_portable ? 0xb3ffu : ~0u));
	p = soup_emit_csrw(p, SOUP_MIDELEG, soup_next32() & (soup_portable ? 0x222u : ~0u));
	p = soup_emit_csrw(p, SOUP_MIE, soup_portable ? 0 : soup_next32() | 0x80); /* M's timer on */
	/* TVM, TW and TSR one time in eight: set, they turn S's handler into traps to M */
	mstatus = soup_next32();
	if (soup_next32() % 8)
		mstatus &= ~(7u << 20);
	if (soup_portable)
		mstatus &= ~0x600u;	/* VS 0 (see soup_insn) */
	p = soup_emit_csrw(p, SOUP_MSTATUS, mstatus);
	p = soup_emit_csrw(p, SOUP_MSCRATCH, soup_next32());
	p = soup_emit_csrw(p, SOUP_SSCRATCH, soup_next32());
	p = soup_emit_csrw(p, SOUP_SATP_CSR, soup_next32() & 1 ? SOUP_SATP : 0);
	if (!soup_portable) {
		p = soup_emit_csrw(p, SOUP_MPFCTL, 1);
		p = soup_emit_li(p, SOUP_T1, soup_next32() % 4096); /* the timer's first interrupt */
		p = soup_emit_timer_arm(p, 0);
	}
	p = soup_emit_csrw(p, SOUP_MEPC, target);
	*p++ = 0x30200073u;	/* mret */
	return p;
}

/*
 * A trap handler for M (@s 0) or S (@s 1), as the frame's comment says.
 * t0, t1 and t2 are the soup's registers, which it may change: the soup's
 * registers mean nothing. The scratch CSR holds a linear congruential
 * generator's state, stepped at each trap.
 */
static inline uint32_t *soup_emit_handler(uint32_t *p, int s)
{
	int cause = s ? SOUP_SCAUSE : SOUP_MCAUSE, epc = s ? SOUP_SEPC : SOUP_MEPC;
	int scratch = s ? SOUP_SSCRATCH : SOUP_MSCRATCH, ie = s ? SOUP_SIE : SOUP_MIE;
	int status = s ? SOUP_SSTATUS : SOUP_MSTATUS;
	uint32_t *irq_branch, *move_branch, *move_branch2, *skip_jump, *irq_jump, *move_jump;
	uint32_t *paging_branch = NULL, *paging_jump = NULL, *paging_off = NULL, *paging_set = NULL;
	uint32_t *irq, *move, *ret;
	uint32_t *escape_branch = NULL, *escape, *beyond_branch, *mask;
	uint32_t *timer_branch = NULL, *timer_jump = NULL;

	if (!s) {
		p = soup_emit_li(p, SOUP_T2, 1u << 17);
		*p++ = soup_csrc(SOUP_MSTATUS, SOUP_T2);			/* MPRV off */
	}
	/* t1 = the generator stepped (t2 = its multiplier); its high bits are the draws */
	*p++ = soup_csrr(SOUP_T1, scratch);
	p = soup_emit_li(p, SOUP_T2, 1103515245u);
	*p++ = soup_enc_r(1, SOUP_T2, SOUP_T1, 0, SOUP_T1, 0x33);		/* mul t1, t1, t2 */
	*p++ = soup_enc_i(57, SOUP_T1, 0, SOUP_T1, 0x13);			/* addi t1, t1, 57 */
	*p++ = soup_csrw(scratch, SOUP_T1);
	*p++ = soup_csrr(SOUP_T0, cause);
	irq_branch = p++;			/* blt t0, x0, irq */
	*p++ = soup_enc_i(2, SOUP_T0, 3, SOUP_T2, 0x13);			/* sltiu t2, t0, 2 */
	move_branch = p++;			/* bne t2, x0, move: causes 0 and 1 */
	*p++ = soup_enc_i(-12 & 0xfff, SOUP_T0, 0, SOUP_T2, 0x13);		/* addi t2, t0, -12 */
	move_branch2 = p++;			/* beq t2, x0, move: cause 12 */

	/*
	 * In S, a trap from the handler itself (its sret, with mstatus.TSR set
	 * and illegal instructions delegated) escapes: skipped or moved from,
	 * that sret would be met again.
	 */
	if (s) {
		*p++ = soup_csrr(SOUP_T2, epc);
		*p++ = soup_enc_i(9, SOUP_T2, 5, SOUP_T2, 0x13);		/* srli t2, t2, 9 */
		p = soup_emit_li(p, SOUP_T0, (RAM_BASE + SOUP_S_HANDLER) >> 9);
		escape_branch = p++;		/* beq t2, t0, escape */
	}
	/*
	 * Outside the soup (in the frame, or past it: the CLI's RAM goes on, all
	 * zeros, illegal words): move, rather than trap at every word.
	 */
	*p++ = soup_csrr(SOUP_T2, epc);
	*p++ = (RAM_BASE + SOUP_CODE) | SOUP_T0 << 7 | 0x37;			/* lui t0, soup */
	*p++ = soup_enc_r(0x20, SOUP_T0, SOUP_T2, 0, SOUP_T2, 0x33);		/* sub t2, t2, t0 */
	*p++ = (SOUP_RAM_BYTES - SOUP_CODE) | SOUP_T0 << 7 | 0x37;		/* lui t0, its size */
	beyond_branch = p++;			/* bgeu t2, t0, move */

	/* skip: resume after the instruction */
	*p++ = soup_csrr(SOUP_T2, epc);
	*p++ = soup_enc_i(4, SOUP_T2, 0, SOUP_T2, 0x13);			/* addi t2, t2, 4 */
	*p++ = soup_csrw(epc, SOUP_T2);
	skip_jump = p++;			/* j ret */

	/*
	 * irq: M's timer is set again, a random 64 to 1087 ticks on (t1 is
	 * the generator again after); any other is masked (sll takes the
	 * cause's low five bits).
	 */
	irq = p;
	if (!s) {
		*p++ = soup_enc_i(1, SOUP_T0, 1, SOUP_T2, 0x13);		/* slli t2, t0, 1 */
		*p++ = soup_enc_i(-14 & 0xfff, SOUP_T2, 0, SOUP_T2, 0x13);	/* addi t2, t2, -14 */
		timer_branch = p++;		/* bne t2, x0, mask */
		p = soup_emit_timer_arm(p, 1);
		*p++ = soup_csrr(SOUP_T1, scratch);
		timer_jump = p++;		/* j ret */
	}
	mask = p;
	*p++ = soup_enc_i(1, SOUP_ZERO, 0, SOUP_T2, 0x13);			/* li t2, 1 */
	*p++ = soup_enc_r(0, SOUP_T0, SOUP_T2, 1, SOUP_T2, 0x33);		/* sll t2, t2, t0 */
	*p++ = soup_csrc(ie, SOUP_T2);
	irq_jump = p++;				/* j ret */

	/*
	 * move: a random place in the soup; M switches paging on or off (in S,
	 * mstatus.TVM would make that a second trap as often as not).
	 */
	move = p;
	p = soup_emit_random_place(p);
	*p++ = soup_csrw(epc, SOUP_T0);
	if (!s) {
		*p++ = soup_enc_i(24, SOUP_T1, 5, SOUP_T2, 0x13);		/* srli t2, t1, 24 */
		*p++ = soup_enc_i(1, SOUP_T2, 7, SOUP_T2, 0x13);		/* andi t2, t2, 1 */
		paging_branch = p++;		/* beq t2, x0, paging off */
		p = soup_emit_li(p, SOUP_T2, SOUP_SATP);
		paging_jump = p++;		/* j paging set */
		paging_off = p;
		*p++ = soup_enc_i(0, SOUP_ZERO, 0, SOUP_T2, 0x13);		/* li t2, 0 */
		paging_set = p;
		*p++ = soup_csrw(SOUP_SATP_CSR, SOUP_T2);
		*p++ = 0x12000073u;						/* sfence.vma */
	}
	move_jump = p++;			/* j ret */

	/*
	 * ret: the previous privilege drawn from the generator's top bits (M:
	 * MPP, bits 12:11, where a reserved 2 keeps the old one; S: SPP, bit
	 * 8), then xRET. If an S-mode sret traps (mstatus.TSR), M skips it:
	 * the jump after it still goes where it was going.
	 */
	ret = p;
	p = soup_emit_random_place(p);
	*p++ = (RAM_BASE + SOUP_M_HANDLER) | SOUP_GP << 7 | 0x37;		/* lui gp, frame */
	*p++ = soup_enc_i(25, SOUP_T1, 5, SOUP_T2, 0x13);			/* srli t2, t1, 25 */
	*p++ = soup_enc_i((SOUP_NDEVICES - 1) * 4, SOUP_T2, 7, SOUP_T2, 0x13);	/* andi: entry */
	*p++ = soup_enc_r(0, SOUP_T2, SOUP_GP, 0, SOUP_GP, 0x33);		/* add gp, gp, t2 */
	*p++ = soup_enc_i(SOUP_DEVICES - SOUP_M_HANDLER, SOUP_GP, 2, SOUP_GP, 0x03); /* lw gp */
	*p = soup_enc_b(p, p + 2, 1, SOUP_GP, SOUP_ZERO);			/* bnez gp, +8 */
	p++;
	*p++ = soup_enc_i(0, SOUP_T0, 0, SOUP_GP, 0x13);			/* mv gp, t0 */
	if (s) {
		*p++ = soup_enc_i(0x100, SOUP_ZERO, 0, SOUP_T2, 0x13);		/* li t2, 0x100 */
		*p++ = soup_csrc(status, SOUP_T2);
		*p++ = soup_enc_i(23, SOUP_T1, 5, SOUP_T1, 0x13);		/* srli t1, t1, 23 */
		*p++ = soup_enc_r(0, SOUP_T2, SOUP_T1, 7, SOUP_T2, 0x33);	/* and t2, t1, t2 */
		*p++ = soup_csrs(status, SOUP_T2);
		*p++ = soup_csrr(SOUP_T2, epc);
		*p++ = 0x10200073u;						/* sret */
		*p++ = soup_enc_i(0, SOUP_T2, 0, SOUP_ZERO, 0x67);		/* jr t2 */
	} else {
		p = soup_emit_li(p, SOUP_T2, 0x1800);
		*p++ = soup_csrc(status, SOUP_T2);
		*p++ = soup_enc_i(19, SOUP_T1, 5, SOUP_T1, 0x13);		/* srli t1, t1, 19 */
		*p++ = soup_enc_r(0, SOUP_T2, SOUP_T1, 7, SOUP_T2, 0x33);	/* and t2, t1, t2 */
		*p++ = soup_csrs(status, SOUP_T2);
		*p++ = 0x30200073u;						/* mret */
	}

	if (s) {
		/* escape: to a random place in the soup, in S, with no sret */
		escape = p;
		p = soup_emit_random_place(p);
		*p++ = soup_enc_i(0, SOUP_T0, 0, SOUP_ZERO, 0x67);		/* jr t0 */
		*escape_branch = soup_enc_b(escape_branch, escape, 0, SOUP_T2, SOUP_T0);
	}
	*irq_branch = soup_enc_b(irq_branch, irq, 4, SOUP_T0, SOUP_ZERO);
	if (!s) {
		*timer_branch = soup_enc_b(timer_branch, mask, 1, SOUP_T2, SOUP_ZERO);
		*timer_jump = soup_enc_j(timer_jump, ret);
	}
	*beyond_branch = soup_enc_b(beyond_branch, move, 7, SOUP_T2, SOUP_T0);
	*move_branch = soup_enc_b(move_branch, move, 1, SOUP_T2, SOUP_ZERO);
	*move_branch2 = soup_enc_b(move_branch2, move, 0, SOUP_T2, SOUP_ZERO);
	*skip_jump = soup_enc_j(skip_jump, ret);
	*irq_jump = soup_enc_j(irq_jump, ret);
	if (!s) {
		*paging_branch = soup_enc_b(paging_branch, paging_off, 0, SOUP_T2, SOUP_ZERO);
		*paging_jump = soup_enc_j(paging_jump, paging_set);
	}
	*move_jump = soup_enc_j(move_jump, ret);
	return p;
}

/*
 * A page table entry for a leaf mapping physical page number @ppn: valid,
 * with random permissions (now and then the reserved write-only), user bit,
 * accessed and dirty bits; or, one time in eight, invalid.
 */
static inline uint32_t soup_leaf_pte(uint32_t ppn)
{
	static const uint8_t rwx[] = { 0x2, 0x6, 0x8, 0xa, 0xe, 0xa, 0xe, 0x4 }; /* R RW X RX RWX .. W */
	uint32_t r = soup_next32();

	if ((r & 7) == 0)
		return 0;
	/*
	 * The portable flavour's with A and D set: the walker's update of
	 * either writes the frame, which PMP locks read-only, and the spec
	 * makes that an access fault; QEMU 7.2 writes the PTE regardless.
	 */
	if (soup_portable)
		r |= 0x700;
	return ppn << 10 | rwx[(r >> 3) & 7] | (r & 0x40 ? 0x10 : 0) /* U */ |
	       ((r >> 8) & 3 ? 0x40 : 0) /* A, mostly */ | (r & 0x400 ? 0x80 : 0) /* D */ | 1;
}

/*
 * Fills @ram (SOUP_RAM_BYTES, at RAM_BASE) with the frame and the soup of
 * @seed, with prologues for @harts harts (at most SOUP_MAX_HARTS).
 */
static inline void soup_fill(uint8_t *ram, int harts, uint64_t seed)
{
	uint32_t code[SOUP_HANDLER_BYTES / 4 * 2], *end, pte;	/* room to see an overflow */
	/* a dispatcher: slli t0, a0, 8 (a slot is 256 bytes); lui t1, RAM_BASE; add; jr */
	const uint32_t dispatch[] = {
		soup_enc_i(8, SOUP_A0, 1, SOUP_T0, 0x13), (RAM_BASE & 0xfffff000u) | SOUP_T1 << 7 | 0x37,
		soup_enc_r(0, SOUP_T1, SOUP_T0, 0, SOUP_T0, 0x33), soup_enc_i(0, SOUP_T0, 0, 0, 0x67),
	};

	soup_rng = seed * 0x9e3779b97f4a7c15ull + 1;
	for (uint32_t off = 0; off < SOUP_RAM_BYTES;) {
		uint32_t w[SOUP_BURST_WORDS];
		int n = 1;

		if (soup_next32() % 128 == 0 && off + sizeof(w) <= SOUP_RAM_BYTES && !soup_portable)
			n = soup_burst(w);
		else
			w[0] = soup_insn();
		memcpy(ram + off, w, (size_t)n * 4);
		off += (uint32_t)n * 4;
	}
	memset(ram, 0, SOUP_CODE);	/* the frame's unused words: illegal instructions */
	for (int i = 0; i < harts; i++) {
		end = soup_emit_prologue(code, soup_target());
		if (end - code > (long)(SOUP_SLOT_BYTES / 4))
			abort();	/* a prologue outgrew its slot: a defect of this file */
		memcpy(ram + SOUP_SLOT_BYTES * i, code, (size_t)(end - code) * 4);
	}
	end = soup_emit_handler(code, 0);
	if (end - code > (long)(SOUP_HANDLER_BYTES / 4))
		abort();	/* a handler outgrew its room: a defect of this file */
	memcpy(ram + SOUP_M_HANDLER, code, (size_t)(end - code) * 4);
	end = soup_emit_handler(code, 1);
	if (end - code > (long)(SOUP_HANDLER_BYTES / 4))
		abort();
	memcpy(ram + SOUP_S_HANDLER, code, (size_t)(end - code) * 4);
	memcpy(ram + SOUP_DISPATCH, dispatch, sizeof(dispatch));
	if (!soup_portable) {	/* the portable flavour's devices' table: all soup */
		/* 7 entries of SOUP_NDEVICES: about one time in five; the DMA engine thrice */
		const uint32_t devices[] = {
			CLINT_BASE, PLIC_BASE + 0x200000, UART_BASE, 0x04000000u /* simctl */,
			0x04001000u /* DMA */, 0x04001000u, 0x04001000u,
		};

		memcpy(ram + SOUP_DEVICES, devices, sizeof(devices));
	}

	/*
	 * The root table: RAM's first 4 MiB through the leaf table, every other
	 * 4 MiB an identity megapage with random permissions (or invalid, or
	 * now and then the leaf table again: an alias).
	 */
	for (uint32_t i = 0; i < 1024; i++) {
		uint32_t leaf_ptr = ((RAM_BASE + SOUP_LEAF) >> 12) << 10 | 1;

		if (i == RAM_BASE >> 22 || soup_next32() % 16 == 0)
			pte = leaf_ptr;
		else
			pte = soup_leaf_pte(i << 10);
		memcpy(ram + SOUP_ROOT + 4 * i, &pte, 4);
	}
	/* The leaf table: identity 4 KiB pages; the frame's S can run and read. */
	for (uint32_t i = 0; i < 1024; i++) {
		uint32_t ppn = (RAM_BASE >> 12) + i;

		pte = i < (SOUP_CODE >> 12) ? ppn << 10 | 0x4b /* A X R V */ : soup_leaf_pte(ppn);
		memcpy(ram + SOUP_LEAF + 4 * i, &pte, 4);
	}
}

#endif
