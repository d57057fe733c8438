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
#include "sys/elf_load.h"
#include "sys/kanata.h"
#include "sys/machine.h"
#include "sys/param.h"
#include "sys/report.h"
#include "sys/schedcheck.h"
#include "sys/bbprof.h"
#include "sys/timeline.h"
#include "cpu/hpm.h"
#include "outfile.h"
#include "sim_cosim.h"
#include "twin.h"
#include "gdb.h"
#include "view.h"

#define OSPREY_VERSION "0.1.0"

/* Cycles --waves dumps when --waves-to is not given. */
#define WAVES_DEFAULT_CYCLES 100000
/* Cycles --kanata logs when --kanata-to is not given. */
#define KANATA_DEFAULT_CYCLES 10000
/* --config files one run may read. */
#define MAX_CONFIGS 32

static struct machine *running;

/* Ctrl-C, kill, a closed terminal: stop at the next cycle, flush, report. */
static void on_signal(int sig)
{
	if (running)
		machine_interrupt(running, 128 + sig);
}

static void usage(FILE *out)
{
	char twins[256];

	twin_names(twins, sizeof(twins));
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
		"  --disk FILE          copy a disk image into RAM at 0x%08x (at most %u MiB)\n"
		"  --uart-in FILE       console input from FILE instead of stdin ('-' = stdin,\n"
		"                       'none' = no input)\n"
		"  --trace              one line per retired instruction and trap on stderr\n"
		"  --trace-file FILE    the same, into FILE\n"
		"  --profile FILE       timing mode: misses and stall cycles by instruction,\n"
		"                       and true/false sharing by data line, named from the\n"
		"                       ELF's symbols (format in the README)\n"
		"  --profile-top N      print the N costliest instructions and lines on stderr\n"
		"  --profile-syms ELF   name user-mode addresses from ELF's symbols too\n"
		"  --bb-profile FILE    execution counts of every basic block and control-flow\n"
		"                       edge of the ELF's code, by mode (format in the README;\n"
		"                       what sim/layout reads); either mode\n"
		"  --bb-profile-elf ELF profile that ELF's code instead of the one run\n"
		"  --timeline FILE.json the run as a Chrome trace (Perfetto, chrome://tracing):\n"
		"                       processes, modes, traps, IPIs, DMA per hart, counters\n"
		"                       (turns sys.simctl on); --timeline-interval N cycles\n"
		"                       per sample (default 100000)\n"
		"  --kanata FILE        timing mode: a pipeline log for Konata, cycles\n"
		"                       --kanata-from C (default 0) to --kanata-to C (+%d)\n"
		"  --view               a window showing the machine as it runs (SDL2)\n"
		"  --view-snapshot FILE.png  its picture at cycle --view-at C (default: the\n"
		"                       end), with no display\n"
		"  --check-sched        report intervals where a hart sat idle while a process\n"
		"                       waited in another hart's run queue (kernel events\n"
		"                       through the sim-control port; turns sys.simctl on)\n"
		"  --check-sched-threshold N  cycles such an interval must exceed\n"
		"                       (default 100000)\n"
		"  --gdb PORT|stdio     functional mode: wait for gdb on 127.0.0.1:PORT, or\n"
		"                       speak to it on stdin/stdout (console on stderr)\n"
		"co-simulation:\n"
		"  --cosim=UNITS|all    run RTL twins beside their C units, comparing every\n"
		"                       output every cycle; on a mismatch stop (exit 5) and\n"
		"                       write a waveform under waves/. Units:\n"
		"                       %s\n"
		"  --rtl=UNITS|all      the same, with the RTL's outputs driving the machine\n"
		"  --waves FILE         dump the ports of core 0's twinned units (and the RTL's,\n"
		"                       with --cosim/--rtl) to FILE (FST) from --waves-from C\n"
		"                       (default 0) to --waves-to C (default from + 100000);\n"
		"                       --waves-core N\n"
		"  --hpm-events         list the events mhpmevent3..31 select, and exit\n"
		"  -q, --quiet          no summary line at exit\n"
		"  -h, --help           this text\n"
		"  -V, --version        osprey's version\n"
		"\n"
		"Options apply in order, so later ones override earlier ones. Output files\n"
		"(--stats, --trace-file, --profile, --waves and the others) appear when the\n"
		"run is over; one that is an input is refused; '-' (or /dev/stdout) is\n"
		"standard output, after the console.\n"
		"exit status: the guest's code through the test finisher or HTIF (0 = pass),\n"
		"2 = usage or input error, 3 = a limit stopped the run, 4 = the guest can make\n"
		"no progress (the message says why), 5 = a co-simulation mismatch,\n"
		"70 = an internal error, 74 = an output (a file, stdout) could not be written,\n"
		"128 + N = stopped by signal N (130 for Ctrl-C).\n",
		MAX_HARTS, DEFAULT_HARTS, DISK_BASE, DISK_MAX >> 20, KANATA_DEFAULT_CYCLES, twins);
}

