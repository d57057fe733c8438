// SPDX-License-Identifier: MIT
/*
 * privmode.c - privilege rules around interrupts and mstatus on one hart:
 * interrupt priority (MSI before MTI), a delegated supervisor interrupt that
 * must not be taken in M mode, a machine interrupt that must be taken in S
 * mode although mstatus.MIE = 0, the trap-virtualisation bits TSR, TVM and TW,
 * and MPRV (M-mode loads translated with the privilege in MPP).
 * Every trap is logged (mode it came from, cause, tval) and the log printed.
 */
#include "fw.h"

enum {
	PTE_V = 1 << 0, PTE_R = 1 << 1, PTE_W = 1 << 2, PTE_X = 1 << 3,
	PTE_U = 1 << 4, PTE_A = 1 << 6, PTE_D = 1 << 7,
};

#define MPRV_VA		0x40000000u	/* megapage mapped to MPRV_PA */
#define MPRV_PA		0x80400000u	/* 4 MiB aligned, past this program */
#define SYS_EXIT	93

static uint32_t root[1024] __attribute__((aligned(4096)));
static uint8_t sstack[8192] __attribute__((aligned(16)));
static struct mode_ctx ctx;

/* Trap log: one line each, printed by the phase that caused them. */
static struct {
	char where;		/* 'M' or 'S': the handler that took it */
	uint32_t cause, tval, prev;	/* prev: MPP / SPP at the trap */
} tlog[16];
static volatile uint32_t ntlog;

static void logtrap(char where, struct trap_frame *f, uint32_t prev)
{
	if (ntlog < 16) {
		tlog[ntlog].where = where;
		tlog[ntlog].cause = f->cause;
		tlog[ntlog].tval = f->tval;
		tlog[ntlog].prev = prev;
		ntlog++;
	}
}

static int bad;

/* Prints and clears the log; want is the number of traps the phase must take. */
static void print_log(const char *phase, uint32_t want)
{
	printf("%s: %u trap(s)%s\n", phase, ntlog, ntlog == want ? "" : " FAIL");
	bad |= ntlog != want;
	for (uint32_t i = 0; i < ntlog; i++)
		printf("  %c cause %08x tval %08x from %u\n", tlog[i].where, tlog[i].cause,
		       tlog[i].tval, tlog[i].prev);
	ntlog = 0;
}

static void mhandler(struct trap_frame *f)
{
	uint32_t mpp = (f->status & MSTATUS_MPP) >> 11;

	if (f->cause == CAUSE_ECALL_S && f->regs[REG_A7] == SYS_EXIT)
		mode_return(&ctx, f->regs[REG_A0]);
	logtrap('M', f, mpp);
	switch (f->cause) {
	case CAUSE_IRQ | IRQ_M_SOFT:
		clint_set_msip(0, 0);
		break;
	case CAUSE_IRQ | IRQ_M_TIMER:
		clint_set_mtimecmp(0, ~0ull);
		break;
	case CAUSE_IRQ | IRQ_S_TIMER:	/* only if delegation failed */
		csr_clear(mip, MIP_STIP);
		break;
	default:
		f->epc += 4;
		break;
	}
}

static void shandler(struct trap_frame *f)
{
	logtrap('S', f, !!(f->status & MSTATUS_SPP));
	if (f->cause == (CAUSE_IRQ | IRQ_S_TIMER))
		csr_clear(sie, MIP_STIP);	/* STIP stays pending; M clears it later */
	else if (!(f->cause & CAUSE_IRQ))
		f->epc += 4;
}

static void s_exit(uint32_t val)
{
	register uint32_t a0 asm("a0") = val;
	register uint32_t a7 asm("a7") = SYS_EXIT;

	asm volatile("ecall" : : "r"(a0), "r"(a7) : "memory");
	for (;;)
		;
}

/* S mode: the pending delegated STI is taken at once; then the pending MTI. */
static void s_interrupts(uint32_t arg)
{
	(void)arg;
	csr_set(sstatus, MSTATUS_SIE);
	asm volatile("nop");
	csr_clear(sstatus, MSTATUS_SIE);
	/* M timer interrupt: taken in S even though mstatus.MIE = 0 */
	clint_set_mtimecmp(0, 0);
	for (int i = 0; i < 10; i++)
		asm volatile("nop");
	s_exit(0);
}

