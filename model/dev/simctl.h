/* SPDX-License-Identifier: MIT */
/*
 * The sim-control port (sys.simctl): the page at SIMCTL_BASE in the osprey
 * window through which a guest kernel reports scheduling events - context
 * switches, run-queue changes, migrations, idle periods. The register layout
 * is firmware/include/osprey_simctl.h's. Each event written is passed, with
 * its cycle and hart, to every listener (the timeline, the scheduler
 * checker); with none the port only counts. Nothing the guest reads
 * depends on what it wrote, so the port never changes guest behaviour.
 * What it reads are constants of the machine: the ID, each hart's clock
 * ratio (core.speeds) and the boot flags (sys.boot_flags), the platform's
 * word to the kernel.
 */
#ifndef OSPREY_SIMCTL_H
#define OSPREY_SIMCTL_H

#include <stdint.h>

#include "mem/memmap.h"
#include "sys/param.h"

#define SIMCTL_BASE	0x04000000u
#define SIMCTL_SIZE	0x1000u
#define SIMCTL_MAX_LISTENERS 4

/* Event codes, as osprey_simctl.h numbers them. */
enum simctl_code {
	SIMCTL_SWITCH = 1, SIMCTL_ENQUEUE, SIMCTL_DEQUEUE, SIMCTL_MIGRATE, SIMCTL_IDLE_ENTER,
	SIMCTL_IDLE_EXIT, SIMCTL_NCODES
};

struct simctl_event {
	uint64_t cycle;		/* the cycle of the write of the code */
	int hart;		/* the hart whose block was written */
	enum simctl_code code;
	uint32_t a[3];		/* the arguments (osprey_simctl.h) */
	char name[17];		/* SIMCTL_SWITCH: the new process's name, NUL-terminated */
};

typedef void simctl_listener_fn(void *ctx, const struct simctl_event *ev);

/* One hart's register block: the arguments of the event being written. */
struct simctl_block {
	uint32_t a[3];
	uint32_t name[4];
};

struct simctl {
	int nharts;
	const uint64_t *now;		/* the machine's cycle */
	uint32_t clock_ratio[MAX_HARTS];	/* machine cycles per core cycle, per hart */
	uint32_t boot_flags;		/* sys.boot_flags */
	struct simctl_block block[MAX_HARTS];
	uint64_t events[SIMCTL_NCODES];	/* events recorded, by code */
	uint64_t bad_codes;		/* writes of an unknown code (ignored) */
	struct {
		simctl_listener_fn *fn;
		void *ctx;
	} listener[SIMCTL_MAX_LISTENERS];
	int nlisteners;
};

/*
 * @ratio: each hart's clock ratio (machine cycles per core cycle); @boot_flags:
 * the word the port shows the kernel. Both read-only to the guest.
 */
void simctl_init(struct simctl *s, int nharts, const uint64_t *now, const uint32_t *ratio,
		 uint32_t boot_flags);

/* Adds a listener; 0, or -1 when SIMCTL_MAX_LISTENERS are there already. */
int simctl_listen(struct simctl *s, simctl_listener_fn *fn, void *ctx);

/* The name of an event code ("switch"), or "?". */
const char *simctl_code_name(int code);

extern const struct mmio_ops simctl_ops;

#endif
