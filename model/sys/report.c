// SPDX-License-Identifier: MIT
/*
 * The statistics file is one JSON object:
 *   "osprey":  the mode and how the run ended;
 *   "config":  every configuration key;
 *   "system":  cycles, instructions, bus occupancy, memory traffic;
 *   "harts":   per hart, every counter as "unit.counter": {"U","S","M","total"};
 *   "total":   the same counters summed over the harts.
 * Units: "hart" (functional execution), "dma" (the hart's DMA channel, when
 * the engine is on), and in timing mode "core", "fetch", "l1i", "l1d", "l2",
 * "bus" (this hart's transactions), the registered prefetchers' groups
 * (mem/prefetcher.h) and the Zicbop prefetch instructions' "swpf" (L1D) and
 * "swpf_i" (L1I).
 */
#include "sys/report.h"

#include <assert.h>
#include <string.h>

#include "cpu/core.h"
#include "mem/prefetcher.h"
#include "sys/stats.h"


int report_stat_groups(const struct machine *m, int i, struct stat_group *g)
{
	int n = 0;

	g[n++] = (struct stat_group){ "hart", hart_stats(m->harts[i]), hart_stat_fields,
				      hart_stat_nfields };
	if (m->cfg.dma.enabled)
		g[n++] = (struct stat_group){ "dma", &m->dma.stats[i], dma_stat_fields,
					      dma_stat_nfields };
	if (m->timing) {
		const struct timing *t = m->timing;

		g[n++] = (struct stat_group){ "core", &t->core[i].stats, core_stat_fields,
					      core_stat_nfields };
		g[n++] = (struct stat_group){ "fetch", &t->core[i].fu.stats, fetch_stat_fields,
					      fetch_stat_nfields };
		g[n++] = (struct stat_group){ "l1i", &t->l1i[i].stats, l1_stat_fields,
					      l1_stat_nfields };
		g[n++] = (struct stat_group){ "l1d", &t->l1d[i].stats, l1_stat_fields,
					      l1_stat_nfields };
		g[n++] = (struct stat_group){ "l2", &t->l2[i].stats, l2_stat_fields,
					      l2_stat_nfields };
		g[n++] = (struct stat_group){ "bus", &t->bus.stats[t->l2[i].agent],
					      bus_stat_fields, bus_stat_nfields };
		n += pf_stat_groups(&t->l1i[i], &t->l1d[i], g + n);
		g[n++] = (struct stat_group){ "swpf", &t->l1d[i].pfs[PF_SOFTWARE],
					      pf_stat_fields, pf_stat_nfields };
		g[n++] = (struct stat_group){ "swpf_i", &t->l1i[i].pfs[PF_SOFTWARE],
					      pf_stat_fields, pf_stat_nfields };
	}
	assert(n <= MAX_GROUPS);
	return n;
}

/* Sums of every group over all harts, in storage shaped like the units' stats. */
struct totals {
	struct hart_stats hart;
	struct core_stats core;
	struct fetch_stats fetch;
	struct l1_stats l1i, l1d;
	struct l2_stats l2;
	struct bus_stats bus;
	/* the prefetch groups in report order: the prefetchers' (registry order), swpf, swpf_i */
	struct pf_stats pf[MAX_GROUPS];
	struct dma_stats dma;
};

/* Where the totals of group @g go; @npf counts the prefetch groups met so far. */
static void *total_of(struct totals *tot, const struct stat_group *g, int *npf)
{
	static const char *const names[] = { "hart", "core", "fetch", "l1i", "l1d", "l2", "bus",
					     "dma" };
	void *const where[] = { &tot->hart, &tot->core, &tot->fetch, &tot->l1i, &tot->l1d,
				&tot->l2, &tot->bus, &tot->dma };

	if (g->fields == pf_stat_fields)
		return &tot->pf[(*npf)++];
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (!strcmp(names[k], g->unit))
			return where[k];
	return NULL;	/* unreachable: report_stat_groups() names only these */
}

static void sum(const struct machine *m, struct totals *tot, struct stat_group *out, int *nout)
{
	void *dst[MAX_GROUPS];
	int npf = 0;

	memset(tot, 0, sizeof(*tot));
	*nout = report_stat_groups(m, 0, out);
	for (int k = 0; k < *nout; k++)
		dst[k] = total_of(tot, &out[k], &npf);
	for (int i = 0; i < m->nharts; i++) {
		struct stat_group g[MAX_GROUPS];
		int n = report_stat_groups(m, i, g);

		for (int k = 0; k < n; k++)
			stats_add_group(dst[k], &g[k]);
	}
	for (int k = 0; k < *nout; k++)
		out[k].stats = dst[k];
}

