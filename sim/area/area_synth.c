// SPDX-License-Identifier: MIT
#include "area_synth.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "area_cost.h"

/* The statistics file of a module at a parameter set: DIR/TOP[-NAME=VALUE...].stat */
static void stat_path(char *buf, size_t n, const char *dir, const char *top,
		      const struct area_param *p, int np)
{
	size_t len = (size_t)snprintf(buf, n, "%s/%s", dir, top);

	for (int i = 0; i < np && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "-%s=%ld", p[i].name, p[i].value);
	if (len < n)
		snprintf(buf + len, n - len, ".stat");
}

/* True when @path exists and is at least as new as @src. */
static int fresh(const char *path, const char *src)
{
	struct stat a, b;

	if (stat(path, &a) || stat(src, &b))
		return 0;
	return a.st_mtim.tv_sec > b.st_mtim.tv_sec ||
	       (a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec >= b.st_mtim.tv_nsec);
}

/* Runs Yosys on @script with its log in @log; 0 on success. */
static int run_yosys(const char *script, const char *log, char *err, size_t errlen)
{
	const char *yosys = getenv("YOSYS") ? getenv("YOSYS") : "yosys";
	int status;
	pid_t pid = fork();

	if (pid < 0) {
		snprintf(err, errlen, "cannot start %s: %s", yosys, strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execlp(yosys, yosys, "-p", script, (char *)NULL);
		dprintf(2, "cannot run %s: %s\n", yosys, strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "%s failed (exit %d); its log is %s", yosys,
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1, log);
		return -1;
	}
	return 0;
}

static int is_ff(const char *cell)
{
	for (size_t i = 0; i < sizeof(area_ff_prefixes) / sizeof(area_ff_prefixes[0]); i++)
		if (!strncmp(cell, area_ff_prefixes[i], strlen(area_ff_prefixes[i])))
			return 1;
	return 0;
}

static const struct area_cell_ge *gate(const char *cell)
{
	for (size_t i = 0; i < sizeof(area_cell_ge) / sizeof(area_cell_ge[0]); i++)
		if (!strcmp(cell, area_cell_ge[i].cell))
			return &area_cell_ge[i];
	return NULL;
}

/* Reads Yosys's `stat` output: one "  $_CELL_   count" line per cell type. */
static int parse_stat(const char *path, struct area_synth_result *r, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[256], cell[128];
	unsigned long long n;
	int types = 0;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	memset(r, 0, sizeof(*r));
	while (fgets(line, sizeof(line), f)) {
		const struct area_cell_ge *g;

		if (sscanf(line, " %127s %llu", cell, &n) != 2 || cell[0] != '$')
			continue;
		types++;
		if (is_ff(cell)) {
			r->reg_bits += n;
		} else if ((g = gate(cell))) {
			r->gates += n;
			r->logic_ge += g->ge * (double)n;
		} else {
			snprintf(err, errlen, "%s: cell type %s has no gate-equivalent entry "
				 "(sim/area/area_cost.h)", path, cell);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	if (!types) {
		snprintf(err, errlen, "%s: no cells in the synthesis statistics", path);
		return -1;
	}
	return 0;
}

int area_synth(const char *rtl_file, const char *pkg_file, const char *top,
	       const struct area_param *params, int np, const char *cache_dir,
	       struct area_synth_result *r, char *err, size_t errlen)
{
	char stat_file[1024], tmp[1100], log[1100], script[4096], flow[256];
	size_t len;

	if (access(rtl_file, R_OK)) {
		snprintf(err, errlen, "%s: %s", rtl_file, strerror(errno));
		return -1;
	}
	if (pkg_file && access(pkg_file, R_OK)) {
		snprintf(err, errlen, "%s: %s", pkg_file, strerror(errno));
		return -1;
	}
	stat_path(stat_file, sizeof(stat_file), cache_dir, top, params, np);
	if (!fresh(stat_file, rtl_file) || (pkg_file && !fresh(stat_file, pkg_file))) {
		/*
		 * Written under a name of this process's own and renamed: a failed
		 * run leaves no stale result, and concurrent runs do not mix.
		 */
		snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", stat_file, (long)getpid());
		snprintf(log, sizeof(log), "%s.%ld.log", stat_file, (long)getpid());
		snprintf(flow, sizeof(flow), AREA_YOSYS_FLOW, top);
		len = (size_t)snprintf(script, sizeof(script),
				       "read_verilog -sv %s %s; hierarchy -top %s",
				       pkg_file ? pkg_file : "", rtl_file, top);
		for (int i = 0; i < np && len < sizeof(script); i++)
			len += (size_t)snprintf(script + len, sizeof(script) - len,
						" -chparam %s %ld", params[i].name,
						params[i].value);
		if (len < sizeof(script))
			snprintf(script + len, sizeof(script) - len, "; %s; tee -q -o %s stat",
				 flow, tmp);
		if (run_yosys(script, log, err, errlen))
			return -1;
		if (rename(tmp, stat_file)) {
			snprintf(err, errlen, "%s: %s", stat_file, strerror(errno));
			return -1;
		}
	}
	return parse_stat(stat_file, r, err, errlen);
}
