// SPDX-License-Identifier: MIT
/*
 * Configuration keys. One table row per key: its name, where it lives in
 * struct config, its kind and bounds, and a line of help. Parsing, checking
 * and printing all walk this table, with the keys the registered prefetchers
 * bring (mem/prefetcher.h) where its CFG_PLUGINS row stands, so a new key is
 * one new row, here or in its prefetcher's file.
 */
#include "sys/config.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "mem/dma.h"
#include "mem/prefetcher.h"
#include "sys/param.h"
#include "sys/stats.h"

const char *const repl_names[] = { "lru", "fifo", "random", NULL };
static const char *const bpred_names[] = { "static-nt", "btfn", "bimodal", NULL };
static const char *const mode_names[] = { "functional", "timing", NULL };
static const char *const off_on_names[] = { "off", "on", NULL };
const char *const core_kind_names[] = { "big", "small", NULL };
const char *const config_presets[] = { "default", "modern", NULL };

#define OFF(field) offsetof(struct config, field)
#define U32(name, field, lo, hi, help) { name, OFF(field), CFG_U32, lo, hi, help, NULL, { 0 } }
#define SIZE(name, field, lo, hi, help) { name, OFF(field), CFG_SIZE, lo, hi, help, NULL, { 0 } }
#define ENUM(name, field, list, help) { name, OFF(field), CFG_ENUM, 0, 0, help, list, { 0 } }
#define CACHE(p, f) \
	SIZE(p ".size", f.size, 64, 1u << 30, "bytes"), \
	U32(p ".ways", f.ways, 1, 64, "associativity (1 = direct-mapped)"), \
	U32(p ".line", f.line, 4, 4096, "bytes per line"), \
	ENUM(p ".repl", f.repl, repl_names, "replacement: lru, fifo or random"), \
	U32(p ".latency", f.latency, 1, 1000, "core cycles to data on a hit"), \
	U32(p ".mshrs", f.mshrs, 1, 64, "outstanding misses")

