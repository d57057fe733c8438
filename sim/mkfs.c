// SPDX-License-Identifier: MIT
/*
 * mkfs - build an osprey file-system image (format: firmware/kernel/fs_format.h).
 *
 *   mkfs IMAGE SIZE_KB [SRC[:DEST]]...
 *
 * Creates IMAGE of SIZE_KB KiB (at most 32768: the kernel's disk window)
 * with a root directory, /dev/console, and each SRC copied to DEST (an
 * absolute path; missing parent directories are created) or, without
 * DEST, to /basename(SRC).  The build installs user programs as
 * /bin/NAME (their .elf suffix dropped) and other files at /basename.
 * Exit status 0, or 1 with a message on stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "fs_format.h"

static uint8_t *img;		/* the whole image */
static struct superblock sb;
static uint32_t next_block;	/* next free data block */
static uint32_t next_inum = ROOTINO;

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "mkfs: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	exit(1);
}

static uint8_t *block(uint32_t bn)
{
	return img + (size_t)bn * BSIZE;
}

static struct dinode *dinode(uint32_t inum)
{
	return (struct dinode *)block(IBLOCK(inum, sb)) + inum % IPB;
}

static uint32_t balloc(void)
{
	if (next_block >= sb.size)
		die("image full (%s)", "make SIZE_KB larger");
	return next_block++;
}

static uint32_t ialloc(uint16_t type)
{
	uint32_t inum = next_inum++;

	if (inum >= sb.ninodes)
		die("out of inodes%s", "");
	memset(dinode(inum), 0, sizeof(struct dinode));
	dinode(inum)->type = type;
	dinode(inum)->nlink = 1;
	return inum;
}

/* The disk block of file block fbn of inode inum, allocating as needed. */
static uint32_t bmap(struct dinode *d, uint32_t fbn)
{
	uint32_t *slot, *ind;

	if (fbn < NDIRECT) {
		slot = &d->addrs[fbn];
	} else if ((fbn -= NDIRECT) < NINDIRECT) {
		if (!d->addrs[NDIRECT])
			d->addrs[NDIRECT] = balloc();
		slot = (uint32_t *)block(d->addrs[NDIRECT]) + fbn;
	} else if ((fbn -= NINDIRECT) < NINDIRECT * NINDIRECT) {
		if (!d->addrs[NDIRECT + 1])
			d->addrs[NDIRECT + 1] = balloc();
		ind = (uint32_t *)block(d->addrs[NDIRECT + 1]) + fbn / NINDIRECT;
		if (!*ind)
			*ind = balloc();
		slot = (uint32_t *)block(*ind) + fbn % NINDIRECT;
	} else {
		die("file too large%s", "");
	}
	if (!*slot)
		*slot = balloc();
	return *slot;
}

static void iappend(uint32_t inum, const void *data, uint32_t n)
{
	struct dinode *d = dinode(inum);
	const uint8_t *p = data;

	while (n > 0) {
		uint32_t off = d->size % BSIZE, m = BSIZE - off;
		if (m > n)
			m = n;
		memcpy(block(bmap(d, d->size / BSIZE)) + off, p, m);
		d->size += m;
		p += m;
		n -= m;
	}
}

static void dir_add(uint32_t dir, const char *name, uint32_t inum)
{
	struct dirent de;

	if (strlen(name) > DIRSIZ)
		die("name too long: %s", name);
	memset(&de, 0, sizeof(de));
	de.inum = (uint16_t)inum;
	memcpy(de.name, name, strlen(name));
	iappend(dir, &de, sizeof(de));
}

/* The inode named name in directory dir, or 0. */
static uint32_t dir_find(uint32_t dir, const char *name)
{
	struct dinode *d = dinode(dir);

	for (uint32_t off = 0; off < d->size; off += sizeof(struct dirent)) {
		struct dirent *de =
			(struct dirent *)(block(bmap(d, off / BSIZE)) + off % BSIZE);
		if (de->inum && !strncmp(de->name, name, DIRSIZ))
			return de->inum;
	}
	return 0;
}

