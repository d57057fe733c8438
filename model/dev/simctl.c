// SPDX-License-Identifier: MIT
#include "dev/simctl.h"

#include <string.h>

/* Register offsets within a hart's block (osprey_simctl.h). */
#define REG_A0		0x00
#define REG_A2		0x08
#define REG_EVENT	0x0c
#define REG_NAME	0x10
#define REG_NAME_END	0x20
#define REG_ID		0x20
#define REG_CLOCK_RATIO	0x24
#define REG_BOOT_FLAGS	0x28
#define BLOCK_BYTES	64
#define ID_VALUE	0x4c544353u	/* "SCTL" */

void simctl_init(struct simctl *s, int nharts, const uint64_t *now, const uint32_t *ratio,
		 uint32_t boot_flags)
{
	memset(s, 0, sizeof(*s));
	s->nharts = nharts;
	s->now = now;
	memcpy(s->clock_ratio, ratio, (size_t)nharts * sizeof(*ratio));
	s->boot_flags = boot_flags;
}

int simctl_listen(struct simctl *s, simctl_listener_fn *fn, void *ctx)
{
	if (s->nlisteners == SIMCTL_MAX_LISTENERS)
		return -1;
	s->listener[s->nlisteners].fn = fn;
	s->listener[s->nlisteners].ctx = ctx;
	s->nlisteners++;
	return 0;
}

const char *simctl_code_name(int code)
{
	static const char *const names[SIMCTL_NCODES] = {
		[SIMCTL_SWITCH] = "switch", [SIMCTL_ENQUEUE] = "enqueue",
		[SIMCTL_DEQUEUE] = "dequeue", [SIMCTL_MIGRATE] = "migrate",
		[SIMCTL_IDLE_ENTER] = "idle_enter", [SIMCTL_IDLE_EXIT] = "idle_exit",
	};

	return code > 0 && code < SIMCTL_NCODES ? names[code] : "?";
}

static void record(struct simctl *s, int hart, uint32_t code)
{
	const struct simctl_block *b = &s->block[hart];
	struct simctl_event ev;

	if (code == 0 || code >= SIMCTL_NCODES) {
		s->bad_codes++;
		return;
	}
	s->events[code]++;
	if (!s->nlisteners)
		return;
	ev.cycle = *s->now;
	ev.hart = hart;
	ev.code = (enum simctl_code)code;
	memcpy(ev.a, b->a, sizeof(ev.a));
	memset(ev.name, 0, sizeof(ev.name));
	if (code == SIMCTL_SWITCH) {
		for (int i = 0; i < 16; i++) {
			char ch = (char)(b->name[i / 4] >> (8 * (i % 4)));

			/* Printable ASCII only: names end up in JSON and reports. */
			if (!ch)
				break;
			ev.name[i] = ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\' ? ch : '?';
		}
	}
	for (int i = 0; i < s->nlisteners; i++)
		s->listener[i].fn(s->listener[i].ctx, &ev);
}

static int reg_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	struct simctl *s = dev;
	int h = (int)(off / BLOCK_BYTES);
	uint32_t r = off % BLOCK_BYTES;

	if (size != 4 || (off & 3) || h >= s->nharts)
		return -1;
	if (r == REG_ID)
		*val = ID_VALUE;
	else if (r == REG_CLOCK_RATIO)
		*val = s->clock_ratio[h];
	else if (r == REG_BOOT_FLAGS)
		*val = s->boot_flags;
	else if (r <= REG_A2)
		*val = s->block[h].a[r / 4];
	else if (r >= REG_NAME && r < REG_NAME_END)
		*val = s->block[h].name[(r - REG_NAME) / 4];
	else if (r == REG_EVENT)
		*val = 0;
	else
		return -1;
	return 0;
}

static int reg_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct simctl *s = dev;
	int h = (int)(off / BLOCK_BYTES);
	uint32_t r = off % BLOCK_BYTES;

	if (size != 4 || (off & 3) || h >= s->nharts)
		return -1;
	if (r <= REG_A2)
		s->block[h].a[r / 4] = val;
	else if (r >= REG_NAME && r < REG_NAME_END)
		s->block[h].name[(r - REG_NAME) / 4] = val;
	else if (r == REG_EVENT)
		record(s, h, val);
	else if (r != REG_ID && r != REG_CLOCK_RATIO && r != REG_BOOT_FLAGS)
		return -1;	/* the constants are read-only: writes to them are ignored */
	return 0;
}

const struct mmio_ops simctl_ops = { reg_read, reg_write };
