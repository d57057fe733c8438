/* SPDX-License-Identifier: MIT */
/* fs.h - in-memory inodes and buffer-cache blocks. */
#ifndef KERNEL_FS_H
#define KERNEL_FS_H

#include "fs_format.h"
#include "sleeplock.h"

struct buf {
	int valid;		/* lock: data holds the block's contents */
	uint32_t blockno;	/* bcache.lock */
	int refcnt;		/* bcache.lock */
	struct buf *prev;	/* bcache.lock: LRU list, most recent first */
	struct buf *next;	/* bcache.lock */
	struct sleeplock lock;	/* guards data and valid */
	uint8_t data[BSIZE];
};

struct inode {
	uint32_t inum;		/* itable.lock */
	int ref;		/* itable.lock: references in memory */
	struct sleeplock lock;	/* guards everything below */
	int valid;		/* lock: the fields below were read from disk */
	uint16_t type;		/* lock: copy of the dinode */
	uint16_t nlink;		/* lock */
	uint32_t size;		/* lock */
	uint32_t addrs[NDIRECT + 2];	/* lock */
};

#endif