enum {
	OPT_CORES = 256, OPT_MEM, OPT_MODE, OPT_PRESET, OPT_FAST_FORWARD, OPT_STATS,
	OPT_COSIM, OPT_RTL, OPT_WAVES, OPT_WAVES_FROM, OPT_WAVES_TO, OPT_WAVES_CORE, OPT_CONFIG, OPT_SET, OPT_PRINT_CONFIG, OPT_MAX_INSNS,
	OPT_MAX_CYCLES, OPT_DISK, OPT_UART_IN, OPT_TRACE, OPT_TRACE_FILE, OPT_PROFILE,
	OPT_PROFILE_TOP, OPT_PROFILE_SYMS, OPT_GDB, OPT_CHECK_SCHED, OPT_CHECK_SCHED_THRESHOLD,
	OPT_TIMELINE, OPT_TIMELINE_INTERVAL, OPT_BB_PROFILE, OPT_BB_PROFILE_ELF,
	OPT_KANATA, OPT_KANATA_FROM, OPT_KANATA_TO, OPT_VIEW, OPT_VIEW_SNAPSHOT, OPT_VIEW_AT,
	OPT_HPM_EVENTS,
};

static const struct option long_opts[] = {
	{ "cores", required_argument, NULL, OPT_CORES },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "preset", required_argument, NULL, OPT_PRESET },
	{ "fast-forward", required_argument, NULL, OPT_FAST_FORWARD },
	{ "stats", required_argument, NULL, OPT_STATS },
	{ "cosim", required_argument, NULL, OPT_COSIM },
	{ "rtl", required_argument, NULL, OPT_RTL },
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
	{ "profile", required_argument, NULL, OPT_PROFILE },
	{ "profile-top", required_argument, NULL, OPT_PROFILE_TOP },
	{ "profile-syms", required_argument, NULL, OPT_PROFILE_SYMS },
	{ "gdb", required_argument, NULL, OPT_GDB },
	{ "timeline", required_argument, NULL, OPT_TIMELINE },
	{ "bb-profile", required_argument, NULL, OPT_BB_PROFILE },
	{ "bb-profile-elf", required_argument, NULL, OPT_BB_PROFILE_ELF },
	{ "hpm-events", no_argument, NULL, OPT_HPM_EVENTS },
	{ "timeline-interval", required_argument, NULL, OPT_TIMELINE_INTERVAL },
	{ "kanata", required_argument, NULL, OPT_KANATA },
	{ "kanata-from", required_argument, NULL, OPT_KANATA_FROM },
	{ "kanata-to", required_argument, NULL, OPT_KANATA_TO },
	{ "view", no_argument, NULL, OPT_VIEW },
	{ "view-snapshot", required_argument, NULL, OPT_VIEW_SNAPSHOT },
	{ "view-at", required_argument, NULL, OPT_VIEW_AT },
	{ "check-sched", no_argument, NULL, OPT_CHECK_SCHED },
	{ "check-sched-threshold", required_argument, NULL, OPT_CHECK_SCHED_THRESHOLD },
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

/* An input file, which no output may be. */
struct input {
	const char *what;	/* for the message: "the ELF file" */
	struct stat st;		/* the file, when it is a regular one */
};

/* Adds @path (NULL: stdin) to the inputs if it is a regular file; others cannot be overwritten. */
static void add_input(struct input *in, int *n, const char *what, const char *path)
{
	struct stat st;

	if ((path ? stat(path, &st) : fstat(STDIN_FILENO, &st)) || !S_ISREG(st.st_mode))
		return;
	in[*n].what = what;
	in[*n].st = st;
	(*n)++;
}

/* An output option. */
struct output {
	struct outfile *o;
	const char *opt;	/* "--stats" */
	const char *path;	/* as given, or NULL */
	int seekable;		/* written by name by a writer that seeks: never in place */
};

