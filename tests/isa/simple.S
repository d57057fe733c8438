/*
 * simple: the environment itself: reset, reach the test body, pass.
 * Also run with several harts: all but hart 0 must park.
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x1, 1, li x1, 1)
	/* The trap handler is installed and we start in M-mode with interrupts off. */
	TEST_CASE(3, x1, 0, csrr x1, mie)
	TEST_CASE(4, x1, 0, csrr x1, mhartid)
	TEST_CASE(5, x2, 1, la x1, env_mtrap; csrr x2, mtvec; sub x2, x2, x1; seqz x2, x2)
TEST_END
