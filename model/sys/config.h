/* SPDX-License-Identifier: MIT */
/*
 * The one configuration of a simulated machine. Every field is reachable as a
 * named key ("sys.cores", "dtlb.entries") from --set, --config files and
 * --print-config; the key table in config.c is the single list of them.
 */
#ifndef OSPREY_CONFIG_H
#define OSPREY_CONFIG_H

#include <stdint.h>
#include <stdio.h>

#include "sys/param.h"

struct tlb_config {
	uint32_t entries;	/* translations held; a power of two */
	uint32_t ways;		/* associativity; divides entries */
};

/* One cache's geometry and timing. */
struct cache_config {
	uint32_t size;		/* bytes */
	uint32_t ways;		/* associativity; 1 = direct-mapped */
	uint32_t line;		/* bytes per line */
	uint32_t repl;		/* replacement policy: index into repl_names[] */
	uint32_t latency;	/* core cycles from request to data on a hit */
	uint32_t mshrs;		/* outstanding misses (distinct lines) */
};

enum bpred_kind {
	BPRED_STATIC_NT,	/* always predict not taken */
	BPRED_BTFN,		/* backward taken, forward not taken */
	BPRED_BIMODAL,		/* 2-bit counters indexed by pc, plus a BTB */
};

enum sim_mode {
	MODE_FUNCTIONAL,	/* one instruction per hart per cycle, no caches */
	MODE_TIMING,		/* the cycle-level model */
};

struct core_config {
	uint32_t bpred;		/* enum bpred_kind */
	uint32_t bht_entries;	/* bimodal counters; a power of two */
	uint32_t btb_entries;	/* branch target buffer entries; a power of two */
	uint32_t mispredict;	/* core cycles lost on a mispredicted branch or jump */
	uint32_t taken_bubble;	/* cycles lost on a correctly predicted taken transfer
				 * whose target the BTB did not supply */
	uint32_t mul_latency;	/* core cycles a multiply occupies execute */
	uint32_t div_latency;	/* core cycles a divide or remainder occupies execute */
	uint32_t load_use;	/* cycles an instruction waits for a load's result */
	uint32_t serialize;	/* cycles to drain and refill the pipeline (CSR write,
				 * fence.i, sfence.vma, trap entry and return) */
	uint32_t fetch_queue;	/* instructions the fetch unit may run ahead of decode */
	uint32_t wb_entries;	/* L1D write buffer entries */
};

struct bus_config {
	uint32_t clock_div;	/* core cycles per bus cycle */
	uint32_t width;		/* bytes moved per bus cycle */
	uint32_t arb_cycles;	/* bus cycles of arbitration and address */
	uint32_t snoop_cycles;	/* bus cycles for the snoop response */
	uint32_t c2c_cycles;	/* bus cycles before a cache supplies a line */
};

struct mem_config {
	uint32_t latency;	/* core cycles from request to first data at the controller */
	uint32_t banks;		/* independent banks; lines interleave across them */
	uint32_t bank_busy;	/* core cycles a bank stays busy per access */
	uint32_t mmio_latency;	/* core cycles for an uncached device access */
	uint32_t write_queue;	/* posted line writes each bank holds before writers wait */
};

enum nl_policy { NL_OFF, NL_ALWAYS, NL_ON_MISS, NL_TAGGED };
enum gp_trigger { GP_OFF, GP_MISS, GP_TAGGED };

/* Instruction-side prefetching (the fetch unit's attachments). */
struct pf_config {
	uint32_t nextline;	/* enum nl_policy */
	uint32_t degree;	/* lines a next-line trigger prefetches */
	uint32_t target;	/* 0: into the L1I; 1: into a prefetch buffer beside it */
	uint32_t buffer_lines;	/* prefetch buffer size, lines (fully associative, FIFO) */
	uint32_t inflight;	/* prefetches in flight per core */
	uint32_t guarded;	/* enum gp_trigger */
	uint32_t guard_depth;	/* lines the guarded prefetcher runs ahead */
	uint32_t guard_line;	/* 1: the line holding a guarded transfer is prefetched too */
	uint32_t sbufs;		/* stream buffers; 0 = none */
	uint32_t sbuf_depth;	/* entries per stream buffer */
	uint32_t sbuf_any;	/* 1: a hit on any entry counts, not only the head */
};

/* The DMA block-transfer engine (dev/dmactl.h). */
struct dma_config {
	uint32_t enabled;	/* 0: the device is absent (its page faults) */
	uint32_t inflight;	/* lines in flight (line buffers) */
	uint32_t setup;		/* core cycles from a start to the first line request */
	uint32_t granule;	/* bytes: src, dst and len must be multiples; a power of two */
	uint32_t max_len;	/* bytes one operation may move */
};

