// SPDX-License-Identifier: MIT
/*
 * ls [-l] [PATH...] - lists directories sorted by name (dirs get a '/'),
 * or names files. -l adds type, link count, inode and size.
 */
#include "ulib.h"

static int longfmt;

struct ent {
	char name[DIRSIZ + 1];
	struct stat st;
};

static int bynamecmp(const void *a, const void *b)
{
	return strcmp(((const struct ent *)a)->name, ((const struct ent *)b)->name);
}

static void show(const char *name, const struct stat *st)
{
	char t = st->type == T_DIR ? 'd' : st->type == T_DEV ? 'c' : '-';

	if (longfmt)
		printf("%c %2u %5u %7u %s%s\n", t, st->nlink, st->ino, st->size, name,
		       st->type == T_DIR ? "/" : "");
	else
		printf("%s%s\n", name, st->type == T_DIR ? "/" : "");
}

static int list(const char *path)
{
	struct stat st;
	struct dirent de;
	struct ent *ents = NULL;
	int n = 0, cap = 0, rc = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		fprintf(STDERR, "ls: %s: %s\n", path, strerror(fd));
		return 1;
	}
	if (fstat(fd, &st) < 0) {
		fprintf(STDERR, "ls: %s: cannot stat\n", path);
		close(fd);
		return 1;
	}
	if (st.type != T_DIR) {
		show(path, &st);
		close(fd);
		return 0;
	}
	while (read(fd, &de, sizeof(de)) == sizeof(de)) {
		if (!de.inum || !strcmp(de.name, ".") || !strcmp(de.name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			ents = realloc(ents, cap * sizeof(*ents));
			if (!ents)
				die("ls: out of memory");
		}
		memcpy(ents[n].name, de.name, DIRSIZ);
		ents[n].name[DIRSIZ] = 0;
		n++;
	}
	close(fd);
	qsort(ents, n, sizeof(*ents), bynamecmp);
	for (int i = 0; i < n; i++) {
		char sub[MAXPATH];

		snprintf(sub, sizeof(sub), "%s/%s", path, ents[i].name);
		if (stat(sub, &ents[i].st) < 0) {
			fprintf(STDERR, "ls: %s: cannot stat\n", sub);
			rc = 1;
			continue;
		}
		show(ents[i].name, &ents[i].st);
	}
	free(ents);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0, i = 1;

	if (argc > 1 && !strcmp(argv[1], "-l")) {
		longfmt = 1;
		i++;
	}
	if (i == argc)
		return list(".");
	for (; i < argc; i++) {
		if (argc - i > 1 || i > 2)
			printf("%s:\n", argv[i]);
		rc |= list(argv[i]);
	}
	return rc;
}
