// SPDX-License-Identifier: MIT
/*
 * The platform devices through the memory map, as a hart's slow path sees
 * them: CLINT, PLIC, UART, the SiFive test finisher and HTIF. Interrupt lines
 * are observed in the harts' mip.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dev/clint.h"
#include "dev/finisher.h"
#include "dev/htif.h"
#include "dev/plic.h"
#include "dev/uart.h"
#include "sys/stop.h"

#define MIP(h, irq) ((hart_mip(h) >> (irq)) & 1)
#define CYCLES_PER_TICK 10

struct bench {
	struct rig *r;
	struct hart *harts[2];
	uint64_t now;		/* core cycles, for the CLINT */
	struct clint clint;
	struct plic plic;
	struct uart uart;
	struct finisher fin;
	struct htif htif;
	struct sim_stop stop;
	char *out;		/* UART and HTIF output */
	size_t out_len;
	FILE *out_f;
};

static int bench_setup(void **state)
{
	struct bench *b = calloc(1, sizeof(*b));
	void *rs;

	if (!b || rig_setup(&rs))
		return -1;
	b->r = rs;
	b->harts[0] = b->r->h;
	b->harts[1] = b->r->h1;
	b->out_f = open_memstream(&b->out, &b->out_len);
	clint_init(&b->clint, b->harts, 2, &b->now, CYCLES_PER_TICK);
	plic_init(&b->plic, b->harts, 2);
	uart_init(&b->uart, b->out_f, -1, &b->plic, UART_IRQ);
	b->fin.stop = &b->stop;
	memmap_add(&b->r->mm, "clint", CLINT_BASE, CLINT_SIZE, &clint_ops, &b->clint);
	memmap_add(&b->r->mm, "plic", PLIC_BASE, PLIC_SIZE, &plic_ops, &b->plic);
	memmap_add(&b->r->mm, "uart", UART_BASE, UART_SIZE, &uart_ops, &b->uart);
	memmap_add(&b->r->mm, "finisher", FINISHER_BASE, FINISHER_SIZE, &finisher_ops, &b->fin);
	*state = b;
	return 0;
}

static int bench_teardown(void **state)
{
	struct bench *b = *state;
	void *rs = b->r;

	fclose(b->out_f);
	free(b->out);
	rig_teardown(&rs);
	free(b);
	return 0;
}

static uint32_t rd(struct bench *b, uint32_t addr)
{
	uint32_t v = 0xdeadbeef;

	assert_int_equal(memmap_read(&b->r->mm, addr, 4, &v), 0);
	return v;
}

static uint32_t rd8(struct bench *b, uint32_t addr)
{
	uint32_t v = 0xdeadbeef;

	assert_int_equal(memmap_read(&b->r->mm, addr, 1, &v), 0);
	return v;
}

static void wr(struct bench *b, uint32_t addr, uint32_t v)
{
	assert_int_equal(memmap_write(&b->r->mm, addr, 4, v), 0);
}

static void wr8(struct bench *b, uint32_t addr, uint32_t v)
{
	assert_int_equal(memmap_write(&b->r->mm, addr, 1, v), 0);
}

static const char *output(struct bench *b)
{
	fflush(b->out_f);
	return b->out;
}

/* ---- CLINT ---------------------------------------------------------------- */

#define MSIP(h)		(CLINT_BASE + 4 * (h))
#define MTIMECMP(h)	(CLINT_BASE + 0x4000 + 8 * (h))
#define MTIME		(CLINT_BASE + 0xbff8)

static void test_clint_mtime_counts_core_cycles_per_tick(void **state)
{
	struct bench *b = *state;

	b->now = 12345;
	assert_int_equal(rd(b, MTIME), 1234);
	assert_int_equal(rd(b, MTIME + 4), 0);
	b->now = (uint64_t)CYCLES_PER_TICK << 32;
	assert_int_equal(rd(b, MTIME + 4), 1);
}

static void test_clint_mtime_write_moves_the_clock(void **state)
{
	struct bench *b = *state;

	b->now = 1000;
	wr(b, MTIME, 5000);
	assert_int_equal(rd(b, MTIME), 5000);
	b->now += 10 * CYCLES_PER_TICK;
	assert_int_equal(rd(b, MTIME), 5010);
}

static void test_clint_mtimecmp_resets_to_no_timer(void **state)
{
	struct bench *b = *state;

	assert_int_equal(rd(b, MTIMECMP(0)), 0xffffffffu);
	assert_int_equal(rd(b, MTIMECMP(0) + 4), 0xffffffffu);
	assert_false(MIP(b->harts[0], IRQ_MTI));
}

