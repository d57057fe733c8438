/*
 * trigger.S: Sdtrig debug triggers (type 2, mcontrol) as software uses them:
 * at least two triggers exist (tselect reads back 0 and 1), and an execute,
 * a load and a store trigger armed for U mode each raise a breakpoint
 * exception (cause 3) at the matching U-mode instruction, before it runs.
 * mtval is not checked here (tests/unit/test_trigger.c checks osprey's).
 */
#include "env.h"

#define MC_U_EXEC	((2 << 28) | (1 << 3) | (1 << 2))
#define MC_U_LOAD	((2 << 28) | (1 << 3) | (1 << 0))
#define MC_U_STORE	((2 << 28) | (1 << 3) | (1 << 1))

/* Arm the environment for a breakpoint at `where` (not checking tval). */
#define EXPECT_BREAK_AT(where)                                                          \
	li s10, 3;                                                                      \
	li s8, 0;                                                                       \
	la s7, where

TEST_BEGIN
	/* 2: triggers 0 and 1 exist */
	li TESTNUM, 2
	csrwi tselect, 1
	csrr t0, tselect
	li t6, 1
	bne t0, t6, env_fail
	csrwi tselect, 0
	csrr t0, tselect
	bnez t0, env_fail

	/* 3: an execute trigger on a U-mode instruction: it does not run */
	li TESTNUM, 3
	li s9, 0
	li a0, 0
	la t0, 3f
	csrw tdata2, t0
	li t0, MC_U_EXEC
	csrw tdata1, t0
	EXPECT_BREAK_AT(3f)
	ENV_ENTER(PRV_U)
3:	li a0, 5
	ENV_ENTER_M
	csrw tdata1, zero
	CHECK(s9, 1)
	CHECK(a0, 0)

	/* 4: a load trigger (trigger 1) on a U-mode load of `word` */
	li TESTNUM, 4
	li s9, 0
	csrwi tselect, 1
	la a2, word
	csrw tdata2, a2
	li t0, MC_U_LOAD
	csrw tdata1, t0
	li a1, 0
	EXPECT_BREAK_AT(4f)
	ENV_ENTER(PRV_U)
	sw zero, 0(a2)		/* a store to it: no trigger */
4:	lw a1, 0(a2)
	ENV_ENTER_M
	csrw tdata1, zero
	CHECK(s9, 1)
	CHECK(a1, 0)

	/*
	 * 5: a store trigger on a U-mode store to `word2`: memory keeps its
	 * value. (Another word than test 4's: QEMU 7.2 keeps a disabled load
	 * trigger's watchpoint.)
	 */
	li TESTNUM, 5
	li s9, 0
	csrwi tselect, 0
	la a2, word2
	li t0, 0x1234
	sw t0, 0(a2)
	csrw tdata2, a2
	li t0, MC_U_STORE
	csrw tdata1, t0
	li a3, 0x5678
	EXPECT_BREAK_AT(5f)
	ENV_ENTER(PRV_U)
	lw a1, 0(a2)		/* a load from it: no trigger */
5:	sw a3, 0(a2)
	ENV_ENTER_M
	csrw tdata1, zero
	CHECK(s9, 1)
	lw a1, 0(a2)
	CHECK(a1, 0x1234)
TEST_END

TEST_DATA_BEGIN
word:	.word 0
	.balign 16
word2:	.word 0
TEST_DATA_END
