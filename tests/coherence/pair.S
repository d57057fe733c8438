/* SPDX-License-Identifier: MIT */
/*
 * pair.S - the two counters of share_pair.c, placed exactly: left_count at
 * a 64-byte boundary (the bus's coherence unit) and right_count the next
 * word, or with APART the first word of the next 64-byte line. Sized
 * symbols, so the profile names each word by its variable.
 */
	.section .data.pair, "aw"
	.balign 64
	.globl left_count
	.type left_count, @object
	.size left_count, 4
left_count:
	.word 0
#ifdef APART
	.balign 64
#endif
	.globl right_count
	.type right_count, @object
	.size right_count, 4
right_count:
	.word 0
	.balign 64