static uint32_t mkdir_in(uint32_t parent, const char *name)
{
	uint32_t inum = ialloc(T_DIR);

	dir_add(inum, ".", inum);
	dir_add(inum, "..", parent);
	if (parent != inum) {
		dir_add(parent, name, inum);
		dinode(parent)->nlink++;
	}
	return inum;
}

/* Create the directories of path (all but its last element); the parent's inode. */
static uint32_t make_parents(char *path, char **base)
{
	uint32_t dir = ROOTINO;
	char *s = path, *slash;

	while (*s == '/')
		s++;
	while ((slash = strchr(s, '/')) != NULL) {
		uint32_t sub;
		*slash = 0;
		if (*s) {
			sub = dir_find(dir, s);
			if (!sub)
				sub = mkdir_in(dir, s);
			else if (dinode(sub)->type != T_DIR)
				die("not a directory: %s", s);
			dir = sub;
		}
		s = slash + 1;
	}
	if (!*s)
		die("no file name in %s", path);
	*base = s;
	return dir;
}

static void add_file(const char *arg)
{
	char src[4096], dest[4096], *colon, *base;
	const char *b;
	FILE *f;
	uint8_t buf[BSIZE];
	size_t n;
	uint32_t dir, inum;

	if (strlen(arg) >= sizeof(src))
		die("argument too long: %s", arg);
	strcpy(src, arg);
	colon = strchr(src, ':');
	if (colon) {
		*colon = 0;
		strcpy(dest, colon + 1);
	} else {
		b = strrchr(src, '/');
		dest[0] = '/';
		strcpy(dest + 1, b ? b + 1 : src);
	}
	dir = make_parents(dest, &base);
	if (dir_find(dir, base))
		die("duplicate file: %s", arg);
	f = fopen(src, "rb");
	if (!f)
		die("cannot open %s", src);
	inum = ialloc(T_FILE);
	dir_add(dir, base, inum);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		iappend(inum, buf, n);
	if (ferror(f))
		die("cannot read %s", src);
	fclose(f);
}

static void set_bit(uint32_t start, uint32_t bit)
{
	block(start + bit / BPB)[(bit % BPB) / 8] |= 1 << (bit % 8);
}

int main(int argc, char **argv)
{
	char *end;
	unsigned long kb;
	uint32_t iblocks, imap, bmap_blocks, dev;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: mkfs IMAGE SIZE_KB [SRC[:DEST]]...\n");
		return 1;
	}
	kb = strtoul(argv[2], &end, 10);
	if (*end || kb < 64 || kb * 1024 / BSIZE > FS_MAX_BLOCKS)
		die("SIZE_KB must be 64..32768, not %s", argv[2]);

	sb.magic = FS_MAGIC;
	sb.size = kb * 1024 / BSIZE;
	sb.ninodes = sb.size / 8 < 256 ? 256 : sb.size / 8 > 4096 ? 4096 : sb.size / 8;
	iblocks = (sb.ninodes + IPB - 1) / IPB;
	imap = (sb.ninodes + BPB - 1) / BPB;
	bmap_blocks = (sb.size + BPB - 1) / BPB;
	sb.inodestart = 2;
	sb.imapstart = sb.inodestart + iblocks;
	sb.bmapstart = sb.imapstart + imap;
	sb.datastart = sb.bmapstart + bmap_blocks;
	next_block = sb.datastart;

	img = calloc(sb.size, BSIZE);
	if (!img)
		die("out of memory%s", "");
	memcpy(block(1), &sb, sizeof(sb));

	mkdir_in(ROOTINO, "/");
	dev = mkdir_in(ROOTINO, "dev");
	dir_add(dev, "console", ialloc(T_DEV));
	for (int i = 3; i < argc; i++)
		add_file(argv[i]);

	for (uint32_t i = 0; i < next_inum; i++)	/* inode 0 is never used */
		set_bit(sb.imapstart, i);
	for (uint32_t b = 0; b < next_block; b++)
		set_bit(sb.bmapstart, b);

	out = fopen(argv[1], "wb");
	if (!out || fwrite(img, BSIZE, sb.size, out) != sb.size || fclose(out) != 0)
		die("cannot write %s", argv[1]);
	printf("mkfs: %s: %u blocks (%u used), %u inodes (%u used)\n", argv[1], sb.size,
	       next_block, sb.ninodes, next_inum);
	return 0;
}
