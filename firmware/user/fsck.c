// SPDX-License-Identifier: MIT
/*
 * fsck [-v] [-x DIR] [ROOT] - checks the file system from user space by walking it
 * from DIR (default "/") with open, fstat and directory reads:
 *
 *  - every directory entry names an inode that opens and fstats;
 *  - each directory has "." (itself) and ".." (its parent; "/" its own),
 *    a size that is a whole number of entries, and no duplicate names;
 *  - every file's and directory's size equals the bytes read from it;
 *  - every inode's link count equals the directory entries naming it (for
 *    directories, plus the ".." of each subdirectory, and "." if the
 *    kernel counts it: the convention is learnt from the root);
 *  - an inode reached by two names has one type and one size.
 *
 * -x leaves out the directory DIR (a path as walked, e.g. /scratch): files
 * that other processes are writing there would not read back at their size.
 * Prints a summary and each error; exits 1 if there was any error.
 */
#include "ulib.h"

struct ino {
	unsigned ino;		/* inode number, 0 = free slot */
	unsigned short type;	/* type from fstat */
	unsigned short nlink;	/* link count from fstat */
	unsigned size;		/* size from fstat */
	unsigned names;		/* entries other than "." and ".." naming it */
	unsigned subdirs;	/* directories whose ".." names it */
	int skipped;		/* an excluded directory: not walked, links not checked */
};

static struct ino *tab;
static unsigned tabsize;	/* slots, a power of two */
static unsigned ninos;
static unsigned errors, ndirs, nfiles, ndevs;
static unsigned long nbytes;
static int verbose;
static const char *exclude;	/* -x: a directory left out of the walk */

static void error(const char *fmt, ...)
{
	va_list ap;
	char buf[200];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("fsck: error: %s\n", buf);
	errors++;
}

static struct ino *find(unsigned ino);

static void grow(void)
{
	struct ino *old = tab;
	unsigned oldsize = tabsize;

	tabsize = tabsize ? tabsize * 2 : 256;
	tab = calloc(tabsize, sizeof(*tab));
	if (!tab)
		die("fsck: out of memory");
	ninos = 0;
	for (unsigned i = 0; i < oldsize; i++)
		if (old[i].ino)
			*find(old[i].ino) = old[i];
	free(old);
}

/* The slot of ino, claimed if new. */
static struct ino *find(unsigned ino)
{
	if ((ninos + 1) * 2 > tabsize)
		grow();
	for (unsigned h = (ino * 2654435761u) & (tabsize - 1);; h = (h + 1) & (tabsize - 1)) {
		if (tab[h].ino == ino)
			return &tab[h];
		if (!tab[h].ino) {
			tab[h].ino = ino;
			ninos++;
			return &tab[h];
		}
	}
}

/* Records the fstat of an inode seen by one more name; checks agreement. */
static struct ino *record(const char *path, const struct stat *st)
{
	struct ino *e = find(st->ino);

	if (e->names || e->type) {
		if (e->type != st->type || e->size != st->size || e->nlink != st->nlink)
			error("%s: inode %u seen with different type/size/links", path, st->ino);
	} else {
		e->type = st->type;
		e->size = st->size;
		e->nlink = st->nlink;
	}
	return e;
}

static void checkfile(const char *path, int fd, const struct stat *st)
{
	static char buf[2048];
	unsigned got = 0;
	int n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		got += n;
	if (n < 0)
		error("%s: read: %s", path, strerror(n));
	if (got != st->size)
		error("%s: size %u but %u bytes readable", path, st->size, got);
	nbytes += got;
}

static int validname(const char *name)
{
	int n = 0;

	while (n < DIRSIZ && name[n])
		n++;
	if (!n)
		return 0;
	for (int i = 0; i < n; i++)
		if (name[i] == '/')
			return 0;
	for (int i = n; i < DIRSIZ; i++)
		if (name[i])
			return 0;
	return 1;
}

