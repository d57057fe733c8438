/*
 * sbreak: ebreak raises cause 3 (breakpoint) with mepc = the ebreak.
 * mtval is implementation-defined (0 or the pc), so it is not checked.
 */
#include "env.h"

TEST_BEGIN
	TEST_TRAP_NOTVAL(2, CAUSE_BREAKPOINT, ebreak)
	TEST_TRAP_NOTVAL(3, CAUSE_BREAKPOINT, ebreak)
	/* Execution continues after the handler; registers are intact. */
	TEST_CASE(4, x14, 7, li x14, 7; li s9, 0; TRAP_EXPECT_NOTVAL(CAUSE_BREAKPOINT); ebreak;
		  CHECK(s9, 1))
	/* ebreak from U-mode traps to M-mode too. */
	test_5:
	li TESTNUM, 5
	li s9, 0
	ENV_ENTER(PRV_U)
	TRAP_EXPECT_NOTVAL(CAUSE_BREAKPOINT)
	ebreak
	ENV_ENTER_M
	CHECK(s9, 1)
	/* mcause was set to 3 (the handler moved mepc past the ebreak). */
	TEST_CASE(6, x14, 3, li s9, 0; TRAP_EXPECT_NOTVAL(CAUSE_BREAKPOINT); 1: ebreak; csrr x14, mepc;
		  la x1, 1b + 4; CHECK_EQ(x14, x1); csrr x14, mcause)
TEST_END
