// SPDX-License-Identifier: MIT
#include "dev/htif.h"

#define SYS_WRITE 64

void htif_init(struct htif *t, struct memmap *mm, struct sim_stop *stop, FILE *out,
	       uint32_t tohost, uint32_t fromhost)
{
	t->tohost = tohost;
	t->fromhost = fromhost;
	t->armed = 0;
	t->check_at = UINT64_MAX;
	t->mm = mm;
	t->stop = stop;
	t->out = out;
}

void htif_store(struct htif *t, uint32_t paddr, int size, uint32_t val, uint64_t retired)
{
	(void)val;
	if (!t->tohost || paddr + size <= t->tohost || paddr >= t->tohost + 8)
		return;
	/*
	 * The first store since the last check arms it; later ones do not
	 * move it, or a guest that writes tohost in a loop until the host
	 * answers (as the public test environments do) would never be seen.
	 */
	if (t->armed)
		return;
	t->armed = 1;
	t->check_at = retired + HTIF_CHECK_DELAY;
}

static void ack(struct htif *t, uint64_t value)
{
	memmap_write(t->mm, t->tohost, 4, 0);
	memmap_write(t->mm, t->tohost + 4, 4, 0);
	if (t->fromhost) {
		memmap_write(t->mm, t->fromhost, 4, (uint32_t)value);
		memmap_write(t->mm, t->fromhost + 4, 4, (uint32_t)(value >> 32));
	}
}

/* SYS_write from an argument block of 64-bit words: which, fd, buf, len. */
static int sys_write(struct htif *t, uint64_t block)
{
	uint32_t which, fd, buf, len, byte;

	if (block >> 32 || memmap_read(t->mm, (uint32_t)block, 4, &which) ||
	    memmap_read(t->mm, (uint32_t)block + 8, 4, &fd) ||
	    memmap_read(t->mm, (uint32_t)block + 16, 4, &buf) ||
	    memmap_read(t->mm, (uint32_t)block + 24, 4, &len))
		return -1;
	if (which != SYS_WRITE || (fd != 1 && fd != 2))
		return -1;
	for (uint32_t i = 0; i < len; i++) {
		if (memmap_read(t->mm, buf + i, 1, &byte))
			return -1;
		fputc((int)byte, fd == 1 ? t->out : stderr);
	}
	memmap_write(t->mm, (uint32_t)block, 4, len);	/* the return value */
	memmap_write(t->mm, (uint32_t)block + 4, 4, 0);
	return 0;
}

void htif_poll(struct htif *t)
{
	uint32_t lo, hi;
	uint64_t payload;
	unsigned device, cmd;

	t->armed = 0;
	t->check_at = UINT64_MAX;
	if (memmap_read(t->mm, t->tohost, 4, &lo) || memmap_read(t->mm, t->tohost + 4, 4, &hi) ||
	    (lo == 0 && hi == 0))
		return;
	device = hi >> 24;
	cmd = (hi >> 16) & 0xff;
	payload = ((uint64_t)(hi & 0xffff) << 32) | lo;
	if (device == 0 && cmd == 0 && (payload & 1)) {
		uint64_t code = payload >> 1;

		if (code)
			sim_stop(t->stop, STOP_GUEST, guest_status(code),
				 "guest reported failure %llu through HTIF tohost",
				 (unsigned long long)code);
		else
			sim_stop(t->stop, STOP_GUEST, EXIT_PASS, "");
	} else if (device == 0 && cmd == 0 && !sys_write(t, payload)) {
		ack(t, 1);
	} else if (device == 1 && cmd == 1) {
		fputc((int)(payload & 0xff), t->out);
		ack(t, (uint64_t)1 << 56 | (uint64_t)1 << 48);
	} else {
		sim_stop(t->stop, STOP_STUCK, EXIT_STUCK,
			 "unsupported HTIF request 0x%08x%08x (device %u, command %u)", hi, lo,
			 device, cmd);
	}
}
