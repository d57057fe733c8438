/*
 * ma_data: osprey traps misaligned loads and stores: cause 4 (load) or 6 (store),
 * mtval = the address, rd and memory unchanged. (QEMU performs them instead.)
 */
#include "env.h"

#define MA_LOAD(num, insn, off)                                                         \
	TEST_CASE(num, x14, 0x5a5a, la x1, ma_buf; addi s11, x1, off; li x14, 0x5a5a; li s9, 0;  \
		  li s10, CAUSE_MISALIGNED_LOAD; li s8, 1; la s7, 1f; 1: insn x14, off(x1);      \
		  CHECK(s9, 1))
#define MA_STORE(num, insn, off)                                                        \
	TEST_CASE(num, x14, 0, la x1, ma_buf; sw x0, 0(x1); sw x0, 4(x1); addi s11, x1, off;  \
		  li x2, -1; li s9, 0; li s10, CAUSE_MISALIGNED_STORE; li s8, 1; la s7, 1f;       \
		  1: insn x2, off(x1); CHECK(s9, 1); lw x14, 0(x1); lw x5, 4(x1); or x14, x14, x5)

TEST_BEGIN
	MA_LOAD(2, lh, 1)
	MA_LOAD(3, lh, 3)
	MA_LOAD(4, lhu, 1)
	MA_LOAD(5, lhu, 3)
	MA_LOAD(6, lw, 1)
	MA_LOAD(7, lw, 2)
	MA_LOAD(8, lw, 3)
	MA_STORE(9, sh, 1)
	MA_STORE(10, sh, 3)
	MA_STORE(11, sw, 1)
	MA_STORE(12, sw, 2)
	MA_STORE(13, sw, 3)
	/* Byte accesses and aligned halfwords never trap. */
	TEST_CASE(14, x14, 0, la x1, ma_buf; lb x14, 1(x1); lbu x14, 3(x1); lh x14, 2(x1); sb x0, 1(x1);
		  sh x0, 2(x1); lhu x14, 2(x1))
TEST_END

TEST_DATA_BEGIN
ma_buf:
	.word 0, 0, 0, 0
TEST_DATA_END
