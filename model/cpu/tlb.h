/* SPDX-License-Identifier: MIT */
/*
 * A set-associative TLB of Sv32 leaf translations, sized by configuration.
 * It caches the leaf PTE's permission bits, so translations are as stale as
 * real hardware's until sfence.vma. The timing model charges its misses.
 */
#ifndef OSPREY_TLB_H
#define OSPREY_TLB_H

#include <stdint.h>

#include "sys/config.h"

struct tlb_entry {
	uint32_t vpn;		/* virtual page number (VPN[1] only for megapages) */
	uint32_t ppn;		/* physical page number of the page or megapage */
	uint16_t asid;		/* address space, ignored when the G bit is set */
	uint16_t pte;		/* the leaf PTE's low 10 bits: V R W X U G A D, RSW */
	uint8_t mega;		/* 1 for a 4 MiB megapage */
	uint8_t valid;
};

/*
 * The host's memo of recent probes: what a search of the ways found for a
 * (page, size, ASID), remembered until the TLB next changes. A search of a
 * fully-associative TLB reads every way, and a megapage lookup first misses
 * among the 4 KiB entries; the memo makes repeated lookups one compare.
 */
#define TLB_MEMO 64

struct tlb_memo {
	uint32_t key;		/* the probe's page number */
	uint16_t asid;
	uint8_t mega;
	uint32_t gen;		/* valid while equal to the TLB's gen */
	int32_t index;		/* the entry found, or -1 */
};

struct tlb {
	struct tlb_entry *e;	/* sets * ways entries, set-major */
	uint32_t sets, ways;
	uint32_t *victim;	/* per set: next way to replace (FIFO) */
	uint32_t gen;		/* bumped on every change of the entries */
	struct tlb_memo memo[TLB_MEMO];
};

int tlb_init(struct tlb *t, const struct tlb_config *cfg);
void tlb_free(struct tlb *t);

/* The entry translating @vpn in @asid, or NULL. */
struct tlb_entry *tlb_lookup(struct tlb *t, uint32_t vpn, uint16_t asid);

/* Installs a translation, replacing the set's FIFO victim. */
void tlb_insert(struct tlb *t, uint32_t vpn, uint32_t ppn, uint16_t asid, uint16_t pte, int mega);

/*
 * sfence.vma semantics: drop entries matching @vaddr (when @all_addr is 0)
 * and @asid (when @all_asid is 0); global entries survive an ASID flush.
 */
void tlb_flush(struct tlb *t, int all_addr, uint32_t vaddr, int all_asid, uint16_t asid);

#endif
