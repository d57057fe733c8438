// SPDX-License-Identifier: MIT
/*
 * paging.c - S mode with Sv32 paging and page faults delegated to S mode.
 * RAM, the UART and the finisher are identity-mapped with 4 MiB megapages;
 * the 4 KiB pages at TEST_VA each exercise one rule: hardware A/D updates
 * (seen in the PTE), read-only, invalid, execute-only with and without MXR,
 * user pages with and without SUM, no-execute, remapping and unmapping with
 * sfence.vma, the reserved W-without-R encoding, a non-leaf PTE at level 0,
 * a misaligned megapage, and U mode running from a user page.
 * Page faults print scause and stval; a skipped load leaves the sentinel.
 */
#include "fw.h"
#include "sv32.h"

#define TEST_VA		0x40000000u	/* the 4 MiB region with 4 KiB test pages */
#define VA(i)		(TEST_VA + (i) * 4096u)
#define MISALIGNED_VA	0x44000000u	/* a megapage with a misaligned PPN */
#define SYS_EXIT	93

/* Index of each test page in l1[] (VA(i)). */
enum {
	PG_AD, PG_RO, PG_INVALID, PG_XONLY, PG_USER, PG_NOX, PG_REMAP, PG_WONLY,
	PG_NONLEAF, PG_UCODE,
};

static uint32_t root[1024] __attribute__((aligned(4096)));
static uint32_t l1[1024] __attribute__((aligned(4096)));
static uint32_t pages[8][1024] __attribute__((aligned(4096)));	/* data behind test pages */
static uint8_t sstack[8192] __attribute__((aligned(16)));
static uint8_t ustack[4096] __attribute__((aligned(16)));

/* Code pages: xpage returns 0x5a5; upage is a U-mode program (see s_user). */
void xpage(void);
void upage(void);
asm(".section .text.testpages, \"ax\"\n"
    ".balign 4096\n"
    ".globl xpage\n"
    "xpage:\n"
    "	li a0, 0x5a5\n"
    "	ret\n"
    ".balign 4096\n"
    ".globl upage\n"
    "upage:\n"
    "	lui a1, 0x40004\n"	/* VA(PG_USER): a user page */
    "	lw a0, 0(a1)\n"
    "	lui a3, 0x40000\n"	/* VA(PG_AD): a supervisor page, faults */
    "	li a2, 0x77\n"
    "	lw a2, 0(a3)\n"
    "	add a0, a0, a2\n"
    "	li a7, 1\n"
    "	ecall\n"
    "1:	j 1b\n"
    ".balign 4096\n"
    ".previous\n");

static struct mode_ctx mctx, uctx;

/* Faults seen by the S handler since the last fault_reset(). */
static volatile struct {
	uint32_t n;
	uint32_t cause, tval;
} fault;

static void mhandler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_S && f->regs[REG_A7] == SYS_EXIT)
		mode_return(&mctx, f->regs[REG_A0]);
	printf("unexpected M trap: cause %x tval %x epc %x\n", f->cause, f->tval, f->epc);
	exit_fail(99);
}

static void shandler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_U)
		smode_return(&uctx, f->regs[REG_A0]);
	fault.n++;
	fault.cause = f->cause;
	fault.tval = f->tval;
	if (f->cause == CAUSE_FETCH_PAGE)
		f->epc = f->regs[REG_RA];
	else
		f->epc += 4;
}

static int bad;

/* Prints the faults since the last call, checks them against want (0: none). */
static void report(const char *what, uint32_t val, uint32_t want_cause, uint32_t want_tval)
{
	int ok = want_cause ? fault.n == 1 && fault.cause == want_cause && fault.tval == want_tval
			    : fault.n == 0;

	if (fault.n)
		printf("%-32s %08x  fault %u cause %2u stval %08x  %s\n", what, val, fault.n,
		       fault.cause, fault.tval, ok ? "ok" : "FAIL");
	else
		printf("%-32s %08x  no fault                          %s\n", what, val,
		       ok ? "ok" : "FAIL");
	bad |= !ok;
	fault.n = 0;
	fault.cause = fault.tval = 0;
}

