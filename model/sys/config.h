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

struct tlb_config {
	uint32_t entries;	/* translations held; a power of two */
	uint32_t ways;		/* associativity; divides entries */
};

struct config {
	uint32_t cores;		/* harts, 1..MAX_HARTS */
	uint32_t mem_size;	/* bytes of RAM at RAM_BASE, a multiple of 4 KiB */
	uint32_t core_hz;	/* core clock, Hz */
	uint32_t timebase_hz;	/* CLINT mtime rate, Hz; divides core_hz */
	uint64_t seed;		/* seed of every pseudo-random choice in the model */
	struct tlb_config itlb;	/* instruction-side TLB per hart */
	struct tlb_config dtlb;	/* data-side TLB per hart */
};

/* Fills @cfg with the built-in defaults. */
void config_defaults(struct config *cfg);

/*
 * Sets one key from its text value. Returns 0, or -1 with a message that names
 * the key in @err (@errlen bytes).
 */
int config_set(struct config *cfg, const char *key, const char *value, char *err, size_t errlen);

/*
 * Reads "key = value" lines ('#' starts a comment) from @path. Returns 0, or -1
 * with a message naming the file, line and key in @err.
 */
int config_load(struct config *cfg, const char *path, char *err, size_t errlen);

/* Checks relations between keys (geometries, clock ratios). Same error contract. */
int config_check(const struct config *cfg, char *err, size_t errlen);

/* Writes every key in the format config_load reads. */
void config_print(const struct config *cfg, FILE *out);

/* Parses a size with an optional K, M or G suffix (binary units). Returns 0 or -1. */
int parse_size(const char *s, uint64_t *out);

/* Parses a decimal or 0x-prefixed unsigned integer. Returns 0 or -1. */
int parse_u64(const char *s, uint64_t *out);

#endif
