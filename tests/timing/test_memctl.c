// SPDX-License-Identifier: MIT
/*
 * The memory controller alone: a fixed latency, lines interleaved across
 * banks by line number modulo mem.banks, and each access holding its bank
 * for mem.bank_busy cycles so that the next access to that bank starts later.
 * Every expectation is derived from the mem_config the test builds. With
 * mem.jitter, each read's latency grows by 0 to jitter cycles, the same
 * ones for the same seed.
 */
#include "tsys.h"

#define LINE	64u		/* bytes per line */

static struct mem_config four_banks(void)
{
	return (struct mem_config){ .latency = 40, .banks = 4, .bank_busy = 10 };
}

/* Byte address of the @k-th line that maps to @bank. */
static uint32_t in_bank(const struct mem_config *m, uint32_t bank, uint32_t k)
{
	return (k * m->banks + bank) * LINE;
}

static void test_memctl_idle_read_takes_latency(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	assert_int_equal(memctl_read(&mc, 0x80000000u, 100), 100 + m.latency);
	assert_int_equal(mc.stats.reads, 1);
	assert_int_equal(mc.stats.writes, 0);
	assert_int_equal(mc.stats.bank_wait, 0);
	assert_int_equal(mc.stats.bytes, LINE);
}

static void test_memctl_consecutive_lines_use_different_banks(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	for (uint32_t i = 0; i < m.banks; i++)
		assert_int_equal(memctl_read(&mc, 0x80000000u + i * LINE, 0), m.latency);
	assert_int_equal(mc.stats.bank_wait, 0);
	assert_int_equal(mc.stats.bytes, m.banks * LINE);
}

static void test_memctl_same_bank_reads_queue_by_bank_busy(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 2, 0), 0), m.latency);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 2, 1), 0), m.bank_busy + m.latency);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 2, 2), 0), 2 * m.bank_busy + m.latency);
	/* waits: 0, busy, 2 * busy */
	assert_int_equal(mc.stats.bank_wait, 3 * m.bank_busy);
	/* another bank is not held up */
	assert_int_equal(memctl_read(&mc, in_bank(&m, 3, 0), 0), m.latency);
	assert_int_equal(mc.stats.bank_wait, 3 * m.bank_busy);
}

static void test_memctl_bank_is_free_again_after_bank_busy(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	memctl_read(&mc, in_bank(&m, 1, 0), 7);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 1, 1), 7 + m.bank_busy),
			 7 + m.bank_busy + m.latency);
	assert_int_equal(mc.stats.bank_wait, 0);
}

static void test_memctl_partial_wait_for_a_busy_bank(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	memctl_read(&mc, in_bank(&m, 0, 0), 0);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 0, 3), 4), m.bank_busy + m.latency);
	assert_int_equal(mc.stats.bank_wait, m.bank_busy - 4);
}

static void test_memctl_posted_write_occupies_its_bank(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	memctl_write(&mc, in_bank(&m, 3, 0), 20);
	assert_int_equal(mc.stats.writes, 1);
	/* a read of the same bank starts when the write releases it */
	assert_int_equal(memctl_read(&mc, in_bank(&m, 3, 5), 21), 20 + m.bank_busy + m.latency);
	assert_int_equal(mc.stats.bank_wait, m.bank_busy - 1);
	/* a read of another bank does not wait */
	assert_int_equal(memctl_read(&mc, in_bank(&m, 2, 0), 21), 21 + m.latency);
	assert_int_equal(mc.stats.bytes, 3 * LINE);
}

static void test_memctl_writes_wait_only_for_a_full_write_queue(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;
	uint64_t q = 2, b;

	m.write_queue = (uint32_t)q;
	b = m.bank_busy;
	memctl_init(&mc, &m, LINE);
	/* one write in the bank and q waiting are taken at once */
	for (uint64_t k = 0; k <= q; k++)
		assert_int_equal(memctl_write(&mc, in_bank(&m, 1, k), 0), 0);
	/* the next waits until the first is done: a place in the queue frees */
	assert_int_equal(memctl_write(&mc, in_bank(&m, 1, 9), 0), b);
	assert_int_equal(mc.stats.write_stall, b);
	/* so a read behind a full queue waits for at most the queue and the bank */
	assert_int_equal(memctl_read(&mc, in_bank(&m, 1, 10), b), (q + 2) * b + m.latency);
}

static void test_memctl_one_bank_serialises_every_line(void **state)
{
	struct config cfg;
	struct memctl mc;

	config_defaults(&cfg);
	assert_int_equal(cfg.mem.banks, 1);
	memctl_init(&mc, &cfg.mem, cfg.l2.line);
	for (uint32_t i = 0; i < 4; i++)
		assert_int_equal(memctl_read(&mc, 0x80000000u + i * cfg.l2.line, 0),
				 i * cfg.mem.bank_busy + cfg.mem.latency);
	assert_int_equal(mc.stats.bank_wait, (0 + 1 + 2 + 3) * cfg.mem.bank_busy);
}

