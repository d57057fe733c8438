// SPDX-License-Identifier: MIT
/*
 * layout: reorders the basic blocks of a program's compiler-generated
 * assembly from osprey's basic-block profiles (--bb-profile). The kernel's
 * build runs it twice: with --scheme orig, to add block labels and the
 * block map the profile is mapped through, and then with a real scheme.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <getopt.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm.h"
#include "cfg.h"
#include "emit.h"

#define EXIT_USAGE 2
#define MAX_PROFILES 16
#define MAX_ENTRIES 64

static void usage(FILE *f)
{
	fprintf(f,
		"usage: layout --scheme SCHEME --out-dir DIR [options] FILE.s...\n"
		"       layout --sort-guard FILE\n"
		"\n"
		"Reorders the basic blocks of the compiler's assembly (gcc -S) from osprey\n"
		"basic-block profiles, and writes DIR/NAME.s for every FILE.s, the linker\n"
		"script fragment DIR/kernel-layout.ld and a report DIR/layout-report.txt.\n"
		"\n"
		"schemes:\n"
		"  orig   the compiler's order; adds block labels and the .osprey.bbmap block\n"
		"         map: build and profile this one (no profile needed)\n"
		"  ph     Pettis-Hansen: procedures ordered by call-graph weight (closest is\n"
		"         best), blocks chained by edge weight, blocks that never ran split off\n"
		"  seq    OS sequences: from the entry points, blocks along the most frequent\n"
		"         successors, into callees and back, while the thresholds hold; then\n"
		"         again with lower thresholds; guard marks where sequences end\n"
		"  scf    seq, with the hottest sequences in a self-conflict-free region\n"
		"\n"
		"options:\n"
		"  --profile FILE     an osprey --bb-profile file (repeat to add several)\n"
		"  --elf FILE         the ELF the profiles ran on: built from the orig output\n"
		"                     of the same FILE.s list (its .osprey.bbmap maps them)\n"
		"  --passes LIST      sequence passes, E:B,... (default 0.01:0.4,0.001:0.1,0:0):\n"
		"                     a block joins when it ran at least E times the hottest\n"
		"                     block's count, and its edge was taken with probability B\n"
		"  --entry NAME       a function that starts sequences first (repeatable); the\n"
		"                     functions entered from outside the laid-out code (trap\n"
		"                     and system-call stubs in assembly) are entry points anyway\n"
		"  --cache-size N     scf: the instruction cache's bytes (default 16384, the\n"
		"                     default preset's L1I)\n"
		"  --region N         scf: bytes of the self-conflict-free region (default a\n"
		"                     quarter of the cache: room for the hottest sequences while\n"
		"                     the rest of the popular code keeps three quarters)\n"
		"  --fill F           scf: fraction of each slot filled (default 0.95: sizes are\n"
		"                     estimates; the linker script keeps the offsets exact)\n"
		"  --pin FILE.o       code placed first in the laid-out code, ahead of the\n"
		"                     region (its section .osp.text.0000.): its bytes are\n"
		"                     taken from the region's room (repeatable)\n"
		"  --sort-guard FILE  sorts the 32-bit words of FILE (a dumped .osprey.guard)\n"
		"  -h, --help         this text\n"
		"\n"
		"exit status: 0, 1 on an error in the inputs, 2 on a usage error\n");
}

static int die(int status, const char *fmt, ...)
{
	va_list ap;

	fputs("layout: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return status;
}

/* ---- the profiled ELF's block map ------------------------------------------ */

struct bbmap {
	uint32_t *addr;		/* per global block */
};

/*
 * A copy of section @name of ELF file @path in @buf (malloc'd, @size bytes).
 * 0; 1 with a message (@what says which option named the file).
 */
static int read_section(const char *path, const char *name, const char *what,
			unsigned char **buf, size_t *size)
{
	int fd = open(path, O_RDONLY), rc = 1;
	Elf *e;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (fd < 0)
		return die(1, "%s %s: %s", what, path, strerror(errno));
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getshdrstrndx(e, &shstrndx)) {
		die(1, "%s %s: not an ELF file", what, path);
		goto out;
	}
	while (rc && (scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || strcmp(elf_strptr(e, shstrndx, sh.sh_name) ?: "", name))
			continue;
		d = elf_getdata(scn, NULL);
		*size = d && d->d_buf ? d->d_size : 0;
		*buf = malloc(*size + 1);
		if (!*buf) {
			die(1, "out of memory");
			goto out;
		}
		if (*size)
			memcpy(*buf, d->d_buf, *size);
		rc = 0;
	}
	if (rc && scn == NULL)
		die(1, "%s %s: no section %s", what, path, name);
