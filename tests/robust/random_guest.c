// SPDX-License-Identifier: MIT
/*
 * Robustness: whatever a guest does, the model must not crash, abort or
 * hang. Each case fills RAM with seeded random instruction words (biased
 * towards real opcodes so that CSR, atomic, paging and trap paths are all
 * reached), points the harts at it and runs a bounded number of cycles. The
 * test fails if the model crashes (the process dies), stops for a reason
 * other than a limit, a guest request or a detected deadlock, or leaves the
 * hart in a state no hart can be in (an unknown privilege, a misaligned pc).
 *
 * Given a directory (its one argument) of configuration files named 1.cfg,
 * 2.cfg, ... (random valid ones, drawn by tests/sweep/randcfg: every key,
 * supports and geometry together), the last test runs a random guest under
 * each of them in both modes, so that no combination of supports meets
 * random code for the first time in a user's hands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sys/config.h"
#include "sys/machine.h"
#include "sys/param.h"

#define RAM_BYTES (1u << 20)
#define CYCLES 200000
#define SEEDS 64

static uint64_t rng;
static int stops[STOP_INTERRUPTED + 1];	/* runs ended, by reason */
static uint64_t retired;		/* instructions retired over all runs */
static const char *config_dir;		/* random configurations (N.cfg), or NULL */