static void print_ad(const char *when, uint32_t p)
{
	printf("  PTE after %-6s A %u D %u\n", when, !!(p & PTE_A), !!(p & PTE_D));
}

static void s_main(uint32_t arg)
{
	uint32_t v;

	(void)arg;
	csr_write(satp, SATP_MODE_SV32 | (uint32_t)root >> 12);
	sfence_vma();
	printf("S mode, satp %08x\n", csr_read(satp) & SATP_MODE_SV32);

	/* A and D are set by the hardware: A on the load, D on the store */
	print_ad("setup", l1[PG_AD]);
	v = probe_lw(VA(PG_AD));
	report("load A/D page", v, 0, 0);
	print_ad("load", l1[PG_AD]);
	probe_sw(VA(PG_AD) + 4, 0x22222222);
	report("store A/D page", pages[0][1], 0, 0);
	print_ad("store", l1[PG_AD]);

	v = probe_lw(VA(PG_RO));
	report("load read-only page", v, 0, 0);
	probe_sw(VA(PG_RO) + 8, 1);
	report("store read-only page", pages[1][2], CAUSE_STORE_PAGE, VA(PG_RO) + 8);

	v = probe_lw(VA(PG_INVALID) + 0x10);
	report("load invalid page", v, CAUSE_LOAD_PAGE, VA(PG_INVALID) + 0x10);
	probe_sw(VA(PG_INVALID) + 0x20, 1);
	report("store invalid page", 0, CAUSE_STORE_PAGE, VA(PG_INVALID) + 0x20);
	probe_call(VA(PG_INVALID) + 0x30);
	report("fetch invalid page", 0, CAUSE_FETCH_PAGE, VA(PG_INVALID) + 0x30);

	v = ((uint32_t (*)(void))VA(PG_XONLY))();
	report("call execute-only page", v, 0, 0);
	v = probe_lw(VA(PG_XONLY));
	report("load execute-only, MXR=0", v, CAUSE_LOAD_PAGE, VA(PG_XONLY));
	csr_set(sstatus, MSTATUS_MXR);
	v = probe_lw(VA(PG_XONLY));
	report("load execute-only, MXR=1", v, 0, 0);
	probe_sw(VA(PG_XONLY), 0);
	report("store execute-only, MXR=1", 0, CAUSE_STORE_PAGE, VA(PG_XONLY));
	csr_clear(sstatus, MSTATUS_MXR);

	v = probe_lw(VA(PG_USER) + 4);
	report("S load user page, SUM=0", v, CAUSE_LOAD_PAGE, VA(PG_USER) + 4);
	probe_sw(VA(PG_USER) + 4, 3);
	report("S store user page, SUM=0", pages[2][1], CAUSE_STORE_PAGE, VA(PG_USER) + 4);
	csr_set(sstatus, MSTATUS_SUM);
	v = probe_lw(VA(PG_USER) + 4);
	report("S load user page, SUM=1", v, 0, 0);
	probe_sw(VA(PG_USER) + 4, 0x3333abcd);
	report("S store user page, SUM=1", pages[2][1], 0, 0);
	probe_call(VA(PG_UCODE));
	report("S fetch user page, SUM=1", 0, CAUSE_FETCH_PAGE, VA(PG_UCODE));
	csr_clear(sstatus, MSTATUS_SUM);

	probe_call(VA(PG_NOX) + 0x40);
	report("fetch no-execute page", 0, CAUSE_FETCH_PAGE, VA(PG_NOX) + 0x40);

	v = probe_lw(VA(PG_REMAP));
	report("load remap page (first)", v, 0, 0);
	l1[PG_REMAP] = pte((uintptr_t)pages[5], PTE_V | PTE_R | PTE_W | PTE_A | PTE_D);
	asm volatile("sfence.vma %0, zero" : : "r"(VA(PG_REMAP)) : "memory");
	v = probe_lw(VA(PG_REMAP));
	report("load remap page (second)", v, 0, 0);
	l1[PG_REMAP] = 0;
	sfence_vma();
	v = probe_lw(VA(PG_REMAP));
	report("load remap page (unmapped)", v, CAUSE_LOAD_PAGE, VA(PG_REMAP));

	v = probe_lw(VA(PG_WONLY));
	report("load W-only PTE (reserved)", v, CAUSE_LOAD_PAGE, VA(PG_WONLY));
	probe_sw(VA(PG_WONLY), 1);
	report("store W-only PTE (reserved)", pages[6][0], CAUSE_STORE_PAGE, VA(PG_WONLY));
	v = probe_lw(VA(PG_NONLEAF) + 0xc);
	report("load non-leaf PTE at level 0", v, CAUSE_LOAD_PAGE, VA(PG_NONLEAF) + 0xc);
	v = probe_lw(MISALIGNED_VA + 0x10);
	report("load misaligned megapage", v, CAUSE_LOAD_PAGE, MISALIGNED_VA + 0x10);

	/* U mode on a user code page: a user load, a faulting supervisor load, ecall */
	v = smode_run(&uctx, (void (*)(uint32_t))VA(PG_UCODE),
		      (uint32_t)(ustack + sizeof(ustack)), 0);
	report("U program: user + S-page load", v, CAUSE_LOAD_PAGE, VA(PG_AD));

	register uint32_t a0 asm("a0") = bad;
	register uint32_t a7 asm("a7") = SYS_EXIT;

	asm volatile("ecall" : : "r"(a0), "r"(a7) : "memory");
	for (;;)
		;
}

