# SPDX-License-Identifier: MIT
# trap_u.S - a penv.h test whose U-mode body takes a trap it did not ask for
# (an illegal instruction): the environment reports code 1337.
#include "penv.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
	li TESTNUM, 2
	csrr a0, mstatus
	RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