static uint32_t next32(void)
{
	/* xorshift64*: small, seedable, good enough for stimulus */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

/* A random word that is usually a plausible instruction. */
static uint32_t random_insn(void)
{
	static const uint8_t opcodes[] = {
		0x03, 0x0f, 0x13, 0x17, 0x23, 0x2f, 0x33, 0x37, 0x63, 0x67, 0x6f, 0x73,
	};
	uint32_t w = next32();

	switch (next32() % 8) {
	case 0:
		return w;	/* anything at all */
	case 1:
		/* SYSTEM with a CSR number from the implemented ranges */
		return (w & 0x000fff80u) | ((0x100u + (next32() % 0xf00)) << 20) | 0x73;
	default:
		return (w & ~0x7fu) | opcodes[next32() % sizeof(opcodes)];
	}
}

/* Encoders for the prologue: I-type, U-type and CSR write. */
static uint32_t enc_i(int imm, int rs1, int f3, int rd, int op)
{
	return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static uint32_t *emit_li(uint32_t *p, int rd, uint32_t v)
{
	uint32_t hi = (v + 0x800) & 0xfffff000u;

	*p++ = hi | (rd << 7) | 0x37;				/* lui */
	*p++ = enc_i((int)(v - hi) & 0xfff, rd, 0, rd, 0x13);	/* addi */
	return p;
}

static uint32_t *emit_csrw(uint32_t *p, int csr, uint32_t v)
{
	p = emit_li(p, 5, v);
	*p++ = enc_i(csr, 5, 1, 0, 0x73);			/* csrrw x0, csr, t0 */
	return p;
}

/*
 * A prologue that makes random code reach deep: trap vectors into the random
 * code, PMP open to all modes, random delegation, interrupt enables and
 * mstatus (so the next mret may enter S or U), then a jump into the code.
 */
static uint32_t *emit_prologue(uint32_t *p, uint32_t target)
{
	p = emit_csrw(p, 0x305, RAM_BASE + 4 * (next32() % (RAM_BYTES / 4)));	/* mtvec */
	p = emit_csrw(p, 0x105, RAM_BASE + 4 * (next32() % (RAM_BYTES / 4)));	/* stvec */
	p = emit_csrw(p, 0x3b0, 0xffffffffu);					/* pmpaddr0 */
	p = emit_csrw(p, 0x3a0, 0x1f);						/* pmpcfg0 */
	p = emit_csrw(p, 0x302, next32());					/* medeleg */
	p = emit_csrw(p, 0x303, next32());					/* mideleg */
	p = emit_csrw(p, 0x304, next32());					/* mie */
	p = emit_csrw(p, 0x300, next32() & ~0x1800u);				/* mstatus */
	p = emit_csrw(p, 0x7c0, 1);						/* mpfctl */
	p = emit_csrw(p, 0x341, target);					/* mepc */
	p = emit_li(p, 5, target);
	*p++ = enc_i(0, 5, 0, 0, 0x67);						/* jr t0 */
	return p;
}

/*
 * A random guest from @seed on @cores harts in @mode: with the instruction
 * prefetchers by turns, or, given @config_file, under that configuration
 * (its hart count; @cores is then 0).
 */
static void run_seed(uint64_t seed, int cores, enum sim_mode mode, const char *config_file)
{
	static const char *const prefetch[][2] = {
		{ NULL, NULL }, { "sbuf.count", "4" }, { "pf.nextline", "tagged" },
		{ "pf.guarded", "miss" }, { "sbuf.hit", "head" },
	};
	struct config cfg;
	struct machine_opts opts = { 0 };
	static struct machine m;
	char err[256];
	FILE *sink = fopen("/dev/null", "w");

	assert_non_null(sink);
	config_defaults(&cfg);
	if (config_file) {
		if (config_load(&cfg, config_file, err, sizeof(err)))
			fail_msg("%s", err);
	} else {
		cfg.cores = (uint32_t)cores;
	}
	cfg.mode = mode;
	/* The timing runs also exercise the instruction prefetchers, by turns. */
	if (!config_file) {
		int k = (int)(seed % 5);

		if (prefetch[k][0])
			assert_int_equal(config_set(&cfg, prefetch[k][0], prefetch[k][1], err,
						    sizeof(err)), 0);
		if (k == 4)
			assert_int_equal(config_set(&cfg, "sbuf.count", "2", err, sizeof(err)), 0);
		cfg.pf.guard_depth = 3;
	}
	cfg.mem_size = RAM_BYTES;
	opts.max_cycles = CYCLES;
	opts.uart_out = sink;
	opts.uart_in_fd = -1;
	if (machine_init(&m, &cfg, &opts, err, sizeof(err)))
		fail_msg("seed %llu%s%s: %s", (unsigned long long)seed, config_file ? ", " : "",
			 config_file ? config_file : "", err);

	rng = seed * 0x9e3779b97f4a7c15ull + 1;
	for (uint32_t off = 0; off < RAM_BYTES; off += 4) {
		uint32_t w = random_insn();

		memcpy(m.mm.ram + off, &w, 4);
	}
	for (int i = 0; i < m.nharts; i++) {
		/* Each hart's prologue sits in its own 256-byte slot at the start of RAM. */
		uint32_t *slot = (uint32_t *)(m.mm.ram + 256 * i);

		emit_prologue(slot, RAM_BASE + 4096 + 4 * (next32() % 4096));
		hart_reset(m.harts[i], RAM_BASE + 256 * i, 0);
	}

	machine_run(&m);
	stops[m.stop.kind]++;
	retired += m.retired;
	if (m.stop.kind == STOP_INTERNAL)
		fail_msg("seed %llu%s%s: %s", (unsigned long long)seed, config_file ? ", " : "",
			 config_file ? config_file : "", m.stop.msg);
	assert_true(m.stop.kind == STOP_LIMIT || m.stop.kind == STOP_GUEST ||
		    m.stop.kind == STOP_STUCK);
	for (int i = 0; i < m.nharts; i++) {
		enum priv p = hart_priv(m.harts[i]);

		assert_true(p == PRIV_U || p == PRIV_S || p == PRIV_M);
		assert_int_equal(hart_pc(m.harts[i]) & 3, 0);
		assert_int_equal(hart_reg(m.harts[i], 0), 0);
	}
	machine_free(&m);
	fclose(sink);
}

static void test_random_guests_one_hart_never_crash(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(s, 1, MODE_FUNCTIONAL, NULL);
	print_message("%d runs hit the cycle limit, %d stopped by the guest, %d stuck; "
		      "%llu instructions retired\n", stops[STOP_LIMIT], stops[STOP_GUEST],
		      stops[STOP_STUCK], (unsigned long long)retired);
}

static void test_random_guests_four_harts_never_crash(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(1000 + s, 4, MODE_FUNCTIONAL, NULL);
}

static void test_random_guests_never_crash_the_timing_model(void **state)
{
	(void)state;
	for (uint64_t s = 1; s <= SEEDS; s++)
		run_seed(2000 + s, 1 + (int)(s % 4), MODE_TIMING, NULL);
}

static void test_random_guests_under_random_configurations(void **state)
{
	char path[4096];
	FILE *f;
	int n;

	(void)state;
	if (!config_dir)
		skip();
	for (n = 1;; n++) {
		snprintf(path, sizeof(path), "%s/%d.cfg", config_dir, n);
		f = fopen(path, "r");
		if (!f)
			break;
		fclose(f);
		run_seed(3000 + (uint64_t)n, 0, MODE_FUNCTIONAL, path);
		run_seed(3000 + (uint64_t)n, 0, MODE_TIMING, path);
	}
	/* A directory without 1.cfg is a broken setup, not a pass. */
	if (n == 1)
		fail_msg("no configuration %s/1.cfg", config_dir);
	print_message("%d configurations, each in both modes\n", n - 1);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_guests_one_hart_never_crash),
		cmocka_unit_test(test_random_guests_four_harts_never_crash),
		cmocka_unit_test(test_random_guests_never_crash_the_timing_model),
		cmocka_unit_test(test_random_guests_under_random_configurations),
	};

	if (argc > 2) {
		fprintf(stderr, "usage: %s [CONFIG_DIR]\n", argv[0]);
		return 2;
	}
	config_dir = argc == 2 ? argv[1] : NULL;
	return cmocka_run_group_tests_name("robust", tests, NULL, NULL);
}