out:
	if (e)
		elf_end(e);
	close(fd);
	return rc;
}

static int read_bbmap(const char *path, const struct program *p, struct bbmap *m)
{
	unsigned char *b;
	size_t size;
	int found = 0;

	if (read_section(path, ".osprey.bbmap", "--elf", &b, &size))
		return 1;
	m->addr = calloc((size_t)p->g.nb + 1, sizeof(*m->addr));
	if (!m->addr) {
		free(b);
		return die(1, "out of memory");
	}
	if (size % 8) {
		free(b);
		return die(1, "--elf %s: .osprey.bbmap is not pairs of 32-bit words", path);
	}
	for (size_t i = 0; i < size; i += 8) {
		uint32_t id = b[i] | b[i + 1] << 8 | b[i + 2] << 16 | (uint32_t)b[i + 3] << 24;
		uint32_t a = b[i + 4] | b[i + 5] << 8 | b[i + 6] << 16 | (uint32_t)b[i + 7] << 24;
		int fi = (int)(id >> 16), j = (int)(id & 0xffff);

		if (fi >= p->nfiles || j >= p->file[fi].nb) {
			free(b);
			return die(1, "--elf %s: block map entry %u names no block of these "
				      "assembly files: the ELF was built from other files", path, id);
		}
		m->addr[p->base[fi] + j] = a;
		found++;
	}
	free(b);
	if (found != p->g.nb)
		return die(1, "--elf %s: its block map has %d blocks, the assembly files %d: it "
			      "was not built from these files with --scheme orig", path, found, p->g.nb);
	return 0;
}

/* The bytes of an object's pinned section (.osp.text.0000.: renamed with objcopy). */
static int pinned_bytes(const char *path, uint32_t *bytes)
{
	unsigned char *b;
	size_t size;

	if (read_section(path, ".osp.text.0000.", "--pin", &b, &size))
		return 1;
	free(b);
	*bytes = (uint32_t)size;
	return 0;
}

/* ---- profiles onto blocks --------------------------------------------------- */

struct addr_index {
	uint32_t addr;
	int block;
};

static int addr_cmp(const void *a, const void *b)
{
	const struct addr_index *x = a, *y = b;

	return (x->addr > y->addr) - (x->addr < y->addr);
}