static void test_clint_mtimecmp_raises_mtip_when_mtime_reaches_it(void **state)
{
	struct bench *b = *state;

	b->now = 1000;		/* mtime 100 */
	wr(b, MTIMECMP(0) + 4, 0);
	wr(b, MTIMECMP(0), 200);
	assert_false(MIP(b->harts[0], IRQ_MTI));
	assert_int_equal(b->clint.next_event, 200 * CYCLES_PER_TICK);
	b->now = 200 * CYCLES_PER_TICK;
	clint_update(&b->clint);
	assert_true(MIP(b->harts[0], IRQ_MTI));
	assert_false(MIP(b->harts[1], IRQ_MTI));
}

static void test_clint_mtimecmp_in_the_past_raises_mtip_at_once(void **state)
{
	struct bench *b = *state;

	b->now = 1000;
	wr(b, MTIMECMP(1), 50);
	wr(b, MTIMECMP(1) + 4, 0);
	assert_true(MIP(b->harts[1], IRQ_MTI));
	wr(b, MTIMECMP(1) + 4, 1);	/* far future again: MTIP falls */
	assert_false(MIP(b->harts[1], IRQ_MTI));
}

static void test_clint_msip_drives_msip(void **state)
{
	struct bench *b = *state;

	wr(b, MSIP(1), 1);
	assert_true(MIP(b->harts[1], IRQ_MSI));
	assert_false(MIP(b->harts[0], IRQ_MSI));
	assert_int_equal(rd(b, MSIP(1)), 1);
	wr(b, MSIP(1), 0);
	assert_false(MIP(b->harts[1], IRQ_MSI));
}

static void test_clint_msip_keeps_only_bit_zero(void **state)
{
	struct bench *b = *state;

	wr(b, MSIP(0), 0xfffffffe);
	assert_int_equal(rd(b, MSIP(0)), 0);
	assert_false(MIP(b->harts[0], IRQ_MSI));
}

static void test_hart_reads_mtime_with_a_load(void **state)
{
	struct bench *b = *state;
	struct rig *r = b->r;

	b->now = 770;
	hart_set_reg(r->h, 1, MTIME);
	assert_int_equal(rig_exec(r, r->h, LW(3, 1, 0)), HART_RETIRED);
	assert_int_equal(hart_reg(r->h, 3), 77);
}

static void test_hart_store_to_msip_interrupts_the_other_hart(void **state)
{
	struct bench *b = *state;
	struct rig *r = b->r;

	hart_set_reg(r->h, 1, MSIP(1));
	hart_set_reg(r->h, 2, 1);
	assert_int_equal(rig_exec(r, r->h, SW(2, 1, 0)), HART_RETIRED);
	r->h1->mie = 1u << IRQ_MSI;
	r->h1->mstatus = MSTATUS_MIE;
	rig_put(r, r->h1->pc = CODE + 0x100, NOP);
	assert_int_equal(hart_step(r->h1), HART_TRAPPED);
	assert_int_equal(r->h1->mcause, CAUSE_INTERRUPT | IRQ_MSI);
}

/* ---- PLIC ----------------------------------------------------------------- */

#define PRIO(s)		(PLIC_BASE + 4 * (s))
#define PENDING		(PLIC_BASE + 0x1000)
#define ENABLE(c)	(PLIC_BASE + 0x2000 + 0x80 * (c))
#define THRESHOLD(c)	(PLIC_BASE + 0x200000 + 0x1000 * (c))
#define CLAIM(c)	(THRESHOLD(c) + 4)

static void test_plic_priority_zero_never_interrupts(void **state)
{
	struct bench *b = *state;

	wr(b, ENABLE(0), 1u << 5);
	plic_set_irq(&b->plic, 5, 1);
	assert_false(MIP(b->harts[0], IRQ_MEI));
	assert_int_equal(rd(b, CLAIM(0)), 0);
}

static void test_plic_source_above_threshold_raises_meip(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(5), 3);
	wr(b, ENABLE(0), 1u << 5);
	wr(b, THRESHOLD(0), 2);
	plic_set_irq(&b->plic, 5, 1);
	assert_true(MIP(b->harts[0], IRQ_MEI));
	assert_int_equal(rd(b, PENDING), 1u << 5);
	wr(b, THRESHOLD(0), 3);		/* priority must exceed the threshold */
	assert_false(MIP(b->harts[0], IRQ_MEI));
}

