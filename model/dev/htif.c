// SPDX-License-Identifier: MIT
#include "dev/htif.h"

#define SYS_WRITE 64

void htif_init(struct htif *t, struct memmap *mm, struct sim_stop *stop, FILE *out,
	       uint32_t tohost, uint32_t fromhost)
{
	t->tohost = tohost;
	t->fromhost = fromhost;
	t->low = 0;
	t->mm = mm;
	t->stop = stop;
	t->out = out;
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
static int sys_write(struct htif *t, uint32_t block)
{
	uint32_t which, fd, buf, len, byte;

	if (memmap_read(t->mm, block, 4, &which) || memmap_read(t->mm, block + 8, 4, &fd) ||
	    memmap_read(t->mm, block + 16, 4, &buf) || memmap_read(t->mm, block + 24, 4, &len))
		return -1;
	if (which != SYS_WRITE || (fd != 1 && fd != 2))
		return -1;
	for (uint32_t i = 0; i < len; i++) {
		if (memmap_read(t->mm, buf + i, 1, &byte))
			return -1;
		fputc((int)byte, fd == 1 ? t->out : stderr);
	}
	memmap_write(t->mm, block, 4, len);	/* the return value */
	memmap_write(t->mm, block + 4, 4, 0);
	return 0;
}

void htif_store(struct htif *t, uint32_t paddr, int size, uint32_t val)
{
	uint32_t device, cmd;

	if (!t->tohost || size != 4)
		return;
	if (paddr == t->tohost) {
		t->low = val;
		if (val & 1) {
			unsigned code = val >> 1;

			if (code)
				sim_stop(t->stop, STOP_GUEST, guest_status(code),
					 "guest reported failure %u through HTIF tohost", code);
			else
				sim_stop(t->stop, STOP_GUEST, EXIT_PASS, "");
		}
		return;
	}
	if (paddr != t->tohost + 4 || (val == 0 && t->low == 0))
		return;
	device = val >> 24;
	cmd = (val >> 16) & 0xff;
	if (device == 1 && cmd == 1) {
		fputc((int)(t->low & 0xff), t->out);
		ack(t, (uint64_t)1 << 56 | (uint64_t)1 << 48);
	} else if (device == 0 && cmd == 0 && !(val & 0xffff) && !sys_write(t, t->low)) {
		ack(t, 1);
	} else {
		sim_stop(t->stop, STOP_STUCK, EXIT_STUCK,
			 "unsupported HTIF request 0x%08x%08x (device %u, command %u)", val, t->low,
			 device, cmd);
	}
	t->low = 0;
}