/* The block holding @a, or -1 (code outside the laid-out files). */
static int block_of(const struct addr_index *ix, int n, const struct program *p, uint32_t a)
{
	int lo = 0, hi = n - 1, k = -1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (ix[mid].addr <= a) {
			k = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (k < 0 || a - ix[k].addr >= p->g.b[ix[k].block].size)
		return -1;
	return ix[k].block;
}

static int add_edge(struct cfg *g, int *cap, int from, int to, enum edge_kind k, uint64_t w)
{
	if (g->ne == *cap) {
		struct edge *t;

		*cap = *cap ? *cap * 2 : 1024;
		t = realloc(g->e, (size_t)*cap * sizeof(*t));
		if (!t)
			return -1;
		g->e = t;
	}
	g->e[g->ne++] = (struct edge){ from, to, k, w };
	return 0;
}

/* Sums duplicate edges (several profiled blocks can fall inside one of ours). */
static int edge_key_cmp(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from - y->from;
	if (x->to != y->to)
		return x->to - y->to;
	return (int)x->kind - (int)y->kind;
}

static void merge_edges(struct cfg *g)
{
	int n = 0;

	qsort(g->e, (size_t)g->ne, sizeof(*g->e), edge_key_cmp);
	for (int i = 0; i < g->ne; i++) {
		if (n && !edge_key_cmp(&g->e[n - 1], &g->e[i]))
			g->e[n - 1].weight += g->e[i].weight;
		else
			g->e[n++] = g->e[i];
	}
	g->ne = n;
}

struct entry_weight {
	int block;
	uint64_t w;
};

static int read_profile(const char *path, struct program *p, const uint32_t *addr,
			const struct addr_index *ix, int nix, int *ecap,
			struct entry_weight *entries, int *nentries)
{
	FILE *f = fopen(path, "r");
	char line[512], kind[16];
	unsigned long long c[3];
	unsigned from, to;
	int lineno = 0, blocks = 0;

	if (!f)
		return die(1, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (line[0] == '#' || !strncmp(line, "code ", 5) || !strncmp(line, "insns ", 6) ||
		    !strncmp(line, "outside ", 8) || line[0] == '\n')
			continue;
		if (sscanf(line, "block %x %x %llu %llu %llu", &from, &to, &c[0], &c[1], &c[2]) == 5) {
			int b = block_of(ix, nix, p, from);

			if (b >= 0 && addr[b] == from) {
				p->g.b[b].count += c[0] + c[1] + c[2];
				blocks++;
			}
			continue;
		}
		if (sscanf(line, "edge %x %x %15s %llu %llu %llu", &from, &to, kind, &c[0], &c[1],
			   &c[2]) != 6) {
			fclose(f);
			return die(1, "%s:%d: not a line of an osprey basic-block profile", path,
				   lineno);
		}
		uint64_t w = c[0] + c[1] + c[2];
		int a = block_of(ix, nix, p, from), b = block_of(ix, nix, p, to);
		int entry = b >= 0 && addr[b] == to;
		int fb = entry && b == p->g.f[p->g.b[b].func].first;

		if (!entry || !w)
			continue;	/* into the middle of a block: a return, or a trap's */
		if (a < 0) {
			/* From outside the laid-out code into a function: an entry point. */
			if (fb && strcmp(kind, "fall")) {
				int k;

				for (k = 0; k < *nentries && entries[k].block != b; k++)
					;
				if (k == *nentries && k < MAX_ENTRIES)
					entries[(*nentries)++] = (struct entry_weight){ b, 0 };
				if (k < MAX_ENTRIES)
					entries[k].w += w;
			}
			continue;
		}
		if (!strcmp(kind, "call") || (fb && p->g.b[a].func != p->g.b[b].func &&
					      (!strcmp(kind, "jump") || !strcmp(kind, "taken")))) {
			if (fb && add_edge(&p->g, ecap, a, b, EK_CALL, w))
				goto oom;
		} else if ((!strcmp(kind, "fall") || !strcmp(kind, "taken") ||
			    !strcmp(kind, "jump")) && a != b &&
			   p->g.b[a].func == p->g.b[b].func) {
			if (add_edge(&p->g, ecap, a, b, EK_FLOW, w))
				goto oom;
		}
	}
	fclose(f);
	if (!blocks)
		return die(1, "%s: no block of the laid-out code ran in this profile (taken on "
			      "another ELF than --elf?)", path);
	return 0;
oom:
	fclose(f);
	return die(1, "out of memory");
}

/* ---- building the program ----------------------------------------------------- */

static int read_program(struct program *p, char **paths, int n)
{
	char err[512];
	int total = 0, fbase = 0;

	p->file = calloc((size_t)n, sizeof(*p->file));
	p->base = calloc((size_t)n + 1, sizeof(int));
	if (!p->file || !p->base)
		return die(1, "out of memory");
	p->nfiles = n;
	for (int i = 0; i < n; i++) {
		if (asm_read(&p->file[i], paths[i], err, sizeof(err)))
			return die(1, "%s", err);
		if (p->file[i].nb > 0xffff)
			return die(1, "%s: more than 65535 blocks", paths[i]);
		p->base[i] = total;
		total += p->file[i].nb;
	}
	p->g.nb = total;
	p->g.b = calloc((size_t)total + 1, sizeof(*p->g.b));
	for (int i = 0; i < n; i++)
		p->g.nf += p->file[i].nf;
	p->g.f = calloc((size_t)p->g.nf + 1, sizeof(*p->g.f));
	p->pos = malloc(((size_t)total + 1) * sizeof(int));
	if (!p->g.b || !p->g.f || !p->pos)
		return die(1, "out of memory");
	for (int i = 0; i < n; i++) {
		const struct asm_file *a = &p->file[i];

		for (int k = 0; k < a->nf; k++)
			p->g.f[fbase + k] = (struct func){ a->f[k].name,
							   p->base[i] + a->f[k].first_block,
							   a->f[k].nblocks };
		for (int j = 0; j < a->nb; j++) {
			struct block *b = &p->g.b[p->base[i] + j];
			const struct asm_block *ab = &a->b[j];
			const struct asm_func *af = &a->f[ab->func];

			b->func = fbase + ab->func;
			b->size = ab->est_size;
			b->fall = ab->term != TERM_JUMP && j + 1 < af->first_block + af->nblocks
					  ? p->base[i] + j + 1
					  : -1;
		}
		fbase += a->nf;
	}
	return 0;
}

/* Measured sizes: the distance to the next block of the function, when it is sane. */
static void measure_sizes(struct program *p, const uint32_t *addr)
{
	for (int g = 0; g + 1 < p->g.nb; g++) {
		struct block *b = &p->g.b[g];
		uint32_t d = addr[g + 1] - addr[g];

		if (p->g.b[g + 1].func == b->func && d && d <= b->size)
			b->size = d;
	}
}

static int parse_passes(const char *s, struct layout_opts *o)
{
	o->passes = 0;
	while (*s) {
		char *end;
		double e = strtod(s, &end), b;

		if (end == s || *end != ':' || o->passes == 8)
			return -1;
		s = end + 1;
		b = strtod(s, &end);
		if (end == s || (*end && *end != ',') || e < 0 || e > 1 || b < 0 || b > 1)
			return -1;
		o->exec_thresh[o->passes] = e;
		o->branch_thresh[o->passes++] = b;
		s = *end ? end + 1 : end;
	}
	return o->passes ? 0 : -1;
}

static int parse_bytes(const char *s, uint32_t *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || end == s || *end || x == 0 || x > (1u << 30))
		return -1;
	*v = (uint32_t)x;
	return 0;
}

