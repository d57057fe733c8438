// SPDX-License-Identifier: MIT
/* sort [-r] [-n] [-u] [FILE...] - sorts lines. */
#include "ulib.h"

static int reverse, numeric, unique;
static char **lines;
static int nlines, cap;

static int cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	int r;

	if (numeric) {
		long p = strtol(x, NULL, 10), q = strtol(y, NULL, 10);

		r = p < q ? -1 : p > q;
		if (!r)
			r = strcmp(x, y);
	} else {
		r = strcmp(x, y);
	}
	return reverse ? -r : r;
}

static void slurp(int fd)
{
	static struct rbuf rb;
	static char line[1024];
	int len;

	rbuf_init(&rb, fd);
	while ((len = rbuf_getline(&rb, line, sizeof(line))) >= 0) {
		if (nlines == cap) {
			cap = cap ? cap * 2 : 64;
			lines = realloc(lines, cap * sizeof(*lines));
			if (!lines)
				die("sort: out of memory");
		}
		if (!(lines[nlines++] = strdup(line)))
			die("sort: out of memory");
	}
}

int main(int argc, char **argv)
{
	int i = 1;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		for (const char *f = argv[i] + 1; *f; f++) {
			if (*f == 'r')
				reverse = 1;
			else if (*f == 'n')
				numeric = 1;
			else if (*f == 'u')
				unique = 1;
		}
	}
	if (i == argc)
		slurp(STDIN);
	for (; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);

		if (fd < 0)
			die("sort: %s: %s", argv[i], strerror(fd));
		slurp(fd);
		close(fd);
	}
	qsort(lines, nlines, sizeof(*lines), cmp);
	for (int k = 0; k < nlines; k++)
		if (!unique || k == 0 || strcmp(lines[k], lines[k - 1]))
			printf("%s\n", lines[k]);
	return 0;
}
