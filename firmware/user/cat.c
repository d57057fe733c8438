// SPDX-License-Identifier: MIT
/* cat [FILE...] - copies files (or stdin) to stdout. */
#include "ulib.h"

static int copy(int fd, const char *name)
{
	static char buf[1024];
	int n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (writeall(STDOUT, buf, n) < 0)
			return 1;
	if (n < 0) {
		fprintf(STDERR, "cat: %s: %s\n", name, strerror(n));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2)
		return copy(STDIN, "stdin");
	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);

		if (fd < 0) {
			fprintf(STDERR, "cat: %s: %s\n", argv[i], strerror(fd));
			rc = 1;
			continue;
		}
		rc |= copy(fd, argv[i]);
		close(fd);
	}
	return rc;
}
