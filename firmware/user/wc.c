// SPDX-License-Identifier: MIT
/* wc [FILE...] - counts lines, words and bytes. */
#include "ulib.h"

static unsigned tl, tw, tc;

static int count(int fd, const char *name)
{
	static char buf[1024];
	unsigned l = 0, w = 0, c = 0;
	int n, inword = 0;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (int i = 0; i < n; i++) {
			if (buf[i] == '\n')
				l++;
			if (isspace(buf[i])) {
				inword = 0;
			} else if (!inword) {
				inword = 1;
				w++;
			}
		}
		c += n;
	}
	if (n < 0) {
		fprintf(STDERR, "wc: %s: %s\n", name, strerror(n));
		return 1;
	}
	printf("%u %u %u%s%s\n", l, w, c, *name ? " " : "", name);
	tl += l;
	tw += w;
	tc += c;
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2)
		return count(STDIN, "");
	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);

		if (fd < 0) {
			fprintf(STDERR, "wc: %s: %s\n", argv[i], strerror(fd));
			rc = 1;
			continue;
		}
		rc |= count(fd, argv[i]);
		close(fd);
	}
	if (argc > 2)
		printf("%u %u %u total\n", tl, tw, tc);
	return rc;
}
