/* SPDX-License-Identifier: MIT */
/*
 * Shared by the tests/timing programs: a memory system without cores (an
 * event calendar, the memory controller, the bus, and per core an L2 with
 * its L1I and L1D) that a test drives by calling l1_access() at cycle `now`
 * and stepping the calendar and the bus cycle by cycle, ChampSim style. The
 * cores are mocked by a wake-up recorder on each L1.
 *
 * Expected cycle counts in the tests are worked out from the configuration
 * with the helpers at the end, which restate the bus header's timing rules
 * (grant at a bus clock edge; arbitration, snoop, memory or cache supply,
 * then the data beats).
 */
#ifndef OSPREY_TSYS_H
#define OSPREY_TSYS_H

#include "unit.h"

#include "cpu/bpred.h"
#include "mem/bus.h"
#include "mem/l1.h"
#include "mem/l2.h"
#include "mem/memctl.h"
#include "sys/event.h"

#define TSYS_CORES	3		/* cores a test system can have */
#define TSYS_LIMIT	100000		/* cycles tsys_settle() waits before failing */

/* The mock core behind one L1: when it was last woken. */
struct tsys_port {
	uint64_t last_wake;	/* cycle of the last fill or ownership, valid when wakes > 0 */
	uint64_t wakes;		/* wake-ups received */
};

struct tsys {
	struct config cfg;
	int n;				/* cores */
	uint64_t now;			/* the next cycle to run */
	uint8_t mode;			/* enum stat_mode every unit counts against */
	struct event_queue ev;
	struct memctl mem;
	struct bus bus;
	struct l2 l2[TSYS_CORES];
	struct l1 l1i[TSYS_CORES], l1d[TSYS_CORES];
	struct tsys_port pi[TSYS_CORES], pd[TSYS_CORES];	/* wake records of l1i, l1d */
};

/* Builds @n cores' caches around one bus from @cfg; hart of every L2 is NULL. */
struct tsys *tsys_new(const struct config *cfg, int n);

/* The same from the "default" configuration. */
struct tsys *tsys_default(int n);

void tsys_free(struct tsys *s);

/* Runs cycles [now, end): calendar first, then a bus edge if one is due. */
void tsys_run(struct tsys *s, uint64_t end);

/* Runs until no event is pending and no bus request is queued. */
void tsys_settle(struct tsys *s);

/* l1_access() on core @core's L1D (or L1I) at the current cycle. */
enum l1_result tsys_d(struct tsys *s, int core, uint32_t addr, int write);
enum l1_result tsys_i(struct tsys *s, int core, uint32_t addr);

/* An access followed by tsys_settle(): the line is in place afterwards. */
void tsys_read(struct tsys *s, int core, uint32_t addr);
void tsys_write(struct tsys *s, int core, uint32_t addr);
void tsys_fetch(struct tsys *s, int core, uint32_t addr);

/* The state of the line holding @addr in core @core's L2, L1D, L1I (LINE_I if absent). */
enum line_state tsys_l2(struct tsys *s, int core, uint32_t addr);
enum line_state tsys_l1d(struct tsys *s, int core, uint32_t addr);
enum line_state tsys_l1i(struct tsys *s, int core, uint32_t addr);

/* ---- expected timings, from the configuration ------------------------------- */

/* Bytes between addresses that share an L1D set (the way size), and likewise for the L2. */
static inline uint32_t l1d_stride(const struct config *c)
{
	return c->l1d.size / c->l1d.ways;
}

static inline uint32_t l2_stride(const struct config *c)
{
	return c->l2.size / c->l2.ways;
}

/* @t rounded up to a multiple of @d. */
static inline uint64_t up(uint64_t t, uint64_t d)
{
	return (t + d - 1) / d * d;
}

/* Core cycles of one line's data beats on the bus. */
static inline uint64_t bus_transfer(const struct config *c)
{
	return (uint64_t)(c->l2.line + c->bus.width - 1) / c->bus.width * c->bus.clock_div;
}

/* Cycle at which a BusRd/BusRdX granted at @grant completes with memory supplying it
 * (memory bank free). */
static inline uint64_t bus_mem_end(const struct config *c, uint64_t grant)
{
	uint64_t t = grant + (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles) * c->bus.clock_div;

	return up(t + c->mem.latency, c->bus.clock_div) + bus_transfer(c);
}

/* Likewise with another cache supplying it. */
static inline uint64_t bus_c2c_end(const struct config *c, uint64_t grant)
{
	return grant + (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles + c->bus.c2c_cycles) *
		       c->bus.clock_div + bus_transfer(c);
}

/* A BusUpgr granted at @grant. */
static inline uint64_t bus_upgr_end(const struct config *c, uint64_t grant)
{
	return grant + (uint64_t)(c->bus.arb_cycles + c->bus.snoop_cycles) * c->bus.clock_div;
}

/* A WriteBack granted at @grant. */
static inline uint64_t bus_wb_end(const struct config *c, uint64_t grant)
{
	return grant + (uint64_t)c->bus.arb_cycles * c->bus.clock_div + bus_transfer(c);
}

/* Cycle an L1D miss issued at @now puts its L2 miss on the bus queue (ready). */
static inline uint64_t l2_ready(const struct config *c, uint64_t now)
{
	return now + c->l1d.latency + c->l2.latency;
}

/* Bus statistics of core @i (its L2 is bus agent @i). */
#define BUS(s, i, f)	mctr_total(&(s)->bus.stats[i].f)
#define L2S(s, i, f)	mctr_total(&(s)->l2[i].stats.f)
#define L1D(s, i, f)	mctr_total(&(s)->l1d[i].stats.f)
#define L1I(s, i, f)	mctr_total(&(s)->l1i[i].stats.f)

#endif
