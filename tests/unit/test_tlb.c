// SPDX-License-Identifier: MIT
/*
 * The TLB on its own: lookups of 4 KiB pages and megapages, ASIDs and global
 * entries, FIFO replacement, sfence.vma flushes. Repeated lookups go through
 * the TLB's memo of recent searches; each test here also checks that the memo
 * never answers with what the TLB held before a change.
 */
#include <stdlib.h>

#include "unit.h"

#include "cpu/tlb.h"

#define PTE_G	0x20
#define ASID	5

static struct tlb *new_tlb(uint32_t entries, uint32_t ways)
{
	struct tlb *t = calloc(1, sizeof(*t));
	struct tlb_config cfg = { .entries = entries, .ways = ways };

	assert_non_null(t);
	assert_int_equal(tlb_init(t, &cfg), 0);
	return t;
}

static void free_tlb(struct tlb *t)
{
	tlb_free(t);
	free(t);
}

static void test_tlb_miss_then_hit(void **state)
{
	struct tlb *t = new_tlb(32, 32);
	struct tlb_entry *e;

	assert_null(tlb_lookup(t, 0x12345, ASID));
	tlb_insert(t, 0x12345, 0x777, ASID, 0xcf, 0);
	e = tlb_lookup(t, 0x12345, ASID);
	assert_non_null(e);
	assert_int_equal(e->ppn, 0x777);
	assert_ptr_equal(tlb_lookup(t, 0x12345, ASID), e);	/* again, from the memo */
	free_tlb(t);
}

/* A lookup that missed is remembered too: an insert must end that. */
static void test_tlb_remembered_miss_ends_at_insert(void **state)
{
	struct tlb *t = new_tlb(32, 32);

	assert_null(tlb_lookup(t, 0x400, ASID));
	assert_null(tlb_lookup(t, 0x400, ASID));
	tlb_insert(t, 0x400, 0x10, ASID, 0xcf, 0);
	assert_non_null(tlb_lookup(t, 0x400, ASID));
	free_tlb(t);
}

static void test_tlb_flush_ends_a_remembered_hit(void **state)
{
	struct tlb *t = new_tlb(32, 32);

	tlb_insert(t, 0x400, 0x10, ASID, 0xcf, 0);
	assert_non_null(tlb_lookup(t, 0x400, ASID));
	tlb_flush(t, 0, 0x400 << 12, 1, 0);
	assert_null(tlb_lookup(t, 0x400, ASID));
	free_tlb(t);
}

static void test_tlb_megapage_covers_its_4mib(void **state)
{
	struct tlb *t = new_tlb(32, 32);
	struct tlb_entry *e;

	tlb_insert(t, 0x80000, 0x80000, ASID, 0xcf, 1);
	e = tlb_lookup(t, 0x803ff, ASID);	/* the last 4 KiB page of the megapage */
	assert_non_null(e);
	assert_int_equal(e->mega, 1);
	assert_null(tlb_lookup(t, 0x80400, ASID));	/* the next megapage */
	/* a 4 KiB entry for a page inside it is found first */
	tlb_insert(t, 0x80001, 0x1234, ASID, 0xcf, 0);
	assert_int_equal(tlb_lookup(t, 0x80001, ASID)->ppn, 0x1234);
	assert_int_equal(tlb_lookup(t, 0x80002, ASID)->mega, 1);
	free_tlb(t);
}

static void test_tlb_asid_and_global(void **state)
{
	struct tlb *t = new_tlb(32, 32);

	tlb_insert(t, 0x10, 0x1, ASID, 0xcf, 0);
	assert_non_null(tlb_lookup(t, 0x10, ASID));
	assert_null(tlb_lookup(t, 0x10, ASID + 1));
	tlb_insert(t, 0x20, 0x2, ASID, 0xcf | PTE_G, 0);
	assert_non_null(tlb_lookup(t, 0x20, ASID + 1));
	/* an ASID flush spares global entries and other address spaces */
	tlb_insert(t, 0x30, 0x3, ASID + 1, 0xcf, 0);
	tlb_flush(t, 1, 0, 0, ASID);
	assert_null(tlb_lookup(t, 0x10, ASID));
	assert_non_null(tlb_lookup(t, 0x20, ASID));
	assert_non_null(tlb_lookup(t, 0x30, ASID + 1));
	free_tlb(t);
}

/* FIFO replacement in a set: the memo must not hand back an entry since reused. */
static void test_tlb_replaced_entry_is_gone(void **state)
{
	struct tlb *t = new_tlb(4, 4);

	for (uint32_t vpn = 1; vpn <= 4; vpn++)
		tlb_insert(t, vpn, vpn + 100, ASID, 0xcf, 0);
	assert_int_equal(tlb_lookup(t, 1, ASID)->ppn, 101);
	tlb_insert(t, 5, 105, ASID, 0xcf, 0);	/* replaces vpn 1, the oldest */
	assert_null(tlb_lookup(t, 1, ASID));
	assert_int_equal(tlb_lookup(t, 5, ASID)->ppn, 105);
	for (uint32_t vpn = 2; vpn <= 4; vpn++)
		assert_int_equal(tlb_lookup(t, vpn, ASID)->ppn, vpn + 100);
	free_tlb(t);
}

/* Many pages whose memo slots collide: every answer is still the TLB's. */
static void test_tlb_memo_collisions(void **state)
{
	struct tlb *t = new_tlb(32, 32);

	for (uint32_t i = 0; i < 32; i++)
		tlb_insert(t, i * TLB_MEMO, 1000 + i, ASID, 0xcf, 0);
	for (int round = 0; round < 2; round++) {
		for (uint32_t i = 0; i < 32; i++)
			assert_int_equal(tlb_lookup(t, i * TLB_MEMO, ASID)->ppn, 1000 + i);
		for (uint32_t i = 32; i < 40; i++)
			assert_null(tlb_lookup(t, i * TLB_MEMO, ASID));
	}
	free_tlb(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tlb_miss_then_hit),
		cmocka_unit_test(test_tlb_remembered_miss_ends_at_insert),
		cmocka_unit_test(test_tlb_flush_ends_a_remembered_hit),
		cmocka_unit_test(test_tlb_megapage_covers_its_4mib),
		cmocka_unit_test(test_tlb_asid_and_global),
		cmocka_unit_test(test_tlb_replaced_entry_is_gone),
		cmocka_unit_test(test_tlb_memo_collisions),
	};

	unit_filter();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
