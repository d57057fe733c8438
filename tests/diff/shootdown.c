// SPDX-License-Identifier: MIT
/*
 * shootdown.c - a TLB shootdown on 4 harts in S mode, the way a kernel does
 * one.  All harts share one Sv32 page table and read SHARED_VA (page A).
 * Hart 0 remaps SHARED_VA to page B, flushes its own TLB, and asks M mode
 * (ecall, as an SBI would) to send IPIs to the others; M mode forwards each
 * machine software interrupt as a supervisor software interrupt (mip.SSIP,
 * delegated), and each S handler does sfence.vma and acknowledges.  After the
 * acknowledgements every hart must read page B.  Only values are printed.
 */
#include "fw.h"

enum {
	PTE_V = 1 << 0, PTE_R = 1 << 1, PTE_W = 1 << 2, PTE_X = 1 << 3,
	PTE_A = 1 << 6, PTE_D = 1 << 7,
};

#define NHARTS		4		/* harts the test needs */
#define SHARED_VA	0x40000000u	/* the page being remapped */
#define SYS_EXIT	93		/* a7 of the ecalls to M mode */
#define SYS_SEND_IPI	4		/* a0 = mask of harts */

static uint32_t root[1024] __attribute__((aligned(4096)));
static uint32_t l1[1024] __attribute__((aligned(4096)));
static uint32_t page_a[1024] __attribute__((aligned(4096)));
static uint32_t page_b[1024] __attribute__((aligned(4096)));
static uint8_t sstacks[NHARTS][8192] __attribute__((aligned(16)));
static struct mode_ctx ctx[NHARTS];
static struct barrier bar;

static volatile uint32_t before[NHARTS], after[NHARTS];	/* SHARED_VA read by each hart */
static volatile uint32_t flushed[NHARTS];	/* set by hart i's S handler */
static volatile uint32_t acks;			/* shootdown acknowledgements */
static volatile uint32_t unexpected;		/* traps nobody asked for */

static uint32_t pte(uintptr_t pa, uint32_t flags)
{
	return (uint32_t)(pa >> 12) << 10 | flags;
}

static void mhandler(struct trap_frame *f)
{
	uint32_t h = hart_id();

	if (f->cause == CAUSE_ECALL_S) {
		if (f->regs[REG_A7] == SYS_EXIT)
			mode_return(&ctx[h], f->regs[REG_A0]);
		if (f->regs[REG_A7] == SYS_SEND_IPI) {
			for (uint32_t i = 0; i < NHARTS; i++)
				if (f->regs[REG_A0] & (1u << i))
					clint_set_msip(i, 1);
		} else {
			amoadd_w(&unexpected, 1);
		}
		f->epc += 4;
		return;
	}
	if (f->cause == (CAUSE_IRQ | IRQ_M_SOFT)) {
		clint_set_msip(h, 0);
		csr_set(mip, MIP_SSIP);	/* forward to S mode */
		return;
	}
	amoadd_w(&unexpected, 1);
	f->epc += 4;
}

static uint32_t tp_hart(void)
{
	uint32_t h;

	asm volatile("mv %0, tp" : "=r"(h));
	return h;
}

static void shandler(struct trap_frame *f)
{
	if (f->cause == (CAUSE_IRQ | IRQ_S_SOFT)) {
		csr_clear(sip, MIP_SSIP);
		sfence_vma();
		flushed[tp_hart()] = 1;
		amoadd_w(&acks, 1);
		return;
	}
	amoadd_w(&unexpected, 1);
	f->epc += 4;
}

static void ecall(uint32_t a7, uint32_t a0)
{
	register uint32_t r0 asm("a0") = a0;
	register uint32_t r7 asm("a7") = a7;

	asm volatile("ecall" : "+r"(r0) : "r"(r7) : "memory");
}

static void s_main(uint32_t h)
{
	volatile uint32_t *shared = (volatile uint32_t *)SHARED_VA;

	trap_init_s();
	csr_write(sie, MIP_SSIP);
	csr_write(satp, SATP_MODE_SV32 | (uint32_t)root >> 12);
	sfence_vma();
	before[h] = shared[h];		/* now cached in this hart's TLB */
	barrier_wait(&bar, NHARTS);

	if (h == 0) {
		l1[0] = pte((uintptr_t)page_b, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D);
		fence();
		sfence_vma();
		ecall(SYS_SEND_IPI, ((1u << NHARTS) - 1) & ~1u);
		while (acks != NHARTS - 1)
			;
	} else {
		while (!flushed[h])
			wfi_take_s();
	}
	barrier_wait(&bar, NHARTS);
	after[h] = shared[h];
	barrier_wait(&bar, NHARTS);
	ecall(SYS_EXIT, 0);
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, NHARTS);

	if (!n)
		return 0;
	if (n != NHARTS) {
		printf("shootdown: only %u harts arrived\n", n);
		return 1;
	}
	if (h == 0) {
		for (uint32_t i = 0; i < 32; i++)
			root[(RAM_BASE >> 22) + i] = pte(RAM_BASE + (i << 22), PTE_V | PTE_R |
						       PTE_W | PTE_X | PTE_A | PTE_D);
		root[UART_BASE >> 22] = pte(UART_BASE, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D);
		root[SHARED_VA >> 22] = pte((uintptr_t)l1, PTE_V);
		l1[0] = pte((uintptr_t)page_a, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D);
		for (int i = 0; i < 1024; i++) {
			page_a[i] = 0xaaaa0000u + i;
			page_b[i] = 0xbbbb0000u + i;
		}
		trap_set_mhandler(mhandler);
		trap_set_shandler(shandler);
	}
	barrier_wait(&bar, n);

	pmp_allow_all();
	csr_write(medeleg, 0);
	csr_write(mideleg, MIP_SSIP);
	csr_write(mie, MIP_MSIP | MIP_SSIP);
	mode_run(&ctx[h], PRV_S, s_main, (uint32_t)(sstacks[h] + sizeof(sstacks[h])), h);
	csr_write(mie, 0);
	csr_write(satp, 0);
	sfence_vma();
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;

	int bad = unexpected != 0 || acks != NHARTS - 1;

	for (int i = 0; i < NHARTS; i++) {
		printf("hart %d: before %08x after %08x flushed %u\n", i, before[i], after[i],
		       flushed[i]);
		bad |= before[i] != 0xaaaa0000u + i || after[i] != 0xbbbb0000u + i;
	}
	printf("acks %u, unexpected traps %u\n", acks, unexpected);
	if (bad)
		return 1;
	printf("shootdown: pass\n");
	return 0;
}
