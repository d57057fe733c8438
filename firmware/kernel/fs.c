// SPDX-License-Identifier: MIT
/*
 * fs.c - the file system on the RAM disk (format in fs_format.h): block
 * and inode allocation from the bitmaps, the inode cache, file contents
 * through direct, indirect and doubly indirect blocks, directories and path
 * names.
 *
 * Locking: itable.lock guards inum and ref of every cached inode; an
 * inode's sleep lock guards its contents (ilock reads it from disk).
 * Operations that change the name space (create, link, unlink, mkdir,
 * rename) hold fs_ns_lock for their whole duration, so they never race each
 * other; lookups take one directory lock at a time, parent before child.
 * There is no log: every block write goes straight to the image.
 */
#include "abi.h"
#include "defs.h"
#include "kdata.h"
#include "fs.h"
#include "proc.h"

struct superblock sb;		/* read once at boot, then constant */
struct sleeplock fs_ns_lock __kopt_line;	/* serializes name-space changes */

static struct {
	struct spinlock lock __kopt_line;
	struct inode inode[NINODE] __kopt_line;
} itable __kopt_line;

/* Check the superblock at the start of the disk window: 0 if usable. */
int fs_init(void)
{
	const struct superblock *d = (const struct superblock *)(DISK_BASE + BSIZE);
	uint32_t iblocks, imap, bmap;

	initsleeplock(&fs_ns_lock, "fs_ns");
	initlock(&itable.lock, "itable");
	for (int i = 0; i < NINODE; i++)
		initsleeplock(&itable.inode[i].lock, "inode");
	if (d->magic != FS_MAGIC)
		return -1;
	sb = *d;
	iblocks = (sb.ninodes + IPB - 1) / IPB;
	imap = (sb.ninodes + BPB - 1) / BPB;
	bmap = (sb.size + BPB - 1) / BPB;
	if (sb.size > FS_MAX_BLOCKS || sb.ninodes <= ROOTINO || sb.inodestart != 2 ||
	    sb.imapstart != sb.inodestart + iblocks || sb.bmapstart != sb.imapstart + imap ||
	    sb.datastart != sb.bmapstart + bmap || sb.datastart >= sb.size) {
		printf("fs: inconsistent superblock\n");
		return -1;
	}
	printf("fs: %u blocks of %u bytes, %u inodes\n", sb.size, BSIZE, sb.ninodes);
	return 0;
}

/* ---- bitmaps -------------------------------------------------------------- */

/* Find and set a clear bit in [lo, hi) of the bitmap at block start: the bit, or 0. */
static uint32_t bitmap_alloc(uint32_t start, uint32_t lo, uint32_t hi)
{
	for (uint32_t base = lo - lo % BPB; base < hi; base += BPB) {
		struct buf *bp = bread(start + base / BPB);
		for (uint32_t bi = 0; bi < BPB && base + bi < hi; bi++) {
			uint8_t m = 1 << (bi % 8);
			if (bi % 8 == 0 && bp->data[bi / 8] == 0xff) {
				bi += 7;	/* a full byte */
				continue;
			}
			if (base + bi < lo || (bp->data[bi / 8] & m))
				continue;
			bp->data[bi / 8] |= m;
			bwrite(bp);
			brelse(bp);
			return base + bi;
		}
		brelse(bp);
	}
	return 0;
}

static void bitmap_free(uint32_t start, uint32_t bit)
{
	struct buf *bp = bread(start + bit / BPB);
	uint8_t m = 1 << (bit % 8);

	if (!(bp->data[(bit % BPB) / 8] & m))
		panic("fs: freeing free bit %u", bit);
	bp->data[(bit % BPB) / 8] &= ~m;
	bwrite(bp);
	brelse(bp);
}

/* A zeroed data block, or 0 if the disk is full. */
static uint32_t balloc(void)
{
	uint32_t bn = bitmap_alloc(sb.bmapstart, sb.datastart, sb.size);
	struct buf *bp;

	if (!bn)
		return 0;
	bp = bread(bn);
	blk_zero(bp->data, BSIZE);
	bwrite(bp);
	brelse(bp);
	return bn;
}

static void bfree(uint32_t bn)
{
	if (bn < sb.datastart || bn >= sb.size)
		panic("bfree: bad block %u", bn);
	bitmap_free(sb.bmapstart, bn);
}

/* ---- inodes --------------------------------------------------------------- */

static struct inode *iget(uint32_t inum)
{
	struct inode *ip, *empty = NULL;

	acquire(&itable.lock);
	for (ip = itable.inode; ip < itable.inode + NINODE; ip++) {
		if (ip->ref > 0 && ip->inum == inum) {
			ip->ref++;
			release(&itable.lock);
			return ip;
		}
		if (!empty && ip->ref == 0)
			empty = ip;
	}
	if (!empty) {
		release(&itable.lock);
		return NULL;
	}
	empty->inum = inum;
	empty->ref = 1;
	empty->valid = 0;
	release(&itable.lock);
	return empty;
}