static void walk(char *path, int fd, const struct stat *st, unsigned parent)
{
	struct dirent *ents = NULL;
	int n = 0, cap = 0, r, dot = 0, dotdot = 0;
	unsigned got = 0;
	size_t plen = strlen(path);

	ndirs++;
	if (st->size % sizeof(struct dirent))
		error("%s: directory size %u not a multiple of %u", path, st->size,
		      (unsigned)sizeof(struct dirent));
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			ents = realloc(ents, cap * sizeof(*ents));
			if (!ents)
				die("fsck: out of memory");
		}
		r = read(fd, &ents[n], sizeof(*ents));
		if (r == 0)
			break;
		if (r != sizeof(*ents)) {
			error("%s: short directory read (%d)", path, r);
			break;
		}
		got += r;
		if (ents[n].inum)
			n++;
	}
	if (got != st->size)
		error("%s: directory size %u but %u bytes readable", path, st->size, got);
	for (int i = 0; i < n; i++) {
		struct dirent *de = &ents[i];
		char name[DIRSIZ + 1];

		memcpy(name, de->name, DIRSIZ);
		name[DIRSIZ] = 0;
		if (!validname(de->name)) {
			error("%s: entry %d has a malformed name", path, i);
			continue;
		}
		for (int k = 0; k < i; k++)
			if (!strncmp(ents[k].name, de->name, DIRSIZ))
				error("%s: duplicate entry %s", path, name);
		if (!strcmp(name, ".")) {
			dot++;
			if (de->inum != st->ino)
				error("%s: '.' is inode %u, not %u", path, de->inum, st->ino);
			continue;
		}
		if (!strcmp(name, "..")) {
			dotdot++;
			if (de->inum != parent)
				error("%s: '..' is inode %u, not %u", path, de->inum, parent);
			continue;
		}
		if (plen + 1 + strlen(name) >= MAXPATH) {
			error("%s/%s: path too long to check", path, name);
			continue;
		}
		if (plen > 1 || path[0] != '/')
			strcat(path, "/");
		strcat(path, name);

		int cfd = open(path, O_RDONLY);
		struct stat cst;

		if (cfd < 0) {
			error("%s: open: %s", path, strerror(cfd));
		} else if ((r = fstat(cfd, &cst)) < 0) {
			error("%s: fstat: %s", path, strerror(r));
			close(cfd);
		} else {
			if (cst.ino != de->inum)
				error("%s: entry says inode %u, fstat %u", path, de->inum, cst.ino);
			struct ino *e = record(path, &cst);
			int first = !e->names;

			e->names++;
			if (verbose)
				printf("%s %u %u %u\n", path, cst.type, cst.ino, cst.size);
			if (cst.type == T_DIR && exclude && !strcmp(path, exclude)) {
				e->skipped = 1;
				find(st->ino)->subdirs++;
			} else if (cst.type == T_DIR) {
				if (!first)
					error("%s: directory with a second name", path);
				else
					walk(path, cfd, &cst, st->ino);
				find(st->ino)->subdirs++;
			} else if (cst.type == T_FILE) {
				if (first) {
					nfiles++;
					checkfile(path, cfd, &cst);
				}
			} else if (cst.type == T_DEV) {
				ndevs++;
			} else {
				error("%s: unknown type %u", path, cst.type);
			}
			close(cfd);
		}
		path[plen] = 0;
	}
	if (dot != 1)
		error("%s: %d '.' entries", path, dot);
	if (dotdot != 1)
		error("%s: %d '..' entries", path, dotdot);
	free(ents);
}

int main(int argc, char **argv)
{
	static char path[MAXPATH + DIRSIZ + 2];
	const char *root = "/";
	struct stat st;
	int fd, r, i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else if (!strcmp(argv[i], "-x") && i + 1 < argc)
			exclude = argv[++i];
		else
			die("usage: fsck [-v] [-x DIR] [ROOT]");
	}
	if (i < argc)
		root = argv[i];
	fd = open(root, O_RDONLY);
	if (fd < 0)
		die("fsck: %s: %s", root, strerror(fd));
	if ((r = fstat(fd, &st)) < 0)
		die("fsck: %s: fstat: %s", root, strerror(r));
	if (st.type != T_DIR)
		die("fsck: %s: not a directory", root);
	strlcpy(path, root, MAXPATH);

	/* the parent of a sub-tree root is whatever its ".." says */
	unsigned parent = st.ino;

	if (strcmp(root, "/")) {
		struct dirent de;

		while (read(fd, &de, sizeof(de)) == sizeof(de))
			if (de.inum && !strcmp(de.name, ".."))
				parent = de.inum;
		lseek(fd, 0, SEEK_SET);
	}
	struct ino *top = record(path, &st);

	walk(path, fd, &st, parent);
	close(fd);
	top = find(st.ino);

	/* link counts: learn from the top whether "." counts toward a directory's links */
	unsigned base = top->names ? top->names : 1;
	int dotcounts = top->nlink == base + 1 + top->subdirs;

	for (unsigned k = 0; k < tabsize; k++) {
		struct ino *e = &tab[k];
		unsigned want;

		if (!e->ino || e->skipped)
			continue;
		if (e->type == T_DIR) {
			want = (e->names ? e->names : 1) + e->subdirs + dotcounts;
			if (e == top && strcmp(root, "/"))
				continue;	/* its parent is outside the walk */
		} else {
			want = e->names;
		}
		if (e->nlink != want)
			error("inode %u: link count %u, %u references", e->ino, e->nlink, want);
	}
	printf("fsck: %u dirs, %u files, %u devices, %lu bytes, %u errors\n", ndirs, nfiles,
	       ndevs, nbytes, errors);
	return errors != 0;
}