/*
 * Core @i's clock (core.speeds): its ratio, frequency, and the machine
 * cycles it had work (its cycles out of WFI at its own clock).
 */
static void core_clock(const struct machine *m, int i, uint32_t *ratio, double *hz,
		       uint64_t *busy)
{
	const struct core *c = &m->timing->core[i];

	*ratio = c->ratio;
	*hz = (double)m->cfg.core_hz / c->ratio;
	*busy = (mctr_total(&c->stats.cycles) - mctr_total(&c->stats.idle)) * c->ratio;
}

/* Written on asymmetric machines only, so that a symmetric one's file is as before. */
static void clock_json(const struct machine *m, int i, struct json *j)
{
	uint32_t ratio;
	double hz;
	uint64_t busy;

	core_clock(m, i, &ratio, &hz, &busy);
	json_str(j, "kind", core_kind_names[config_core_kind(&m->cfg, i)]);
	json_u64(j, "clock_ratio", ratio);
	json_double(j, "clock_hz", hz);
	json_u64(j, "busy_machine_cycles", busy);
	json_double(j, "busy_seconds", (double)busy / m->cfg.core_hz);
}

static const char *const stop_names[] = {
	"running", "guest", "limit", "stuck", "interrupted", "internal", "cosim",
};

void report_json(const struct machine *m, FILE *f)
{
	struct json j;
	struct totals tot;
	struct stat_group g[MAX_GROUPS];
	int n;

	json_begin(&j, f);
	json_object(&j, "osprey");
	json_str(&j, "mode", m->timing ? "timing" : "functional");
	json_str(&j, "stop", stop_names[m->stop.kind]);
	json_u64(&j, "exit_status", (uint64_t)m->stop.status);
	json_close(&j, '}');

	json_object(&j, "config");
	config_json(&m->cfg, &j);
	json_close(&j, '}');

	json_object(&j, "system");
	json_u64(&j, "cycles", m->now);
	json_u64(&j, "instructions", m->retired);
	if (m->timing) {
		const struct timing *t = m->timing;

		json_u64(&j, "bus.busy_cycles", t->bus.busy_total);
		json_double(&j, "bus.utilization",
			    m->now ? (double)t->bus.busy_total / (double)m->now : 0.0);
		json_u64(&j, "mem.reads", t->mem.stats.reads);
		json_u64(&j, "mem.writes", t->mem.stats.writes);
		json_u64(&j, "mem.bytes", t->mem.stats.bytes);
		json_u64(&j, "mem.bank_wait_cycles", t->mem.stats.bank_wait);
		json_u64(&j, "mem.write_stall_cycles", t->mem.stats.write_stall);
	}
	json_close(&j, '}');

	json_array(&j, "harts");
	for (int i = 0; i < m->nharts; i++) {
		n = report_stat_groups(m, i, g);
		json_object(&j, NULL);
		json_u64(&j, "hart", (uint64_t)i);
		if (m->timing && config_asymmetric(&m->cfg))
			clock_json(m, i, &j);
		for (int k = 0; k < n; k++)
			stats_json_group(&j, &g[k]);
		json_close(&j, '}');
	}
	json_close(&j, ']');

	sum(m, &tot, g, &n);
	json_object(&j, "total");
	for (int k = 0; k < n; k++)
		stats_json_group(&j, &g[k]);
	json_close(&j, '}');
	json_end(&j);
}

static double ratio(uint64_t a, uint64_t b)
{
	return b ? (double)a / (double)b : 0.0;
}

