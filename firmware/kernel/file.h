/* SPDX-License-Identifier: MIT */
/* file.h - open files: the objects file descriptors point to. */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <stdint.h>

enum filetype { FD_NONE, FD_PIPE, FD_INODE, FD_CONSOLE };

struct file {
	enum filetype type;	/* ftable.lock (set while ref goes 0 -> 1) */
	int ref;		/* ftable.lock */
	char readable;		/* immutable while ref > 0 */
	char writable;		/* immutable while ref > 0 */
	char append;		/* immutable while ref > 0: O_APPEND */
	struct pipe *pipe;	/* FD_PIPE */
	struct inode *ip;	/* FD_INODE, and FD_CONSOLE when opened as /dev/console */
	uint32_t off;		/* ip->lock: FD_INODE offset */
};

#endif
