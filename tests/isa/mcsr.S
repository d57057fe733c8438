/*
 * mcsr: machine information CSRs: mhartid, mvendorid, marchid, mimpid are readable;
 * mtvec, mepc, mcause, mtval hold what M-mode writes (within their WARL rules).
 */
#include "env.h"

TEST_BEGIN
	TEST_CASE(2, x14, 0, csrr x14, mhartid)
	/* Read without trapping (values are implementation-defined). */
	TEST_CASE(3, x0, 0, csrr x14, mvendorid; csrr x14, marchid; csrr x14, mimpid)
	/* misa: RV32 (MXL = 1) with I, M, A, S, U. */
	TEST_CASE(4, x14, 0x40000000, csrr x1, misa; srli x14, x1, 30; slli x14, x14, 30)
	TEST_CASE(5, x14, 0x00141101, csrr x1, misa; li x2, 0x00141101; and x14, x1, x2)
	/* No F, D, C extension (QEMU is run with them off). */
	TEST_CASE(6, x14, 0, csrr x1, misa; li x2, 0x2c; and x14, x1, x2)
	/* mtvec direct mode, 4-byte aligned base. */
	TEST_CASE(7, x14, 0x80001000, csrr x5, mtvec; li x1, 0x80001000; csrw mtvec, x1;
		  csrr x14, mtvec; csrw mtvec, x5)
	/* mepc holds an instruction address (its bit 0 is tested in mepc_lsb). */
	TEST_CASE(8, x14, 0x80002004, li x1, 0x80002004; csrw mepc, x1; csrr x14, mepc)
	/* mcause and mtval are read/write. */
	TEST_CASE(9, x14, 0x0000000b, li x1, 11; csrw mcause, x1; csrr x14, mcause)
	TEST_CASE(10, x14, 0xdeadbeef, li x1, 0xdeadbeef; csrw mtval, x1; csrr x14, mtval)
	/* mcause keeps the interrupt bit. */
	TEST_CASE(11, x14, 0x80000007, li x1, 0x80000007; csrw mcause, x1; csrr x14, mcause)
	/* mstatus.MIE and MPIE are writable; SD is 0 (no F/V/X state). */
	TEST_CASE(12, x14, 0x88, li x1, 0x88; csrs mstatus, x1; csrr x2, mstatus; andi x14, x2, 0x88;
		  csrc mstatus, x1)
	TEST_CASE(13, x14, 0, csrr x1, mstatus; srli x14, x1, 31)
	/* mstatus.MPP: M, S and U can be written and read back. */
	TEST_CASE(14, x14, 0x1800, li x1, MSTATUS_MPP; csrs mstatus, x1; csrr x2, mstatus;
		  and x14, x2, x1)
	TEST_CASE(15, x14, 0x0800, li x1, MSTATUS_MPP; csrc mstatus, x1; li x13, MSTATUS_MPP_S;
		  csrs mstatus, x13; csrr x2, mstatus; and x14, x2, x1)
	TEST_CASE(16, x14, 0, li x1, MSTATUS_MPP; csrc mstatus, x1; csrr x2, mstatus; and x14, x2, x1)
	/* mie: MSIE, MTIE, MEIE, SSIE, STIE, SEIE writable. */
	TEST_CASE(17, x14, 0xaaa, li x1, 0xaaa; csrw mie, x1; csrr x14, mie; csrw mie, x0)
	/* medeleg: ecall from U is delegable. */
	TEST_CASE(19, x14, 0x100, li x1, 0x100; csrw medeleg, x1; csrr x14, medeleg; csrw medeleg, x0)
	/* mideleg: the S interrupts. */
	TEST_CASE(20, x14, 0x222, li x1, 0x222; csrw mideleg, x1; csrr x14, mideleg; and x14, x14, x1;
		  csrw mideleg, x0)
TEST_END