static void build_tables(void)
{
	const uint32_t kernel = PTE_V | PTE_R | PTE_W | PTE_A | PTE_D;

	sv32_map_platform(root);
	root[TEST_VA >> 22] = pte((uintptr_t)l1, PTE_V);
	root[MISALIGNED_VA >> 22] = pte(RAM_BASE + 0x1000, kernel);

	l1[PG_AD] = pte((uintptr_t)pages[0], PTE_V | PTE_R | PTE_W);
	l1[PG_RO] = pte((uintptr_t)pages[1], PTE_V | PTE_R | PTE_A);
	l1[PG_INVALID] = 0;
	l1[PG_XONLY] = pte((uintptr_t)xpage, PTE_V | PTE_X | PTE_A);
	l1[PG_USER] = pte((uintptr_t)pages[2], kernel | PTE_U);
	l1[PG_NOX] = pte((uintptr_t)pages[3], kernel);
	l1[PG_REMAP] = pte((uintptr_t)pages[4], kernel);
	l1[PG_WONLY] = pte((uintptr_t)pages[6], PTE_V | PTE_W | PTE_A | PTE_D);
	l1[PG_NONLEAF] = pte((uintptr_t)pages[7], PTE_V);
	l1[PG_UCODE] = pte((uintptr_t)upage, PTE_V | PTE_R | PTE_X | PTE_U | PTE_A);

	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 1024; j++)
			pages[i][j] = 0x11111111u * (i + 1) + j;
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	build_tables();
	trap_set_mhandler(mhandler);
	trap_set_shandler(shandler);
	trap_init_s();
	pmp_allow_all();
	csr_write(medeleg, 1u << CAUSE_FETCH_PAGE | 1u << CAUSE_LOAD_PAGE |
			   1u << CAUSE_STORE_PAGE | 1u << CAUSE_ECALL_U);
	csr_write(mideleg, 0);

	uint32_t rc = mode_run(&mctx, PRV_S, s_main, (uint32_t)(sstack + sizeof(sstack)), 0);

	csr_write(satp, 0);
	sfence_vma();
	printf("back in M mode, satp %08x\n", csr_read(satp));
	if (rc)
		return 1;
	printf("paging: pass\n");
	return 0;
}
