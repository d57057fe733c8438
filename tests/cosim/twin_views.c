// SPDX-License-Identifier: MIT
/*
 * The GTKWave views of the registered twins (waves/UNIT.gtkw), from their
 * port tables (sim/cosim/twin.h):
 *
 *   twin_views check WAVES_DIR   every registered unit has WAVES_DIR/UNIT.gtkw,
 *                                and each signal it shows is one the checker
 *                                and --waves write (a port renamed or removed
 *                                leaves no view pointing at nothing)
 *   twin_views write UNIT        a view of every port of UNIT (arrays: their
 *                                first four elements) on stdout, for a new twin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "twin.h"

#define SHOWN 4	/* array elements a written view shows */

/* "cand_line[2][31:0]" for element @i of @d (no index for a scalar, no range for a bit). */
static void signal_name(const struct port_desc *d, unsigned i, char *buf, size_t len)
{
	int n = d->count > 1 ? snprintf(buf, len, "%s[%u]", d->name, i)
			     : snprintf(buf, len, "%s", d->name);

	if (d->bits > 1)
		snprintf(buf + n, len - (size_t)n, "[%u:0]", d->bits - 1u);
}

/* Is @sig (after "UNIT.") a signal of @t: an input, mismatch, or c./rtl. an output? */
static int known(const struct twin *t, const char *sig)
{
	const struct port_unit *u = &t->ports;
	const struct port_desc *p = u->in;
	int n = u->nin;
	char name[96];

	if (!strcmp(sig, "mismatch"))
		return 1;
	if (!strncmp(sig, "c.", 2) || !strncmp(sig, "rtl.", 4)) {
		sig = strchr(sig, '.') + 1;
		p = u->out;
		n = u->nout;
	}
	for (int k = 0; k < n; k++)
		for (unsigned i = 0; i < p[k].count; i++) {
			signal_name(&p[k], i, name, sizeof(name));
			if (!strcmp(sig, name))
				return 1;
		}
	return 0;
}

static int check(const char *dir)
{
	const struct twin *t;
	int bad = 0;

	for (int i = 0; (t = twin_at(i)); i++) {
		char path[512], line[256];
		size_t len = strlen(t->name);
		int shown = 0, unknown = 0;
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s.gtkw", dir, t->name);
		f = fopen(path, "r");
		if (!f) {
			printf("FAIL %s: no view %s (twin_views write %s > %s makes one)\n",
			       t->name, path, t->name, path);
			bad++;
			continue;
		}
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = 0;
			if (strncmp(line, t->name, len) || line[len] != '.' || !line[len + 1])
				continue;	/* not a signal line ([treeopen] ends in '.') */
			shown++;
			if (!known(t, line + len + 1)) {
				printf("FAIL %s: %s shows %s, which no port of %s gives\n", t->name,
				       path, line, t->name);
				unknown++;
			}
		}
		fclose(f);
		bad += unknown;
		if (!shown) {
			printf("FAIL %s: %s shows no signal\n", t->name, path);
			bad++;
		} else if (!unknown) {
			printf("ok   %s: %s shows %d signals, all written\n", t->name, path, shown);
		}
	}
	return bad ? 1 : 0;
}

static void group(const struct twin *t, const char *scope, const char *title,
		  const struct port_desc *p, int n)
{
	char name[96];

	printf("@800200\n-%s\n", title);
	for (int k = 0; k < n; k++)
		for (unsigned i = 0; i < p[k].count && i < SHOWN; i++) {
			signal_name(&p[k], i, name, sizeof(name));
			printf("@%s\n%s.%s%s\n", p[k].bits > 1 ? "22" : "28", t->name, scope, name);
		}
	printf("@1000200\n-%s\n", title);
}

static void write_view(const struct twin *t)
{
	printf("[*]\n[*] GTKWave save file: the ports of %s as the co-simulation writes them\n"
	       "[*] (sim/cosim/twin.h): the inputs, the C model's outputs (scope %s.c),\n"
	       "[*] then the RTL's (scope %s.rtl); %s.mismatch is high in a cycle where\n"
	       "[*] they differ. A cycle is 1 ns (times in ns are cycle numbers).\n[*]\n"
	       "[*] Open a waveform with it (from the repository root):\n"
	       "[*]   gtkwave waves/%s-mismatch-CYCLE.fst waves/%s.gtkw\n[*]\n"
	       "[timestart] 0\n[size] 1400 760\n[pos] -1 -1\n[treeopen] %s.\n"
	       "[sst_width] 220\n[signals_width] 260\n[sst_expanded] 1\n"
	       "[sst_vpaned_height] 220\n@28\n%s.mismatch\n", t->name, t->name, t->name,
	       t->name, t->name, t->name, t->name, t->name);
	group(t, "", "inputs", t->ports.in, t->ports.nin);
	group(t, "c.", "c (C model)", t->ports.out, t->ports.nout);
	group(t, "rtl.", "rtl (RTL)", t->ports.out, t->ports.nout);
}

int main(int argc, char **argv)
{
	const struct twin *t;
	char names[256];

	if (argc == 3 && !strcmp(argv[1], "check"))
		return check(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "write")) {
		t = twin_find(argv[2], strlen(argv[2]));
		if (t) {
			write_view(t);
			return 0;
		}
		twin_names(names, sizeof(names));
		fprintf(stderr, "twin_views: no registered twin '%s' (units: %s)\n", argv[2], names);
		return 2;
	}
	fprintf(stderr, "usage: twin_views check WAVES_DIR | twin_views write UNIT\n");
	return 2;
}
