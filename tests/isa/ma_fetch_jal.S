/*
 * ma_fetch_jal: without C, a taken jal or branch to an address that is 2 mod 4 raises
 * cause 0 on the jump itself (mepc = the jump), mtval = the target; a not-taken
 * branch with such a target does not trap. Offsets are hand-encoded.
 */
#include "env.h"

TEST_BEGIN
	/* jal with an offset of 2 mod 4 (hand-encoded: jal x0, .+6 and jal x0, .-2). */
	TEST_CASE(2, s9, 1, li s9, 0; la s7, 1f; addi s11, s7, 6; li s10, 0; li s8, 1;
		  1: .word 0x0060006f)
	TEST_CASE(3, s9, 1, li s9, 0; la s7, 1f; addi s11, s7, -2; li s10, 0; li s8, 1;
		  1: .word 0xfffff06f)
	/* Taken branches to 2 mod 4 (beq x0, x0, .+6 and bne x0, x1, .+10). */
	TEST_CASE(4, s9, 1, li s9, 0; la s7, 1f; addi s11, s7, 6; li s10, 0; li s8, 1;
		  1: .word 0x00000363)
	TEST_CASE(5, s9, 1, li s9, 0; li x1, 1; la s7, 1f; addi s11, s7, 10; li s10, 0; li s8, 1;
		  1: .word 0x00101563)
	/* Not-taken branch with a misaligned target: no trap (bne x0, x0, .+6). */
	TEST_CASE(6, s9, 0, li s9, 0; .word 0x00001363; nop)
	/* jal with a misaligned target keeps its link register. */
	TEST_CASE(7, x1, 0x1111, li s9, 0; li x1, 0x1111; la s7, 1f; addi s11, s7, 6; li s10, 0;
		  li s8, 1; 1: .word 0x006000ef; CHECK(s9, 1))
TEST_END
