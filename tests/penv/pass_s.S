# SPDX-License-Identifier: MIT
# pass_s.S - a penv.h test whose body runs in S mode and passes:
# two checked test cases, as the public suites write them.
#include "penv.h"

RVTEST_RV32S
RVTEST_CODE_BEGIN
	li TESTNUM, 2
	li a1, 40
	addi a1, a1, 2
	li a2, 42
	bne a1, a2, fail
	li TESTNUM, 3
	la a3, value
	lw a4, 0(a3)
	li a5, 0x12345678
	bne a4, a5, fail
	RVTEST_PASS
fail:
	RVTEST_FAIL
RVTEST_CODE_END

RVTEST_DATA_BEGIN
value:	.word 0x12345678
RVTEST_DATA_END