static const struct config_key keys[] = {
	ENUM("sys.mode", mode, mode_names, "functional or timing"),
	U32("sys.cores", cores, 1, MAX_HARTS, "harts"),
	SIZE("sys.mem_size", mem_size, MIN_RAM_SIZE, MAX_RAM_SIZE, "bytes of RAM at 0x80000000"),
	U32("sys.core_hz", core_hz, 1000, 0xffffffffu, "core clock in Hz"),
	U32("sys.timebase_hz", timebase_hz, 1, 0xffffffffu, "CLINT mtime rate in Hz"),
	{ "sys.seed", OFF(seed), CFG_U64, 0, UINT64_MAX, "seed of pseudo-random choices", NULL,
	  { 0 } },
	{ "sys.watchdog", OFF(watchdog), CFG_U64, 0, UINT64_MAX,
	  "cycles a hart may retire nothing outside WFI (0 = no watchdog)", NULL, { 0 } },
	U32("sys.quantum", quantum, 1, MAX_QUANTUM,
	    "functional mode: cycles each hart runs per turn (1 = one instruction each in turn)"),
	ENUM("sys.run_ahead", run_ahead, off_on_names,
	     "timing mode: a core runs the instructions that touch only its own state ahead "
	     "of the other cores' turns (the same results, faster): off or on"),
	ENUM("sys.sharing", sharing, off_on_names,
	     "classify coherence misses as true or false sharing: off or on"),
	ENUM("sys.simctl", simctl, off_on_names,
	     "the sim-control port (kernel scheduling events): off or on"),
	U32("sys.boot_flags", boot_flags, 0, 0xffffffffu,
	    "word the sim-control port shows the kernel (bit 0: asymmetry-aware scheduler)"),
	U32("itlb.entries", itlb.entries, 1, 4096, "I-TLB entries"),
	U32("itlb.ways", itlb.ways, 1, 4096, "I-TLB associativity"),
	U32("dtlb.entries", dtlb.entries, 1, 4096, "D-TLB entries"),
	U32("dtlb.ways", dtlb.ways, 1, 4096, "D-TLB associativity"),
	ENUM("core.bpred", core.bpred, bpred_names, "static-nt, btfn or bimodal"),
	U32("core.bht_entries", core.bht_entries, 1, 1u << 20, "bimodal counters"),
	U32("core.btb_entries", core.btb_entries, 1, 1u << 16, "branch target buffer entries"),
	U32("core.mispredict", core.mispredict, 0, 100, "cycles lost on a misprediction"),
	U32("core.taken_bubble", core.taken_bubble, 0, 100,
	    "cycles lost on a taken transfer without a BTB target"),
	U32("core.mul_latency", core.mul_latency, 1, 100, "cycles of a multiply"),
	U32("core.div_latency", core.div_latency, 1, 200, "cycles of a divide"),
	U32("core.load_use", core.load_use, 0, 10, "cycles a use waits for a load"),
	U32("core.serialize", core.serialize, 0, 100, "cycles to drain and refill the pipeline"),
	U32("core.fetch_queue", core.fetch_queue, 1, 64, "instructions fetched ahead"),
	U32("core.wb_entries", core.wb_entries, 1, 64, "L1D write buffer entries"),
	{ "core.speeds", OFF(speeds), CFG_PER_CORE, 1, MAX_CLOCK_RATIO,
	  "machine cycles per core cycle, per core (1,1,2,2) or one for all", NULL, { 0 } },
	{ "core.kinds", OFF(kinds), CFG_PER_CORE, 0, 0,
	  "big (l1i, l1d, core keys) or small (small.* keys), per core or one for all",
	  core_kind_names, { 0 } },
	CACHE("l1i", l1i),
	CACHE("l1d", l1d),
	CACHE("l2", l2),
	U32("bus.clock_div", bus.clock_div, 1, 64, "core cycles per bus cycle"),
	U32("bus.width", bus.width, 1, 4096, "bytes per bus cycle"),
	U32("bus.arb_cycles", bus.arb_cycles, 1, 100, "bus cycles of arbitration and address"),
	U32("bus.snoop_cycles", bus.snoop_cycles, 0, 100, "bus cycles of snoop response"),
	U32("bus.c2c_cycles", bus.c2c_cycles, 0, 100, "bus cycles before a cache supplies data"),
	U32("mem.latency", mem.latency, 1, 100000, "core cycles to first data"),
	U32("mem.banks", mem.banks, 1, 64, "independent banks"),
	U32("mem.bank_busy", mem.bank_busy, 0, 100000, "core cycles a bank is busy per access"),
	U32("mem.mmio_latency", mem.mmio_latency, 0, 100000, "core cycles per device access"),
	U32("mem.write_queue", mem.write_queue, 1, 1024, "posted writes a bank queues"),
	U32("mem.jitter", mem.jitter, 0, 100000,
	    "up to this many cycles added to each memory read, drawn from sys.seed (0 = none)"),
	{ .kind = CFG_PLUGINS },	/* the prefetchers' keys, in registry order */
	ENUM("dma.enabled", dma.enabled, off_on_names, "the DMA block-transfer engine: off or on"),
	U32("dma.inflight", dma.inflight, 1, DMA_MAX_SLOTS, "DMA lines in flight"),
	U32("dma.setup", dma.setup, 0, 100000, "cycles from a DMA start to its first line"),
	U32("dma.granule", dma.granule, 1, 4096, "DMA address and length granule, bytes"),
	SIZE("dma.max_len", dma.max_len, 1, 1u << 30, "bytes one DMA operation may move"),
	ENUM("coh.selective_update", coh.selective_update, off_on_names,
	     "update (BusUpd) instead of invalidate on update pages: off or on"),
	/* Last, so that drawing them (tests/sweep/randcfg.c) leaves the other draws as before. */
	SIZE("small.l1i.size", small.l1i_size, 64, 1u << 30, "a small core's L1I bytes"),
	U32("small.l1i.ways", small.l1i_ways, 1, 64, "a small core's L1I associativity"),
	SIZE("small.l1d.size", small.l1d_size, 64, 1u << 30, "a small core's L1D bytes"),
	U32("small.l1d.ways", small.l1d_ways, 1, 64, "a small core's L1D associativity"),
	ENUM("small.bpred", small.bpred, bpred_names, "a small core's predictor"),
	U32("small.bht_entries", small.bht_entries, 1, 1u << 20, "a small core's bimodal counters"),
	U32("small.btb_entries", small.btb_entries, 1, 1u << 16, "a small core's BTB entries"),
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))

