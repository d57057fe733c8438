// SPDX-License-Identifier: MIT
/*
 * sum [FILE...] - CRC-32 and byte count of each file (or stdin); with more
 * than one file, a last line "CRC SIZE total" over all bytes in order.
 */
#include "ulib.h"

static uint32_t tcrc;
static unsigned tsize;

static int sum(int fd, const char *name)
{
	static char buf[2048];
	uint32_t crc = 0;
	unsigned size = 0;
	int n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		crc = crc32_update(crc, buf, n);
		tcrc = crc32_update(tcrc, buf, n);
		size += n;
	}
	if (n < 0) {
		fprintf(STDERR, "sum: %s: %s\n", name, strerror(n));
		return 1;
	}
	printf("%08x %u%s%s\n", (unsigned)crc, size, *name ? " " : "", name);
	tsize += size;
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2)
		return sum(STDIN, "");
	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);

		if (fd < 0) {
			fprintf(STDERR, "sum: %s: %s\n", argv[i], strerror(fd));
			rc = 1;
			continue;
		}
		rc |= sum(fd, argv[i]);
		close(fd);
	}
	if (argc > 2)
		printf("%08x %u total\n", (unsigned)tcrc, tsize);
	return rc;
}
