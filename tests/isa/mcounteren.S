/*
 * mcounteren: a U- or S-mode read of cycle/time/instret traps (illegal instruction)
 * unless the matching bit of mcounteren is set; for U, scounteren must be set too.
 */
#include "env.h"

#define U_READ_TRAPS(num, csr)                                                          \
	test_##num: li TESTNUM, num; li s9, 0; ENV_ENTER(PRV_U);                         \
	TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL); csrr x1, csr; ENV_ENTER_M; CHECK(s9, 1)
#define S_READ_TRAPS(num, csr)                                                          \
	test_##num: li TESTNUM, num; li s9, 0; ENV_ENTER(PRV_S);                         \
	TRAP_EXPECT_NOTVAL(CAUSE_ILLEGAL); csrr x1, csr; ENV_ENTER_M; CHECK(s9, 1)
#define U_READ_OK(num, csr)                                                             \
	test_##num: li TESTNUM, num; li s9, 0; ENV_ENTER(PRV_U); csrr x1, csr;           \
	ENV_ENTER_M; CHECK(s9, 0)
#define S_READ_OK(num, csr)                                                             \
	test_##num: li TESTNUM, num; li s9, 0; ENV_ENTER(PRV_S); csrr x1, csr;           \
	ENV_ENTER_M; CHECK(s9, 0)

TEST_BEGIN
	/* All off. */
	csrw mcounteren, x0
	csrw scounteren, x0
	U_READ_TRAPS(2, cycle)
	U_READ_TRAPS(3, time)
	U_READ_TRAPS(4, instret)
	U_READ_TRAPS(5, cycleh)
	S_READ_TRAPS(6, cycle)
	S_READ_TRAPS(7, time)
	S_READ_TRAPS(8, instret)
	S_READ_TRAPS(9, instreth)
	/* mcounteren.CY only: S may read cycle, not instret; U still needs scounteren. */
	csrwi mcounteren, 1
	S_READ_OK(10, cycle)
	S_READ_OK(11, cycleh)
	S_READ_TRAPS(12, instret)
	U_READ_TRAPS(13, cycle)
	/* scounteren.CY too: U may read cycle. */
	csrwi scounteren, 1
	U_READ_OK(14, cycle)
	U_READ_TRAPS(15, time)
	/* IR and TM bits. */
	csrwi mcounteren, 7
	csrwi scounteren, 4
	U_READ_OK(16, instret)
	U_READ_TRAPS(17, cycle)
	S_READ_OK(18, time)
	/* M-mode always may read them. */
	csrw mcounteren, x0
	TEST_CASE(19, x0, 0, csrr x1, cycle; csrr x1, time; csrr x1, instret)
	/* mcounteren and scounteren keep the three bits. */
	TEST_CASE(20, x14, 7, csrwi mcounteren, 7; csrr x14, mcounteren; andi x14, x14, 7)
	TEST_CASE(21, x14, 5, csrwi scounteren, 5; csrr x14, scounteren; andi x14, x14, 7)
TEST_END