/* Where config.c's table has the prefetchers' keys listed. */
static unsigned plugins_row(void)
{
	unsigned i = 0;

	while (keys[i].kind != CFG_PLUGINS)
		i++;
	return i;
}

/* The prefetchers' keys in registry order: the @i-th, or NULL past the last. */
static const struct config_key *plugin_key(unsigned i)
{
	for (const struct prefetcher *const *p = prefetchers; *p; p++) {
		if (i < (*p)->nkeys)
			return &(*p)->keys[i];
		i -= (*p)->nkeys;
	}
	return NULL;
}

/* The @i-th key in printing order, or NULL past the last. */
static const struct config_key *key_at(unsigned i)
{
	unsigned at = plugins_row(), n = 0;
	const struct config_key *k;

	if (i < at)
		return &keys[i];
	while ((k = plugin_key(n)))
		n++;
	if (i < at + n)
		return plugin_key(i - at);
	i -= n;
	return i + 1 < NKEYS ? &keys[i + 1] : NULL;
}

/* Where key @k's value lives in @cfg: its field, or its slot in plugin[]. */
static void *key_field(const struct config *cfg, const struct config_key *k)
{
	unsigned slot = 0;
	const struct config_key *o;

	if (k->offset != CONFIG_OWN_SLOT)
		return (char *)cfg + k->offset;
	for (unsigned i = 0; (o = plugin_key(i)) != k; i++)
		slot += o->offset == CONFIG_OWN_SLOT;
	/* The registry outgrew plugin[]: a build error in effect, caught by every run. */
	assert(slot < CONFIG_PLUGIN_SLOTS);
	return (void *)&cfg->plugin[slot];
}

uint64_t config_key_value(const struct config *cfg, const struct config_key *k)
{
	const void *field = key_field(cfg, k);

	return k->kind == CFG_U64 ? *(const uint64_t *)field : *(const uint32_t *)field;
}

/* Every plug-in key takes its value in preset @p. */
static void plugin_presets(struct config *c, enum config_preset p)
{
	const struct config_key *k;

	for (unsigned i = 0; (k = plugin_key(i)); i++)
		*(uint32_t *)key_field(c, k) = k->preset[p];
}

/*
 * The presets. "default" is the classic early-1990s bus-based 4-processor
 * machine of the OS studies: direct-mapped 16 KiB L1I and 32 KiB L1D with
 * 32-byte lines, a 256 KiB 2-way L2 with 64-byte lines, a bus at a quarter of
 * the core clock and memory about 60 core cycles away. "modern" is a current
 * small multicore: 32 KiB 8-way L1s, a 1 MiB 16-way L2 with 64-byte lines, a
 * faster bus in relative terms, memory about 200 core cycles away. Their
 * small cores (core.kinds): direct-mapped 4 KiB L1I and 8 KiB L1D with a
 * 16-entry BTB; 16 KiB 4-way L1s with a 512-counter bimodal predictor.
 */
static void preset_default(struct config *c)
{
	c->core_hz = DEFAULT_CORE_HZ;
	c->core = (struct core_config){ .bpred = BPRED_BTFN, .bht_entries = 512,
		.btb_entries = 64, .mispredict = 2, .taken_bubble = 1, .mul_latency = 4,
		.div_latency = 33, .load_use = 1, .serialize = 4, .fetch_queue = 2,
		.wb_entries = 4 };
	c->l1i = (struct cache_config){ 16 << 10, 1, 32, 0, 1, 1 };
	c->l1d = (struct cache_config){ 32 << 10, 1, 32, 0, 1, 2 };
	c->l2 = (struct cache_config){ 256 << 10, 2, 64, 0, 6, 4 };
	c->small = (struct small_config){ .l1i_size = 4 << 10, .l1i_ways = 1, .l1d_size = 8 << 10,
		.l1d_ways = 1, .bpred = BPRED_BTFN, .bht_entries = 64, .btb_entries = 16 };
	c->bus = (struct bus_config){ .clock_div = 4, .width = 8, .arb_cycles = 1,
		.snoop_cycles = 1, .c2c_cycles = 2 };
	c->mem = (struct mem_config){ .latency = 40, .banks = 1, .bank_busy = 16,
		.mmio_latency = 20, .write_queue = 32 };
	plugin_presets(c, PRESET_DEFAULT);
	c->dma = (struct dma_config){ .enabled = 0, .inflight = 4, .setup = 10, .granule = 4,
		.max_len = 64 << 10 };
}

