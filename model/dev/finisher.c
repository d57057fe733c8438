// SPDX-License-Identifier: MIT
#include "dev/finisher.h"

static int finisher_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	*val = 0;
	return 0;
}

static int finisher_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct finisher *f = dev;
	unsigned code = val >> 16;

	if (off != 0)
		return 0;
	switch (val & 0xffff) {
	case 0x5555:
		sim_stop(f->stop, STOP_GUEST, EXIT_PASS, "");
		break;
	case 0x3333:
		sim_stop(f->stop, STOP_GUEST, guest_status(code ? code : 1),
			 "guest reported failure %u through the test finisher", code);
		break;
	case 0x7777:
		sim_stop(f->stop, STOP_STUCK, EXIT_STUCK,
			 "guest asked the test finisher for a reset, which osprey does not model");
		break;
	}
	return 0;
}

const struct mmio_ops finisher_ops = { finisher_read, finisher_write };
