// SPDX-License-Identifier: MIT
/*
 * randcfg: prints a random valid osprey configuration, every key drawn from
 * its own range (seeded: the same seed gives the same file), for the
 * configuration sweep test (sweep.sh), which runs programs under them.
 *
 *   randcfg SEED [KEY=VALUE ...]
 *
 * KEY=VALUE pins a key (the sweep pins what a program's contract fixes:
 * the hart count, the RAM size). Some keys are always pinned, because they
 * are the platform's contract rather than the machine's design:
 * sys.timebase_hz (guests assume QEMU virt's 10 MHz timebase) and
 * sys.watchdog (a small bound stops runs that are merely slow; the sweep
 * wants the model's own defects), sys.simctl (an observation port that
 * changes no timing; pinned, its key leaves the other keys' draws as they
 * were before it existed) and sys.boot_flags (a word for the kernel). The
 * per-core keys, the cores' clock ratios (core.speeds, one per core in
 * 1..RATIO_CAP) and kinds (core.kinds, big or small), are drawn last in each
 * attempt (the small core's keys, last in the table, just before them, its
 * L1s within the L2 and their ways within their size). The rest are drawn log-uniformly within
 * their bounds, capped where a large value only makes a run slow (sizes at
 * SIZE_CAP, lines at LINE_CAP, bus clock ratios at DIV_CAP and bus widths
 * from WIDTH_MIN, other numbers at NUM_CAP: the sweep wants programs to
 * finish within its instruction budget, so that one that does not points at
 * a livelock), and a draw is kept when config_check accepts it and its
 * timing model fits in HOST_CAP bytes. sys.core_hz is drawn as a multiple
 * of the timebase.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/config.h"
#include "sys/splitmix.h"
#include "sys/timing.h"

#define SIZE_CAP	(4u << 20)	/* bytes: caches up to 4 MiB */
#define LINE_CAP	256		/* bytes per cache line */
#define DIV_CAP		16		/* core cycles per bus cycle */
#define WIDTH_MIN	4		/* bytes per bus cycle */
#define NUM_CAP		256		/* latencies, counts: runs stay short */
#define HOST_CAP	(64u << 20)	/* host bytes of the timing model */
#define ATTEMPTS	1000000		/* draws before giving up */
#define RATIO_CAP	3		/* numbered per-core keys (core.speeds: clock ratios) */

static const char *const always_pinned[] = { "sys.timebase_hz", "sys.watchdog", "sys.simctl",
					      "sys.boot_flags", NULL };

static uint64_t rng_state;

static uint64_t rnd(void)
{
	return splitmix64_next(&rng_state);
}

static double unit(void)
{
	return (double)(rnd() >> 11) / (double)(1ull << 53);
}

/* A value in [lo, hi], small ones as likely per octave as large ones. */
static uint64_t log_uniform(uint64_t lo, uint64_t hi)
{
	double a = log((double)lo + 1), b = log((double)hi + 2);
	uint64_t v = (uint64_t)exp(a + (b - a) * unit()) - 1;

	return v < lo ? lo : v > hi ? hi : v;
}

/* A power of two in [lo, hi] (rounded inwards), or log_uniform if none lies there. */
static uint64_t pow2_in(uint64_t lo, uint64_t hi)
{
	int a = 0, b = 63;

	while (a < 63 && (1ull << a) < lo)
		a++;
	while (b > 0 && (1ull << b) > hi)
		b--;
	if (a > b)
		return log_uniform(lo, hi);
	return 1ull << (a + (int)(rnd() % (uint64_t)(b - a + 1)));
}

/* A key KEY=VALUE on the command line pins. */
static int pinned_by_user(const char *name, int argc, char **argv)
{
	size_t n = strlen(name);

	for (int i = 2; i < argc; i++)
		if (!strncmp(argv[i], name, n) && argv[i][n] == '=')
			return 1;
	return 0;
}

static int pinned(const char *name, int argc, char **argv)
{
	for (int i = 0; always_pinned[i]; i++)
		if (!strcmp(always_pinned[i], name))
			return 1;
	return pinned_by_user(name, argc, argv);
}

