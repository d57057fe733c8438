// SPDX-License-Identifier: MIT
/*
 * spin_park.c - what parking on a spin loop (sys.run_ahead, model/cpu/core.c,
 * core_spin) must not change: when a parked core comes back. The other
 * harts wait in loops that change no register (a load, a test, a branch
 * back), which a core parks on, while hart 0:
 *   - releases them by a store to the flag they read (the snoop of that
 *     store's grant brings them back), after waits of several lengths;
 *   - writes again and again a word that shares their flag's line, then
 *     the flag (snoops of a line the loop reads that leave it waiting);
 *   - prints while they wait (another core's device accesses);
 *   - raises hart 1's software interrupt while hart 1 waits for a flag
 *     only its own handler sets (an interrupt line, raised by a device
 *     access of a core that comes before it in a cycle's turns);
 * and hart 1 raises hart 0's (a core that comes after), and hart 1 waits
 * for its own timer's interrupt (a line the timer raises, with no core's
 * access). Last, the waiters count in memory while they wait, in a loop
 * whose registers repeat at its head though its store changes memory:
 * a core must not park on it.
 * Each waiter notes the cycle it saw its flag; hart 0 prints what they
 * saw. The figures depend on timing, so this is no differential test:
 * `make ahead-check` runs it with running ahead off and on, and the two
 * runs' output and statistics must be the same.
 */
#include "fw.h"

#define ROUNDS	6	/* releases by a store to the flag */
#define WAIT	4000	/* cycles hart 0 waits before the first; more each round */
#define NOISE	300	/* stores to the word beside the false-sharing flag */
#define MAXH	4

/* Each on a line of its own, but noise, which shares false_flag's. */
static volatile uint32_t go __attribute__((aligned(128)));
static volatile uint32_t false_flag __attribute__((aligned(128)));
static volatile uint32_t noise;
static volatile uint32_t irq_flag[MAXH] __attribute__((aligned(128)));
static volatile uint32_t seen[MAXH] __attribute__((aligned(128)));
static volatile uint32_t irq_minstret[MAXH];
static volatile uint32_t timer_done;
static volatile uint32_t count_go __attribute__((aligned(128)));
/* Each waiter's count, on a line of its own. */
static struct {
	volatile uint32_t n;
} __attribute__((aligned(128))) counted[MAXH];
static struct barrier bar;

/* Waits until *@flag is at least @want: a load, a test, a branch back. */
static uint32_t wait_for(volatile uint32_t *flag, uint32_t want)
{
	while (*flag < want)
		;
	return csr_read(mcycle);
}

/*
 * Adds one to *@counter until *@flag is nonzero: at the loop's head t0 is
 * always 0 and t1 the flag's 0, so only memory tells its iterations apart.
 */
static void count_while_waiting(volatile uint32_t *flag, volatile uint32_t *counter)
{
	__asm__ volatile("1:\n\t"
			 "lw t0, 0(%1)\n\t"
			 "addi t0, t0, 1\n\t"
			 "sw t0, 0(%1)\n\t"
			 "li t0, 0\n\t"
			 "lw t1, 0(%0)\n\t"
			 "beqz t1, 1b"
			 :
			 : "r"(flag), "r"(counter)
			 : "t0", "t1", "memory");
}

static void spin_cycles(uint32_t cycles)
{
	uint32_t start = csr_read(mcycle);

	while (csr_read(mcycle) - start < cycles)
		;
}

/*
 * Waits @cycles while keeping the bus busy: stores a line apart through a
 * buffer larger than the caches. A busy bus lets the waiters' runs ahead
 * last past its next grant, so that they park (an idle bus could grant at
 * any of its clock edges).
 */
static uint8_t stream[256 * 1024];

static void busy_cycles(uint32_t cycles)
{
	uint32_t start = csr_read(mcycle), i = 0;

	while (csr_read(mcycle) - start < cycles) {
		stream[i] = (uint8_t)i;
		i = (i + 64) % sizeof(stream);
	}
}

