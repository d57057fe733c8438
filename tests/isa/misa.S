/*
 * misa: osprey's exact value, RV32 + I M A S U = 0x40141101; writes are ignored.
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x14, 0x40141101, csrr x14, misa)
	/* misa is WARL; osprey does not let M-mode turn extensions off. */
	TEST_CASE(3, x14, 0x40141101, csrw misa, x0; csrr x14, misa)
	TEST_CASE(4, x14, 0x40141101, li x1, -1; csrw misa, x1; csrr x14, misa)
TEST_END
