/* SPDX-License-Identifier: MIT */
/*
 * fs_format.h - the on-disk format of the osprey file system, shared by the
 * kernel (fs.c) and the host tool sim/mkfs.c.  All fields little-endian.
 *
 * Layout, in BSIZE-byte blocks:
 *
 *   [0 unused][1 superblock][inodes ...][inode bitmap ...][block bitmap ...][data ...]
 *
 * The block bitmap has one bit per block of the image (metadata blocks are
 * marked used); the inode bitmap one bit per inode (inode 0 is never used,
 * the root directory is ROOTINO).  A file's blocks: NDIRECT direct
 * addresses, one singly indirect and one doubly indirect block.  Address 0
 * means "not allocated" (reads as zeros).  A directory is a file of struct
 * dirent (abi.h); every directory has "." and "..".
 */
#ifndef OSPREY_FS_FORMAT_H
#define OSPREY_FS_FORMAT_H

#include <stdint.h>

#define FS_MAGIC	0x3146534fu	/* "OSF1" */
#define BSIZE		1024		/* bytes per block */
#define ROOTINO		1		/* inode of "/" */
#define NDIRECT		11
#define NINDIRECT	(BSIZE / 4)
#define MAXFILE		(NDIRECT + NINDIRECT + NINDIRECT * NINDIRECT)	/* blocks */
#define FS_MAX_BLOCKS	(32u * 1024 * 1024 / BSIZE)	/* the disk window is 32 MiB */

struct superblock {
	uint32_t magic;		/* FS_MAGIC */
	uint32_t size;		/* blocks in the image */
	uint32_t ninodes;	/* inodes, including the unused inode 0 */
	uint32_t inodestart;	/* first inode block */
	uint32_t imapstart;	/* first inode bitmap block */
	uint32_t bmapstart;	/* first block bitmap block */
	uint32_t datastart;	/* first data block */
};

struct dinode {
	uint16_t type;			/* 0 free, T_DIR, T_FILE, T_DEV (abi.h) */
	uint16_t nlink;			/* directory entries naming it */
	uint32_t size;			/* bytes */
	uint32_t addrs[NDIRECT + 2];	/* direct, indirect, doubly indirect */
	uint32_t reserved;		/* pads the inode to 64 bytes */
};

#define IPB		(BSIZE / sizeof(struct dinode))	/* inodes per block */
#define BPB		(BSIZE * 8)			/* bitmap bits per block */
#define IBLOCK(i, sb)	((i) / IPB + (sb).inodestart)	/* block holding inode i */

#endif
