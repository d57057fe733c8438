// SPDX-License-Identifier: MIT
/* The unit-test rig: two harts on 8 MiB of RAM, see unit.h. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rig_mtime(void *ctx)
{
	return ((struct rig *)ctx)->mtime;
}

int rig_setup(void **state)
{
	struct rig *r = calloc(1, sizeof(*r));
	struct hart_env env;

	if (!r)
		return -1;
	config_defaults(&r->cfg);
	if (memmap_init(&r->mm, RAM_BASE, RIG_RAM_SIZE))
		goto out_free;
	memset(&env, 0, sizeof(env));
	env.mm = &r->mm;
	env.lr = &r->lr;
	env.read_mtime = rig_mtime;
	env.ctx = r;
	env.slow_page = ~0u;
	r->h = hart_new(0, &r->cfg, &env);
	r->h1 = hart_new(1, &r->cfg, &env);
	if (!r->h || !r->h1)
		goto out_harts;
	rig_reset(r, r->h);
	rig_reset(r, r->h1);
	*state = r;
	return 0;
out_harts:
	hart_free(r->h);
	hart_free(r->h1);
	memmap_free(&r->mm);
out_free:
	free(r);
	return -1;
}

int rig_teardown(void **state)
{
	struct rig *r = *state;

	hart_free(r->h);
	hart_free(r->h1);
	memmap_free(&r->mm);
	free(r);
	return 0;
}

void rig_reset(struct rig *r, struct hart *h)
{
	hart_reset(h, CODE, 0);
	h->mtvec = MVEC;
	h->stvec = SVEC;
	rig_put(r, MVEC, NOP);
	rig_put(r, SVEC, NOP);
}

void rig_put(struct rig *r, uint32_t pa, uint32_t word)
{
	assert_true(memmap_is_ram(&r->mm, pa, 4));
	memcpy(memmap_host(&r->mm, pa), &word, 4);
}

uint32_t rig_get(struct rig *r, uint32_t pa)
{
	uint32_t w;

	assert_true(memmap_is_ram(&r->mm, pa, 4));
	memcpy(&w, memmap_host(&r->mm, pa), 4);
	return w;
}

enum hart_event rig_exec(struct rig *r, struct hart *h, uint32_t insn)
{
	rig_put(r, h->pc, insn);
	return hart_step(h);
}

void rig_set_priv(struct hart *h, enum priv p)
{
	h->priv = p;
	hart_flush_fast(h);
}

void rig_open_pmp(struct hart *h)
{
	h->pmpaddr[0] = 0xffffffffu;	/* NAPOT over the whole 34-bit space */
	h->pmpcfg[0] = 0x1f;		/* NAPOT, X, W, R */
	mmu_pmp_update(h);
}

void unit_filter(void)
{
	const char *f = getenv("UNIT_FILTER");

	if (f && *f)
		cmocka_set_test_filter(f);
}

enum hart_event rig_exec_as(struct rig *r, struct hart *h, enum priv p, uint32_t insn)
{
	rig_open_pmp(h);
	rig_set_priv(h, p);
	return rig_exec(r, h, insn);
}
