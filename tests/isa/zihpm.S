/*
 * zihpm: the hardware performance monitor CSRs exist: mhpmcounterN (and the high
 * halves), mhpmeventN and mcountinhibit are accessible from M without trapping;
 * hpmcounterN are readable from M. N is sampled in 3..18 (QEMU 7.2 has 16 counters).
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x0, 0, csrr x1, mhpmcounter3; csrr x1, mhpmcounter4; csrr x1, mhpmcounter10;
		  csrr x1, mhpmcounter18; csrr x1, mhpmcounter3h; csrr x1, mhpmcounter18h)
	TEST_CASE(3, x0, 0, csrr x1, mhpmevent3; csrr x1, mhpmevent4; csrr x1, mhpmevent18)
	TEST_CASE(4, x0, 0, csrr x1, hpmcounter3; csrr x1, hpmcounter18; csrr x1, hpmcounter3h)
	/* mcountinhibit: CY and IR writable. */
	TEST_CASE(5, x14, 5, li x1, 5; csrw mcountinhibit, x1; csrr x14, mcountinhibit; andi x14, x14, 7;
		  csrw mcountinhibit, x0)
	/* Writes to the M counters and events do not trap. */
	TEST_CASE(6, x0, 0, csrw mhpmevent3, x0; csrw mhpmcounter3, x0; csrw mhpmcounter3h, x0)
	/* An hpmcounter write is illegal (read-only alias). */
	TEST_ILLEGAL(7, csrw hpmcounter3, x0)
TEST_END