static int sort_guard(const char *path)
{
	FILE *f = fopen(path, "r+b");
	long n;
	uint32_t *w;

	if (!f)
		return die(1, "%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	if (n < 0 || n % 4) {
		fclose(f);
		return die(1, "%s: not a whole number of 32-bit words", path);
	}
	w = malloc((size_t)n + 4);
	rewind(f);
	if (!w || fread(w, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(w);
		return die(1, "%s: cannot read it", path);
	}
	for (long i = 1; i < n / 4; i++)	/* little-endian host, as osprey requires */
		for (long j = i; j > 0 && w[j] < w[j - 1]; j--) {
			uint32_t t = w[j];

			w[j] = w[j - 1];
			w[j - 1] = t;
		}
	rewind(f);
	if (fwrite(w, 1, (size_t)n, f) != (size_t)n || fclose(f))
		return die(1, "%s: cannot write it", path);
	free(w);
	return 0;
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	return fopen(path, "w");
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

enum { OPT_SCHEME = 256, OPT_PROFILE, OPT_ELF, OPT_OUT, OPT_PASSES, OPT_ENTRY, OPT_CACHE,
       OPT_REGION, OPT_FILL, OPT_SORT_GUARD, OPT_PIN };

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "scheme", required_argument, NULL, OPT_SCHEME },
		{ "profile", required_argument, NULL, OPT_PROFILE },
		{ "elf", required_argument, NULL, OPT_ELF },
		{ "out-dir", required_argument, NULL, OPT_OUT },
		{ "passes", required_argument, NULL, OPT_PASSES },
		{ "entry", required_argument, NULL, OPT_ENTRY },
		{ "cache-size", required_argument, NULL, OPT_CACHE },
		{ "region", required_argument, NULL, OPT_REGION },
		{ "fill", required_argument, NULL, OPT_FILL },
		{ "sort-guard", required_argument, NULL, OPT_SORT_GUARD },
		{ "pin", required_argument, NULL, OPT_PIN },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	struct layout_opts lo = { .cache_size = 16384, .fill = 0.95 };
	const char *scheme = NULL, *elf = NULL, *out_dir = NULL, *profiles[MAX_PROFILES];
	const char *entry_names[MAX_ENTRIES];
	int nprof = 0, nentry_names = 0, region_set = 0, c;
	struct program p = { 0 };
	struct layout l = { 0 };
	struct bbmap map = { 0 };
	char path[4096];
	FILE *f;

	parse_passes("0.01:0.4,0.001:0.1,0:0", &lo);
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case OPT_SCHEME: scheme = optarg; break;
		case OPT_PROFILE:
			if (nprof == MAX_PROFILES)
				return die(EXIT_USAGE, "at most %d --profile files", MAX_PROFILES);
			profiles[nprof++] = optarg;
			break;
		case OPT_ELF: elf = optarg; break;
		case OPT_OUT: out_dir = optarg; break;
		case OPT_PASSES:
			if (parse_passes(optarg, &lo))
				return die(EXIT_USAGE, "--passes %s: want E:B[,E:B...] (at most 8), "
						       "each a fraction between 0 and 1", optarg);
			break;
		case OPT_ENTRY:
			if (nentry_names == MAX_ENTRIES)
				return die(EXIT_USAGE, "at most %d --entry names", MAX_ENTRIES);
			entry_names[nentry_names++] = optarg;
			break;
		case OPT_CACHE:
			if (parse_bytes(optarg, &lo.cache_size) || (lo.cache_size & (lo.cache_size - 1)))
				return die(EXIT_USAGE, "--cache-size %s: want a power of two of "
						       "bytes", optarg);
			break;
		case OPT_REGION:
			if (parse_bytes(optarg, &lo.region_size))
				return die(EXIT_USAGE, "--region %s: want a number of bytes", optarg);
			region_set = 1;
			break;
		case OPT_FILL: {
			char *end;

			lo.fill = strtod(optarg, &end);
			if (end == optarg || *end || lo.fill <= 0 || lo.fill > 1)
				return die(EXIT_USAGE, "--fill %s: want a fraction in (0, 1]", optarg);
			break;
		}
		case OPT_SORT_GUARD: return sort_guard(optarg);
		case OPT_PIN: {
			uint32_t bytes = 0;

			if (pinned_bytes(optarg, &bytes))
				return 1;
			lo.reserve += bytes;
			break;
		}
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (!scheme || !out_dir || optind == argc) {
		usage(stderr);
		return die(EXIT_USAGE, "%s", !scheme ? "no --scheme given" : !out_dir ? "no --out-dir given"
										   : "no assembly files given");
	}
	if (strcmp(scheme, "orig") && strcmp(scheme, "ph") && strcmp(scheme, "seq") &&
	    strcmp(scheme, "scf"))
		return die(EXIT_USAGE, "--scheme %s: want orig, ph, seq or scf", scheme);
	if (!region_set)
		lo.region_size = lo.cache_size / 4;
	if (lo.region_size >= lo.cache_size)
		return die(EXIT_USAGE, "--region %u: must be smaller than --cache-size %u",
			   lo.region_size, lo.cache_size);
	if (strcmp(scheme, "orig") && (!nprof || !elf))
		return die(EXIT_USAGE, "--scheme %s needs --profile FILE and --elf FILE", scheme);
	if (read_program(&p, argv + optind, argc - optind))
		return 1;

	if (!strcmp(scheme, "orig")) {
		for (int i = 0; i < p.nfiles; i++) {
			f = open_out(out_dir, base_name(p.file[i].path), path, sizeof(path));
			if (!f || emit_original(&p, i, f) || fclose(f))
				return die(1, "%s: cannot write it: %s", path, strerror(errno));
		}
		f = open_out(out_dir, "kernel-layout.ld", path, sizeof(path));
		if (!f)
			return die(1, "%s: %s", path, strerror(errno));
		fprintf(f, "/* generated by sim/layout --scheme orig: no laid-out code */\n"
			   "\t__layout_start = .;\n\t__layout_end = .;\n");
		return fclose(f) ? die(1, "%s: cannot write it", path) : 0;
	}

	/* Addresses from the profiled ELF; counts and edges from the profiles. */
	struct addr_index *ix;
	struct entry_weight entries[MAX_ENTRIES];
	int nentries = 0, ecap = 0;

	if (read_bbmap(elf, &p, &map))
		return 1;
	measure_sizes(&p, map.addr);
	ix = malloc(((size_t)p.g.nb + 1) * sizeof(*ix));
	if (!ix)
		return die(1, "out of memory");
	for (int g = 0; g < p.g.nb; g++)
		ix[g] = (struct addr_index){ map.addr[g], g };
	qsort(ix, (size_t)p.g.nb, sizeof(*ix), addr_cmp);
	for (int i = 0; i < nprof; i++)
		if (read_profile(profiles[i], &p, map.addr, ix, p.g.nb, &ecap, entries, &nentries))
			return 1;
	merge_edges(&p.g);
	if (cfg_index(&p.g))
		return die(1, "out of memory");
	/* Entry points: the named ones, then the ones entered from outside, hottest first. */
	p.g.entry = malloc((MAX_ENTRIES * 2 + 1) * sizeof(int));
	if (!p.g.entry)
		return die(1, "out of memory");
	for (int i = 0; i < nentry_names; i++) {
		int k;

		for (k = 0; k < p.g.nf && strcmp(p.g.f[k].name, entry_names[i]); k++)
			;
		if (k == p.g.nf)
			return die(1, "--entry %s: no such function in the assembly", entry_names[i]);
		p.g.entry[p.g.nentry++] = p.g.f[k].first;
	}
	for (int i = 1; i < nentries; i++)
		for (int j = i; j > 0 && entries[j].w > entries[j - 1].w; j--) {
			struct entry_weight t = entries[j];

			entries[j] = entries[j - 1];
			entries[j - 1] = t;
		}
	for (int i = 0; i < nentries; i++)
		p.g.entry[p.g.nentry++] = entries[i].block;

	int rc = !strcmp(scheme, "ph") ? layout_pettis_hansen(&p.g, &l)
				       : layout_sequences(&p.g, &lo, !strcmp(scheme, "scf"), &l);
	if (rc)
		return die(1, "out of memory");
	for (int g = 0; g < p.g.nb; g++)
		p.pos[g] = -1;
	for (int q = 0; q < l.n; q++)
		p.pos[l.order[q]] = q;

	int jumps = 0, inverted = 0, marks = 0;
	FILE *rep = open_out(out_dir, "layout-report.txt", path, sizeof(path));

	if (!rep)
		return die(1, "%s: %s", path, strerror(errno));
	fprintf(rep, "# sim/layout --scheme %s: %d files, %d functions, %d blocks\n", scheme,
		p.nfiles, p.g.nf, p.g.nb);
	for (int i = 0; i < p.nfiles; i++) {
		int j, iv, mk;

		f = open_out(out_dir, base_name(p.file[i].path), path, sizeof(path));
		if (!f || emit_laid_out(&p, &l, i, f, &j, &iv, &mk) || fclose(f))
			return die(1, "%s: cannot write it: %s", path, strerror(errno));
		jumps += j;
		inverted += iv;
		marks += mk;
	}
	f = open_out(out_dir, "kernel-layout.ld", path, sizeof(path));
	if (!f || emit_linker_script(&l, f) || fclose(f))
		return die(1, "%s: cannot write it", path);
	fprintf(rep, "entries:");
	for (int i = 0; i < p.g.nentry; i++)
		fprintf(rep, " %s", p.g.f[p.g.b[p.g.entry[i]].func].name);
	fprintf(rep, "\nsequences %d, region %u + %u pinned of %u bytes, slots %d\n", l.nseq,
		l.region_used, lo.reserve, lo.region_size, l.nslots);
	fprintf(rep, "jumps added %d, branches inverted %d, guard marks %d\n", jumps, inverted,
		marks);
	fprintf(rep, "# position slot block function count size seq_end\n");
	for (int q = 0; q < l.n; q++) {
		int g = l.order[q];

		fprintf(rep, "%d %d %d %s %llu %u%s\n", q, l.slot[q], g, p.g.f[p.g.b[g].func].name,
			(unsigned long long)p.g.b[g].count, p.g.b[g].size,
			l.seq_end[g] ? " end" : "");
	}
	if (fclose(rep))
		return die(1, "cannot write the report");
	return 0;
}