static void preset_modern(struct config *c)
{
	c->core_hz = 2000000000u;
	c->core = (struct core_config){ .bpred = BPRED_BIMODAL, .bht_entries = 4096,
		.btb_entries = 512, .mispredict = 3, .taken_bubble = 1, .mul_latency = 3,
		.div_latency = 20, .load_use = 1, .serialize = 5, .fetch_queue = 8,
		.wb_entries = 8 };
	c->l1i = (struct cache_config){ 32 << 10, 8, 64, 0, 1, 4 };
	c->l1d = (struct cache_config){ 32 << 10, 8, 64, 0, 2, 8 };
	c->l2 = (struct cache_config){ 1 << 20, 16, 64, 0, 12, 16 };
	c->small = (struct small_config){ .l1i_size = 16 << 10, .l1i_ways = 4,
		.l1d_size = 16 << 10, .l1d_ways = 4, .bpred = BPRED_BIMODAL, .bht_entries = 512,
		.btb_entries = 64 };
	c->bus = (struct bus_config){ .clock_div = 2, .width = 32, .arb_cycles = 2,
		.snoop_cycles = 2, .c2c_cycles = 8 };
	c->mem = (struct mem_config){ .latency = 160, .banks = 8, .bank_busy = 40,
		.mmio_latency = 100, .write_queue = 32 };
	plugin_presets(c, PRESET_MODERN);
	c->dma = (struct dma_config){ .enabled = 0, .inflight = 8, .setup = 20, .granule = 4,
		.max_len = 64 << 10 };
}

int config_preset(struct config *cfg, const char *name)
{
	if (!strcmp(name, "default"))
		preset_default(cfg);
	else if (!strcmp(name, "modern"))
		preset_modern(cfg);
	else
		return -1;
	return 0;
}

void config_defaults(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->cores = DEFAULT_HARTS;
	cfg->mem_size = DEFAULT_RAM_SIZE;
	cfg->core_hz = DEFAULT_CORE_HZ;
	cfg->timebase_hz = DEFAULT_TIMEBASE_HZ;
	cfg->seed = 1;
	cfg->watchdog = DEFAULT_WATCHDOG;
	cfg->quantum = DEFAULT_QUANTUM;
	cfg->run_ahead = 1;
	cfg->speeds = (struct core_list){ { 1 }, 1 };
	cfg->kinds = (struct core_list){ { CORE_BIG }, 1 };
	cfg->itlb.entries = DEFAULT_TLB_ENTRIES;
	cfg->itlb.ways = DEFAULT_TLB_WAYS;
	cfg->dtlb.entries = DEFAULT_TLB_ENTRIES;
	cfg->dtlb.ways = DEFAULT_TLB_WAYS;
	cfg->mode = MODE_TIMING;
	preset_default(cfg);
}

/*
 * Decimal, or hexadecimal after 0x. Not strtoull's base 0, which reads a
 * leading zero as octal: "--cores 010" would be 8 harts and "08" an error.
 * Nothing but digits: no sign, no spaces.
 */
int parse_u64(const char *s, uint64_t *out)
{
	unsigned base = 10, d;
	uint64_t v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (isdigit((unsigned char)*s))
			d = (unsigned)(*s - '0');
		else if (base == 16 && isxdigit((unsigned char)*s))
			d = (unsigned)(tolower((unsigned char)*s) - 'a' + 10);
		else
			return -1;
		if (v > (UINT64_MAX - d) / base)
			return -1;	/* overflow */
		v = v * base + d;
	}
	*out = v;
	return 0;
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

