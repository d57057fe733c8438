/* SPDX-License-Identifier: MIT */
/*
 * What a run measured: the statistics file (--stats FILE.json) with stable
 * keys, and the short human summary on stderr. Both depend only on the
 * simulation, never on the host, so the same ELF, configuration and seed
 * give byte-identical files.
 */
#ifndef OSPREY_REPORT_H
#define OSPREY_REPORT_H

#include <stdio.h>

#include "sys/machine.h"

#include "sys/stats.h"

/*
 * Hart @i's stat groups (at most MAX_GROUPS: eight units' and one per
 * prefetch source) into @g; returns how many.
 */
#define MAX_GROUPS (8 + PF_MAX_SOURCES)
int report_stat_groups(const struct machine *m, int i, struct stat_group *g);

void report_json(const struct machine *m, FILE *f);
void report_summary(const struct machine *m, FILE *f);

#endif
