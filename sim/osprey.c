// SPDX-License-Identifier: MIT
/*
 * osprey: run a RISC-V ELF on the simulated multiprocessor.
 * Guest console output goes to stdout; everything osprey says goes to stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/config.h"
#include "sys/machine.h"
#include "sys/param.h"
#include "sys/report.h"
#include "sim_cosim.h"

#define OSPREY_VERSION "0.1.0"

/* Cycles --waves dumps when --waves-to is not given. */
#define WAVES_DEFAULT_CYCLES 100000

static struct machine *running;

/* Ctrl-C, kill, a closed terminal: stop at the next cycle, flush, report. */
static void on_signal(int sig)
{
	if (running)
		machine_interrupt(running, 128 + sig);
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osprey [options] FILE.elf\n"
		"\n"
		"Runs a 32-bit RISC-V ELF (RV32IMA, M/S/U, Sv32) on a simulated QEMU-virt-like\n"
		"multiprocessor. Every hart starts at the ELF entry with a0 = hart id, a1 = 0.\n"
		"\n"
		"machine:\n"
		"  --mode MODE          timing (the cycle-level model, default) or functional\n"
		"  --preset NAME        default (a 1990s 4-processor bus machine) or modern\n"
		"  --cores N            harts, 1..%d (default %d)\n"
		"  --mem-size SIZE      RAM at 0x80000000, e.g. 128M (default 128M)\n"
		"  --config FILE        read 'key = value' lines\n"
		"  --set KEY=VALUE      set one configuration key (repeatable)\n"
		"  --print-config       print the effective configuration and exit\n"
		"run:\n"
		"  --fast-forward N     timing mode: run N instructions functionally first\n"
		"                       (caches start cold when timing begins)\n"
		"  --stats FILE.json    write every statistic to FILE.json at exit\n"
		"  --max-insns N        stop after N instructions retired by all harts (exit 3)\n"
		"  --max-cycles N       stop at core cycle N (exit 3)\n"
		"  --disk FILE         copy a disk image into RAM at 0x%08x (at most %u MiB)\n"
		"  --uart-in FILE       console input from FILE instead of stdin ('-' = stdin,\n"
		"                       'none' = no input)\n"
		"  --trace              one line per retired instruction and trap on stderr\n"
		"  --trace-file FILE    the same, into FILE\n"
		"co-simulation:\n"
		"  --cosim=UNITS        run RTL twins beside their C units, comparing every\n"
		"                       output every cycle (units: sbuf); on a mismatch stop\n"
		"                       (exit 5) and write a waveform under waves/\n"
		"  --waves FILE         dump core 0's stream buffer ports (and the RTL's, with\n"
		"                       --cosim) to FILE (FST) from --waves-from C (default 0)\n"
		"                       to --waves-to C (default from + 100000); --waves-core N\n"
		"  -q, --quiet          no summary line at exit\n"
		"  -h, --help           this text\n"
		"  -V, --version        osprey's version\n"
		"\n"
		"Options apply in order, so later ones override earlier ones.\n"
		"exit status: the guest's code through the test finisher or HTIF (0 = pass),\n"
		"2 = usage or input error, 3 = a limit stopped the run, 4 = the guest can make\n"
		"no progress (the message says why), 5 = a co-simulation mismatch,\n"
		"128 + N = stopped by signal N (130 for Ctrl-C).\n",
		MAX_HARTS, DEFAULT_HARTS, DISK_BASE, DISK_MAX >> 20);
}

enum {
	OPT_CORES = 256, OPT_MEM, OPT_MODE, OPT_PRESET, OPT_FAST_FORWARD, OPT_STATS,
	OPT_COSIM, OPT_WAVES, OPT_WAVES_FROM, OPT_WAVES_TO, OPT_WAVES_CORE, OPT_CONFIG, OPT_SET, OPT_PRINT_CONFIG, OPT_MAX_INSNS,
	OPT_MAX_CYCLES, OPT_DISK, OPT_UART_IN, OPT_TRACE, OPT_TRACE_FILE,
};

