// SPDX-License-Identifier: MIT
/*
 * stimer.c - supervisor interrupts through delegation (mideleg), on one hart.
 * The timer follows the SBI pattern: S mode asks M mode for a timer with an
 * ecall; M mode programs mtimecmp, and when the machine timer fires it sets
 * mip.STIP and masks MTIE; S mode takes the delegated supervisor timer
 * interrupt and asks for the next one, which clears STIP.  Also a supervisor
 * software interrupt raised by S mode itself through sip.SSIP, and sie/sip
 * as views of mie/mip.
 */
#include "fw.h"

#define TICKS		500	/* mtime ticks per supervisor timer */
#define NTIMER		4	/* supervisor timer interrupts to take */
#define SYS_EXIT	93	/* a7 values of the ecalls from S mode */
#define SYS_SET_TIMER	0

static struct mode_ctx ctx;
static uint8_t sstack[8192] __attribute__((aligned(16)));

static volatile uint32_t m_timer;	/* machine timer interrupts (M handler) */
static volatile uint32_t m_calls;	/* set-timer ecalls (M handler) */
static volatile uint32_t s_timer;	/* supervisor timer interrupts (S handler) */
static volatile uint32_t s_soft;	/* supervisor software interrupts (S handler) */
static volatile uint32_t s_other;	/* anything else reaching S */
static volatile uint32_t s_cause_t, s_cause_s;	/* scause of each kind */

static void mhandler(struct trap_frame *f)
{
	if (f->cause == CAUSE_ECALL_S) {
		if (f->regs[REG_A7] == SYS_EXIT)
			mode_return(&ctx, f->regs[REG_A0]);
		m_calls++;
		clint_set_mtimecmp(0, clint_mtime() + f->regs[REG_A0]);
		csr_clear(mip, MIP_STIP);
		csr_set(mie, MIP_MTIP);
		f->epc += 4;
		return;
	}
	if (f->cause == (CAUSE_IRQ | IRQ_M_TIMER)) {
		m_timer++;
		csr_clear(mie, MIP_MTIP);	/* until the next request */
		csr_set(mip, MIP_STIP);
		return;
	}
	printf("unexpected M trap: cause %x epc %x\n", f->cause, f->epc);
	exit_fail(99);
}

static void sbi_set_timer(uint32_t delta)
{
	register uint32_t a0 asm("a0") = delta;
	register uint32_t a7 asm("a7") = SYS_SET_TIMER;

	asm volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
}

static void shandler(struct trap_frame *f)
{
	if (f->cause == (CAUSE_IRQ | IRQ_S_TIMER)) {
		s_timer++;
		s_cause_t = f->cause;
		/* the next timer; after the last, one far away just to clear STIP */
		sbi_set_timer(s_timer < NTIMER ? TICKS : 0x7fffffff);
		return;
	}
	if (f->cause == (CAUSE_IRQ | IRQ_S_SOFT)) {
		s_soft++;
		s_cause_s = f->cause;
		csr_clear(sip, MIP_SSIP);
		return;
	}
	s_other++;
	f->epc += 4;
}

static void s_main(uint32_t arg)
{
	uint32_t bad = 0;

	(void)arg;
	trap_init_s();
	csr_write(sie, MIP_STIP | MIP_SSIP);
	printf("sie %03x (mie view), sip.STIP %u\n", csr_read(sie), !!(csr_read(sip) & MIP_STIP));

	/* software interrupt to itself, taken as soon as SIE is set */
	csr_set(sip, MIP_SSIP);
	printf("sip.SSIP pending before SIE: %u, taken %u\n", !!(csr_read(sip) & MIP_SSIP),
	       s_soft);
	csr_set(sstatus, MSTATUS_SIE);
	asm volatile("nop");
	printf("after SIE: taken %u, scause %08x, sip.SSIP %u\n", s_soft, s_cause_s,
	       !!(csr_read(sip) & MIP_SSIP));
	bad |= s_soft != 1;

	/* timers */
	csr_clear(sstatus, MSTATUS_SIE);
	sbi_set_timer(TICKS);
	while (s_timer < NTIMER)
		wfi_take_s();
	printf("supervisor timer: %u interrupts, scause %08x; M timer %u, set-timer calls %u\n",
	       s_timer, s_cause_t, m_timer, m_calls);
	printf("sip.STIP after the last request: %u, other S traps %u\n",
	       !!(csr_read(sip) & MIP_STIP), s_other);
	bad |= s_timer != NTIMER || m_timer != NTIMER || m_calls != NTIMER + 1 || s_other;

	register uint32_t a0 asm("a0") = bad;
	register uint32_t a7 asm("a7") = SYS_EXIT;

	asm volatile("ecall" : : "r"(a0), "r"(a7) : "memory");
	for (;;)
		;
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	trap_set_mhandler(mhandler);
	trap_set_shandler(shandler);
	clint_set_mtimecmp(0, ~0ull);
	pmp_allow_all();
	csr_write(mideleg, MIP_STIP | MIP_SSIP);
	csr_write(medeleg, 0);
	csr_write(mie, 0);
	printf("mideleg %03x\n", csr_read(mideleg));

	uint32_t rc = mode_run(&ctx, PRV_S, s_main, (uint32_t)(sstack + sizeof(sstack)), 0);

	clint_set_mtimecmp(0, ~0ull);
	printf("back in M mode, result %u\n", rc);
	if (rc)
		return 1;
	printf("stimer: pass\n");
	return 0;
}
