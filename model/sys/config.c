// SPDX-License-Identifier: MIT
/*
 * Configuration keys. One table row per key: its name, where it lives in
 * struct config, its kind and bounds, and a line of help. Parsing, checking
 * and printing all walk this table, so a new key is one new row.
 */
#include "sys/config.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sys/param.h"

enum key_kind {
	KEY_U32,	/* unsigned integer, decimal or 0x hex */
	KEY_U64,
	KEY_SIZE,	/* bytes, with an optional K/M/G suffix */
};

struct key {
	const char *name;
	size_t offset;		/* of the field in struct config */
	enum key_kind kind;
	uint64_t min, max;	/* inclusive bounds */
	const char *help;
};

#define U32(name, field, lo, hi, help) { name, offsetof(struct config, field), KEY_U32, lo, hi, help }

static const struct key keys[] = {
	U32("sys.cores", cores, 1, MAX_HARTS, "harts"),
	{ "sys.mem_size", offsetof(struct config, mem_size), KEY_SIZE, MIN_RAM_SIZE, MAX_RAM_SIZE,
	  "bytes of RAM at 0x80000000" },
	U32("sys.core_hz", core_hz, 1000, 0xffffffffu, "core clock in Hz"),
	U32("sys.timebase_hz", timebase_hz, 1, 0xffffffffu, "CLINT mtime rate in Hz"),
	{ "sys.seed", offsetof(struct config, seed), KEY_U64, 0, UINT64_MAX,
	  "seed of pseudo-random choices" },
	U32("itlb.entries", itlb.entries, 1, 4096, "I-TLB entries"),
	U32("itlb.ways", itlb.ways, 1, 4096, "I-TLB associativity"),
	U32("dtlb.entries", dtlb.entries, 1, 4096, "D-TLB entries"),
	U32("dtlb.ways", dtlb.ways, 1, 4096, "D-TLB associativity"),
};

void config_defaults(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->cores = DEFAULT_HARTS;
	cfg->mem_size = DEFAULT_RAM_SIZE;
	cfg->core_hz = DEFAULT_CORE_HZ;
	cfg->timebase_hz = DEFAULT_TIMEBASE_HZ;
	cfg->seed = 1;
	cfg->itlb.entries = DEFAULT_TLB_ENTRIES;
	cfg->itlb.ways = DEFAULT_TLB_WAYS;
	cfg->dtlb.entries = DEFAULT_TLB_ENTRIES;
	cfg->dtlb.ways = DEFAULT_TLB_WAYS;
}

int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return (errno || *end) ? -1 : 0;
}

int parse_size(const char *s, uint64_t *out)
{
	char buf[64];
	size_t n = strlen(s);
	unsigned shift = 0;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n + 1);
	switch (toupper((unsigned char)buf[n - 1])) {
	case 'K': shift = 10; break;
	case 'M': shift = 20; break;
	case 'G': shift = 30; break;
	}
	if (shift)
		buf[n - 1] = '\0';
	if (parse_u64(buf, out) || (*out << shift >> shift) != *out)
		return -1;
	*out <<= shift;
	return 0;
}

static const struct key *find_key(const char *name)
{
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(keys[i].name, name))
			return &keys[i];
	return NULL;
}

int config_set(struct config *cfg, const char *name, const char *value, char *err, size_t errlen)
{
	const struct key *k = find_key(name);
	uint64_t v;
	int bad;

	if (!k) {
		snprintf(err, errlen, "unknown configuration key '%s' (--print-config lists them)",
			 name);
		return -1;
	}
	bad = k->kind == KEY_SIZE ? parse_size(value, &v) : parse_u64(value, &v);
	if (bad) {
		snprintf(err, errlen, "%s: '%s' is not %s", name, value,
			 k->kind == KEY_SIZE ? "a size (bytes, optional K/M/G suffix)"
					     : "an unsigned integer");
		return -1;
	}
	if (v < k->min || v > k->max) {
		snprintf(err, errlen, "%s: %s is out of range [%llu, %llu] (%s)", name, value,
			 (unsigned long long)k->min, (unsigned long long)k->max, k->help);
		return -1;
	}
	if (k->kind == KEY_U64)
		*(uint64_t *)((char *)cfg + k->offset) = v;
	else
		*(uint32_t *)((char *)cfg + k->offset) = (uint32_t)v;
	return 0;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

int config_load(struct config *cfg, const char *path, char *err, size_t errlen)
{
	char line[512], msg[400];
	FILE *f = fopen(path, "r");
	int lineno = 0, ret = 0;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *hash, *eq, *key, *value;

		lineno++;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		key = trim(line);
		if (!*key)
			continue;
		eq = strchr(key, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%d: expected 'key = value', got '%s'", path,
				 lineno, key);
			ret = -1;
			break;
		}
		*eq = '\0';
		value = trim(eq + 1);
		key = trim(key);
		if (config_set(cfg, key, value, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, msg);
			ret = -1;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int is_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

static int check_tlb(const char *name, const struct tlb_config *t, char *err, size_t errlen)
{
	if (!is_pow2(t->entries)) {
		snprintf(err, errlen, "%s.entries: %u is not a power of two", name, t->entries);
		return -1;
	}
	if (t->ways > t->entries || t->entries % t->ways || !is_pow2(t->entries / t->ways)) {
		snprintf(err, errlen, "%s.ways: %u ways do not divide %u entries into a power-of-two "
			 "number of sets", name, t->ways, t->entries);
		return -1;
	}
	return 0;
}

int config_check(const struct config *cfg, char *err, size_t errlen)
{
	if (cfg->mem_size % PAGE_SIZE) {
		snprintf(err, errlen, "sys.mem_size: %u is not a multiple of 4 KiB", cfg->mem_size);
		return -1;
	}
	if (cfg->timebase_hz > cfg->core_hz || cfg->core_hz % cfg->timebase_hz) {
		snprintf(err, errlen, "sys.timebase_hz: %u Hz must divide sys.core_hz (%u Hz)",
			 cfg->timebase_hz, cfg->core_hz);
		return -1;
	}
	if (check_tlb("itlb", &cfg->itlb, err, errlen) || check_tlb("dtlb", &cfg->dtlb, err, errlen))
		return -1;
	return 0;
}

void config_print(const struct config *cfg, FILE *out)
{
	fprintf(out, "# osprey configuration: load it back with --config FILE\n");
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const struct key *k = &keys[i];
		const char *field = (const char *)cfg + k->offset;
		unsigned long long v = k->kind == KEY_U64 ? *(const uint64_t *)field
							  : *(const uint32_t *)field;

		fprintf(out, "%-20s = %-12llu # %s\n", k->name, v, k->help);
	}
}
