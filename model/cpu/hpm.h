/* SPDX-License-Identifier: MIT */
/*
 * The hardware performance counters (Zihpm): mhpmcounter3..31 count the
 * event their mhpmevent3..31 selects from the model's own statistics
 * (hpm_events, the documented table), in the modes the Sscofpmf-style
 * inhibit bits of mhpmeventNh leave on. A counter is read as the event's
 * statistic less a base set when it was last written, so counting costs
 * nothing on the hot path. mcountinhibit freezes a counter.
 */
#ifndef OSPREY_HPM_H
#define OSPREY_HPM_H

#include <stdint.h>

#include "sys/stats.h"

#define HPM_FIRST	3	/* mhpmcounter3 */
#define HPM_COUNTERS	32	/* indices 3..31 are counters */
#define HPM_MAX_EVENTS	64	/* room in struct hpm for the event table */

/* mhpmeventNh bits (RV32: the upper half of Sscofpmf's mhpmevent) */
#define HPM_MINH	(1u << 30)	/* do not count in M-mode */
#define HPM_SINH	(1u << 29)	/* nor in S-mode */
#define HPM_UINH	(1u << 28)	/* nor in U-mode */
#define HPM_INH_MASK	(HPM_MINH | HPM_SINH | HPM_UINH)

struct hpm_event {
	const char *stat;	/* the statistic ("l1d.misses"), NULL for event 0 */
	const char *what;
};

/* Event numbers are indices: hpm_events[0] counts nothing. */
extern const struct hpm_event hpm_events[];
extern const int hpm_nevents;

/* One hart's counters. */
struct hpm {
	uint32_t event[HPM_COUNTERS];	/* mhpmeventN (low half: the event number) */
	uint32_t eventh[HPM_COUNTERS];	/* mhpmeventNh (the inhibit bits) */
	uint64_t base[HPM_COUNTERS];	/* value = statistic - base, while counting */
	uint64_t frozen[HPM_COUNTERS];	/* the value while mcountinhibit holds it */
	const struct mctr *src[HPM_MAX_EVENTS];	/* per event: its statistic, or NULL */
};

void hpm_reset(struct hpm *p);
/* Finds each event's statistic among @g[0..n) (a hart's stat groups). */
void hpm_bind(struct hpm *p, const struct stat_group *g, int n);

uint64_t hpm_read(const struct hpm *p, int i, uint32_t inhibit);
void hpm_write(struct hpm *p, int i, uint64_t value, uint32_t inhibit);
/* mhpmeventN (@high 0) or mhpmeventNh (@high 1) written: the count carries on. */
void hpm_set_event(struct hpm *p, int i, int high, uint32_t v, uint32_t inhibit);
/* mcountinhibit changes from @old to @new: freezes or restarts counters. */
void hpm_inhibit(struct hpm *p, uint32_t old, uint32_t new);

#endif
