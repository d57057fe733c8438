/* SPDX-License-Identifier: MIT */
/*
 * gpr_frame.h - saving and restoring the general registers in a trap frame,
 * for the trap vectors of every guest program (assembly only). Register xN
 * lives at N * 4 from sp; x2 (sp itself) is the vector's own business.
 */
#ifndef OSPREY_GPR_FRAME_H
#define OSPREY_GPR_FRAME_H

/* Saves x1, x3..x31 to the frame at sp. */
.macro SAVE_REGS
	sw x1, 1*4(sp)
	.irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sw x\n, \n*4(sp)
	.endr
.endm

/* Restores x1, x3..x31 from the frame at sp. */
.macro RESTORE_REGS
	lw x1, 1*4(sp)
	.irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	lw x\n, \n*4(sp)
	.endr
.endm

#endif /* OSPREY_GPR_FRAME_H */
