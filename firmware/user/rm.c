// SPDX-License-Identifier: MIT
/* rm [-r] [-f] PATH... - removes files; -r removes directory trees; -f ignores missing ones. */
#include "ulib.h"

static int recursive, force;

static int rmtree(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	int r;

	if (fd < 0)
		return fd;
	r = fstat(fd, &st);
	if (r == 0 && st.type == T_DIR && recursive) {
		struct dirent de;
		char sub[MAXPATH];

		/* unlink clears entries in place, so reading on past them is safe */
		while (read(fd, &de, sizeof(de)) == sizeof(de)) {
			if (!de.inum || !strcmp(de.name, ".") || !strcmp(de.name, ".."))
				continue;
			snprintf(sub, sizeof(sub), "%s/%.*s", path, DIRSIZ, de.name);
			r = rmtree(sub);
			if (r < 0) {
				fprintf(STDERR, "rm: %s: %s\n", sub, strerror(r));
				close(fd);
				return r;
			}
		}
	}
	close(fd);
	return unlink(path);
}

int main(int argc, char **argv)
{
	int rc = 0, i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		for (const char *f = argv[i] + 1; *f; f++) {
			if (*f == 'r')
				recursive = 1;
			else if (*f == 'f')
				force = 1;
		}
	}
	for (; i < argc; i++) {
		int r = rmtree(argv[i]);

		if (r < 0 && !(force && r == -ENOENT)) {
			fprintf(STDERR, "rm: %s: %s\n", argv[i], strerror(r));
			rc = 1;
		}
	}
	return rc;
}