/* A new inode of the given type with nlink 0, unlocked; NULL if none is free. */
struct inode *ialloc(uint16_t type)
{
	uint32_t inum = bitmap_alloc(sb.imapstart, ROOTINO + 1, sb.ninodes);
	struct inode *ip;
	struct buf *bp;
	struct dinode *dip;

	if (!inum)
		return NULL;
	bp = bread(IBLOCK(inum, sb));
	dip = (struct dinode *)bp->data + inum % IPB;
	memset(dip, 0, sizeof(*dip));
	dip->type = type;
	bwrite(bp);
	brelse(bp);
	ip = iget(inum);
	if (!ip) {
		bitmap_free(sb.imapstart, inum);
		bp = bread(IBLOCK(inum, sb));
		((struct dinode *)bp->data + inum % IPB)->type = 0;
		bwrite(bp);
		brelse(bp);
	}
	return ip;
}

/* Write a locked inode's fields back to its dinode. */
void iupdate(struct inode *ip)
{
	struct buf *bp = bread(IBLOCK(ip->inum, sb));
	struct dinode *dip = (struct dinode *)bp->data + ip->inum % IPB;

	dip->type = ip->type;
	dip->nlink = ip->nlink;
	dip->size = ip->size;
	memcpy(dip->addrs, ip->addrs, sizeof(ip->addrs));
	bwrite(bp);
	brelse(bp);
}

struct inode *idup(struct inode *ip)
{
	acquire(&itable.lock);
	ip->ref++;
	release(&itable.lock);
	return ip;
}

void ilock(struct inode *ip)
{
	if (!ip || ip->ref < 1)
		panic("ilock");
	acquiresleep(&ip->lock);
	if (!ip->valid) {
		struct buf *bp = bread(IBLOCK(ip->inum, sb));
		struct dinode *dip = (struct dinode *)bp->data + ip->inum % IPB;
		ip->type = dip->type;
		ip->nlink = dip->nlink;
		ip->size = dip->size;
		memcpy(ip->addrs, dip->addrs, sizeof(ip->addrs));
		brelse(bp);
		ip->valid = 1;
		if (ip->type == 0)
			panic("ilock: inode %u is free", ip->inum);
	}
}

void iunlock(struct inode *ip)
{
	if (!ip || !holdingsleep(&ip->lock) || ip->ref < 1)
		panic("iunlock");
	releasesleep(&ip->lock);
}

/*
 * Drop a reference.  The last reference to an inode no directory names
 * frees it and its blocks.  ref == 1 means nobody else can find it through
 * the cache, and nlink == 0 that nobody can find it by name, so taking
 * its lock cannot block.
 */
void iput(struct inode *ip)
{
	acquire(&itable.lock);
	if (ip->ref == 1 && ip->valid && ip->nlink == 0) {
		acquiresleep(&ip->lock);
		release(&itable.lock);
		itrunc(ip);
		ip->type = 0;
		iupdate(ip);
		bitmap_free(sb.imapstart, ip->inum);
		ip->valid = 0;
		releasesleep(&ip->lock);
		acquire(&itable.lock);
	}
	ip->ref--;
	release(&itable.lock);
}

void iunlockput(struct inode *ip)
{
	iunlock(ip);
	iput(ip);
}

/* Entry idx of indirect block blk, allocating it if alloc: 0 if absent or no space. */
static uint32_t ind_entry(uint32_t blk, uint32_t idx, int alloc)
{
	struct buf *bp = bread(blk);
	uint32_t *a = (uint32_t *)bp->data;
	uint32_t addr = a[idx];

	if (!addr && alloc) {
		addr = balloc();
		if (addr) {
			a[idx] = addr;
			bwrite(bp);
		}
	}
	brelse(bp);
	return addr;
}

/* The disk block of file block bn: 0 if not allocated (or, with alloc, no space). */
static uint32_t bmap(struct inode *ip, uint32_t bn, int alloc)
{
	uint32_t *slot, top;

	if (bn < NDIRECT) {
		if (!ip->addrs[bn] && alloc)
			ip->addrs[bn] = balloc();
		return ip->addrs[bn];
	}
	bn -= NDIRECT;
	if (bn < NINDIRECT) {
		slot = &ip->addrs[NDIRECT];
	} else {
		bn -= NINDIRECT;
		if (bn >= NINDIRECT * NINDIRECT)
			return 0;
		slot = &ip->addrs[NDIRECT + 1];
	}
	if (!*slot && alloc)
		*slot = balloc();
	if (!*slot)
		return 0;
	if (slot == &ip->addrs[NDIRECT])
		return ind_entry(*slot, bn, alloc);
	top = ind_entry(*slot, bn / NINDIRECT, alloc);
	return top ? ind_entry(top, bn % NINDIRECT, alloc) : 0;
}

