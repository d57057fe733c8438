// SPDX-License-Identifier: MIT
#include "cpu/bpred.h"

#include <stdlib.h>
#include <string.h>

int bpred_init(struct bpred *bp, const struct core_config *cfg)
{
	memset(bp, 0, sizeof(*bp));
	bp->kind = (enum bpred_kind)cfg->bpred;
	bp->bht_mask = cfg->bht_entries - 1;
	bp->btb_mask = cfg->btb_entries - 1;
	bp->bht = malloc(cfg->bht_entries);
	bp->btb_tag = malloc(cfg->btb_entries * sizeof(uint32_t));
	bp->btb_target = calloc(cfg->btb_entries, sizeof(uint32_t));
	if (!bp->bht || !bp->btb_tag || !bp->btb_target)
		return -1;
	memset(bp->bht, 1, cfg->bht_entries);	/* weakly not taken */
	memset(bp->btb_tag, 0xff, cfg->btb_entries * sizeof(uint32_t));
	return 0;
}

void bpred_free(struct bpred *bp)
{
	free(bp->bht);
	free(bp->btb_tag);
	free(bp->btb_target);
}

enum bp_outcome bpred_resolve_bimodal(struct bpred *bp, uint32_t pc, int conditional, int direct,
				      int taken, uint32_t target)
{
	uint32_t i = (pc >> 2) & bp->btb_mask;
	uint8_t *ctr = &bp->bht[(pc >> 2) & bp->bht_mask];
	int pred_taken = conditional ? *ctr >= 2 : 1, btb_hit = bp->btb_tag[i] == pc;
	enum bp_outcome out;

	if (conditional) {
		if (taken && *ctr < 3)
			(*ctr)++;
		else if (!taken && *ctr > 0)
			(*ctr)--;
	}
	if (pred_taken != taken)
		out = BP_WRONG;
	else if (!taken)
		out = BP_CORRECT;
	else if (btb_hit && bp->btb_target[i] == target)
		out = BP_CORRECT;
	else if (direct)
		out = BP_CORRECT_BUBBLE;	/* decode computes the target */
	else
		out = BP_WRONG;			/* an indirect jump needs the BTB */
	if (taken) {
		bp->btb_tag[i] = pc;
		bp->btb_target[i] = target;
	}
	return out;
}
