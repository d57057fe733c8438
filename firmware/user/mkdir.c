// SPDX-License-Identifier: MIT
/* mkdir [-p] DIR... - makes directories; -p makes parents and accepts existing ones. */
#include "ulib.h"

static int mkpath(char *path)
{
	struct stat st;

	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (stat(path, &st) < 0) {
			int r = mkdir(path);

			if (r < 0 && r != -EEXIST) {
				*p = '/';
				return r;
			}
		}
		*p = '/';
	}
	if (stat(path, &st) == 0 && st.type == T_DIR)
		return 0;
	return mkdir(path);
}

int main(int argc, char **argv)
{
	int rc = 0, parents = 0, i = 1;

	if (argc > 1 && !strcmp(argv[1], "-p")) {
		parents = 1;
		i++;
	}
	for (; i < argc; i++) {
		int r = parents ? mkpath(argv[i]) : mkdir(argv[i]);

		if (r < 0) {
			fprintf(STDERR, "mkdir: %s: %s\n", argv[i], strerror(r));
			rc = 1;
		}
	}
	return rc;
}