static void free_indirect(uint32_t blk, int depth)
{
	struct buf *bp = bread(blk);
	uint32_t a[NINDIRECT];

	memcpy(a, bp->data, sizeof(a));
	brelse(bp);
	for (int i = 0; i < NINDIRECT; i++) {
		if (!a[i])
			continue;
		if (depth > 1)
			free_indirect(a[i], depth - 1);
		else
			bfree(a[i]);
	}
	bfree(blk);
}

/* Free all of a locked inode's blocks. */
void itrunc(struct inode *ip)
{
	for (int i = 0; i < NDIRECT; i++) {
		if (ip->addrs[i])
			bfree(ip->addrs[i]);
		ip->addrs[i] = 0;
	}
	if (ip->addrs[NDIRECT])
		free_indirect(ip->addrs[NDIRECT], 1);
	if (ip->addrs[NDIRECT + 1])
		free_indirect(ip->addrs[NDIRECT + 1], 2);
	ip->addrs[NDIRECT] = ip->addrs[NDIRECT + 1] = 0;
	ip->size = 0;
	iupdate(ip);
}

void stati(struct inode *ip, struct stat *st)
{
	st->dev = 1;
	st->ino = ip->inum;
	st->type = ip->type;
	st->nlink = ip->nlink;
	st->size = ip->size;
}

/* Read from a locked inode to a user (user = 1) or kernel address. */
int readi(struct inode *ip, int user, uint32_t dst, uint32_t off, uint32_t n)
{
	static const uint8_t zeros[BSIZE];
	uint32_t tot, m;

	if (off >= ip->size)
		return 0;
	if (n > ip->size - off)
		n = ip->size - off;
	for (tot = 0; tot < n; tot += m, off += m, dst += m) {
		uint32_t bn = bmap(ip, off / BSIZE, 0);
		struct buf *bp = NULL;
		int r;
		m = BSIZE - off % BSIZE;
		if (m > n - tot)
			m = n - tot;
		if (bn) {
			bp = bread(bn);
			r = either_copyout(user, dst, bp->data + off % BSIZE, m);
			brelse(bp);
		} else {
			r = either_copyout(user, dst, zeros, m);	/* a hole */
		}
		if (r < 0)
			return tot ? (int)tot : -EFAULT;
	}
	return (int)tot;
}

/* Write to a locked inode; grows the file.  Bytes written, or an error if none. */
int writei(struct inode *ip, int user, uint32_t src, uint32_t off, uint32_t n)
{
	const uint32_t max = MAXFILE * BSIZE;
	uint32_t tot, m;
	int err = 0;

	if (off > max || n > max - off) {
		if (off >= max)
			return n ? -EFBIG : 0;
		n = max - off;
	}
	for (tot = 0; tot < n; tot += m, off += m, src += m) {
		uint32_t bn = bmap(ip, off / BSIZE, 1);
		struct buf *bp;
		m = BSIZE - off % BSIZE;
		if (m > n - tot)
			m = n - tot;
		if (!bn) {
			err = -ENOSPC;
			break;
		}
		bp = bread(bn);
		if (either_copyin(bp->data + off % BSIZE, user, src, m) < 0) {
			brelse(bp);
			err = -EFAULT;
			break;
		}
		bwrite(bp);
		brelse(bp);
	}
	if (off > ip->size)
		ip->size = off;
	iupdate(ip);	/* size, and addrs bmap may have filled in */
	return tot ? (int)tot : err;
}

/* ---- directories ---------------------------------------------------------- */

int namecmp(const char *s, const char *t)
{
	return strncmp(s, t, DIRSIZ);
}

/* The entry called name in locked directory dp (and its offset), or NULL. */
struct inode *dirlookup(struct inode *dp, const char *name, uint32_t *poff)
{
	struct dirent de;

