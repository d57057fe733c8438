// SPDX-License-Identifier: MIT
/*
 * bio.c - the buffer cache: NBUF copies of disk blocks, recycled least
 * recently used first.  The "disk" is the RAM image at DISK_BASE; a block
 * is filled from it with blk_copy() on a miss and written straight back by
 * bwrite() (write-through, no log).  At most one buffer per block exists, and
 * its sleep lock serializes its users.
 */
#include "defs.h"
#include "kdata.h"
#include "fs.h"
#include "param.h"

extern struct superblock sb;	/* fs.c */

static struct {
	struct spinlock lock __kopt_line;
	struct buf buf[NBUF] __kopt_line;
	struct buf head;	/* lock: LRU list sentinel; head.next is most recent */
	int waiting;		/* lock: processes waiting for a free buffer */
} bcache;

static uint8_t *block_addr(uint32_t blockno)
{
	if (blockno >= sb.size)
		panic("bio: block %u beyond the file system (%u blocks)", blockno, sb.size);
	return (uint8_t *)DISK_BASE + blockno * BSIZE;
}

void binit(void)
{
	initlock(&bcache.lock, "bcache");
	bcache.head.prev = bcache.head.next = &bcache.head;
	for (struct buf *b = bcache.buf; b < bcache.buf + NBUF; b++) {
		initsleeplock(&b->lock, "buffer");
		b->next = bcache.head.next;
		b->prev = &bcache.head;
		bcache.head.next->prev = b;
		bcache.head.next = b;
	}
}

static struct buf *bget(uint32_t blockno)
{
	struct buf *b;

	acquire(&bcache.lock);
again:
	for (b = bcache.head.next; b != &bcache.head; b = b->next) {
#ifdef KOPT_SWPF
		/*
		 * The LRU walk is a pointer chase through NBUF headers, a miss
		 * each: the --profile's second-costliest D-miss site (bget's
		 * blockno load). Ask for the next header while this one is
		 * compared.
		 */
		prefetch_r(b->next);
#endif
		if (b->blockno == blockno && (b->refcnt > 0 || b->valid)) {
			b->refcnt++;
			release(&bcache.lock);
			acquiresleep(&b->lock);
			return b;
		}
	}
	for (b = bcache.head.prev; b != &bcache.head; b = b->prev) {
		if (b->refcnt == 0) {
			b->blockno = blockno;
			b->valid = 0;
			b->refcnt = 1;
			release(&bcache.lock);
			acquiresleep(&b->lock);
			return b;
		}
	}
	/* every buffer is in use: wait for a brelse() */
	bcache.waiting++;
	sleep(&bcache, &bcache.lock);
	bcache.waiting--;
	goto again;
}

/* The locked buffer of a block, with its contents. */
struct buf *bread(uint32_t blockno)
{
	struct buf *b = bget(blockno);

	if (!b->valid) {
		blk_copy(b->data, block_addr(blockno), BSIZE);
		b->valid = 1;
	}
	return b;
}

void bwrite(struct buf *b)
{
	if (!holdingsleep(&b->lock))
		panic("bwrite: buffer not locked");
	blk_copy(block_addr(b->blockno), b->data, BSIZE);
}

void brelse(struct buf *b)
{
	if (!holdingsleep(&b->lock))
		panic("brelse: buffer not locked");
	releasesleep(&b->lock);
	acquire(&bcache.lock);
	if (--b->refcnt == 0) {
		b->next->prev = b->prev;
		b->prev->next = b->next;
		b->next = bcache.head.next;
		b->prev = &bcache.head;
		bcache.head.next->prev = b;
		bcache.head.next = b;
		if (bcache.waiting)
			wakeup(&bcache);
	}
	release(&bcache.lock);
}