static void test_plic_disabled_source_does_not_interrupt(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(5), 3);
	wr(b, ENABLE(0), 1u << 6);
	plic_set_irq(&b->plic, 5, 1);
	assert_false(MIP(b->harts[0], IRQ_MEI));
}

static void test_plic_odd_context_drives_seip(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(7), 1);
	wr(b, ENABLE(3), 1u << 7);	/* hart 1, S-mode */
	plic_set_irq(&b->plic, 7, 1);
	assert_true(MIP(b->harts[1], IRQ_SEI));
	assert_false(MIP(b->harts[1], IRQ_MEI));
	assert_false(MIP(b->harts[0], IRQ_SEI));
}

static void test_plic_claim_returns_the_highest_priority_source(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(3), 2);
	wr(b, PRIO(5), 6);
	wr(b, ENABLE(0), 1u << 3 | 1u << 5);
	plic_set_irq(&b->plic, 3, 1);
	plic_set_irq(&b->plic, 5, 1);
	assert_int_equal(rd(b, CLAIM(0)), 5);
	assert_int_equal(rd(b, CLAIM(0)), 3);
	assert_int_equal(rd(b, CLAIM(0)), 0);
	assert_false(MIP(b->harts[0], IRQ_MEI));
}

static void test_plic_priority_ties_go_to_the_lowest_source(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(9), 4);
	wr(b, PRIO(4), 4);
	wr(b, ENABLE(0), 1u << 9 | 1u << 4);
	plic_set_irq(&b->plic, 9, 1);
	plic_set_irq(&b->plic, 4, 1);
	assert_int_equal(rd(b, CLAIM(0)), 4);
}

static void test_plic_claimed_source_waits_for_completion(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(5), 1);
	wr(b, ENABLE(0), 1u << 5);
	plic_set_irq(&b->plic, 5, 1);
	assert_int_equal(rd(b, CLAIM(0)), 5);
	assert_int_equal(rd(b, PENDING), 0);		/* line still high, but in service */
	assert_false(MIP(b->harts[0], IRQ_MEI));
	wr(b, CLAIM(0), 5);				/* complete: the gateway reopens */
	assert_int_equal(rd(b, PENDING), 1u << 5);
	assert_true(MIP(b->harts[0], IRQ_MEI));
}

static void test_plic_source_lowered_before_completion_stays_quiet(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(5), 1);
	wr(b, ENABLE(0), 1u << 5);
	plic_set_irq(&b->plic, 5, 1);
	assert_int_equal(rd(b, CLAIM(0)), 5);
	plic_set_irq(&b->plic, 5, 0);
	wr(b, CLAIM(0), 5);
	assert_int_equal(rd(b, PENDING), 0);
	assert_false(MIP(b->harts[0], IRQ_MEI));
}

/* Spec: a completion for a source not enabled for the context is ignored. */
static void test_plic_completion_of_a_disabled_source_is_ignored(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(5), 1);
	wr(b, ENABLE(0), 1u << 5);
	plic_set_irq(&b->plic, 5, 1);
	assert_int_equal(rd(b, CLAIM(0)), 5);
	wr(b, CLAIM(2), 5);		/* hart 1's M context never enabled source 5 */
	assert_int_equal(rd(b, PENDING), 0);
	assert_false(MIP(b->harts[0], IRQ_MEI));
}

static void test_plic_source_zero_does_not_exist(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(0), 7);
	wr(b, ENABLE(0), 0xffffffffu);
	assert_int_equal(rd(b, PRIO(0)), 0);
	assert_int_equal(rd(b, ENABLE(0)) & 1, 0);
}

static void test_plic_priority_holds_at_most_seven(void **state)
{
	struct bench *b = *state;

	wr(b, PRIO(1), 7);
	assert_int_equal(rd(b, PRIO(1)), 7);
	wr(b, PRIO(1), 0x100);
	assert_true(rd(b, PRIO(1)) <= 7);
}

/* ---- UART ----------------------------------------------------------------- */

#define THR	(UART_BASE + 0)
#define IER	(UART_BASE + 1)
#define IIR	(UART_BASE + 2)
#define LCR	(UART_BASE + 3)
#define LSR	(UART_BASE + 5)
#define SCR	(UART_BASE + 7)

