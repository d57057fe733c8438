/* SPDX-License-Identifier: MIT */
/*
 * The cost constants of the area estimator, all in one place (README,
 * "Area").
 *
 * Storage arrays use the register-bit-equivalent (rbe) model of Mulder,
 * Quach and Flynn ("An area model for on-chip memories and its
 * application", IEEE JSSC 26(2), 1991): the area of one bit is counted in
 * units of a register bit. Logic synthesized from a twin is counted in
 * NAND2 gate equivalents (GE) from the per-cell table below, and turned into
 * rbe with GE_PER_RBE so that the totals add up.
 */
#ifndef OSPREY_AREA_COST_H
#define OSPREY_AREA_COST_H

/* Storage cells, rbe per bit. */
#define RBE_REGISTER_BIT 1.0	/* a flip-flop / latch register cell */
#define RBE_SRAM_BIT	 0.6	/* a 6-transistor static RAM cell */
#define RBE_CAM_BIT	 2.0	/* a content-addressable cell (storage plus compare) */

/*
 * NAND2 gate equivalents per rbe: a register bit is taken as a resettable
 * D flip-flop, about 6 NAND2 in common standard-cell libraries. An
 * assumption of this tool, used only to add logic to storage.
 */
#define GE_PER_RBE 6.0

/*
 * The Yosys flow: synthesis, enables and synchronous resets of flip-flops
 * turned back into logic (so a flip-flop is a bare register bit), then ABC
 * maps every gate to the CMOS set NOT, NAND, NOR, AOI3, OAI3, AOI4, OAI4.
 */
#define AREA_YOSYS_FLOW "synth -flatten -top %s; dffunmap; abc -g cmos3; opt_clean"

/*
 * GE per mapped cell: transistor count / 4 (a NAND2 has 4). Flip-flop
 * cells are not here: each is one register bit. A cell in neither is an
 * error, so the table stays complete.
 */
struct area_cell_ge {
	const char *cell;	/* Yosys internal cell type */
	double ge;		/* NAND2 equivalents */
};

static const struct area_cell_ge area_cell_ge[] = {
	{ "$_NOT_", 0.5 },	/* 2 transistors */
	{ "$_BUF_", 0.0 },	/* a wire after mapping */
	{ "$_NAND_", 1.0 },	/* 4 */
	{ "$_NOR_", 1.0 },	/* 4 */
	{ "$_AOI3_", 1.5 },	/* 6 */
	{ "$_OAI3_", 1.5 },	/* 6 */
	{ "$_AOI4_", 2.0 },	/* 8 */
	{ "$_OAI4_", 2.0 },	/* 8 */
};

/* Flip-flop cell types, by prefix: each cell is one register bit. */
static const char *const area_ff_prefixes[] = { "$_DFF_", "$_DFFE_", "$_SDFF", "$_DLATCH",
						"$_ALDFF", "$_DFFSR" };

#endif
