// SPDX-License-Identifier: MIT
/* cp SRC DST, cp SRC... DIR - copies files. */
#include "ulib.h"

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static int copy(const char *src, const char *dst)
{
	static char buf[2048];
	char path[MAXPATH];
	struct stat st;
	int in, out, n, rc = 0;

	if (stat(dst, &st) == 0 && st.type == T_DIR) {
		snprintf(path, sizeof(path), "%s/%s", dst, base(src));
		dst = path;
	}
	in = open(src, O_RDONLY);
	if (in < 0) {
		fprintf(STDERR, "cp: %s: %s\n", src, strerror(in));
		return 1;
	}
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC);
	if (out < 0) {
		fprintf(STDERR, "cp: %s: %s\n", dst, strerror(out));
		close(in);
		return 1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (writeall(out, buf, n) < 0) {
			fprintf(STDERR, "cp: %s: write failed\n", dst);
			rc = 1;
			break;
		}
	}
	if (n < 0) {
		fprintf(STDERR, "cp: %s: %s\n", src, strerror(n));
		rc = 1;
	}
	close(in);
	close(out);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 3)
		die("usage: cp SRC DST | cp SRC... DIR");
	for (int i = 1; i < argc - 1; i++)
		rc |= copy(argv[i], argv[argc - 1]);
	return rc;
}
