/* SPDX-License-Identifier: MIT */
/*
 * Branch prediction for the in-order pipeline: static not-taken, static
 * backward-taken/forward-not-taken, or bimodal 2-bit counters indexed by pc
 * with a direct-mapped branch target buffer. The pipeline charges
 * core.mispredict cycles for a wrong direction or target, and
 * core.taken_bubble cycles for a correctly predicted taken transfer whose
 * target had to be computed in decode (no BTB hit).
 */
#ifndef OSPREY_BPRED_H
#define OSPREY_BPRED_H

#include <stdint.h>

#include "sys/config.h"

struct bpred {
	enum bpred_kind kind;
	uint32_t bht_mask, btb_mask;
	uint8_t *bht;		/* 2-bit saturating counters, >= 2 means taken */
	uint32_t *btb_tag;	/* pc of the transfer the entry holds, ~0 if none */
	uint32_t *btb_target;
};

/* The predictor's verdict on one control transfer. */
enum bp_outcome {
	BP_CORRECT,		/* right direction and target, no bubble */
	BP_CORRECT_BUBBLE,	/* right, but the taken target came from decode */
	BP_WRONG,		/* wrong direction or target */
};

int bpred_init(struct bpred *bp, const struct core_config *cfg);
void bpred_free(struct bpred *bp);

/* bpred_resolve for the bimodal predictor (bpred.c). */
enum bp_outcome bpred_resolve_bimodal(struct bpred *bp, uint32_t pc, int conditional, int direct,
				      int taken, uint32_t target);

/*
 * Predicts the transfer at @pc (a conditional branch when @conditional, else
 * a jump; @direct when its target is pc-relative, with offset @imm), checks
 * it against what happened (@taken, @target) and trains the predictor.
 * Inline: the static predictors' rule is a few compares, less than a call
 * with seven arguments, and runs for every branch and jump.
 */
static inline enum bp_outcome bpred_resolve(struct bpred *bp, uint32_t pc, int conditional,
					    int direct, int32_t imm, int taken, uint32_t target)
{
	int pred_taken;

	if (bp->kind == BPRED_BIMODAL)
		return bpred_resolve_bimodal(bp, pc, conditional, direct, taken, target);
	/* Static: direction from the rule, target from decode (direct) or execute. */
	if (!conditional)
		pred_taken = 1;
	else
		pred_taken = bp->kind == BPRED_BTFN && imm < 0;
	if (pred_taken != taken || (taken && !direct))
		return BP_WRONG;
	return taken ? BP_CORRECT_BUBBLE : BP_CORRECT;
}

#endif
