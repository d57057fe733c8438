# SPDX-License-Identifier: MIT
# check.S - a penv.h test as the public suites write them: two checked test
# cases, the body in the mode PENV_MODE selects (RVTEST_RV32U, S or M). It
# passes; built with PENV_FAIL its second case (number 7) fails. penv.mk
# builds it as pass_m, pass_s, pass_u, fail_s and fail_u.
#include "penv.h"

PENV_MODE
RVTEST_CODE_BEGIN
	li TESTNUM, 2
	li a1, 40
	addi a1, a1, 2
	li a2, 42
	bne a1, a2, fail
#ifdef PENV_FAIL
	li TESTNUM, 7
	li a5, 0x87654321
#else
	li TESTNUM, 3
	li a5, 0x12345678
#endif
	la a3, value
	lw a4, 0(a3)
	bne a4, a5, fail
	RVTEST_PASS
fail:
	RVTEST_FAIL
RVTEST_CODE_END

RVTEST_DATA_BEGIN
value:	.word 0x12345678
RVTEST_DATA_END