/* A per-core key: an item per core, so that sweeps run asymmetric machines. */
static void draw_per_core(struct config *cfg, const struct config_key_info *k)
{
	char text[MAX_HARTS * 8], err[256];
	int at = 0, n = 0;

	while (k->names && k->names[n])
		n++;
	for (uint32_t i = 0; i < cfg->cores; i++) {
		if (k->names)
			at += snprintf(text + at, sizeof(text) - (size_t)at, "%s%s", i ? "," : "",
				       k->names[rnd() % (uint64_t)n]);
		else
			at += snprintf(text + at, sizeof(text) - (size_t)at, "%s%llu", i ? "," : "",
				       (unsigned long long)(k->min + rnd() % RATIO_CAP));
	}
	if (config_set(cfg, k->name, text, err, sizeof(err))) {
		fprintf(stderr, "randcfg: %s\n", err);
		exit(1);
	}
}

/* Draws one key's value into @cfg. */
static void draw(struct config *cfg, const struct config_key_info *k)
{
	char text[64], err[256];
	uint64_t v;

	if (k->is_enum) {
		int n = 0;

		while (k->names[n])
			n++;
		snprintf(text, sizeof(text), "%s", k->names[rnd() % (uint64_t)n]);
	} else if (!strcmp(k->name, "sys.seed")) {
		snprintf(text, sizeof(text), "%llu", (unsigned long long)rnd());
	} else if (!strcmp(k->name, "sys.core_hz")) {
		v = cfg->timebase_hz * log_uniform(1, 100);
		snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
	} else if (k->is_size) {
		uint64_t hi = k->max < SIZE_CAP ? k->max : SIZE_CAP;

		if (!strncmp(k->name, "small.", 6) && hi > cfg->l2.size)
			hi = cfg->l2.size;	/* a small core's L1 within the L2 drawn before */
		v = pow2_in(k->min, hi);
		snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
	} else {
		size_t n = strlen(k->name);
		uint64_t cap = n > 5 && !strcmp(k->name + n - 5, ".line") ? LINE_CAP :
			       !strcmp(k->name, "bus.clock_div") ? DIV_CAP : NUM_CAP;
		uint64_t lo = !strcmp(k->name, "bus.width") ? WIDTH_MIN : k->min;
		uint64_t hi = k->max < cap ? k->max : cap;

		if (!strcmp(k->name, "small.l1i.ways") || !strcmp(k->name, "small.l1d.ways")) {
			const struct cache_config *big = k->name[8] == 'i' ? &cfg->l1i : &cfg->l1d;
			uint32_t size = k->name[8] == 'i' ? cfg->small.l1i_size : cfg->small.l1d_size;

			if (hi > size / big->line)
				hi = size / big->line > lo ? size / big->line : lo;	/* its size */
		}

		/* Many keys must be powers of two (geometries): favour them. */
		v = rnd() % 4 ? pow2_in(lo, hi) : log_uniform(lo, hi);
		snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
	}
	if (config_set(cfg, k->name, text, err, sizeof(err))) {
		fprintf(stderr, "randcfg: %s\n", err);	/* a bound this program got wrong */
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct config cfg;
	struct config_key_info k;
	char err[512];

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout, "usage: randcfg SEED [KEY=VALUE ...]\n");
		return argc < 2 ? 2 : 0;
	}
	rng_state = strtoull(argv[1], NULL, 10);
	for (long attempt = 0; attempt < ATTEMPTS; attempt++) {
		config_defaults(&cfg);
		for (unsigned i = 0; !config_key_info(i, &k); i++)
			if (!pinned(k.name, argc, argv) && !k.per_core)
				draw(&cfg, &k);	/* per-core keys: drawn last, after the pins */
		for (int i = 2; i < argc; i++) {
			char *eq = strchr(argv[i], '=');

			if (!eq) {
				fprintf(stderr, "randcfg: expected KEY=VALUE, got '%s'\n", argv[i]);
				return 2;
			}
			*eq = '\0';
			if (config_set(&cfg, argv[i], eq + 1, err, sizeof(err))) {
				fprintf(stderr, "randcfg: %s\n", err);
				return 2;
			}
			*eq = '=';
		}
		for (unsigned i = 0; !config_key_info(i, &k); i++)
			if (k.per_core && !pinned(k.name, argc, argv))
				draw_per_core(&cfg, &k);
		if (config_check(&cfg, err, sizeof(err)) == 0 && timing_host_bytes(&cfg) <= HOST_CAP) {
			printf("# randcfg %s: attempt %ld\n", argv[1], attempt + 1);
			config_print(&cfg, stdout);
			return 0;
		}
	}
	fprintf(stderr, "randcfg: no valid configuration in %d draws\n", ATTEMPTS);
	return 1;
}