/*
 * Resolves every output and refuses one that is an input (the same device
 * and inode, however named) or another output, before anything is opened
 * for writing. Returns 0 or an exit status.
 */
static int resolve_outputs(struct output *out, int nout, const struct input *in, int nin)
{
	char err[512];
	int status;

	for (int i = 0; i < nout; i++) {
		if (!out[i].path)
			continue;
		/* '-' is standard output, as for the console's input it is stdin. */
		if (!strcmp(out[i].path, "-"))
			out[i].path = "/dev/stdout";
		status = outfile_resolve(out[i].o, out[i].opt, out[i].path, out[i].seekable, err,
					 sizeof(err));
		if (status) {
			fprintf(stderr, "osprey: %s\n", err);
			return status;
		}
		for (int k = 0; k < nin; k++)
			if (outfile_is(out[i].o, &in[k].st)) {
				fprintf(stderr, "osprey: %s %s: is also %s, an input; refusing to "
					"overwrite it\n", out[i].opt, out[i].path, in[k].what);
				return EXIT_USAGE;
			}
		for (int k = 0; k < i; k++)
			if (outfile_same(out[i].o, out[k].o)) {
				fprintf(stderr, "osprey: %s %s: the same file as %s %s\n",
					out[i].opt, out[i].path, out[k].opt, out[k].path);
				return EXIT_USAGE;
			}
	}
	return 0;
}

/*
 * With --gdb stdio, standard output carries the debugger's packets: an output
 * that is written there (-, /dev/stdout, or the file stdout is redirected to)
 * would break the protocol. Returns 0 or EXIT_USAGE, after a message.
 */
static int refuse_gdb_stdout(const struct output *out, int nout)
{
	struct stat st;

	if (fstat(STDOUT_FILENO, &st))
		return 0;
	for (int i = 0; i < nout; i++)
		if (out[i].path && outfile_is(out[i].o, &st)) {
			fprintf(stderr, "osprey: %s %s: is standard output, which carries the "
				"debugger's packets with --gdb stdio\n", out[i].opt, out[i].path);
			return EXIT_USAGE;
		}
	return 0;
}

/* Creates a resolved output's stream. Returns 0 or an exit status, after a message. */
static int open_output(struct outfile *o)
{
	char err[512];
	int status;

	if (!o->path)
		return 0;
	status = outfile_open(o, 1, err, sizeof(err));
	if (status)
		fprintf(stderr, "osprey: %s\n", err);
	return status;
}

/* Puts an output in place. Returns 0 or an exit status, after a message. */
static int commit_output(struct outfile *o)
{
	char err[512];
	int status;

	if (!o->path)
		return 0;
	status = outfile_commit(o, err, sizeof(err));
	if (status)
		fprintf(stderr, "osprey: %s\n", err);
	return status;
}

/*
 * The guest's console is stdout through a stream of its own that keeps the
 * reason a write failed: stdio keeps only an error flag (and drops the data),
 * and by the end of the run errno says something else.
 */
static FILE *console;
static int console_errno;	/* why a console write failed; 0 if none did */
static struct view *console_view;	/* --view: it shows the console too */

static ssize_t console_write(void *cookie, const char *buf, size_t n)
{
	size_t done = 0;

	if (console_view)
		view_console(console_view, buf, n);
	while (done < n) {
		ssize_t w = write(STDOUT_FILENO, buf + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			console_errno = w < 0 ? errno : EIO;
			return -1;
		}
		done += (size_t)w;
	}
	return (ssize_t)n;
}

