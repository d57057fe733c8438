/*
 * zicntr: cycle, time and instret (and their high halves) are readable in every mode
 * that mcounteren/scounteren allow, and they increase.
 */
#include "env.h"

#define READ64(hi, lo, name)                                                            \
	1: csrr hi, name##h; csrr lo, name; csrr t0, name##h; bne hi, t0, 1b

TEST_BEGIN
	/* cycle and instret advance over a short loop. */
	TEST_CASE(2, x14, 1, csrr x1, cycle; li x13, 100; 1: addi x13, x13, -1; bnez x13, 1b;
		  csrr x2, cycle; sltu x14, x1, x2)
	TEST_CASE(3, x14, 1, csrr x1, instret; li x13, 100; 1: addi x13, x13, -1; bnez x13, 1b;
		  csrr x2, instret; sub x4, x2, x1; sltiu x14, x4, 200; CHECK(x14, 0); li x14, 1)
	/* time advances (10 MHz): poll until it changes, bounded. */
	TEST_CASE(4, x14, 1, csrr x1, time; li x13, 1000000; 1: csrr x2, time; bne x1, x2, 2f;
		  addi x13, x13, -1; bnez x13, 1b; j env_fail; 2: sltu x14, x1, x2)
	/* The high halves are readable; a 64-bit read is consistent. */
	TEST_CASE(5, x14, 0, READ64(x1, x2, cycle); READ64(x1, x2, instret); READ64(x1, x2, time);
		  li x14, 0)
	/* time matches the CLINT's mtime. */
	TEST_CASE(6, x14, 1, li x5, CLINT_BASE + CLINT_MTIME; csrr x1, time; lw x2, 0(x5);
		  csrr x13, time; sltu x6, x2, x1; xori x6, x6, 1; sltu x7, x13, x2; xori x7, x7, 1;
		  and x14, x6, x7)
	/* mcycle and minstret alias cycle and instret. */
	TEST_CASE(7, x14, 1, csrr x1, instret; csrr x2, minstret; sltu x14, x1, x2)
	TEST_CASE(8, x14, 1, csrr x1, mcycle; csrr x2, cycle; sltu x14, x1, x2)
	/* Counters readable from S and U with mcounteren = scounteren = 7 (set by env). */
	test_9:
	li TESTNUM, 9
	ENV_ENTER(PRV_S)
	csrr x1, cycle
	csrr x1, time
	csrr x1, instret
	csrr x1, cycleh
	ENV_ENTER_M
	ENV_ENTER(PRV_U)
	csrr x1, cycle
	csrr x1, time
	csrr x1, instret
	csrr x1, instreth
	ENV_ENTER_M
TEST_END
