// SPDX-License-Identifier: MIT
/*
 * traps_u.c - exceptions from U mode, taken in M mode: ecall (cause 8),
 * ebreak, privileged instructions and CSRs (illegal, mtval = instruction),
 * counter access gated by mcounteren, and an access fault.  U mode is entered
 * with mret (MPP = U) and left with an ecall that the handler turns into a
 * return from mode_run().  mstatus.MPP must read U in the handler.
 */
#include "fw.h"

#define UNMAPPED	0x00000000u	/* an access fault from U mode too */
#define SYS_EXIT	93		/* a7 of the ecall that ends the U-mode run */

static struct mode_ctx ctx;
static uint8_t ustack[4096] __attribute__((aligned(16)));

/* The traps taken, in order. */
static struct {
	uint32_t cause, tval, mpp, a0;
} log[32];
static volatile uint32_t nlog;

static void handler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_U && f->regs[REG_A7] == SYS_EXIT)
		mode_return(&ctx, f->regs[REG_A0]);
	if (nlog < 32) {
		log[nlog].cause = f->cause;
		log[nlog].tval = f->tval;
		log[nlog].mpp = (f->status & MSTATUS_MPP) >> 11;
		log[nlog].a0 = f->regs[REG_A0];
		nlog++;
	}
	if (f->cause == CAUSE_ECALL_U)
		f->regs[REG_A0] = 0x1000 + f->cause;	/* the ecall's "return value" */
	f->epc += 4;
}

static uint32_t u_results[8];	/* written by U mode */

/* Runs in U mode.  Never returns: the last ecall goes back to M mode. */
static void user_main(uint32_t arg)
{
	register uint32_t a0 asm("a0") = arg;
	register uint32_t a7 asm("a7") = 1;

	/* 1: ecall with an argument; the handler returns 0x1000 + cause in a0 */
	asm volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
	u_results[0] = a0;
	/* 2: ebreak */
	asm volatile("ebreak" : : : "memory");
	/* 3-5: M-mode and S-mode CSRs */
	asm volatile("csrr a0, mstatus" : : : "a0", "memory");
	asm volatile("csrw mscratch, zero" : : : "memory");
	asm volatile("csrr a0, sstatus" : : : "a0", "memory");
	/* 6-8: privileged instructions */
	asm volatile("mret" : : : "memory");
	asm volatile("sret" : : : "memory");
	asm volatile("sfence.vma" : : : "memory");
	/* 9, 10: cycle and time with mcounteren = 0 (scounteren = 7) */
	asm volatile("rdcycle a0" : : : "a0", "memory");
	asm volatile("rdtime a0" : : : "a0", "memory");
	/* 11, 12: access faults */
	u_results[1] = probe_lw(UNMAPPED + 4);
	probe_sw(UNMAPPED + 12, 0);
	/* ordinary memory works */
	u_results[2] = probe_lw((uintptr_t)&u_results[0]);

	a0 = 7;
	a7 = SYS_EXIT;
	asm volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
	for (;;)
		;
}

/* Second run, with mcounteren open: the counters read without a trap. */
static void user_counters(uint32_t arg)
{
	(void)arg;
	register uint32_t a0 asm("a0");
	register uint32_t a7 asm("a7") = SYS_EXIT;
	uint32_t c0, c1, i0, i1, t0, t1;

	asm volatile("rdcycle %0" : "=r"(c0));
	asm volatile("rdinstret %0" : "=r"(i0));
	asm volatile("rdtime %0" : "=r"(t0));
	for (volatile int i = 0; i < 100; i++)
		;
	asm volatile("rdcycle %0" : "=r"(c1));
	asm volatile("rdinstret %0" : "=r"(i1));
	asm volatile("rdtime %0" : "=r"(t1));
	/* only whether they moved (time: did not go back) is deterministic */
	a0 = (c1 != c0) | (i1 > i0) << 1 | (t1 - t0 < 0x80000000u) << 2;
	asm volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
	for (;;)
		;
}

static const char *const names[] = {
	"ecall", "ebreak", "csrr mstatus", "csrw mscratch", "csrr sstatus",
	"mret", "sret", "sfence.vma", "rdcycle", "rdtime", "load 0x4", "store 0xc",
};

static const uint32_t want_cause[] = {
	CAUSE_ECALL_U, CAUSE_BREAKPOINT, CAUSE_ILLEGAL, CAUSE_ILLEGAL, CAUSE_ILLEGAL,
	CAUSE_ILLEGAL, CAUSE_ILLEGAL, CAUSE_ILLEGAL, CAUSE_ILLEGAL, CAUSE_ILLEGAL,
	CAUSE_LOAD_ACCESS, CAUSE_STORE_ACCESS,
};

#define NCASES (sizeof(names) / sizeof(names[0]))

int main(uint32_t h)
{
	int bad = 0;

	if (h != 0)
		return 0;
	trap_set_mhandler(handler);
	pmp_allow_all();
	/* U-mode counter access needs both mcounteren and scounteren */
	csr_write(mcounteren, 0);
	csr_write(scounteren, 7);

	uint32_t rc = mode_run(&ctx, PRV_U, user_main, (uint32_t)(ustack + sizeof(ustack)),
			       0x55);

	printf("U-mode run returned %u after %u traps\n", rc, nlog);
	for (uint32_t i = 0; i < nlog; i++) {
		int ok = i < NCASES && log[i].cause == want_cause[i] && log[i].mpp == PRV_U;

		printf("%-14s cause %2u tval %08x mpp %u %s\n", i < NCASES ? names[i] : "?",
		       log[i].cause, log[i].tval, log[i].mpp, ok ? "ok" : "FAIL");
		bad |= !ok;
	}
	printf("ecall a0 in %x, returned %x; faulting load left %x; RAM load %x\n", log[0].a0,
	       u_results[0], u_results[1], u_results[2]);
	bad |= nlog != NCASES || rc != 7 || u_results[1] != PROBE_SENTINEL ||
	       u_results[2] != u_results[0];

	csr_write(mcounteren, 7);	/* CY, TM, IR */
	nlog = 0;
	rc = mode_run(&ctx, PRV_U, user_counters, (uint32_t)(ustack + sizeof(ustack)), 0);
	printf("counters with mcounteren=7: cycle %s, instret %s, time %s, traps %u\n",
	       rc & 1 ? "advances" : "STUCK", rc & 2 ? "advances" : "STUCK",
	       rc & 4 ? "monotonic" : "BACKWARDS", nlog);
	for (uint32_t i = 0; i < nlog; i++)
		printf("unexpected trap: cause %u tval %08x\n", log[i].cause, log[i].tval);
	bad |= rc != 7 || nlog != 0;

	/* back in M mode: M-mode CSRs work again */
	csr_write(mscratch, 0x1234);
	printf("back in M mode, mscratch %x\n", csr_read(mscratch));
	trap_init_m();
	if (bad)
		return 1;
	printf("traps_u: pass\n");
	return 0;
}
