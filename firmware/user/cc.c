// SPDX-License-Identifier: MIT
/*
 * cc - a compiler stand-in for the make workload: real file traffic, a
 * little computation, deterministic output.
 *
 *   cc -c -o OBJ SRC	"compiles": tokenizes SRC and every file it names in
 *			`#include "FILE"` lines (relative to SRC's directory),
 *			and writes an object: a header, the identifiers
 *			upper-cased with their counts, and a hash.
 *   cc -o OUT FILE...	"links": concatenates the files' first lines and
 *			writes a summary with a CRC of all their bytes.
 */
#include "ulib.h"

#define MAXSYMS	256	/* distinct identifiers in one compilation */

struct sym {
	char name[32];
	int count;
};

static struct sym syms[MAXSYMS];
static int nsyms;
static unsigned ntokens, nnumbers, numsum, nlines;
static uint32_t hash = 2166136261u;

static void addsym(const char *s, int n)
{
	char up[32];

	if (n > 31)
		n = 31;
	for (int i = 0; i < n; i++)
		up[i] = toupper(s[i]);
	up[n] = 0;
	hash = fnv1a(hash, up, n);
	for (int i = 0; i < nsyms; i++) {
		if (!strcmp(syms[i].name, up)) {
			syms[i].count++;
			return;
		}
	}
	if (nsyms < MAXSYMS) {
		strcpy(syms[nsyms].name, up);
		syms[nsyms++].count = 1;
	}
}

static int slurp(const char *path, char **out)
{
	struct stat st;
	int fd = open(path, O_RDONLY), n, got = 0;
	char *buf;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0) {
		close(fd);
		return -EIO;
	}
	buf = malloc(st.size + 1);
	if (!buf)
		die("cc: out of memory");
	while (got < (int)st.size && (n = read(fd, buf + got, st.size - got)) > 0)
		got += n;
	close(fd);
	buf[got] = 0;
	*out = buf;
	return got;
}

static void compile(const char *path, int depth)
{
	char *src, *p;
	int n = slurp(path, &src);

	if (n < 0)
		die("cc: %s: %s", path, strerror(n));
	for (p = src; *p;) {
		if (*p == '\n') {
			nlines++;
			p++;
		} else if (*p == '#' && !strncmp(p, "#include \"", 10) && depth < 4) {
			char inc[MAXPATH], *q = p + 10, *e = strchr(q, '"');
			const char *slash = strrchr(path, '/');
			int dl = slash ? slash - path + 1 : 0;

			if (!e || dl + (e - q) >= MAXPATH - 1)
				die("cc: %s: bad #include", path);
			memcpy(inc, path, dl);
			memcpy(inc + dl, q, e - q);
			inc[dl + (e - q)] = 0;
			compile(inc, depth + 1);
			p = e + 1;
		} else if (isalpha(*p) || *p == '_') {
			char *s = p;

			while (isalnum(*p) || *p == '_')
				p++;
			addsym(s, p - s);
			ntokens++;
		} else if (isdigit(*p)) {
			unsigned v = 0;

			while (isdigit(*p))
				v = v * 10 + (*p++ - '0');
			nnumbers++;
			numsum += v * 3;
			hash = (hash ^ v) * 16777619u;
			ntokens++;
		} else {
			if (!isspace(*p)) {
				ntokens++;
				hash = (hash ^ (unsigned char)*p) * 16777619u;
			}
			p++;
		}
	}
	free(src);
}

static int bycount(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->count != y->count)
		return y->count - x->count;
	return strcmp(x->name, y->name);
}

static int do_compile(const char *out, const char *src)
{
	char line[80];
	int fd, r;

	compile(src, 0);
	qsort(syms, nsyms, sizeof(syms[0]), bycount);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC);
	if (fd < 0)
		die("cc: %s: %s", out, strerror(fd));
	r = fprintf(fd, "OBJ %s %08x lines %u tokens %u numbers %u/%u\n", src, (unsigned)hash,
		    nlines, ntokens, nnumbers, numsum);
	for (int i = 0; i < nsyms && r > 0; i++) {
		snprintf(line, sizeof(line), "  %-24s %4d\n", syms[i].name, syms[i].count);
		r = writeall(fd, line, strlen(line));
	}
	close(fd);
	return r < 0;
}

static int do_link(const char *out, char **files, int n)
{
	uint32_t crc = 0;
	unsigned total = 0;
	int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC);

	if (fd < 0)
		die("cc: %s: %s", out, strerror(fd));
	for (int i = 0; i < n; i++) {
		char *buf, *nl;
		int len = slurp(files[i], &buf);

		if (len < 0)
			die("cc: %s: %s", files[i], strerror(len));
		crc = crc32_update(crc, buf, len);
		total += len;
		nl = strchr(buf, '\n');
		if (nl)
			*nl = 0;
		fprintf(fd, "%s\n", buf);
		free(buf);
	}
	fprintf(fd, "LINK %s %d inputs %u bytes crc %08x\n", out, n, total, (unsigned)crc);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "-c") && !strcmp(argv[2], "-o"))
		return do_compile(argv[3], argv[4]);
	if (argc >= 4 && !strcmp(argv[1], "-o"))
		return do_link(argv[2], argv + 3, argc - 3);
	die("usage: cc -c -o OBJ SRC | cc -o OUT FILE...");
}