static void test_memctl_bank_of_an_address_ignores_the_offset_in_the_line(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	memctl_init(&mc, &m, LINE);
	memctl_read(&mc, in_bank(&m, 1, 0), 0);
	/* the last byte of the same line, and of another line of bank 1 */
	assert_int_equal(memctl_read(&mc, in_bank(&m, 1, 0) + LINE - 1, 0),
			 m.bank_busy + m.latency);
	assert_int_equal(memctl_read(&mc, in_bank(&m, 1, 1) + LINE - 4, 0),
			 2 * m.bank_busy + m.latency);
}

#define JITTER_READS	4096	/* reads per jitter test: every value of a small range turns up */

/*
 * The extra cycles of JITTER_READS reads, one at a time to an idle bank
 * (each read starts at a cycle after the last one's bank is free), seeded
 * with @seed: out[i] is read i's latency minus mem.latency.
 */
static void jitter_reads(const struct mem_config *m, uint64_t seed, uint64_t *out)
{
	struct memctl mc;
	uint64_t now = 0;

	memctl_init(&mc, m, LINE);
	memctl_seed(&mc, seed);
	for (int i = 0; i < JITTER_READS; i++) {
		out[i] = memctl_read(&mc, 0x80000000u + (uint32_t)i * LINE, now) - now - m->latency;
		now += m->bank_busy + m->latency + m->jitter + 1;
	}
}

static void test_memctl_jitter_stays_within_its_bound_and_covers_it(void **state)
{
	struct mem_config m = four_banks();
	static uint64_t extra[JITTER_READS];
	uint32_t seen[8] = { 0 };

	m.jitter = 7;
	jitter_reads(&m, 1, extra);
	for (int i = 0; i < JITTER_READS; i++) {
		assert_true(extra[i] <= m.jitter);
		seen[extra[i]]++;
	}
	/* uniform: each of the 8 values about JITTER_READS / 8 times */
	for (uint32_t v = 0; v <= m.jitter; v++)
		assert_in_range(seen[v], JITTER_READS / 8 * 3 / 4, JITTER_READS / 8 * 5 / 4);
}

static void test_memctl_jitter_repeats_for_a_seed_and_differs_across_seeds(void **state)
{
	struct mem_config m = four_banks();
	static uint64_t a[JITTER_READS], b[JITTER_READS], c[JITTER_READS];
	int differ = 0;

	m.jitter = 4;
	jitter_reads(&m, 3, a);
	jitter_reads(&m, 3, b);
	jitter_reads(&m, 4, c);
	assert_memory_equal(a, b, sizeof(a));
	for (int i = 0; i < JITTER_READS; i++)
		differ += a[i] != c[i];
	assert_true(differ > JITTER_READS / 2);
}

static void test_memctl_no_jitter_is_the_fixed_latency_whatever_the_seed(void **state)
{
	struct mem_config m = four_banks();
	static uint64_t extra[JITTER_READS];

	jitter_reads(&m, 99, extra);
	for (int i = 0; i < JITTER_READS; i++)
		assert_int_equal(extra[i], 0);
}

static void test_memctl_jitter_leaves_posted_writes_alone(void **state)
{
	struct mem_config m = four_banks();
	struct memctl mc;

	m.jitter = 1000;
	memctl_init(&mc, &m, LINE);
	memctl_seed(&mc, 5);
	/* a posted write is taken at once, and holds its bank only bank_busy cycles */
	assert_int_equal(memctl_write(&mc, in_bank(&m, 0, 0), 10), 10);
	assert_int_equal(mc.bank_free[0], 10 + m.bank_busy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memctl_idle_read_takes_latency),
		cmocka_unit_test(test_memctl_consecutive_lines_use_different_banks),
		cmocka_unit_test(test_memctl_same_bank_reads_queue_by_bank_busy),
		cmocka_unit_test(test_memctl_bank_is_free_again_after_bank_busy),
		cmocka_unit_test(test_memctl_partial_wait_for_a_busy_bank),
		cmocka_unit_test(test_memctl_posted_write_occupies_its_bank),
		cmocka_unit_test(test_memctl_writes_wait_only_for_a_full_write_queue),
		cmocka_unit_test(test_memctl_one_bank_serialises_every_line),
		cmocka_unit_test(test_memctl_bank_of_an_address_ignores_the_offset_in_the_line),
		cmocka_unit_test(test_memctl_jitter_stays_within_its_bound_and_covers_it),
		cmocka_unit_test(test_memctl_jitter_repeats_for_a_seed_and_differs_across_seeds),
		cmocka_unit_test(test_memctl_no_jitter_is_the_fixed_latency_whatever_the_seed),
		cmocka_unit_test(test_memctl_jitter_leaves_posted_writes_alone),
	};

	return UNIT_RUN("memctl", tests);
}