void report_summary(const struct machine *m, FILE *f)
{
	struct totals tot;
	struct stat_group g[MAX_GROUPS];
	static const char *const mode_name[SM_MODES] = { "U", "S", "M" };
	const struct mctr *cyc, *ins;
	uint64_t all;
	int n;

	sum(m, &tot, g, &n);
	if (m->cfg.dma.enabled)
		fprintf(f, "osprey: dma: %llu operations, %llu lines, %llu bytes, %llu refused; "
			"bus held %llu cycles, harts waited %llu\n",
			(unsigned long long)mctr_total(&tot.dma.ops),
			(unsigned long long)mctr_total(&tot.dma.lines),
			(unsigned long long)mctr_total(&tot.dma.bytes),
			(unsigned long long)mctr_total(&tot.dma.errors),
			(unsigned long long)mctr_total(&tot.dma.bus_cycles),
			(unsigned long long)mctr_total(&tot.dma.wait_cycles));
	if (!m->timing) {
		cyc = &tot.hart.cycles;
		fprintf(f, "osprey: OS share (S+M cycles) %.1f%%\n",
			100.0 * ratio(cyc->v[SM_S] + cyc->v[SM_M], mctr_total(cyc)));
		return;
	}
	cyc = &tot.core.cycles;
	ins = &tot.core.insns;
	all = mctr_total(cyc);
	/* CPI counts the cycles a core had work: time asleep in WFI is left out. */
	fprintf(f, "osprey: %d cores, %llu cycles, %llu instructions, CPI %.3f", m->nharts,
		(unsigned long long)m->now, (unsigned long long)mctr_total(ins),
		ratio(all - mctr_total(&tot.core.idle), mctr_total(ins)));
	for (int k = 0; k < SM_MODES; k++)
		if (ins->v[k])
			fprintf(f, ", %s %.3f", mode_name[k],
				ratio(cyc->v[k] - tot.core.idle.v[k], ins->v[k]));
	fprintf(f, "\nosprey: OS share (S+M cycles) %.1f%%; idle in WFI %.1f%% of cycles\n",
		100.0 * ratio(cyc->v[SM_S] + cyc->v[SM_M], all),
		100.0 * ratio(mctr_total(&tot.core.idle), all));
	if (config_asymmetric(&m->cfg))
		for (int i = 0; i < m->nharts; i++) {
			uint32_t r;
			double hz;
			uint64_t busy;

			core_clock(m, i, &r, &hz, &busy);
			fprintf(f, "osprey: core %d: %s, clock 1/%u (%.1f MHz), busy %llu cycles "
				"(%.6f s), %llu instructions\n", i,
				core_kind_names[config_core_kind(&m->cfg, i)], r, hz / 1e6,
				(unsigned long long)busy, (double)busy / m->cfg.core_hz,
				(unsigned long long)mctr_total(&m->timing->core[i].stats.insns));
		}
	fprintf(f, "osprey: miss rates: l1i %.2f%%, l1d %.2f%%, l2 %.2f%%; bus utilization %.1f%%\n",
		100.0 * ratio(mctr_total(&tot.l1i.misses), mctr_total(&tot.l1i.accesses)),
		100.0 * ratio(mctr_total(&tot.l1d.misses), mctr_total(&tot.l1d.accesses)),
		100.0 * ratio(mctr_total(&tot.l2.misses), mctr_total(&tot.l2.accesses)),
		100.0 * ratio(m->timing->bus.busy_total, m->now));

	/*
	 * Per prefetcher group: coverage = misses it removed / the misses there
	 * would have been (useful + its L1's misses not served by a look-aside
	 * buffer); accuracy = useful / issued. The groups' totals are the first
	 * of tot.pf, in registry order.
	 */
	{
		const struct l1_stats *side[] = { [PF_SIDE_L1I] = &tot.l1i, [PF_SIDE_L1D] = &tot.l1d };
		const struct pf_stats *pf = tot.pf;

		for (const struct prefetcher *const *p = prefetchers; *p; p++) {
			const struct l1_stats *l1 = side[(*p)->side];
			uint64_t left = mctr_total(&l1->misses) - mctr_total(&l1->side_hits);

			for (unsigned k = 0; k < (*p)->ngroups; k++, pf++) {
				uint64_t issued = mctr_total(&pf->issued);
				uint64_t useful = mctr_total(&pf->useful);

				if (!issued)
					continue;
				fprintf(f, "osprey: %s: %llu issued, %llu useful, %llu late, %llu "
					"useless; coverage %.1f%%, accuracy %.1f%%, %llu extra bus "
					"reads\n", (*p)->groups[k].label, (unsigned long long)issued,
					(unsigned long long)useful,
					(unsigned long long)mctr_total(&pf->late),
					(unsigned long long)mctr_total(&pf->useless),
					100.0 * ratio(useful, useful + left),
					100.0 * ratio(useful, issued),
					(unsigned long long)mctr_total(&pf->bus_reads));
			}
		}
	}
}
