/*
 * lrsc: lr.w / sc.w. sc writes 0 to rd on success and 1 on failure; a failed sc
 * leaves memory unchanged.
 */
#include "env.h"

TEST_BEGIN
	/* lr returns the word; sc to the same address succeeds and stores. */
	TEST_CASE(2, x14, 0x80000001, la x1, lr_data; li x2, 0x80000001; sw x2, 0(x1);
		  lr.w x14, (x1))
	TEST_CASE(3, x5, 0, la x1, lr_data; lr.w x14, (x1); li x2, 77; sc.w x5, x2, (x1))
	TEST_CASE(4, x14, 77, la x1, lr_data; lw x14, 0(x1))
	/* A second sc without a new lr fails and does not store. */
	TEST_CASE(5, x5, 1, la x1, lr_data; lr.w x14, (x1); li x2, 5; sc.w x5, x2, (x1);
		  CHECK(x5, 0); li x2, 6; sc.w x5, x2, (x1))
	TEST_CASE(6, x14, 5, la x1, lr_data; lw x14, 0(x1))
	/* sc to another address than the reserved one fails. */
	TEST_CASE(7, x5, 1, la x1, lr_data; lr.w x14, (x1); addi x13, x1, 12; li x2, 9; sc.w x5, x2, (x13))
	TEST_CASE(8, x5, 1, la x1, lr_data; lr.w x14, (x1); addi x13, x1, 4; li x2, 9;
		  sc.w x5, x2, (x13))
	TEST_CASE(9, x14, 0, la x1, lr_data; lw x14, 4(x1))
	/* A store to the reserved word (new value) between lr and sc makes sc fail. */
	TEST_CASE(10, x5, 1, la x1, lr_data; li x2, 10; sw x2, 0(x1); lr.w x14, (x1);
		  li x2, 11; sw x2, 0(x1); li x2, 12; sc.w x5, x2, (x1))
	TEST_CASE(11, x14, 11, la x1, lr_data; lw x14, 0(x1))
	/* An sc after the reservation was used by another sc (with a new lr on another word). */
	TEST_CASE(12, x5, 1, la x1, lr_data; addi x13, x1, 8; lr.w x14, (x13); li x2, 1; sc.w x6, x2, (x13);
		  CHECK(x6, 0); sc.w x5, x2, (x1))
	/* sc from a fresh reset state (never reserved at this address) fails. */
	TEST_CASE(13, x5, 1, la x1, lr_other; li x2, 3; sc.w x5, x2, (x1))
	TEST_CASE(14, x14, 0x1234, la x1, lr_other; lw x14, 0(x1))
	/* sc rd == rs2 and rd == x0. */
	TEST_CASE(15, x2, 0, la x1, lr_data; lr.w x14, (x1); li x2, 21; sc.w x2, x2, (x1))
	TEST_CASE(16, x14, 21, la x1, lr_data; lw x14, 0(x1))
	TEST_CASE(17, x14, 22, la x1, lr_data; lr.w x14, (x1); li x2, 22; sc.w x0, x2, (x1);
		  lw x14, 0(x1))
	/* The aq/rl forms behave the same. */
	TEST_CASE(18, x5, 0, la x1, lr_data; lr.w.aq x14, (x1); li x2, 30; sc.w.rl x5, x2, (x1))
	TEST_CASE(19, x5, 0, la x1, lr_data; lr.w.aqrl x14, (x1); li x2, 31; sc.w.aqrl x5, x2, (x1))
	TEST_CASE(20, x14, 31, la x1, lr_data; lw x14, 0(x1))
	/* An lr/sc retry loop: increment a counter 100 times. */
	test_21:
	li TESTNUM, 21
	la x1, lr_data
	sw zero, 12(x1)
	addi x1, x1, 12
	li x4, 100
1:	lr.w x2, (x1)
	addi x2, x2, 1
	sc.w x5, x2, (x1)
	bnez x5, 1b
	addi x4, x4, -1
	bnez x4, 1b
	lw x14, 0(x1)
	CHECK(x14, 100)
	/* lr to x0 still makes a reservation. */
	TEST_CASE(22, x5, 0, la x1, lr_data; lr.w x0, (x1); li x2, 40; sc.w x5, x2, (x1))
TEST_END

TEST_DATA_BEGIN
lr_data:
	.word 0, 0, 0, 0
	.balign 64
lr_other:
	.word 0x1234
TEST_DATA_END