static void test_uart_lsr_reports_an_empty_transmitter_and_no_data(void **state)
{
	struct bench *b = *state;

	assert_int_equal(rd8(b, LSR), 0x60);
}

static void test_uart_thr_bytes_go_to_the_output(void **state)
{
	struct bench *b = *state;

	wr8(b, THR, 'h');
	wr8(b, THR, 'i');
	assert_string_equal(output(b), "hi");
	assert_int_equal(rd8(b, LSR) & 0x60, 0x60);
}

static void test_uart_dlab_redirects_thr_to_the_divisor_latch(void **state)
{
	struct bench *b = *state;

	wr8(b, LCR, 0x80);
	wr8(b, THR, 3);
	assert_int_equal(rd8(b, THR), 3);
	wr8(b, LCR, 0x03);
	wr8(b, THR, 'x');
	assert_string_equal(output(b), "x");
}

static void test_uart_scratch_register_holds_a_byte(void **state)
{
	struct bench *b = *state;

	wr8(b, SCR, 0xa5);
	assert_int_equal(rd8(b, SCR), 0xa5);
}

static void test_uart_receives_bytes_from_a_pipe(void **state)
{
	struct bench *b = *state;
	int fds[2];

	assert_int_equal(pipe(fds), 0);
	b->uart.in_fd = fds[0];
	assert_int_equal(uart_poll(&b->uart, 0), 0);	/* nothing yet */
	assert_int_equal(write(fds[1], "ab", 2), 2);
	assert_int_equal(uart_poll(&b->uart, 0), 1);
	assert_int_equal(rd8(b, LSR) & 1, 1);
	assert_int_equal(rd8(b, THR), 'a');
	assert_int_equal(rd8(b, THR), 'b');
	assert_int_equal(rd8(b, LSR) & 1, 0);
	close(fds[1]);
	uart_poll(&b->uart, 0);
	assert_false(uart_rx_open(&b->uart));
	close(fds[0]);
}

static void test_uart_receive_interrupt_reaches_the_plic(void **state)
{
	struct bench *b = *state;
	int fds[2];

	assert_int_equal(pipe(fds), 0);
	b->uart.in_fd = fds[0];
	wr(b, PRIO(UART_IRQ), 1);
	wr(b, ENABLE(0), 1u << UART_IRQ);
	wr8(b, IER, 0x01);
	assert_false(MIP(b->harts[0], IRQ_MEI));
	assert_int_equal(write(fds[1], "z", 1), 1);
	assert_int_equal(uart_poll(&b->uart, 0), 1);
	assert_true(MIP(b->harts[0], IRQ_MEI));
	assert_int_equal(rd8(b, IIR) & 0x0f, 0x04);
	assert_int_equal(rd(b, CLAIM(0)), UART_IRQ);
	assert_int_equal(rd8(b, THR), 'z');
	wr(b, CLAIM(0), UART_IRQ);
	assert_false(MIP(b->harts[0], IRQ_MEI));
	close(fds[0]);
	close(fds[1]);
}

static void test_uart_thr_empty_interrupt_is_reported_once_in_iir(void **state)
{
	struct bench *b = *state;

	wr8(b, IER, 0x02);
	assert_int_equal(rd8(b, IIR) & 0x0f, 0x02);
	assert_int_equal(rd8(b, IIR) & 0x0f, 0x01);
}

static void test_hart_store_to_uart_prints(void **state)
{
	struct bench *b = *state;
	struct rig *r = b->r;

	hart_set_reg(r->h, 1, UART_BASE);
	hart_set_reg(r->h, 2, 'Q');
	assert_int_equal(rig_exec(r, r->h, SB(2, 1, 0)), HART_RETIRED);
	assert_string_equal(output(b), "Q");
}

/* ---- finisher and HTIF ---------------------------------------------------- */

static void test_finisher_pass_stops_with_status_zero(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 0x5555);
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_equal(b->stop.status, EXIT_PASS);
}

static void test_finisher_fail_stops_with_the_guest_code(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 3u << 16 | 0x3333);
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_equal(b->stop.status, 3);
	assert_non_null(strstr(b->stop.msg, "3"));
}

static void test_finisher_fail_with_code_zero_is_still_a_failure(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 0x3333);
	assert_int_not_equal(b->stop.status, 0);
}

static void test_finisher_reset_request_stops_as_stuck(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 0x7777);
	assert_int_equal(b->stop.kind, STOP_STUCK);
	assert_int_equal(b->stop.status, EXIT_STUCK);
}

