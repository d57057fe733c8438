/*
 * ma_amo: a misaligned AMO or sc raises cause 6 (store/AMO address misaligned) with
 * mtval = the address; memory is unchanged.
 */
#include "env.h"

#define MA_AMO(num, insn, off)                                                          \
	TEST_CASE(num, x14, 0, la x1, ma_buf; sw x0, 0(x1); sw x0, 4(x1); addi x2, x1, off;    \
		  mv s11, x2; li x5, -1; li s9, 0; li s10, CAUSE_MISALIGNED_STORE; li s8, 1;     \
		  la s7, 1f; 1: insn x6, x5, (x2); CHECK(s9, 1); lw x14, 0(x1); lw x5, 4(x1);     \
		  or x14, x14, x5)

TEST_BEGIN
	MA_AMO(2, amoswap.w, 1)
	MA_AMO(3, amoadd.w, 2)
	MA_AMO(4, amoxor.w, 3)
	MA_AMO(5, amoand.w, 1)
	MA_AMO(6, amoor.w, 2)
	MA_AMO(7, amomin.w, 3)
	MA_AMO(8, amomax.w, 1)
	MA_AMO(9, amominu.w, 2)
	MA_AMO(10, amomaxu.w, 3)
	MA_AMO(11, sc.w, 2)
TEST_END

TEST_DATA_BEGIN
ma_buf:
	.word 0, 0, 0, 0
TEST_DATA_END