/* S mode with TSR, TVM and TW set by M: each instruction traps to M. */
static void s_virt(uint32_t arg)
{
	uint32_t v;

	(void)arg;
	asm volatile("la t0, 1f\n\tcsrw sepc, t0\n\tsret\n1:" : : : "t0", "memory");
	asm volatile("csrr %0, satp" : "=r"(v) : : "memory");
	asm volatile("sfence.vma" : : : "memory");
	asm volatile("wfi" : : : "memory");
	s_exit(0);
}

static void build_tables(void)
{
	for (uint32_t i = 0; i < 32; i++)
		root[(RAM_BASE >> 22) + i] = (RAM_BASE + (i << 22)) >> 12 << 10 |
					     PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D;
	root[UART_BASE >> 22] = UART_BASE >> 12 << 10 | PTE_V | PTE_R | PTE_W | PTE_A | PTE_D;
	root[MPRV_VA >> 22] = MPRV_PA >> 12 << 10 | PTE_V | PTE_R | PTE_W | PTE_A | PTE_D;
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	trap_set_mhandler(mhandler);
	trap_set_shandler(shandler);
	trap_init_s();
	pmp_allow_all();
	clint_set_mtimecmp(0, ~0ull);
	csr_write(medeleg, 0);

	/* 1: MSI and MTI pending together: MSI is taken first */
	csr_write(mie, MIP_MSIP | MIP_MTIP);
	clint_set_msip(0, 1);
	clint_set_mtimecmp(0, 0);
	while ((csr_read(mip) & (MIP_MSIP | MIP_MTIP)) != (MIP_MSIP | MIP_MTIP))
		;
	csr_set(mstatus, MSTATUS_MIE);
	asm volatile("nop; nop");
	csr_clear(mstatus, MSTATUS_MIE);
	print_log("priority MSI+MTI", 2);

	/* 2: a delegated STI pending in M mode with SIE set: not taken in M */
	csr_write(mideleg, MIP_STIP);
	csr_write(mie, MIP_STIP);
	csr_set(mip, MIP_STIP);
	csr_set(mstatus, MSTATUS_MIE | MSTATUS_SIE);
	asm volatile("nop; nop");
	csr_clear(mstatus, MSTATUS_MIE | MSTATUS_SIE);
	print_log("delegated STI pending in M", 0);

	/* 3: in S mode, the STI is taken by S, then an MTI by M (MIE = 0) */
	csr_write(mie, MIP_STIP | MIP_MTIP);
	uint32_t rc = mode_run(&ctx, PRV_S, s_interrupts, (uint32_t)(sstack + sizeof(sstack)), 0);

	csr_clear(mip, MIP_STIP);
	csr_write(mie, 0);
	csr_write(mideleg, 0);
	print_log("interrupts in S mode", 2);

	/* 4: TSR, TVM, TW */
	csr_set(mstatus, MSTATUS_TSR | MSTATUS_TVM | MSTATUS_TW);
	rc |= mode_run(&ctx, PRV_S, s_virt, (uint32_t)(sstack + sizeof(sstack)), 0);
	csr_clear(mstatus, MSTATUS_TSR | MSTATUS_TVM | MSTATUS_TW);
	print_log("TSR/TVM/TW from S", 4);

	/* 5: MPRV: M-mode loads and stores translated as MPP's privilege */
	build_tables();
	*(volatile uint32_t *)MPRV_PA = 0xc0ffee00;
	csr_write(satp, SATP_MODE_SV32 | (uint32_t)root >> 12);
	sfence_vma();
	uint32_t v1, v2, v3;

	csr_clear(mstatus, MSTATUS_MPP);
	csr_set(mstatus, MSTATUS_MPRV | (PRV_S << 11));
	v1 = probe_lw(MPRV_VA);
	probe_sw(MPRV_VA + 4, 0x5a5a5a5a);
	csr_clear(mstatus, MSTATUS_MPP);	/* MPP = U: supervisor page faults */
	v2 = probe_lw(MPRV_VA);
	csr_set(mstatus, MSTATUS_MPP);		/* MPP = M: no translation */
	v3 = probe_lw(MPRV_PA + 4);
	csr_clear(mstatus, MSTATUS_MPRV);
	csr_write(satp, 0);
	sfence_vma();
	printf("MPRV: S load %08x, U load %08x, M load of the S store %08x\n", v1, v2, v3);
	print_log("MPRV", 1);

	bad |= v1 != 0xc0ffee00 || v2 != PROBE_SENTINEL || v3 != 0x5a5a5a5a;
	if (rc || bad)
		return 1;
	printf("privmode: pass\n");
	return 0;
}