static const struct config_key *find_key(const char *name)
{
	const struct config_key *k;

	for (unsigned i = 0; (k = key_at(i)); i++)
		if (!strcmp(k->name, name))
			return k;
	return NULL;
}

/* One item of a per-core list: a name of k->names, or a number in [k->min, k->max]. */
static int per_core_item(const struct config_key *k, const char *item, uint32_t *v)
{
	uint64_t r;

	if (k->names) {
		for (r = 0; k->names[r]; r++)
			if (!strcmp(k->names[r], item))
				break;
		if (!k->names[r])
			return -1;
	} else if (parse_u64(item, &r) || r < k->min || r > k->max) {
		return -1;
	}
	*v = (uint32_t)r;
	return 0;
}

/* A per-core key (core.speeds, core.kinds): a comma list, one item per core or one for all. */
static int set_per_core(struct config *cfg, const struct config_key *k, const char *value,
			char *err, size_t errlen)
{
	struct core_list l = { { 0 }, 0 };	/* past the items: zero, as in the defaults */
	const char *s = value;

	for (l.n = 0;;) {
		char item[24];
		size_t len = strcspn(s, ",");

		if (l.n == MAX_HARTS) {
			snprintf(err, errlen, "%s: '%s' has more than %d values (one per core)",
				 k->name, value, MAX_HARTS);
			return -1;
		}
		if (len == 0 || len >= sizeof(item)) {
			snprintf(err, errlen, "%s: '%s' is not a comma list (%s)", k->name, value,
				 k->help);
			return -1;
		}
		memcpy(item, s, len);
		item[len] = '\0';
		if (per_core_item(k, item, &l.v[l.n])) {
			if (k->names)
				snprintf(err, errlen, "%s: '%s' is not one of: %s", k->name, item,
					 k->help);
			else
				snprintf(err, errlen, "%s: '%s' is not a clock ratio in [%llu, %llu]",
					 k->name, item, (unsigned long long)k->min,
					 (unsigned long long)k->max);
			return -1;
		}
		l.n++;
		if (!s[len])
			break;
		s += len + 1;
	}
	*(struct core_list *)key_field(cfg, k) = l;
	return 0;
}

int config_asymmetric(const struct config *cfg)
{
	for (uint32_t i = 0; i < cfg->cores; i++)
		if (config_clock_ratio(cfg, (int)i) != 1 || config_core_kind(cfg, (int)i) != CORE_BIG)
			return 1;
	return 0;
}

/* The machine's configuration @own made a small core's. */
static void make_small(struct config *own)
{
	own->l1i.size = own->small.l1i_size;
	own->l1i.ways = own->small.l1i_ways;
	own->l1d.size = own->small.l1d_size;
	own->l1d.ways = own->small.l1d_ways;
	own->core.bpred = own->small.bpred;
	own->core.bht_entries = own->small.bht_entries;
	own->core.btb_entries = own->small.btb_entries;
}

void config_for_core(const struct config *cfg, int i, struct config *own)
{
	*own = *cfg;
	if (config_core_kind(cfg, i) == CORE_SMALL)
		make_small(own);
}

/* A per-core key's value as config_load reads it: "1,1,2,2", "big,small". */
static void per_core_text(const struct config *cfg, const struct config_key *k, char *buf,
			  size_t len)
{
	const struct core_list *l = key_field(cfg, k);
	size_t at = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < l->n && at < len; i++) {
		if (k->names)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "," : "",
					       k->names[l->v[i]]);
		else
			at += (size_t)snprintf(buf + at, len - at, "%s%u", i ? "," : "", l->v[i]);
	}
}

