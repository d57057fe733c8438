/*
 * ldst_mix: stores and loads of different sizes to overlapping bytes, back to back
 * (little-endian byte order; a load sees every older store, whole or in part).
 */
#include "env.h"

TEST_BEGIN
	/* Word store, then each byte and halfword. */
	TEST_CASE(2, x14, 0x44, la x1, mix; li x2, 0x11223344; sw x2, 0(x1); lbu x14, 0(x1))
	TEST_CASE(3, x14, 0x33, la x1, mix; li x2, 0x11223344; sw x2, 0(x1); lbu x14, 1(x1))
	TEST_CASE(4, x14, 0x22, la x1, mix; li x2, 0x11223344; sw x2, 0(x1); lbu x14, 2(x1))
	TEST_CASE(5, x14, 0x11, la x1, mix; li x2, 0x11223344; sw x2, 0(x1); lbu x14, 3(x1))
	TEST_CASE(6, x14, 0x1122, la x1, mix; li x2, 0x11223344; sw x2, 0(x1); lhu x14, 2(x1))
	TEST_CASE(7, x14, 0xffff8899, la x1, mix; li x2, 0x77668899; sw x2, 0(x1); lh x14, 0(x1))
	/* Byte stores assembled into a word. */
	TEST_CASE(8, x14, 0xa1b2c3d4, la x1, mix; li x2, 0xd4; sb x2, 4(x1); li x2, 0xc3; sb x2, 5(x1);
		  li x2, 0xb2; sb x2, 6(x1); li x2, 0xa1; sb x2, 7(x1); lw x14, 4(x1))
	/* A byte store into a word just stored. */
	TEST_CASE(9, x14, 0x1122ee44, la x1, mix; li x2, 0x11223344; sw x2, 8(x1); li x2, 0xee;
		  sb x2, 9(x1); lw x14, 8(x1))
	/* A halfword store over two byte stores, then the word. */
	TEST_CASE(10, x14, 0xbeef0077, la x1, mix; sw x0, 12(x1); li x2, 0x55; sb x2, 15(x1);
		  li x2, 0x66; sb x2, 14(x1); li x2, 0x77; sb x2, 12(x1); li x2, 0xbeef; sh x2, 14(x1);
		  lw x14, 12(x1))
	/* Newest store wins when several hit the same byte. */
	TEST_CASE(11, x14, 0x03, la x1, mix; li x2, 1; sb x2, 16(x1); li x2, 2; sb x2, 16(x1); li x2, 3;
		  sb x2, 16(x1); lbu x14, 16(x1))
	/* An AMO between a store and a load of the same word. */
	TEST_CASE(12, x14, 0x11, la x1, mix; li x2, 0x10; sw x2, 20(x1); addi x5, x1, 20; li x2, 1;
		  amoadd.w x6, x2, (x5); CHECK(x6, 0x10); lw x14, 20(x1))
	/* A byte store after an AMO, then the AMO word read back. */
	TEST_CASE(13, x14, 0x7f000011, la x1, mix; addi x5, x1, 20; li x2, 0x7f; sb x2, 23(x1);
		  lr.w x14, (x5))
	/* Stores to the two words around a word do not touch it. */
	TEST_CASE(14, x14, 0xcafebabe, la x1, mix; li x2, 0xcafebabe; sw x2, 28(x1); li x2, -1;
		  sw x2, 24(x1); sw x2, 32(x1); sb x2, 27(x1); sb x2, 32(x1); lw x14, 28(x1))
TEST_END

TEST_DATA_BEGIN
	.balign 64
mix:
	.space 64
TEST_DATA_END
