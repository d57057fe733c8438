/* SPDX-License-Identifier: MIT */
/*
 * The one configuration of a simulated machine. Every field is reachable as a
 * named key ("sys.cores", "dtlb.entries") from --set, --config files and
 * --print-config; the key table in config.c and the keys the registered
 * prefetchers bring (mem/prefetcher.h) are the single list of them.
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
	/*
	 * Up to this many core cycles added to each line read's latency,
	 * drawn from sys.seed (0: none): runs that differ only in these few
	 * cycles show how much of a measured difference is noise.
	 */
	uint32_t jitter;
};

enum nl_policy { NL_OFF, NL_ALWAYS, NL_ON_MISS, NL_TAGGED };
enum gp_trigger { GP_OFF, GP_MISS, GP_TAGGED };

/*
 * The fields behind the built-in instruction prefetchers' keys. The
 * prefetchers register the keys themselves (mem/prefetcher.h); the fields
 * stay here because tools read them (the area estimator, the co-simulation's
 * checks). A prefetcher added since keeps its values in struct config's
 * plugin[] instead (CONFIG_OWN_SLOT) and needs no field here.
 */
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

/*
 * A value per core (core.speeds, core.kinds): v[i] for core i when n > 1;
 * one value (n = 1) is every core's.
 */
struct core_list {
	uint32_t v[MAX_HARTS];
	uint32_t n;		/* values given, 1..MAX_HARTS */
};

/* What a core is built as (core.kinds). */
enum core_kind {
	CORE_BIG,	/* the machine's L1s and predictor (l1i.*, l1d.*, core.*) */
	CORE_SMALL,	/* the small core's (small.*) */
};

/*
 * The small core's design (core.kinds): its L1s' size and associativity
 * and its branch predictor. Everything else (lines, latencies, MSHRs,
 * replacement, pipeline) is the machine's.
 */
struct small_config {
	uint32_t l1i_size, l1i_ways;
	uint32_t l1d_size, l1d_ways;
	uint32_t bpred;		/* enum bpred_kind */
	uint32_t bht_entries, btb_entries;
};

#define CONFIG_PLUGIN_SLOTS 16	/* values of plug-in keys without a field, at most */

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
	uint32_t run_ahead;	/* timing mode: cores run instructions that touch only their
				 * own state ahead (exact: a host-speed switch, core.c) */
	struct tlb_config itlb;	/* instruction-side TLB per hart */
	struct tlb_config dtlb;	/* data-side TLB per hart */
	struct core_config core;
	/*
	 * core.speeds: each core's clock ratio, machine cycles per core cycle
	 * (1 = the machine clock sys.core_hz; 2 = half as fast).
	 */
	struct core_list speeds;
	struct core_list kinds;	/* core.kinds: each core's enum core_kind */
	struct small_config small;
	uint32_t boot_flags;	/* shown to the guest by the sim-control port (SIMCTL_BOOT_FLAGS) */
	struct cache_config l1i, l1d, l2;
	struct bus_config bus;
	struct mem_config mem;
	struct pf_config pf;
	struct dma_config dma;
	struct coh_config coh;
	/* values of the keys plug-ins register without a field (CONFIG_OWN_SLOT), in registry order */
	uint32_t plugin[CONFIG_PLUGIN_SLOTS];
};

enum config_key_kind {
	CFG_U32,	/* unsigned integer, decimal or 0x hex */
	CFG_U64,
	CFG_SIZE,	/* bytes, with an optional K/M/G suffix */
	CFG_ENUM,	/* one of a list of names, stored as its index */
	CFG_PER_CORE,	/* a comma list into a struct core_list: numbers in [min, max], or
			 * names (with names) stored as their index */
	CFG_PLUGINS,	/* not a key: the plug-ins' keys are listed where this row stands */
};

/* The presets (config_presets order): the index of a plug-in key's value in each. */
enum config_preset { PRESET_DEFAULT, PRESET_MODERN, CONFIG_NPRESETS };

/* Offset of a plug-in key that has no field in struct config: it gets a slot in plugin[]. */
#define CONFIG_OWN_SLOT ((size_t)-1)

/*
 * One configuration key: its name, where its value lives, its kind and
 * bounds, a line of help. The keys of config.c's table and those plug-ins
 * register (mem/prefetcher.h) are rows of this one kind.
 */
struct config_key {
	const char *name;
	size_t offset;		/* of the field in struct config, or CONFIG_OWN_SLOT */
	enum config_key_kind kind;
	uint64_t min, max;	/* inclusive bounds */
	const char *help;
	const char *const *names;	/* CFG_ENUM: the accepted names, NULL-terminated */
	/* a plug-in's key: its value in each preset (enum config_preset); config.c's set theirs */
	uint32_t preset[CONFIG_NPRESETS];
};

/* The value of key @k (a plug-in's own key, say) in @cfg. */
uint64_t config_key_value(const struct config *cfg, const struct config_key *k);

extern const char *const repl_names[];	/* NULL-terminated: "lru", "fifo", "random" */

/* Applies a named preset ("default", "modern"). Returns 0, or -1 if unknown. */
int config_preset(struct config *cfg, const char *name);

/* The names of the presets, NULL-terminated. */
extern const char *const config_presets[];

/* Core @i's clock ratio: machine cycles per core cycle (core.speeds). */
static inline uint32_t config_clock_ratio(const struct config *cfg, int i)
{
	return cfg->speeds.v[cfg->speeds.n > 1 ? i : 0];
}

/* Core @i's kind (core.kinds). */
static inline enum core_kind config_core_kind(const struct config *cfg, int i)
{
	return (enum core_kind)cfg->kinds.v[cfg->kinds.n > 1 ? i : 0];
}

/* The names of the core kinds, by enum core_kind, NULL-terminated: "big", "small". */
extern const char *const core_kind_names[];

/*
 * Core @i's own configuration in @own: @cfg with a small core's L1 sizes,
 * associativities and predictor in place of the machine's.
 */
void config_for_core(const struct config *cfg, int i, struct config *own);

/* True when some core is not the machine's plain core: another clock, or small. */
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
	int per_core;			/* a comma list, one item per core or one for all */
	uint64_t min, max;		/* inclusive bounds (not for names) */
	const char *const *names;	/* enums and named lists: the names, NULL-terminated */
};

/* Key @i's description. Returns 0, or -1 past the last key. */
int config_key_info(unsigned i, struct config_key_info *info);

/* Parses a size with an optional K, M or G suffix (binary units). Returns 0 or -1. */
int parse_size(const char *s, uint64_t *out);

/* Parses a decimal (leading zeros too) or 0x-prefixed unsigned integer. Returns 0 or -1. */
int parse_u64(const char *s, uint64_t *out);

#endif
