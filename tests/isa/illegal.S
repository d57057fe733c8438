/*
 * illegal: illegal encodings raise cause 2 with mtval = the instruction bits;
 * unknown CSRs too. Hint-like and reserved-but-legal encodings do not trap.
 */
#include "env.h"

TEST_BEGIN
	/* All zeros and all ones are defined illegal. */
	TEST_ILLEGAL(2, .word 0x00000000)
	TEST_ILLEGAL(3, .word 0xffffffff)
	/* Unused major opcodes: custom-0, custom-1, OP-FP (no F), reserved 0x57 (no V). */
	TEST_ILLEGAL(4, .word 0x0000000b)
	TEST_ILLEGAL(5, .word 0x0000002b)
	TEST_ILLEGAL(6, .word 0x00000053)
	TEST_ILLEGAL(7, .word 0x00000057)
	/* Floating-point loads and stores without F. */
	TEST_ILLEGAL(8, .word 0x00002007)
	TEST_ILLEGAL(9, .word 0x00002027)
	/* Reserved funct7 on OP and funct3 on branches and loads. */
	TEST_ILLEGAL(10, .word 0x100080b3)
	TEST_ILLEGAL(11, .word 0x00002063)
	TEST_ILLEGAL(12, .word 0x00003063)
	TEST_ILLEGAL(13, .word 0x00003083)
	TEST_ILLEGAL(14, .word 0x00006083)
	TEST_ILLEGAL(15, .word 0x00004023)
	/* jalr with funct3 != 0; 64-bit only opcodes (OP-32, OP-IMM-32, ld, sd). */
	TEST_ILLEGAL(16, .word 0x000010e7)
	TEST_ILLEGAL(17, .word 0x0000003b)
	TEST_ILLEGAL(18, .word 0x0000001b)
	TEST_ILLEGAL(19, .word 0x00003003)
	TEST_ILLEGAL(20, .word 0x00003023)
	/* AMO with an unknown funct5 and with width D. */
	TEST_ILLEGAL(21, .word 0x3000a02f)
	TEST_ILLEGAL(22, .word 0x0000b02f)
	/* Unknown CSRs (unassigned numbers). */
	TEST_ILLEGAL(23, csrr x1, 0x0ff)
	TEST_ILLEGAL(24, csrw 0x0ff, x1)
	TEST_ILLEGAL(25, csrr x1, 0x1ff)
	TEST_ILLEGAL(26, csrr x1, 0x3ff)
	/* Floating-point CSR without F. */
	TEST_ILLEGAL(27, csrr x1, 0x003)
	/* SYSTEM with funct3 = 0 and an unknown funct12. */
	TEST_ILLEGAL(28, .word 0x00200073)
	/* Legal encodings that must not trap: fence variants, fence.tso, pause. */
	TEST_CASE(29, x14, 1, fence; fence rw, rw; fence iorw, iorw; fence r, w; fence.tso;
		  .word 0x0100000f; li x14, 1)
	/* Hints: writes to x0 of OP-IMM, lui, and the like. */
	TEST_CASE(30, x14, 2, addi x0, x0, 5; lui x0, 3; slti x0, x1, 2; li x14, 2)
TEST_END