	if (dp->type != T_DIR)
		panic("dirlookup: not a directory");
	for (uint32_t off = 0; off < dp->size; off += sizeof(de)) {
		if (readi(dp, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
			panic("dirlookup: read");
		if (de.inum == 0 || namecmp(name, de.name) != 0)
			continue;
		if (poff)
			*poff = off;
		return iget(de.inum);
	}
	return NULL;
}

/* Add name -> inum to locked directory dp (the caller checked it is new). */
int dirlink(struct inode *dp, const char *name, uint32_t inum)
{
	struct dirent de;
	uint32_t off;
	int r;

	for (off = 0; off < dp->size; off += sizeof(de)) {
		if (readi(dp, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
			panic("dirlink: read");
		if (de.inum == 0)
			break;
	}
	memset(&de, 0, sizeof(de));
	for (int i = 0; i < DIRSIZ && name[i]; i++)
		de.name[i] = name[i];
	de.inum = (uint16_t)inum;
	r = writei(dp, 0, (uint32_t)&de, off, sizeof(de));
	if (r != sizeof(de))
		return r < 0 ? r : -ENOSPC;
	return 0;
}

/* Clear the entry at off of locked directory dp. */
int dirunlink(struct inode *dp, uint32_t off)
{
	struct dirent de;

	memset(&de, 0, sizeof(de));
	if (writei(dp, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
		panic("dirunlink: write");
	return 0;
}

/* Whether locked directory dp has nothing but "." and "..". */
int dirisempty(struct inode *dp)
{
	struct dirent de;

	for (uint32_t off = 2 * sizeof(de); off < dp->size; off += sizeof(de)) {
		if (readi(dp, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
			panic("dirisempty: read");
		if (de.inum != 0)
			return 0;
	}
	return 1;
}

/*
 * Copy the next path element into name (NUL-terminated) and return the
 * rest of the path with leading slashes skipped; NULL when none is left.
 * *toolong is set for an element longer than DIRSIZ.
 */
static const char *skipelem(const char *path, char *name, int *toolong)
{
	const char *s;
	int len;

	while (*path == '/')
		path++;
	if (*path == 0)
		return NULL;
	s = path;
	while (*path != '/' && *path != 0)
		path++;
	len = path - s;
	*toolong = len > DIRSIZ;
	if (len > DIRSIZ)
		len = DIRSIZ;
	memcpy(name, s, len);
	name[len] = 0;
	while (*path == '/')
		path++;
	return path;
}

/*
 * Resolve path; with parent set, stop at the parent of the last element
 * and copy that element to name (DIRSIZ + 1 bytes).  NULL and *err on failure.
 */
static struct inode *namex(const char *path, int parent, char *name, int *err)
{
	struct inode *ip, *next;
	int toolong;

	if (*path == 0) {
		*err = -ENOENT;
		return NULL;
	}
	ip = *path == '/' ? iget(ROOTINO) : idup(myproc()->cwd);
	if (!ip) {
		*err = -ENFILE;
		return NULL;
	}
	while ((path = skipelem(path, name, &toolong)) != NULL) {
		if (toolong) {
			iput(ip);
			*err = -ENAMETOOLONG;
			return NULL;
		}
		ilock(ip);
		if (ip->type != T_DIR) {
			iunlockput(ip);
			*err = -ENOTDIR;
			return NULL;
		}
		if (parent && *path == 0) {
			iunlock(ip);
			return ip;
		}
		next = dirlookup(ip, name, NULL);
		if (!next) {
			iunlockput(ip);
			*err = -ENOENT;
			return NULL;
		}
		iunlockput(ip);
		ip = next;
	}
	if (parent) {	/* the path was "/" */
		iput(ip);
		*err = -EINVAL;
		return NULL;
	}
	return ip;
}

struct inode *namei(const char *path, int *err)
{
	char name[DIRSIZ + 1];

	return namex(path, 0, name, err);
}

struct inode *nameiparent(const char *path, char *name, int *err)
{
	return namex(path, 1, name, err);
}

/* The absolute path of directory cwd into buf (n bytes): its length. */
int fs_getcwd(struct inode *cwd, char *buf, int n)
{
	char path[MAXPATH];
	int pos = MAXPATH - 1, err = 0;
	struct inode *ip = idup(cwd), *pp;
	struct dirent de;

	path[pos] = 0;
	for (int depth = 0; ip->inum != ROOTINO; depth++) {
		uint32_t off, len;
		if (depth >= MAXOPEN_DEPTH) {
			err = -ENAMETOOLONG;
			break;
		}
		ilock(ip);
		pp = dirlookup(ip, "..", NULL);
		iunlock(ip);
		if (!pp) {
			err = -ENOENT;
			break;
		}
		ilock(pp);
		for (off = 2 * sizeof(de); off < pp->size; off += sizeof(de)) {
			if (readi(pp, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
				panic("getcwd: read");
			if (de.inum == ip->inum)
				break;
		}
		iunlock(pp);
		iput(ip);
		ip = pp;
		if (off >= pp->size) {
			err = -ENOENT;	/* cwd was removed */
			break;
		}
		for (len = 0; len < DIRSIZ && de.name[len]; len++)
			;
		if ((int)len + 1 > pos) {
			err = -ENAMETOOLONG;
			break;
		}
		pos -= len;
		memcpy(path + pos, de.name, len);
		path[--pos] = '/';
	}
	iput(ip);
	if (err)
		return err;
	if (pos == MAXPATH - 1)
		path[--pos] = '/';
	if (MAXPATH - 1 - pos + 1 > n)
		return -ENAMETOOLONG;
	memcpy(buf, path + pos, MAXPATH - pos);
	return MAXPATH - 1 - pos;
}