int config_set(struct config *cfg, const char *name, const char *value, char *err, size_t errlen)
{
	const struct config_key *k = find_key(name);
	uint64_t v;
	int bad;

	if (!k) {
		snprintf(err, errlen, "unknown configuration key '%s' (--print-config lists them)",
			 name);
		return -1;
	}
	if (k->kind == CFG_ENUM) {
		for (v = 0; k->names[v]; v++)
			if (!strcmp(k->names[v], value))
				break;
		if (!k->names[v]) {
			snprintf(err, errlen, "%s: '%s' is not one of: %s", name, value, k->help);
			return -1;
		}
		*(uint32_t *)key_field(cfg, k) = (uint32_t)v;
		return 0;
	}
	if (k->kind == CFG_PER_CORE)
		return set_per_core(cfg, k, value, err, errlen);
	bad = k->kind == CFG_SIZE ? parse_size(value, &v) : parse_u64(value, &v);
	if (bad) {
		snprintf(err, errlen, "%s: '%s' is not %s", name, value,
			 k->kind == CFG_SIZE ? "a size (bytes, optional K/M/G suffix)"
					     : "an unsigned integer (decimal or 0x hex)");
		return -1;
	}
	if (v < k->min || v > k->max) {
		snprintf(err, errlen, "%s: %s is out of range [%llu, %llu] (%s)", name, value,
			 (unsigned long long)k->min, (unsigned long long)k->max, k->help);
		return -1;
	}
	if (k->kind == CFG_U64)
		*(uint64_t *)key_field(cfg, k) = v;
	else
		*(uint32_t *)key_field(cfg, k) = (uint32_t)v;
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

/*
 * Reads the open file @f whole into a buffer of *@len bytes plus a NUL
 * (*@buf, to free). A configuration file is text of at most CONFIG_FILE_MAX
 * bytes: reading stops at the first NUL byte, which the line check then
 * reports, so an endless source such as /dev/zero is never read to its end.
 */
static int config_read(FILE *f, const char *path, char **buf, size_t *len, char *err,
		       size_t errlen)
{
	size_t cap = 4096, n = 0;
	char *b = malloc(cap + 1);

	if (!b)
		goto out_nomem;
	for (;;) {
		size_t got;

		if (n == cap) {
			char *nb;

			if (cap > CONFIG_FILE_MAX) {
				snprintf(err, errlen, "%s: larger than %u bytes; not a configuration "
					 "file", path, CONFIG_FILE_MAX);
				goto out_free;
			}
			/* One byte past the bound tells a file that is too large. */
			cap = cap * 2 > CONFIG_FILE_MAX ? CONFIG_FILE_MAX + 1 : cap * 2;
			nb = realloc(b, cap + 1);
			if (!nb)
				goto out_nomem;
			b = nb;
		}
		got = fread(b + n, 1, cap - n, f);
		if (memchr(b + n, '\0', got)) {
			n += got;
			break;
		}
		n += got;
		if (n < cap) {
			if (ferror(f)) {
				snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
				goto out_free;
			}
			break;
		}
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
out_nomem:
	snprintf(err, errlen, "%s: out of memory reading the file", path);
out_free:
	free(b);
	return -1;
}

/*
 * Checks that the @n bytes of line @lineno at @line are text: no NUL byte
 * and no control character but tabs and the CR of a CRLF line end. (A line
 * is echoed in messages, which must stay one line.)
 */
static int config_line_is_text(const char *line, size_t n, const char *path, int lineno,
			       char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)line[i];

		if ((c >= 0x20 && c != 0x7f) || c == '\t' || (c == '\r' && i == n - 1))
			continue;
		if (c)
			snprintf(err, errlen, "%s:%d: control character 0x%02x in column %zu: not a "
				 "text file", path, lineno, c, i + 1);
		else
			snprintf(err, errlen, "%s:%d: NUL byte in column %zu: not a text file", path,
				 lineno, i + 1);
		return -1;
	}
	return 0;
}

int config_load(struct config *cfg, const char *path, char *err, size_t errlen)
{
	char msg[400], *buf, *line, *end;
	FILE *f = fopen(path, "r");
	int lineno = 0, ret = -1;
	size_t len;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (config_read(f, path, &buf, &len, err, errlen))
		goto out_close;
	/* Lines of any length, each read whole (never split at a buffer's end). */
	for (line = buf; line < buf + len; line = end + 1) {
		char *hash, *eq, *key, *value;

		end = memchr(line, '\n', (size_t)(buf + len - line));
		if (!end)
			end = buf + len;	/* a last line without a newline */
		lineno++;
		if (config_line_is_text(line, (size_t)(end - line), path, lineno, err, errlen))
			goto out_free;
		*end = '\0';
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
			goto out_free;
		}
		*eq = '\0';
		value = trim(eq + 1);
		key = trim(key);
		if (config_set(cfg, key, value, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, msg);
			goto out_free;
		}
	}
	ret = 0;