static const struct option long_opts[] = {
	{ "cores", required_argument, NULL, OPT_CORES },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "preset", required_argument, NULL, OPT_PRESET },
	{ "fast-forward", required_argument, NULL, OPT_FAST_FORWARD },
	{ "stats", required_argument, NULL, OPT_STATS },
	{ "cosim", required_argument, NULL, OPT_COSIM },
	{ "waves", required_argument, NULL, OPT_WAVES },
	{ "waves-from", required_argument, NULL, OPT_WAVES_FROM },
	{ "waves-to", required_argument, NULL, OPT_WAVES_TO },
	{ "waves-core", required_argument, NULL, OPT_WAVES_CORE },
	{ "mem-size", required_argument, NULL, OPT_MEM },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "set", required_argument, NULL, OPT_SET },
	{ "print-config", no_argument, NULL, OPT_PRINT_CONFIG },
	{ "max-insns", required_argument, NULL, OPT_MAX_INSNS },
	{ "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
	{ "disk", required_argument, NULL, OPT_DISK },
	{ "uart-in", required_argument, NULL, OPT_UART_IN },
	{ "trace", no_argument, NULL, OPT_TRACE },
	{ "trace-file", required_argument, NULL, OPT_TRACE_FILE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static int die(const char *fmt, const char *arg)
{
	fprintf(stderr, "osprey: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	return EXIT_USAGE;
}

static int parse_count(const char *opt, const char *s, uint64_t *out)
{
	if (parse_u64(s, out) || *out == 0) {
		fprintf(stderr, "osprey: %s: '%s' is not a positive integer\n", opt, s);
		return -1;
	}
	return 0;
}

/* Whether @path names a directory (following symbolic links). */
static int is_directory(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static double seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void summary(const struct machine *m, double secs)
{
	uint64_t per_priv[SM_MODES] = { 0 };

	for (int i = 0; i < m->nharts; i++) {
		const struct hart_stats *s = hart_stats(m->harts[i]);

		for (int p = 0; p < SM_MODES; p++)
			per_priv[p] += s->insns.v[p];
	}
	fprintf(stderr, "osprey: %d harts, %llu instructions (U %llu, S %llu, M %llu), "
		"%llu cycles, %.3f s host, %.1f MIPS\n", m->nharts,
		(unsigned long long)m->retired, (unsigned long long)per_priv[SM_U],
		(unsigned long long)per_priv[SM_S], (unsigned long long)per_priv[SM_M],
		(unsigned long long)m->now, secs, secs > 0 ? m->retired / secs / 1e6 : 0.0);
}

int main(int argc, char **argv)
{
	struct config cfg;
	struct machine_opts opts = { 0 };
	static struct machine m;
	char err[512];
	const char *uart_in = "-", *trace_file = NULL, *disk = NULL, *stats_file = NULL;
	FILE *stats = NULL;
	static struct sim_cosim cosim = { .wave_dir = "waves" };
	int waves_to_set = 0;
	const char *waves_window_set = NULL;	/* a --waves-* option given, for the message */
	int print_config = 0, quiet = 0, c, status;
	double t0;

	config_defaults(&cfg);
	opts.uart_out = stdout;
	while ((c = getopt_long(argc, argv, "qhV", long_opts, NULL)) != -1) {
		switch (c) {
		case OPT_CORES:
			if (config_set(&cfg, "sys.cores", optarg, err, sizeof(err)))
				return die("--cores: %s", err);
			break;
		case OPT_MODE:
			if (config_set(&cfg, "sys.mode", optarg, err, sizeof(err)))
				return die("--mode: %s", err);
			break;
		case OPT_PRESET:
			if (config_preset(&cfg, optarg))
				return die("--preset: unknown preset '%s' (default, modern)", optarg);
			break;
		case OPT_FAST_FORWARD:
			if (parse_count("--fast-forward", optarg, &opts.fast_forward))
				return EXIT_USAGE;
			break;
		case OPT_STATS: stats_file = optarg; break;
		case OPT_COSIM:
			if (sim_cosim_parse(&cosim, optarg, err, sizeof(err)))
				return die("%s", err);
			break;
		case OPT_WAVES: cosim.wave_path = optarg; break;
		case OPT_WAVES_FROM:
			if (parse_u64(optarg, &cosim.wave_from))
				return die("--waves-from: '%s' is not a cycle number", optarg);
			waves_window_set = "--waves-from";
			break;
		case OPT_WAVES_TO:
			if (parse_u64(optarg, &cosim.wave_to))
				return die("--waves-to: '%s' is not a cycle number", optarg);
			waves_to_set = 1;
			waves_window_set = "--waves-to";
			break;
		case OPT_WAVES_CORE: {
			uint64_t v;

			if (parse_u64(optarg, &v) || v >= MAX_HARTS)
				return die("--waves-core: '%s' is not a core number", optarg);
			cosim.wave_core = (int)v;
			waves_window_set = "--waves-core";
			break;
		}
		case OPT_MEM:
			if (config_set(&cfg, "sys.mem_size", optarg, err, sizeof(err)))
				return die("--mem-size: %s", err);
			break;
		case OPT_CONFIG:
			if (is_directory(optarg))
				return die("--config %s: a directory, not a configuration file", optarg);
			if (config_load(&cfg, optarg, err, sizeof(err)))
				return die("%s", err);
			break;
		case OPT_SET: {
			char *eq = strchr(optarg, '=');

			if (!eq)
				return die("--set: expected KEY=VALUE, got '%s'", optarg);
			*eq = '\0';
			if (config_set(&cfg, optarg, eq + 1, err, sizeof(err)))
				return die("%s", err);
			break;
		}
		case OPT_PRINT_CONFIG: print_config = 1; break;
		case OPT_MAX_INSNS:
			if (parse_count("--max-insns", optarg, &opts.max_insns))
				return EXIT_USAGE;
			break;
		case OPT_MAX_CYCLES:
			if (parse_count("--max-cycles", optarg, &opts.max_cycles))
				return EXIT_USAGE;
			break;
		case OPT_DISK: disk = optarg; break;
		case OPT_UART_IN: uart_in = optarg; break;
		case OPT_TRACE:
			opts.trace = stderr;
			trace_file = NULL;	/* the later option wins */
			break;
		case OPT_TRACE_FILE:
			opts.trace = NULL;
			trace_file = optarg;
			break;
		case 'q': quiet = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("osprey %s\n", OSPREY_VERSION); return 0;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (config_check(&cfg, err, sizeof(err)))
		return die("%s", err);
	if (print_config) {
		config_print(&cfg, stdout);
		return 0;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "osprey: %s\n", optind == argc ? "no ELF file given"
							 : "more than one ELF file given");
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(uart_in, "none")) {
		opts.uart_in_fd = -1;
	} else if (!strcmp(uart_in, "-")) {
		opts.uart_in_fd = STDIN_FILENO;
	} else {
		/* A directory opens, then reads as an error the UART takes for end of input. */
		if (is_directory(uart_in))
			return die("--uart-in %s: a directory, not a file to read console input from",
				   uart_in);
		opts.uart_in_fd = open(uart_in, O_RDONLY);
		if (opts.uart_in_fd < 0) {
			fprintf(stderr, "osprey: --uart-in %s: %s\n", uart_in, strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (opts.fast_forward && cfg.mode != MODE_TIMING)
		return die("%s", "--fast-forward needs timing mode (--mode timing)");
	if (!cosim.wave_path && waves_window_set)
		return die("%s needs --waves FILE", waves_window_set);
	/* The default window ends WAVES_DEFAULT_CYCLES later, or at the last cycle there is. */
	if (!waves_to_set)
		cosim.wave_to = cosim.wave_from > UINT64_MAX - WAVES_DEFAULT_CYCLES
					? UINT64_MAX : cosim.wave_from + WAVES_DEFAULT_CYCLES;
	if (sim_cosim_check(&cosim, &cfg, err, sizeof(err)))
		return die("%s", err);
	if (cosim.sbuf || cosim.wave_path) {
		opts.timing_ready = sim_cosim_attach;
		opts.timing_ctx = &cosim;
	}
	if (stats_file) {
		stats = fopen(stats_file, "w");
		if (!stats) {
			fprintf(stderr, "osprey: --stats %s: %s\n", stats_file, strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (trace_file) {
		opts.trace = fopen(trace_file, "w");
		if (!opts.trace) {
			fprintf(stderr, "osprey: --trace-file %s: %s\n", trace_file, strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (machine_init(&m, &cfg, &opts, err, sizeof(err)) ||
	    machine_load(&m, argv[optind], err, sizeof(err)) ||
	    (disk && machine_load_disk(&m, disk, err, sizeof(err)))) {
		machine_free(&m);
		return die("%s", err);
	}

	running = &m;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	t0 = seconds_now();
	machine_run(&m);
	status = m.stop.status;
	if (cosim.sbuf || cosim.wave_path)
		sim_cosim_finish(&cosim);
	if (m.stop.msg[0])
		fprintf(stderr, "osprey: %s\n", m.stop.msg);
	if (stats) {
		report_json(&m, stats);
		if (fclose(stats))
			fprintf(stderr, "osprey: --stats %s: write error\n", stats_file);
	}
	if (!quiet) {
		summary(&m, seconds_now() - t0);
		report_summary(&m, stderr);
	}
	if (opts.trace && opts.trace != stderr)
		fclose(opts.trace);
	machine_free(&m);
	return status;
}