static void test_finisher_other_values_do_not_stop(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 0x1234);
	assert_int_equal(b->stop.kind, STOP_NONE);
}

static void test_first_stop_reason_wins(void **state)
{
	struct bench *b = *state;

	wr(b, FINISHER_BASE, 5u << 16 | 0x3333);
	wr(b, FINISHER_BASE, 0x5555);
	assert_int_equal(b->stop.status, 5);
}

static void test_guest_status_is_never_zero_for_a_failure(void **state)
{
	assert_int_equal(guest_status(0), 0);
	assert_int_equal(guest_status(1), 1);
	assert_int_equal(guest_status(255), 255);
	assert_int_equal(guest_status(256), 1);
	assert_int_equal(guest_status(257), 1);
	/* Codes wider than 32 bits (HTIF has 47) are not cut to their low half. */
	assert_int_equal(guest_status(0x100000000ull), 1);
	assert_int_equal(guest_status(0x100000003ull), 3);
	assert_int_equal(guest_status(0x7fffffffff00ull), 1);
}

#define TOHOST		(DATA + 0x100)
#define FROMHOST	(DATA + 0x140)

static void htif_on(struct bench *b)
{
	htif_init(&b->htif, &b->r->mm, &b->stop, b->out_f, TOHOST, FROMHOST);
}

/* A guest's two 32-bit stores to tohost, then the host's check. */
static void tohost_write(struct bench *b, uint32_t lo, uint32_t hi)
{
	rig_put(b->r, TOHOST, lo);
	htif_store(&b->htif, TOHOST, 4, lo, 0);
	rig_put(b->r, TOHOST + 4, hi);
	htif_store(&b->htif, TOHOST + 4, 4, hi, 1);
	assert_true(b->htif.armed);
	assert_int_equal(b->htif.check_at, 0 + HTIF_CHECK_DELAY);	/* from the first store */
	htif_poll(&b->htif);
}

static void test_htif_stores_in_a_loop_do_not_postpone_the_check(void **state)
{
	struct bench *b = *state;

	/* The public environments' exit: both halves again and again until answered. */
	htif_on(b);
	rig_put(b->r, TOHOST, 1);
	for (uint64_t retired = 100; retired < 100 + 4 * HTIF_CHECK_DELAY; retired += 3) {
		htif_store(&b->htif, TOHOST, 4, 1, retired);
		htif_store(&b->htif, TOHOST + 4, 4, 0, retired + 1);
	}
	assert_int_equal(b->htif.check_at, 100 + HTIF_CHECK_DELAY);
	htif_poll(&b->htif);
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_equal(b->stop.status, EXIT_PASS);
	/* After the check, the next store arms a new one. */
	assert_false(b->htif.armed);
	htif_store(&b->htif, TOHOST, 4, 1, 500);
	assert_int_equal(b->htif.check_at, 500 + HTIF_CHECK_DELAY);
}

static void test_htif_exit_zero_passes(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	tohost_write(b, 1, 0);
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_equal(b->stop.status, EXIT_PASS);
}

static void test_htif_exit_code_is_value_shifted_right(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	tohost_write(b, 7u << 1 | 1, 0);
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_equal(b->stop.status, 7);
}

static void test_htif_exit_code_with_zero_low_half_is_a_failure(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	tohost_write(b, 1, 2);	/* code 1 << 32 */
	assert_int_equal(b->stop.kind, STOP_GUEST);
	assert_int_not_equal(b->stop.status, EXIT_PASS);
	assert_non_null(strstr(b->stop.msg, "4294967296"));
}

static void test_htif_stores_elsewhere_do_not_arm(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	htif_store(&b->htif, TOHOST + 8, 4, 1, 0);
	htif_store(&b->htif, TOHOST - 4, 4, 1, 0);
	assert_false(b->htif.armed);
}

static void test_htif_console_putchar_prints_and_acknowledges(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	tohost_write(b, 'K', 0x01010000);
	assert_string_equal(output(b), "K");
	assert_int_equal(b->stop.kind, STOP_NONE);
	assert_int_equal(rig_get(b->r, TOHOST), 0);
	assert_int_equal(rig_get(b->r, TOHOST + 4), 0);
	assert_int_equal(rig_get(b->r, FROMHOST + 4), 0x01010000);
}