out_free:
	free(buf);
out_close:
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

static int check_cache(const char *name, const struct cache_config *c, char *err, size_t errlen)
{
	uint32_t sets;

	if (!is_pow2(c->line)) {
		snprintf(err, errlen, "%s.line: %u is not a power of two", name, c->line);
		return -1;
	}
	if (c->line > PAGE_SIZE) {
		snprintf(err, errlen, "%s.line: %u bytes is larger than a page", name, c->line);
		return -1;
	}
	if (!is_pow2(c->size)) {
		snprintf(err, errlen, "%s.size: %u is not a power of two", name, c->size);
		return -1;
	}
	if ((uint64_t)c->ways * c->line > c->size) {
		snprintf(err, errlen, "%s.ways: %u ways of %u-byte lines do not fit in %u bytes", name,
			 c->ways, c->line, c->size);
		return -1;
	}
	sets = c->size / (c->ways * c->line);
	if (c->size % (c->ways * c->line) || !is_pow2(sets)) {
		snprintf(err, errlen, "%s.ways: %u bytes / (%u ways x %u bytes) is not a power-of-two "
			 "number of sets", name, c->size, c->ways, c->line);
		return -1;
	}
	return 0;
}

static int check_per_core(const char *name, const struct core_list *l, uint32_t cores, char *err,
			  size_t errlen)
{
	if (l->n > 1 && l->n != cores) {
		snprintf(err, errlen, "%s: %u values for %u cores (give one per core, or one for all)",
			 name, l->n, cores);
		return -1;
	}
	return 0;
}

/*
 * The small core's L1s (the machine's lines, within the L2) and predictor
 * tables, when some core is small: the small.* keys do not bind a machine
 * without one (a tiny L2 needs no smaller small core).
 */