/* Coherence supports (mem/l2.h). */
struct coh_config {
	uint32_t selective_update;	/* stores to update pages (PTE bit 9) send BusUpd */
};

struct config {
	uint32_t mode;		/* enum sim_mode */
	uint32_t cores;		/* harts, 1..MAX_HARTS */
	uint32_t mem_size;	/* bytes of RAM at RAM_BASE, a multiple of 4 KiB */
	uint32_t core_hz;	/* core clock, Hz */
	uint32_t timebase_hz;	/* CLINT mtime rate, Hz; divides core_hz */
	uint64_t seed;		/* seed of every pseudo-random choice in the model */
	uint32_t sharing;	/* the true/false sharing tracker (mem/sharing.h) runs */
	uint32_t simctl;	/* the sim-control port (dev/simctl.h) is in the osprey window */
	uint64_t watchdog;	/* core cycles a hart may retire nothing outside WFI before
				 * the run stops as stuck; 0 = never */
	uint32_t quantum;	/* functional mode: cycles each hart runs per turn */
	struct tlb_config itlb;	/* instruction-side TLB per hart */
	struct tlb_config dtlb;	/* data-side TLB per hart */
	struct core_config core;
	/*
	 * core.speeds: each core's clock ratio, machine cycles per core cycle
	 * (1 = the machine clock sys.core_hz; 2 = half as fast). speeds[i]
	 * for core i when nspeeds > 1; one value (nspeeds = 1) is every core's.
	 */
	uint32_t speeds[MAX_HARTS];
	uint32_t nspeeds;	/* values given, 1..MAX_HARTS */
	uint32_t boot_flags;	/* shown to the guest by the sim-control port (SIMCTL_BOOT_FLAGS) */
	struct cache_config l1i, l1d, l2;
	struct bus_config bus;
	struct mem_config mem;
	struct pf_config pf;
	struct dma_config dma;
	struct coh_config coh;
};

extern const char *const repl_names[];	/* NULL-terminated: "lru", "fifo", "random" */

/* Applies a named preset ("default", "modern"). Returns 0, or -1 if unknown. */
int config_preset(struct config *cfg, const char *name);

/* The names of the presets, NULL-terminated. */
extern const char *const config_presets[];

/* Core @i's clock ratio: machine cycles per core cycle (core.speeds). */
static inline uint32_t config_clock_ratio(const struct config *cfg, int i)
{
	return cfg->speeds[cfg->nspeeds > 1 ? i : 0];
}

/* True when some core runs at another clock than the others. */
int config_asymmetric(const struct config *cfg);

/* Fills @cfg with the built-in defaults. */
void config_defaults(struct config *cfg);

/*
 * Sets one key from its text value. Returns 0, or -1 with a message that names
 * the key in @err (@errlen bytes).
 */
int config_set(struct config *cfg, const char *key, const char *value, char *err, size_t errlen);

/*
 * Reads "key = value" lines ('#' starts a comment) from @path: a text file
 * of at most CONFIG_FILE_MAX bytes, lines of any length. A directory, a read
 * error, a larger file and a NUL byte or control character (anything below
 * 0x20 but tab, and CR only before the newline) are refused. Returns 0, or
 * -1 with a one-line message naming the file, line and key in @err.
 */
int config_load(struct config *cfg, const char *path, char *err, size_t errlen);

/* Checks relations between keys (geometries, clock ratios). Same error contract. */
int config_check(const struct config *cfg, char *err, size_t errlen);

/*
 * The value of key @name as a number (an enum's is the index of its name).
 * Returns 0, or -1 for an unknown key.
 */
int config_value(const struct config *cfg, const char *name, uint64_t *v);

/* Writes every key in the format config_load reads. */
void config_print(const struct config *cfg, FILE *out);

struct json;
/* Writes every key as a JSON member ("sys.cores": 4, "l1d.repl": "lru"). */
void config_json(const struct config *cfg, struct json *j);

/* A configuration key as tools that walk every key see it (test generators). */
struct config_key_info {
	const char *name;		/* "l1d.size" */
	int is_enum;			/* one of names[] */
	int is_size;			/* bytes, written with an optional K/M/G suffix */
	uint64_t min, max;		/* inclusive bounds (not for enums) */
	const char *const *names;	/* enums: the accepted names, NULL-terminated */
};

/* Key @i's description. Returns 0, or -1 past the last key. */
int config_key_info(unsigned i, struct config_key_info *info);

/* Parses a size with an optional K, M or G suffix (binary units). Returns 0 or -1. */
int parse_size(const char *s, uint64_t *out);

/* Parses a decimal (leading zeros too) or 0x-prefixed unsigned integer. Returns 0 or -1. */
int parse_u64(const char *s, uint64_t *out);

#endif
