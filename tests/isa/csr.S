/*
 * csr: the Zicsr instructions on a read/write CSR (mscratch) and read-only ones.
 * csrrs/csrrc with rs1 = x0 and csrrsi/csrrci with uimm = 0 do not write;
 * csrrw always writes; writing a read-only CSR is an illegal instruction.
 */
#include "env.h"

TEST_BEGIN
	/* csrrw: old value to rd, rs1 to the CSR. */
	TEST_CASE(2, x14, 0x12345678, li x1, 0x12345678; csrw mscratch, x1; csrr x14, mscratch)
	TEST_CASE(3, x14, 0x12345678, li x1, 0xcafef00d; csrrw x14, mscratch, x1)
	TEST_CASE(4, x14, 0xcafef00d, csrr x14, mscratch)
	/* csrrs sets bits, csrrc clears bits, both return the old value. */
	TEST_CASE(5, x14, 0x0000f00f, li x1, 0x0000f00f; csrw mscratch, x1; li x2, 0x00f000f0;
		  csrrs x14, mscratch, x2)
	TEST_CASE(6, x14, 0x00f0f0ff, csrr x14, mscratch)
	TEST_CASE(7, x14, 0x00f0f0ff, li x2, 0x00f00f00; csrrc x14, mscratch, x2)
	TEST_CASE(8, x14, 0x0000f0ff, csrr x14, mscratch)
	/* Immediate forms: 5-bit zero-extended immediate. */
	TEST_CASE(9, x14, 0x0000f0ff, csrrwi x14, mscratch, 0x1f)
	TEST_CASE(10, x14, 0x1f, csrr x14, mscratch)
	TEST_CASE(11, x14, 0x1f, csrrci x14, mscratch, 0x05)
	TEST_CASE(12, x14, 0x1a, csrr x14, mscratch)
	TEST_CASE(13, x14, 0x1a, csrrsi x14, mscratch, 0x01)
	TEST_CASE(14, x14, 0x1b, csrr x14, mscratch)
	TEST_CASE(15, x14, 0x10, csrwi mscratch, 0x10; csrr x14, mscratch)
	/* rd == rs1: the old value is read before rs1 is used. */
	TEST_CASE(16, x14, 0x10, li x1, 0x777; csrrw x1, mscratch, x1; mv x14, x1; csrr x2, mscratch;
		  CHECK(x2, 0x777))
	/* csrrs/csrrc with rs1 = x0 and uimm = 0 only read. */
	TEST_CASE(17, x14, 0x777, csrrs x14, mscratch, x0; csrrc x0, mscratch, x0; csrr x14, mscratch)
	TEST_CASE(18, x14, 0x777, csrrsi x14, mscratch, 0; csrrci x14, mscratch, 0)
	/* rd = x0 still writes. */
	TEST_CASE(19, x14, 0x55, li x1, 0x55; csrrw x0, mscratch, x1; csrr x14, mscratch)
	/* A read-only CSR can be read, also with csrrs/csrrc x0 and the zero immediates. */
	TEST_CASE(20, x14, 0, csrr x14, mhartid)
	TEST_CASE(21, x14, 0, csrrc x14, mhartid, x0)
	TEST_CASE(22, x14, 0, csrrsi x14, mhartid, 0)
	TEST_CASE(23, x14, 0, csrrci x14, mhartid, 0)
	/* Writing a read-only CSR is illegal, even when the value would not change. */
	TEST_ILLEGAL(24, csrw mhartid, x0)
	TEST_ILLEGAL(25, csrrs x14, mhartid, x1)
	TEST_ILLEGAL(26, csrrwi x14, mvendorid, 0)
	TEST_ILLEGAL(27, csrrsi x14, marchid, 1)
	TEST_ILLEGAL(28, csrrc x0, mimpid, x1)
	TEST_ILLEGAL(29, csrw cycle, x1)
	TEST_ILLEGAL(30, csrw instret, x0)
	TEST_ILLEGAL(31, csrw time, x0)
	/* The trapping instruction did not write rd. */
	TEST_CASE(32, x14, 0x1234, li x14, 0x1234; li s9, 0; la s7, 1f; lw s11, 0(s7); li s8, 1;
		  li s10, CAUSE_ILLEGAL; 1: csrrw x14, mhartid, x0; CHECK(s9, 1))
	/* mscratch holds all 32 bits. */
	TEST_CASE(33, x14, 0xffffffff, li x1, -1; csrw mscratch, x1; csrr x14, mscratch)
	TEST_CASE(34, x14, 0, csrw mscratch, x0; csrr x14, mscratch)
TEST_END