static int check_small(const struct config *cfg, char *err, size_t errlen)
{
	struct config own = *cfg;
	uint32_t i = 0;

	while (i < cfg->cores && config_core_kind(cfg, (int)i) != CORE_SMALL)
		i++;
	if (i == cfg->cores)
		return 0;
	make_small(&own);
	if (check_cache("small.l1i", &own.l1i, err, errlen) ||
	    check_cache("small.l1d", &own.l1d, err, errlen))
		return -1;
	if (own.l1i.size > cfg->l2.size || own.l1d.size > cfg->l2.size) {
		snprintf(err, errlen, "l2.size: %u bytes cannot include a small core's L1 of %u bytes",
			 cfg->l2.size, own.l1i.size > own.l1d.size ? own.l1i.size : own.l1d.size);
		return -1;
	}
	if (!is_pow2(cfg->small.bht_entries) || !is_pow2(cfg->small.btb_entries)) {
		snprintf(err, errlen, "small.%s: not a power of two",
			 is_pow2(cfg->small.bht_entries) ? "btb_entries" : "bht_entries");
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
	if (check_cache("l1i", &cfg->l1i, err, errlen) || check_cache("l1d", &cfg->l1d, err, errlen) ||
	    check_cache("l2", &cfg->l2, err, errlen))
		return -1;
	if (cfg->l1i.line > cfg->l2.line || cfg->l1d.line > cfg->l2.line) {
		snprintf(err, errlen, "%s.line: %u bytes is larger than l2.line (%u bytes)",
			 cfg->l1i.line > cfg->l2.line ? "l1i" : "l1d",
			 cfg->l1i.line > cfg->l2.line ? cfg->l1i.line : cfg->l1d.line, cfg->l2.line);
		return -1;
	}
	if (cfg->l1i.size > cfg->l2.size || cfg->l1d.size > cfg->l2.size) {
		snprintf(err, errlen, "l2.size: %u bytes cannot include an L1 of %u bytes", cfg->l2.size,
			 cfg->l1i.size > cfg->l1d.size ? cfg->l1i.size : cfg->l1d.size);
		return -1;
	}
	if (!is_pow2(cfg->core.bht_entries) || !is_pow2(cfg->core.btb_entries)) {
		snprintf(err, errlen, "core.%s: not a power of two",
			 is_pow2(cfg->core.bht_entries) ? "btb_entries" : "bht_entries");
		return -1;
	}
	if (!is_pow2(cfg->dma.granule)) {
		snprintf(err, errlen, "dma.granule: %u is not a power of two", cfg->dma.granule);
		return -1;
	}
	if (cfg->dma.max_len % cfg->dma.granule) {
		snprintf(err, errlen, "dma.max_len: %u is not a multiple of dma.granule (%u)",
			 cfg->dma.max_len, cfg->dma.granule);
		return -1;
	}
	if (check_per_core("core.speeds", &cfg->speeds, cfg->cores, err, errlen) ||
	    check_per_core("core.kinds", &cfg->kinds, cfg->cores, err, errlen) ||
	    check_small(cfg, err, errlen))
		return -1;
	if (!is_pow2(cfg->mem.banks)) {
		snprintf(err, errlen, "mem.banks: %u is not a power of two", cfg->mem.banks);
		return -1;
	}
	return 0;
}

int config_key_info(unsigned i, struct config_key_info *info)
{
	const struct config_key *k = key_at(i);

	if (!k)
		return -1;
	*info = (struct config_key_info){ k->name, k->kind == CFG_ENUM, k->kind == CFG_SIZE,
					  k->kind == CFG_PER_CORE, k->min, k->max, k->names };
	return 0;
}

int config_value(const struct config *cfg, const char *name, uint64_t *v)
{
	const struct config_key *k = find_key(name);

	if (!k)
		return -1;
	*v = config_key_value(cfg, k);
	return 0;
}

void config_print(const struct config *cfg, FILE *out)
{
	const struct config_key *k;

	fprintf(out, "# osprey configuration: load it back with --config FILE\n");
	for (unsigned i = 0; (k = key_at(i)); i++) {
		unsigned long long v = config_key_value(cfg, k);
		char list[MAX_HARTS * 8];

		if (k->kind == CFG_PER_CORE) {
			per_core_text(cfg, k, list, sizeof(list));
			fprintf(out, "%-20s = %-12s # %s\n", k->name, list, k->help);
		} else if (k->kind == CFG_ENUM)
			fprintf(out, "%-20s = %-12s # %s\n", k->name, k->names[v], k->help);
		else
			fprintf(out, "%-20s = %-12llu # %s\n", k->name, v, k->help);
	}
	if (!config_asymmetric(cfg))
		return;
	for (uint32_t i = 0; i < cfg->cores; i++) {
		uint32_t r = config_clock_ratio(cfg, (int)i);
		struct config own;

		config_for_core(cfg, (int)i, &own);
		fprintf(out, "# core %u: clock 1/%u of sys.core_hz (%.3f MHz), %s core: l1i %u B "
			"%u-way, l1d %u B %u-way, bpred %s (%u counters, %u BTB entries); in its own "
			"cycles: pipeline, l1i and l1d latency\n", i, r, cfg->core_hz / 1e6 / r,
			core_kind_names[config_core_kind(cfg, (int)i)], own.l1i.size, own.l1i.ways,
			own.l1d.size, own.l1d.ways, bpred_names[own.core.bpred],
			own.core.bht_entries, own.core.btb_entries);
	}
}

void config_json(const struct config *cfg, struct json *j)
{
	const struct config_key *k;

	for (unsigned i = 0; (k = key_at(i)); i++) {
		uint64_t v = config_key_value(cfg, k);
		char list[MAX_HARTS * 8];

		if (k->kind == CFG_PER_CORE) {
			per_core_text(cfg, k, list, sizeof(list));
			json_str(j, k->name, list);
		} else if (k->kind == CFG_ENUM)
			json_str(j, k->name, k->names[v]);
		else
			json_u64(j, k->name, v);
	}
}