/* The console stream; stdout itself if one cannot be made. */
static FILE *console_open(void)
{
	static const cookie_io_functions_t io = { .write = console_write };

	console = fopencookie(NULL, "w", io);
	if (!console)
		return console = stdout;
	/* As stdout would be: line by line on a terminal, in blocks otherwise. */
	setvbuf(console, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
	return console;
}

/*
 * Whether a write to stdout (the console, --help, --print-config, --stats
 * /dev/stdout) failed, with a message the first time.
 */
static int stdout_failed(void)
{
	static int failed;
	int e = 0;

	if (failed)
		return 1;
	if (console && console != stdout && (fflush(console) || ferror(console)))
		e = console_errno ? console_errno : EIO;
	errno = 0;
	if (!e && (fflush(stdout) || ferror(stdout)))
		e = errno ? errno : EIO;
	if (!e)
		return 0;
	failed = 1;
	fprintf(stderr, "osprey: stdout: %s\n", strerror(e));
	return 1;
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

/* What the timing model's start sets up: the pipeline log, then co-simulation. */
struct timing_setup {
	struct kanata *kanata;		/* --kanata, or NULL */
	struct sim_cosim *cosim;	/* --cosim or --waves, or NULL */
};

static int timing_setup(struct machine *m, void *ctx)
{
	struct timing_setup *ts = ctx;

	if (ts->kanata)
		kanata_attach(ts->kanata, m->timing);
	return ts->cosim ? sim_cosim_attach(m, ts->cosim) : 0;
}

static int run(int argc, char **argv)
{
	struct config cfg;
	struct machine_opts opts = { 0 };
	static struct machine m;
	char err[512];
	const char *uart_in = "-", *trace_file = NULL, *disk = NULL, *stats_file = NULL;
	const char *profile_file = NULL, *profile_syms = NULL, *gdb = NULL;
	uint64_t profile_top = 0;
	int check_sched = 0;
	uint64_t check_sched_threshold = 100000;
	static struct schedcheck sched_checker;
	const char *timeline_file = NULL;
	const char *bbprof_file = NULL, *bbprof_elf = NULL;
	static struct bbprof bbprof;
	uint64_t timeline_interval = 100000;
	static struct timeline timeline;
	const char *kanata_file = NULL, *kanata_window_set = NULL;
	uint64_t kanata_from = 0, kanata_to = 0;
	int kanata_to_set = 0;
	static struct kanata kanata;
	struct timing_setup setup = { NULL, NULL };
	int view_live = 0, view_at_set = 0;
	const char *view_snapshot = NULL;
	uint64_t view_at = UINT64_MAX;
	static struct view view;
	struct symtab usyms;
	static struct sim_cosim cosim = { .wave_dir = "waves" };
	int waves_to_set = 0;
	const char *waves_window_set = NULL;	/* a --waves-* option given, for the message */
	int print_config = 0, quiet = 0, c, status;
	struct input inputs[MAX_CONFIGS + 4];
	int ninputs = 0;
	struct outfile stats_out = { 0 }, trace_out = { 0 }, profile_out = { 0 };
	struct outfile timeline_out = { 0 }, bbprof_out = { 0 }, kanata_out = { 0 };
	struct outfile snapshot_out = { 0 };
	struct output outputs[] = {
		{ &stats_out, "--stats", NULL, 0 },
		{ &trace_out, "--trace-file", NULL, 0 },
		{ &profile_out, "--profile", NULL, 0 },
		{ &cosim.wave_out, "--waves", NULL, 1 },	/* the FST writer seeks */
		{ &timeline_out, "--timeline", NULL, 0 },
		{ &bbprof_out, "--bb-profile", NULL, 0 },
		{ &kanata_out, "--kanata", NULL, 0 },
		{ &snapshot_out, "--view-snapshot", NULL, 0 },
	};
	double t0;

	config_defaults(&cfg);
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
			if (sim_cosim_parse(&cosim, optarg, 0, err, sizeof(err)))
				return die("%s", err);
			break;
		case OPT_RTL:
			if (sim_cosim_parse(&cosim, optarg, 1, err, sizeof(err)))
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
			if (ninputs == MAX_CONFIGS) {
				fprintf(stderr, "osprey: more than %d --config files\n", MAX_CONFIGS);
				return EXIT_USAGE;
			}
			add_input(inputs, &ninputs, "a --config file", optarg);
			if (is_directory(optarg))
				return die("--config %s: a directory, not a configuration file",
					   optarg);
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
		case OPT_PROFILE: profile_file = optarg; break;
		case OPT_PROFILE_TOP:
			if (parse_count("--profile-top", optarg, &profile_top))
				return EXIT_USAGE;
			break;
		case OPT_PROFILE_SYMS: profile_syms = optarg; break;
		case OPT_GDB:
			if (gdb_check_spec(optarg, err, sizeof(err)))
				return die("%s", err);
			gdb = optarg;
			break;
		case OPT_TIMELINE: timeline_file = optarg; break;
		case OPT_BB_PROFILE: bbprof_file = optarg; break;
		case OPT_BB_PROFILE_ELF: bbprof_elf = optarg; break;
		case OPT_TIMELINE_INTERVAL:
			if (parse_count("--timeline-interval", optarg, &timeline_interval))
				return EXIT_USAGE;
			break;
		case OPT_KANATA: kanata_file = optarg; break;
		case OPT_KANATA_FROM:
			if (parse_u64(optarg, &kanata_from))
				return die("--kanata-from: '%s' is not a cycle number", optarg);
			kanata_window_set = "--kanata-from";
			break;
		case OPT_KANATA_TO:
			if (parse_u64(optarg, &kanata_to))
				return die("--kanata-to: '%s' is not a cycle number", optarg);
			kanata_to_set = 1;
			kanata_window_set = "--kanata-to";
			break;
		case OPT_VIEW: view_live = 1; break;
		case OPT_VIEW_SNAPSHOT: view_snapshot = optarg; break;
		case OPT_VIEW_AT:
			if (parse_u64(optarg, &view_at))
				return die("--view-at: '%s' is not a cycle number", optarg);
			view_at_set = 1;
			break;
		case OPT_CHECK_SCHED: check_sched = 1; break;
		case OPT_CHECK_SCHED_THRESHOLD:
			if (parse_u64(optarg, &check_sched_threshold))
				return die("--check-sched-threshold: '%s' is not a number of cycles",
					   optarg);
			check_sched = 1;
			break;
		case OPT_HPM_EVENTS:
			for (int e = 0; e < hpm_nevents; e++)
				printf("%2d  %-18s %s\n", e, hpm_events[e].stat ? hpm_events[e].stat : "-",
				       hpm_events[e].what);
			return 0;
		case 'q': quiet = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("osprey %s\n", OSPREY_VERSION); return 0;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (check_sched || timeline_file || view_live || view_snapshot)
		cfg.simctl = 1;		/* the checker's events come through the port */
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
			return die("--uart-in %s: a directory, not a file of console input",
				   uart_in);
		opts.uart_in_fd = open(uart_in, O_RDONLY);
		if (opts.uart_in_fd < 0) {
			fprintf(stderr, "osprey: --uart-in %s: %s\n", uart_in, strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (opts.fast_forward && cfg.mode != MODE_TIMING)
		return die("%s", "--fast-forward needs timing mode (--mode timing)");
	if (gdb && cfg.mode != MODE_FUNCTIONAL)
		return die("%s", "--gdb needs functional mode (--mode functional)");
	if (gdb && !strcmp(gdb, "stdio") && !strcmp(uart_in, "-"))
		uart_in = "none";	/* stdin is the debugger's */
	if ((profile_file || profile_top) && cfg.mode != MODE_TIMING)
		return die("%s", "--profile and --profile-top need timing mode (--mode timing)");
	if (profile_syms && !profile_file && !profile_top)
		return die("%s", "--profile-syms needs --profile FILE or --profile-top N");
	opts.profile = profile_file || profile_top;
	symtab_init(&usyms);
	if (profile_syms && elf_load(profile_syms, NULL, &usyms, NULL, err, sizeof(err))) {
		symtab_free(&usyms);
		return die("--profile-syms: %s", err);
	}
	if (bbprof_elf && !bbprof_file)
		return die("%s", "--bb-profile-elf needs --bb-profile FILE");
	if (!cosim.wave_path && waves_window_set)
		return die("%s needs --waves FILE", waves_window_set);
	/* The default window ends WAVES_DEFAULT_CYCLES later, or at the last cycle there is. */
	if (!waves_to_set)
		cosim.wave_to = cosim.wave_from > UINT64_MAX - WAVES_DEFAULT_CYCLES
					? UINT64_MAX : cosim.wave_from + WAVES_DEFAULT_CYCLES;
	if (sim_cosim_check(&cosim, &cfg, err, sizeof(err)))
		return die("%s", err);
	if (!kanata_file && kanata_window_set)
		return die("%s needs --kanata FILE", kanata_window_set);
	if (kanata_file && cfg.mode != MODE_TIMING)
		return die("%s", "--kanata needs timing mode (--mode timing)");
	if (!kanata_to_set)
		kanata_to = kanata_from > UINT64_MAX - KANATA_DEFAULT_CYCLES
				    ? UINT64_MAX : kanata_from + KANATA_DEFAULT_CYCLES;
	if (kanata_file && kanata_to <= kanata_from)
		return die("%s", "--kanata-to must be after --kanata-from");
	if (view_at_set && !view_snapshot)
		return die("%s", "--view-at needs --view-snapshot FILE.png");
	if (sim_cosim_wanted(&cosim))
		setup.cosim = &cosim;
	if (kanata_file)
		setup.kanata = &kanata;
	if (setup.cosim || setup.kanata) {
		opts.timing_ready = timing_setup;
		opts.timing_ctx = &setup;
	}

	/* Every output is checked against the inputs, then created, before the run. */
	outputs[0].path = stats_file;
	outputs[1].path = trace_file;
	outputs[2].path = profile_file;
	outputs[3].path = cosim.wave_path;
	outputs[4].path = timeline_file;
	outputs[5].path = bbprof_file;
	outputs[6].path = kanata_file;
	outputs[7].path = view_snapshot;
	if (bbprof_elf)
		add_input(inputs, &ninputs, "the --bb-profile-elf ELF", bbprof_elf);
	if (profile_syms)
		add_input(inputs, &ninputs, "the --profile-syms ELF", profile_syms);
	if (disk)
		add_input(inputs, &ninputs, "the --disk image", disk);
	if (strcmp(uart_in, "-") && strcmp(uart_in, "none"))
		add_input(inputs, &ninputs, "the --uart-in file", uart_in);
	else if (!strcmp(uart_in, "-"))
		add_input(inputs, &ninputs, "stdin, the console input", NULL);
	add_input(inputs, &ninputs, "the ELF file", argv[optind]);
	status = resolve_outputs(outputs, sizeof(outputs) / sizeof(outputs[0]), inputs, ninputs);
	if (!status && gdb && !strcmp(gdb, "stdio"))
		status = refuse_gdb_stdout(outputs, sizeof(outputs) / sizeof(outputs[0]));
	if (status) {
		symtab_free(&usyms);
		return status;
	}
	status = open_output(&stats_out);
	if (!status)
		status = open_output(&trace_out);
	if (!status)
		status = open_output(&profile_out);
	if (!status)
		status = open_output(&timeline_out);
	if (!status)
		status = open_output(&bbprof_out);
	if (!status && bbprof_file &&
	    bbprof_init(&bbprof, bbprof_elf ? bbprof_elf : argv[optind], err, sizeof(err))) {
		fprintf(stderr, "osprey: --bb-profile: %s\n", err);
		status = EXIT_USAGE;
	}
	if (!status)
		status = open_output(&kanata_out);
	if (!status)
		status = open_output(&snapshot_out);
	/* No display for --view is found out before the run, not after it. */
	if (!status && (view_live || view_snapshot) && view_open(&view, view_live, err, sizeof(err)))
		status = die("%s", err);
	if (!status && (status = sim_cosim_open(&cosim, err, sizeof(err))))
		fprintf(stderr, "osprey: %s\n", err);
	if (status)
		goto out_discard;
	if (trace_out.path)
		opts.trace = trace_out.f;
	opts.uart_out = gdb && !strcmp(gdb, "stdio") ? stderr : console_open();
	if ((view_live || view_snapshot) && opts.uart_out == console && console != stdout) {
		console_view = &view;
		setvbuf(console, NULL, _IOLBF, BUFSIZ);	/* the view shows lines as they come */
	}
	if (machine_init(&m, &cfg, &opts, err, sizeof(err)) ||
	    machine_load(&m, argv[optind], err, sizeof(err)) ||
	    (disk && machine_load_disk(&m, disk, err, sizeof(err)))) {
		machine_free(&m);
		status = die("%s", err);
		goto out_discard;
	}

	if (check_sched) {
		schedcheck_init(&sched_checker, m.nharts, check_sched_threshold, stderr);
		simctl_listen(&m.simctl, schedcheck_event, &sched_checker);
	}
	if (bbprof_file)
		for (int i = 0; i < m.nharts; i++)
			hart_set_bbprof(m.harts[i], &bbprof);
	if (timeline_file) {
		timeline_init(&timeline, timeline_out.f, &m, timeline_interval);
		timeline_attach(&timeline, &m);
	}
	if (kanata_file)
		kanata_init(&kanata, kanata_out.f, &m.syms, kanata_from, kanata_to);
	if ((view_live || view_snapshot) &&
	    view_attach(&view, &m, view_snapshot ? snapshot_out.f : NULL, view_at)) {
		machine_free(&m);
		status = die("%s", "--view: out of host memory");
		goto out_discard;
	}
	running = &m;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	t0 = seconds_now();
	if (gdb) {
		if (gdb_serve(&m, gdb, err, sizeof(err))) {
			machine_free(&m);
			status = die("%s", err);
			goto out_discard;
		}
	} else {
		machine_run(&m);
	}
	status = m.stop.status;
	if (check_sched)
		schedcheck_finish(&sched_checker, m.now);
	if (timeline_file) {
		timeline_finish(&timeline, &m);
		if (commit_output(&timeline_out))
			status = EXIT_OUTPUT;
	}
	if (bbprof_file) {
		if (bbprof_write(&bbprof, bbprof_out.f) < 0 || commit_output(&bbprof_out))
			status = EXIT_OUTPUT;
		bbprof_free(&bbprof);
	}
	if (view_live || view_snapshot) {
		if (view_finish(&view) | (view_snapshot && commit_output(&snapshot_out)))
			status = EXIT_OUTPUT;
		if (view_live && !quiet)
			fprintf(stderr, "osprey: --view: %llu frames shown; the view took %.3f s "
				"of the simulation's %.3f s of CPU\n", (unsigned long long)view.frames,
				view.cpu_seconds, view_thread_seconds());
		console_view = NULL;
		view_close(&view);
	}
	if (kanata_file) {
		if (kanata_finish(&kanata, m.now) | commit_output(&kanata_out))
			status = EXIT_OUTPUT;
		kanata_free(&kanata);
	}
	if (sim_cosim_wanted(&cosim) && sim_cosim_finish(&cosim))
		status = EXIT_OUTPUT;
	if (m.stop.msg[0])
		fprintf(stderr, "osprey: %s\n", m.stop.msg);
	if (commit_output(&trace_out))
		status = EXIT_OUTPUT;
	if (stdout_failed())
		status = EXIT_OUTPUT;
	if (m.timing && m.timing->profile) {
		const struct timing *t = m.timing;

		if (profile_out.path) {
			if (profile_write(t->profile, t->sharing, m.cfg.l1d.line, m.cfg.l2.line,
					  &m.syms, &usyms,
					  argv[optind], profile_out.f) < 0 ||
			    commit_output(&profile_out))
				status = EXIT_OUTPUT;
		}
		if (profile_top)
			profile_top_print(t->profile, t->sharing, m.cfg.l1d.line, &m.syms, &usyms,
					  (int)(profile_top > 1000 ? 1000 : profile_top), stderr);
	} else if (profile_out.path) {
		/* Ended before timing began (--fast-forward): an empty profile, said so. */
		fprintf(profile_out.f, "# no timing-mode cycles ran: nothing was profiled\n");
		if (commit_output(&profile_out))
			status = EXIT_OUTPUT;
	}
	symtab_free(&usyms);
	if (stats_out.path) {
		/* The file reports the status osprey exits with, an output error included. */
		m.stop.status = status;
		report_json(&m, stats_out.f);
		if (commit_output(&stats_out))
			status = EXIT_OUTPUT;
	}
	if (!quiet && (m.now || m.retired)) {	/* not for a run that could not start */
		summary(&m, seconds_now() - t0);
		report_summary(&m, stderr);
	}
	machine_free(&m);
	return status;

out_discard:
	/* The run did not happen: existing files keep what they held. */
	outfile_discard(&stats_out);
	outfile_discard(&trace_out);
	outfile_discard(&profile_out);
	outfile_discard(&timeline_out);
	outfile_discard(&bbprof_out);
	bbprof_free(&bbprof);
	outfile_discard(&kanata_out);
	outfile_discard(&snapshot_out);
	console_view = NULL;
	if (view_live || view_snapshot)
		view_close(&view);
	sim_cosim_discard(&cosim);
	symtab_free(&usyms);
	return status;
}

int main(int argc, char **argv)
{
	static char stdout_buf[1 << 16];
	int status;

	/*
	 * osprey's own output on stdout (--help, --print-config, --hpm-events)
	 * fits one buffer, so it is written at the final flush, whose error
	 * (errno) stdout_failed reports; a write failing halfway through a
	 * printf would leave only the error flag, without the reason.
	 */
	setvbuf(stdout, stdout_buf, _IOFBF, sizeof(stdout_buf));
	status = run(argc, argv);

	/* The console, --help and --print-config go to stdout: a failed write is an error. */
	return stdout_failed() ? EXIT_OUTPUT : status;
}
