// SPDX-License-Identifier: MIT
/*
 * traps_m.c - synchronous exceptions taken in M mode from M mode: ecall,
 * ebreak (mtval 0 on both machines), illegal instructions (mtval =
 * the instruction bits), load, store and fetch access faults (mtval = the
 * address), and the mstatus stacking.
 * Table-driven: each case triggers one trap; the handler records it and
 * resumes after the instruction (or at ra for a fetch fault).
 *
 * Exits with status 42 on purpose, to check that the runner compares exit
 * codes; any unexpected result exits with 1.
 */
#include "fw.h"

#define UNMAPPED_LOW	0x00000000u	/* nothing at 0 on QEMU virt or osprey */
#define UNMAPPED_HIGH	0x90000000u	/* past the 128 MiB of RAM */

/* The last trap, written by the handler. */
static volatile struct {
	uint32_t count;		/* traps taken */
	uint32_t cause, tval, epc, mstatus;
} last;

static void handler(struct trap_frame *f)
{
	last.count++;
	last.cause = f->cause;
	last.tval = f->tval;
	last.epc = f->epc;
	last.mstatus = f->status;
	if (f->cause == CAUSE_FETCH_ACCESS)
		f->epc = f->regs[REG_RA];
	else
		f->epc += 4;
}

/*
 * Each case returns the address of the instruction that should trap, so
 * that mepc can be checked (0: mepc is not checked).
 */
static uint32_t t_ecall(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\tecall" : "=r"(pc) : : "memory");
	return pc;
}

static uint32_t t_ebreak(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\tebreak" : "=r"(pc) : : "memory");
	return pc;
}

static uint32_t t_zero_insn(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\t.word 0x00000000" : "=r"(pc) : : "memory");
	return pc;
}

static uint32_t t_ones_insn(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\t.word 0xffffffff" : "=r"(pc) : : "memory");
	return pc;
}

/* OP with funct7 = 0x04: not an RV32IM instruction */
static uint32_t t_bad_funct7(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\t.word 0x08208033" : "=r"(pc) : : "memory");
	return pc;
}

/* write to a read-only CSR */
static uint32_t t_write_mhartid(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\tcsrw mhartid, %0" : "=r"(pc) : : "memory");
	return pc;
}

static uint32_t t_write_cycle(void)
{
	uint32_t pc;

	asm volatile("la %0, 1f\n1:\tcsrw cycle, zero" : "=r"(pc) : : "memory");
	return pc;
}

static uint32_t t_load_low(void)
{
	probe_lw(UNMAPPED_LOW);
	return 0;
}

static uint32_t t_load_high(void)
{
	probe_lbu(UNMAPPED_HIGH + 3);
	return 0;
}

static uint32_t t_store_low(void)
{
	probe_sw(UNMAPPED_LOW + 8, 1);
	return 0;
}

static uint32_t t_store_high(void)
{
	probe_sw(UNMAPPED_HIGH + 0x100, 1);
	return 0;
}

static uint32_t t_fetch_high(void)
{
	probe_call(UNMAPPED_HIGH + 0x40);
	return UNMAPPED_HIGH + 0x40;
}

/* An ecall with MIE set: MPIE must hold it, MIE must read 0 in the handler. */
static uint32_t t_ecall_mie(void)
{
	uint32_t pc;

	csr_write(mie, 0);	/* nothing can actually interrupt */
	csr_set(mstatus, MSTATUS_MIE);
	asm volatile("la %0, 1f\n1:\tecall" : "=r"(pc) : : "memory");
	csr_clear(mstatus, MSTATUS_MIE);
	return pc;
}

static const struct trap_case {
	const char *name;
	uint32_t (*fn)(void);
	uint32_t cause;		/* expected mcause */
} cases[] = {
	{ "ecall", t_ecall, CAUSE_ECALL_M },
	{ "ebreak", t_ebreak, CAUSE_BREAKPOINT },
	{ "illegal 0x00000000", t_zero_insn, CAUSE_ILLEGAL },
	{ "illegal 0xffffffff", t_ones_insn, CAUSE_ILLEGAL },
	{ "illegal funct7", t_bad_funct7, CAUSE_ILLEGAL },
	{ "csrw mhartid", t_write_mhartid, CAUSE_ILLEGAL },
	{ "csrw cycle", t_write_cycle, CAUSE_ILLEGAL },
	{ "load 0x0", t_load_low, CAUSE_LOAD_ACCESS },
	{ "load past RAM", t_load_high, CAUSE_LOAD_ACCESS },
	{ "store 0x8", t_store_low, CAUSE_STORE_ACCESS },
	{ "store past RAM", t_store_high, CAUSE_STORE_ACCESS },
	{ "fetch past RAM", t_fetch_high, CAUSE_FETCH_ACCESS },
	{ "ecall with MIE", t_ecall_mie, CAUSE_ECALL_M },
};

int main(uint32_t h)
{
	int bad = 0;

	if (h != 0)
		return 0;
	trap_set_mhandler(handler);
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct trap_case *c = &cases[i];
		uint32_t before = last.count;
		uint32_t pc = c->fn();
		int ok = last.count == before + 1 && last.cause == c->cause &&
			 (!pc || last.epc == pc);

		uint32_t tval = last.tval;

		printf("%-20s traps %u cause %2u tval %08x epc %s mpp %u mpie %u %s\n", c->name,
		       last.count - before, last.cause, tval,
		       !pc ? "-" : last.epc == pc ? "ok" : "BAD",
		       (last.mstatus & MSTATUS_MPP) >> 11, !!(last.mstatus & MSTATUS_MPIE),
		       ok ? "ok" : "FAIL");
		bad |= !ok;
	}
	/* a probe of mapped RAM must not trap */
	static volatile uint32_t word = 0x600dcafe;
	uint32_t before = last.count;
	uint32_t v = probe_lw((uintptr_t)&word);

	printf("load from RAM: %08x, traps %u\n", v, last.count - before);
	if (bad || last.count != before)
		return 1;
	printf("traps_m: pass, exiting with 42 on purpose\n");
	return 42;
}