static void test_htif_syscall_write_prints_the_buffer(void **state)
{
	struct bench *b = *state;
	uint32_t block = DATA + 0x200, buf = DATA + 0x300;

	htif_on(b);
	memcpy(memmap_host(&b->r->mm, buf), "hello", 5);
	rig_put(b->r, block, 64);
	rig_put(b->r, block + 8, 1);
	rig_put(b->r, block + 16, buf);
	rig_put(b->r, block + 24, 5);
	tohost_write(b, block, 0);
	assert_string_equal(output(b), "hello");
	assert_int_equal(rig_get(b->r, block), 5);
	assert_int_equal(b->stop.kind, STOP_NONE);
}

static void test_htif_unknown_request_stops_with_a_message(void **state)
{
	struct bench *b = *state;

	htif_on(b);
	tohost_write(b, 0x10, 0x05000000);
	assert_int_equal(b->stop.kind, STOP_STUCK);
	assert_int_equal(b->stop.status, EXIT_STUCK);
	assert_non_null(strstr(b->stop.msg, "HTIF"));
}

#define DEV_TEST(f) cmocka_unit_test_setup_teardown(f, bench_setup, bench_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		DEV_TEST(test_clint_mtime_counts_core_cycles_per_tick),
		DEV_TEST(test_clint_mtime_write_moves_the_clock),
		DEV_TEST(test_clint_mtimecmp_resets_to_no_timer),
		DEV_TEST(test_clint_mtimecmp_raises_mtip_when_mtime_reaches_it),
		DEV_TEST(test_clint_mtimecmp_in_the_past_raises_mtip_at_once),
		DEV_TEST(test_clint_msip_drives_msip),
		DEV_TEST(test_clint_msip_keeps_only_bit_zero),
		DEV_TEST(test_hart_reads_mtime_with_a_load),
		DEV_TEST(test_hart_store_to_msip_interrupts_the_other_hart),
		DEV_TEST(test_plic_priority_zero_never_interrupts),
		DEV_TEST(test_plic_source_above_threshold_raises_meip),
		DEV_TEST(test_plic_disabled_source_does_not_interrupt),
		DEV_TEST(test_plic_odd_context_drives_seip),
		DEV_TEST(test_plic_claim_returns_the_highest_priority_source),
		DEV_TEST(test_plic_priority_ties_go_to_the_lowest_source),
		DEV_TEST(test_plic_claimed_source_waits_for_completion),
		DEV_TEST(test_plic_source_lowered_before_completion_stays_quiet),
		DEV_TEST(test_plic_completion_of_a_disabled_source_is_ignored),
		DEV_TEST(test_plic_source_zero_does_not_exist),
		DEV_TEST(test_plic_priority_holds_at_most_seven),
		DEV_TEST(test_uart_lsr_reports_an_empty_transmitter_and_no_data),
		DEV_TEST(test_uart_thr_bytes_go_to_the_output),
		DEV_TEST(test_uart_dlab_redirects_thr_to_the_divisor_latch),
		DEV_TEST(test_uart_scratch_register_holds_a_byte),
		DEV_TEST(test_uart_receives_bytes_from_a_pipe),
		DEV_TEST(test_uart_receive_interrupt_reaches_the_plic),
		DEV_TEST(test_uart_thr_empty_interrupt_is_reported_once_in_iir),
		DEV_TEST(test_hart_store_to_uart_prints),
		DEV_TEST(test_finisher_pass_stops_with_status_zero),
		DEV_TEST(test_finisher_fail_stops_with_the_guest_code),
		DEV_TEST(test_finisher_fail_with_code_zero_is_still_a_failure),
		DEV_TEST(test_finisher_reset_request_stops_as_stuck),
		DEV_TEST(test_finisher_other_values_do_not_stop),
		DEV_TEST(test_first_stop_reason_wins),
		cmocka_unit_test(test_guest_status_is_never_zero_for_a_failure),
		DEV_TEST(test_htif_exit_zero_passes),
		DEV_TEST(test_htif_exit_code_is_value_shifted_right),
		DEV_TEST(test_htif_exit_code_with_zero_low_half_is_a_failure),
		DEV_TEST(test_htif_stores_elsewhere_do_not_arm),
		DEV_TEST(test_htif_stores_in_a_loop_do_not_postpone_the_check),
		DEV_TEST(test_htif_console_putchar_prints_and_acknowledges),
		DEV_TEST(test_htif_syscall_write_prints_the_buffer),
		DEV_TEST(test_htif_unknown_request_stops_with_a_message),
	};

	return UNIT_RUN("devices", tests);
}
