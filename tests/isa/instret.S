/*
 * instret: minstret counts exactly the instructions retired between two reads,
 * and M-mode writes to mcycle/minstret take effect.
 */
#include "env.h"

TEST_BEGIN
	/* Two reads in a row: the first read itself retired. */
	TEST_CASE(2, x14, 1, csrr x1, instret; csrr x2, instret; sub x14, x2, x1)
	/* Five instructions in between, plus the first read. */
	TEST_CASE(3, x14, 6, csrr x1, instret; nop; addi x0, x0, 0; nop; nop; nop;
		  csrr x2, instret; sub x14, x2, x1)
	/* A loop of 10 x 2 instructions, plus li and the first read. */
	TEST_CASE(4, x14, 22, csrr x1, minstret; li x13, 10; 1: addi x13, x13, -1; bnez x13, 1b;
		  csrr x2, minstret; sub x14, x2, x1)
	/* A write to minstret: the next read sees the value plus the instructions since. */
	TEST_CASE(5, x14, 0x1000, li x1, 0x1000; csrw minstret, x1; csrr x2, minstret;
		  sub x14, x2, x1; sltiu x14, x14, 2; CHECK(x14, 1); li x14, 0x1000)
	/* minstreth is writable: carry into the high half. */
	TEST_CASE(6, x14, 1, li x1, -1; csrw minstret, x0; csrw minstreth, x0; csrw minstret, x1;
		  nop; nop; csrr x14, minstreth)
	/*
	 * mcycle is writable: after writing 0 it reads less than it did before
	 * (not "less than 100": how many cycles a CSR write and the next fetch
	 * take depends on the timing configuration; the sweep found one where
	 * they take hundreds).
	 */
	TEST_CASE(7, x14, 1, csrr x13, mcycle; csrw mcycle, x0; csrr x2, mcycle; sltu x14, x2, x13)
	/* mcountinhibit.IR stops minstret. */
	TEST_CASE(8, x14, 0, li x1, 4; csrs mcountinhibit, x1; csrr x2, minstret; nop; nop;
		  csrr x13, minstret; csrc mcountinhibit, x1; sub x14, x13, x2)
	/*
	 * mstatus read and written, a fence and AMOs in between (8 of them, plus
	 * the first read), the second time round a loop, when they are decoded:
	 * the timing model's quick path runs them and counts them lazily, and a
	 * read of minstret must still see every one.
	 */
	TEST_CASE(9, x14, 9, la x5, instret_data; li x4, 0; li x7, 2;
		  1: csrr x1, minstret; csrr x3, mstatus; csrs mstatus, x4; csrc mstatus, x4;
		  fence; amoadd.w x6, x4, (x5); amoswap.w x6, x4, (x5); amoor.w x6, x4, (x5); nop;
		  csrr x2, minstret; addi x7, x7, -1; bnez x7, 1b; sub x14, x2, x1)
TEST_END

TEST_DATA_BEGIN
instret_data:
	.word 0
TEST_DATA_END