static void handler(struct trap_frame *f)
{
	uint32_t h = hart_id();

	if (f->cause == (CAUSE_IRQ | IRQ_M_SOFT))
		clint_set_msip(h, 0);
	else if (f->cause == (CAUSE_IRQ | IRQ_M_TIMER))
		clint_set_mtimecmp(h, ~0ull);
	else {
		f->epc += 4;
		return;
	}
	irq_minstret[h] += csr_read(minstret);
	irq_flag[h]++;
}

/* Hart @h waits for its handler to have run @times times, interrupt @mip enabled. */
static uint32_t wait_for_irq(uint32_t h, uint32_t mip, uint32_t times)
{
	uint32_t at;

	csr_write(mie, mip);
	csr_set(mstatus, MSTATUS_MIE);
	at = wait_for(&irq_flag[h], times);
	csr_clear(mstatus, MSTATUS_MIE);
	return at;
}

/* Hart @waiter waits for the IPI that hart @sender sends it after a while. */
static void ipi_phase(uint32_t h, uint32_t waiter, uint32_t sender)
{
	if (h == waiter) {
		seen[h] += wait_for_irq(h, MIP_MSIP, 1) & 0xffff;
	} else if (h == sender) {
		busy_cycles(4 * WAIT);
		clint_set_msip(waiter, 1);
	}
}

int main(uint32_t h)
{
	uint32_t n = harts_join(h, MAXH), sum = 0;

	if (n < 2) {
		if (h == 0)
			printf("spin_park: needs 2 harts\n");
		return h == 0;
	}
	if (h == 0)
		trap_set_mhandler(handler);
	barrier_wait(&bar, n);
	for (uint32_t r = 1; r <= ROUNDS; r++) {
		if (h == 0) {
			spin_cycles(WAIT * r);
			if (r == 3)
				printf("spin_park: round %u, the others waiting\n", r);
			go = r;
		} else {
			seen[h] += wait_for(&go, r) & 0xffff;
		}
	}
	barrier_wait(&bar, n);
	/* A device access by a core whose turn comes before the waiter's, then after. */
	ipi_phase(h, 1, 0);
	barrier_wait(&bar, n);
	ipi_phase(h, 0, 1);
	barrier_wait(&bar, n);
	/* The timer's line, which no core's access raises at that cycle. */
	if (h == 1) {
		clint_set_mtimecmp(h, clint_mtime() + WAIT / 4);
		seen[h] += wait_for_irq(h, MIP_MTIP, 2) & 0xffff;
		timer_done = 1;
	} else if (h == 0) {
		while (!timer_done)
			busy_cycles(100);
	}
	barrier_wait(&bar, n);
	if (h == 0) {
		for (uint32_t i = 1; i <= NOISE; i++) {
			noise = i;
			spin_cycles(50);
		}
		false_flag = 1;
		/* Back to back: the waiters' loads miss in step with the stores. */
		for (uint32_t i = 1; i <= 20 * NOISE; i++)
			noise = i;
		false_flag = 2;
	} else {
		seen[h] += wait_for(&false_flag, 1) & 0xffff;
		seen[h] += wait_for(&false_flag, 2) & 0xffff;
	}
	barrier_wait(&bar, n);
	if (h == 0) {
		spin_cycles(4 * WAIT);
		count_go = 1;
	} else {
		count_while_waiting(&count_go, &counted[h].n);
	}
	barrier_wait(&bar, n);
	if (h != 0)
		return 0;
	for (uint32_t i = 1; i < n && i < MAXH; i++)
		printf("spin_park: hart %u counted to %u while it waited\n", i, counted[i].n);
	for (uint32_t i = 0; i < n && i < MAXH; i++) {
		printf("spin_park: hart %u saw its flags at cycles summing to %u\n", i, seen[i]);
		sum += seen[i];
	}
	printf("spin_park: hart 0 took its IPI at minstret %u\n", irq_minstret[0]);
	printf("spin_park: hart 1 took its IPI and timer interrupt at minstrets summing to %u\n",
	       irq_minstret[1]);
	return sum == 0 || !irq_minstret[0] || !irq_minstret[1];
}
