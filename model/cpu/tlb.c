// SPDX-License-Identifier: MIT
#include "cpu/tlb.h"

#include <stdlib.h>
#include <string.h>

#define PTE_G 0x20

int tlb_init(struct tlb *t, const struct tlb_config *cfg)
{
	t->ways = cfg->ways;
	t->sets = cfg->entries / cfg->ways;
	t->gen = 1;	/* memo entries start at gen 0: none valid */
	memset(t->memo, 0, sizeof(t->memo));
	t->e = calloc(cfg->entries, sizeof(*t->e));
	t->victim = calloc(t->sets, sizeof(*t->victim));
	return t->e && t->victim ? 0 : -1;
}

void tlb_free(struct tlb *t)
{
	free(t->e);
	free(t->victim);
}

static struct tlb_entry *search(struct tlb *t, uint32_t key, int mega, uint16_t asid)
{
	struct tlb_entry *set = &t->e[(key & (t->sets - 1)) * t->ways];

	for (uint32_t w = 0; w < t->ways; w++) {
		struct tlb_entry *e = &set[w];

		if (e->valid && e->mega == mega && e->vpn == key &&
		    (e->asid == asid || (e->pte & PTE_G)))
			return e;
	}
	return NULL;
}

/* The entries change: every memo entry becomes stale. */
static void changed(struct tlb *t)
{
	if (++t->gen == 0) {
		memset(t->memo, 0, sizeof(t->memo));	/* a wrapped gen must not revive old memos */
		t->gen = 1;
	}
}

/* search(), through the memo. */
static struct tlb_entry *probe(struct tlb *t, uint32_t key, int mega, uint16_t asid)
{
	struct tlb_memo *m = &t->memo[(key ^ ((uint32_t)mega << 5) ^ asid) % TLB_MEMO];
	struct tlb_entry *e;

	if (m->gen == t->gen && m->key == key && m->mega == mega && m->asid == asid)
		return m->index < 0 ? NULL : &t->e[m->index];
	e = search(t, key, mega, asid);
	*m = (struct tlb_memo){ key, asid, (uint8_t)mega, t->gen, e ? (int32_t)(e - t->e) : -1 };
	return e;
}

struct tlb_entry *tlb_lookup(struct tlb *t, uint32_t vpn, uint16_t asid)
{
	struct tlb_entry *e = probe(t, vpn, 0, asid);

	return e ? e : probe(t, vpn >> 10, 1, asid);
}

void tlb_insert(struct tlb *t, uint32_t vpn, uint32_t ppn, uint16_t asid, uint16_t pte, int mega)
{
	uint32_t key = mega ? vpn >> 10 : vpn;
	uint32_t set = key & (t->sets - 1);
	struct tlb_entry *e = probe(t, key, mega, asid);

	if (!e) {
		e = &t->e[set * t->ways + t->victim[set]];
		t->victim[set] = (t->victim[set] + 1) % t->ways;
	}
	changed(t);
	e->vpn = key;
	e->ppn = ppn;
	e->asid = asid;
	e->pte = pte;
	e->mega = mega;
	e->valid = 1;
}

void tlb_flush(struct tlb *t, int all_addr, uint32_t vaddr, int all_asid, uint16_t asid)
{
	uint32_t vpn = vaddr >> 12;

	changed(t);
	for (uint32_t i = 0; i < t->sets * t->ways; i++) {
		struct tlb_entry *e = &t->e[i];

		if (!e->valid)
			continue;
		if (!all_addr && e->vpn != (e->mega ? vpn >> 10 : vpn))
			continue;
		if (!all_asid && (e->asid != asid || (e->pte & PTE_G)))
			continue;
		e->valid = 0;
	}
}
