/* SPDX-License-Identifier: MIT */
/*
 * update.S - update_counter.c's page of selective-update data: one page,
 * page-aligned, holding only upd_counter, so that enabling update for the
 * page's range enables it for the counter and nothing else.
 */
	.section .data.update, "aw"
	.balign 4096
	.globl upd_page
upd_page:
	.globl upd_counter
	.type upd_counter, @object
	.size upd_counter, 4
upd_counter:
	.word 0
	.space 4092
