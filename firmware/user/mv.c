// SPDX-License-Identifier: MIT
/* mv SRC DST, mv SRC... DIR - renames files and directories. */
#include "ulib.h"

int main(int argc, char **argv)
{
	struct stat st;
	int rc = 0, todir;

	if (argc < 3)
		die("usage: mv SRC DST | mv SRC... DIR");
	todir = stat(argv[argc - 1], &st) == 0 && st.type == T_DIR;
	for (int i = 1; i < argc - 1; i++) {
		char path[MAXPATH];
		const char *dst = argv[argc - 1];

		if (todir) {
			const char *b = strrchr(argv[i], '/');

			snprintf(path, sizeof(path), "%s/%s", dst, b ? b + 1 : argv[i]);
			dst = path;
		}
		int r = rename(argv[i], dst);

		if (r < 0) {
			fprintf(STDERR, "mv: %s -> %s: %s\n", argv[i], dst, strerror(r));
			rc = 1;
		}
	}
	return rc;
}
