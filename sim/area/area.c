// SPDX-License-Identifier: MIT
/*
 * area: what the OS supports of a configuration cost in chip area.
 *
 *   area [--preset NAME] [--config FILE] [--set KEY=VALUE]... [--json FILE]
 *        [--markdown FILE] [--rtl-dir DIR] [--cache DIR]
 *
 * The options take osprey's configuration keys, in order. The base is one
 * core's L1I + L1D (tags, state, data) by the storage model; each support
 * adds its storage (same model) and, where it has an RTL twin, the twin
 * synthesized by Yosys at the configured parameters (register bits and
 * logic). Every figure is for the whole machine (per-core parts times
 * sys.cores), and each support's share is given against the machine's L1I
 * + L1D. A support that is off in the configuration adds nothing. README,
 * "Area", describes the method and its constants (area_cost.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "area_cost.h"
#include "area_storage.h"
#include "sys/config.h"
#include "sys/param.h"
#include "sys/stats.h"
#include "sys/stop.h"

#define MAX_SUPPORTS 12

struct area_run {
	struct config cfg;
	const char *preset;	/* the last --preset, for the report's title */
	const char *rtl_dir;	/* where the twins' sources are */
	const char *cache_dir;	/* synthesis results */
	struct area_part l1i, l1d, l2, itlb, dtlb;
	int storage_only;	/* no synthesis: twins' logic and registers left out */
	struct area_part sup[MAX_SUPPORTS];
	int nsup;
	/* the prefetch engine with both prefetchers on, for the total (when both are) */
	struct area_part engine_both;
	/*
	 * The base machine's units with a twin (fetch unit, L1 controllers, bus
	 * controller): their synthesized logic, reported beside the supports
	 * and in none of their figures (--no-base-logic: left out).
	 */
	int no_base_logic;
	struct area_part logic[5];
	int nlogic;
	double base_rbe;	/* the machine's L1I + L1D */
	double supports_rbe;	/* the supports that are on, shared parts once */
	/*
	 * Cores of the small kind (core.kinds), and the small core's own
	 * figures (an area_run of as many cores, all small), 0 and NULL if
	 * none: their difference from the big core's, scaled by the share of
	 * small cores, goes into each part's small_rbe.
	 */
	uint32_t small_cores;
	const struct area_run *small;
};

static int fail(const char *what, const char *detail)
{
	fprintf(stderr, "area: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	return EXIT_USAGE;
}

/* Synthesizes @p's twin @top (rtl/@top.sv). Returns 0, or -1 after a message. */
static int synth_twin(struct area_run *a, struct area_part *p, const char *top,
		      const struct area_param *params, int np)
{
	char path[1024], pkg[1024], err[1024];

	if (a->storage_only)
		return 0;
	snprintf(path, sizeof(path), "%s/%s.sv", a->rtl_dir, top);
	snprintf(pkg, sizeof(pkg), "%s/osprey_pkg.sv", a->rtl_dir);
	p->twin = top;
	if (area_synth(path, pkg, top, params, np, a->cache_dir, &p->synth, err, sizeof(err))) {
		fprintf(stderr, "area: synthesis of %s: %s\n", top, err);
		return -1;
	}
	return 0;
}

static struct area_part *support(struct area_run *a, const char *name, int on,
				 uint32_t instances, const char *note)
{
	struct area_part *p = &a->sup[a->nsup++];

	memset(p, 0, sizeof(*p));
	p->name = name;
	p->on = on;
	p->instances = instances;
	p->note = note;
	return p;
}

/*
 * The prefetch engine's twin (rtl/ipf_engine.sv: the triggers, the run and
 * the candidate queue) with the next-line and guarded prefetchers as
 * configured, or off where @nextline or @guarded is 0.
 */
static int prefetch_engine(struct area_run *a, struct area_part *p, int nextline, int guarded)
{
	const struct pf_config *pf = &a->cfg.pf;
	struct area_param ep[] = {
		{ "LineW", area_line_bits(a->cfg.l1i.line) },
		{ "L1I_LINE", a->cfg.l1i.line },
		{ "PF_NEXTLINE", nextline ? pf->nextline : NL_OFF },
		{ "PF_DEGREE", pf->degree },
		{ "PF_GUARDED", guarded ? pf->guarded : GP_OFF },
		{ "PF_GUARD_DEPTH", pf->guard_depth },
		{ "PF_GUARD_LINE", pf->guard_line },
	};

	return synth_twin(a, p, "ipf_engine", ep, sizeof(ep) / sizeof(ep[0]));
}

/*
 * The storage the next-line and guarded prefetchers have in common beside
 * their engine: the prefetch MSHRs, the per-line prefetched bit of the
 * tagged trigger, the prefetch buffer.
 */
static void prefetch_common(const struct config *c, struct area_part *p, int tagged)
{
	uint32_t lb = area_line_bits(c->l1i.line);

	area_add(p, CELL_REGISTER, (uint64_t)c->pf.inflight * (lb + 1 + 2 + 1),
		 "prefetch MSHRs (line, valid, source, demand)");
	if (tagged)
		area_add(p, CELL_SRAM, c->l1i.size / c->l1i.line,
			 "prefetched bit per L1I line (the tag)");
	if (c->pf.target)
		area_add(p, CELL_CAM, (uint64_t)c->pf.buffer_lines * lb,
			 "prefetch buffer tags (fully associative)");
	if (c->pf.target)
		area_add(p, CELL_SRAM, (uint64_t)c->pf.buffer_lines * c->l1i.line * 8,
			 "prefetch buffer data");
	if (c->pf.target)
		area_add(p, CELL_REGISTER, (uint64_t)c->pf.buffer_lines * (1 + 2) +
			 area_log2(c->pf.buffer_lines), "prefetch buffer valid, source, FIFO pointer");
}

/*
 * The L1 controller's twin (rtl/l1i.sv, which both L1s run) for cache @c,
 * synthesized with one set: the tag array is the storage model's SRAM,
 * counted in the base; what remains is the logic per way (compare,
 * replacement), the MSHRs and the replay and abandon lists.
 */
static int l1_controller(struct area_run *a, struct area_part *p, const struct cache_config *c)
{
	struct area_param lp[] = {
		{ "L1I_SIZE", (long)c->ways * c->line }, { "L1I_WAYS", c->ways },
		{ "L1I_LINE", c->line }, { "L1I_REPL", c->repl }, { "L1I_MSHRS", c->mshrs },
	};

	if (!strcmp(repl_names[c->repl], "random")) {
		p->note = "random replacement has no twin: not synthesized";
		return 0;
	}
	return synth_twin(a, p, "l1i", lp, sizeof(lp) / sizeof(lp[0]));
}

/* The base machine's twinned units (struct area_run, logic). */
static int base_logic(struct area_run *a)
{
	const struct config *c = &a->cfg;
	struct area_param fp[] = {
		{ "L1I_LINE", c->l1i.line }, { "CORE_FETCH_QUEUE", c->core.fetch_queue },
		{ "LineW", area_line_bits(c->l1i.line) },
	};
	struct area_param bp[] = { { "SYS_CORES", c->cores }, { "DMA_ENABLED", c->dma.enabled } };
	struct area_param sp[] = {
		{ "BUS_CLOCK_DIV", c->bus.clock_div }, { "BUS_WIDTH", c->bus.width },
		{ "BUS_ARB_CYCLES", c->bus.arb_cycles }, { "BUS_SNOOP_CYCLES", c->bus.snoop_cycles },
		{ "BUS_C2C_CYCLES", c->bus.c2c_cycles }, { "L2_LINE", c->l2.line },
	};
	struct area_part *p = a->logic;

	a->nlogic = 5;
	p[0] = (struct area_part){ .name = "fetch unit", .on = 1, .instances = c->cores };
	p[1] = (struct area_part){ .name = "L1I controller", .on = 1, .instances = c->cores,
				   .note = "one set synthesized (its tags are the base's SRAM); "
					   "most registers: the 64-line replay and abandon lists" };
	p[2] = (struct area_part){ .name = "L1D controller", .on = 1, .instances = c->cores,
				   .note = "the same unit at the L1D's geometry" };
	p[3] = (struct area_part){ .name = "bus controller", .on = 1, .instances = 1,
				   .note = "arbiter and LR hold table, one per machine" };
	p[4] = (struct area_part){ .name = "bus sequencer", .on = 1, .instances = 1,
				   .note = "snoop responses and timing, 64-bit cycle arithmetic; "
					   "one per machine" };
	if (synth_twin(a, &p[0], "fetch", fp, sizeof(fp) / sizeof(fp[0])) ||
	    l1_controller(a, &p[1], &c->l1i) || l1_controller(a, &p[2], &c->l1d) ||
	    synth_twin(a, &p[3], "bus_arb", bp, sizeof(bp) / sizeof(bp[0])))
		return -1;
	return synth_twin(a, &p[4], "bus_seq", sp, sizeof(sp) / sizeof(sp[0]));
}

static int supports(struct area_run *a)
{
	const struct config *c = &a->cfg;
	const struct pf_config *pf = &c->pf;
	uint32_t cores = c->cores, lb = area_line_bits(c->l1i.line);
	int both = pf->nextline != NL_OFF && pf->guarded != GP_OFF;
	struct area_part *p;

	p = support(a, "next-line prefetch", pf->nextline != NL_OFF, cores,
		    both ? "queue, prefetch MSHRs, buffer: shared with guarded" : NULL);
	if (p->on) {
		prefetch_common(c, p, pf->nextline == NL_TAGGED);
		if (prefetch_engine(a, p, 1, 0))
			return -1;
	}

	p = support(a, "guarded sequential prefetch", pf->guarded != GP_OFF, cores,
		    both ? "queue, prefetch MSHRs, buffer: shared with next-line" : NULL);
	if (p->on) {
		prefetch_common(c, p, pf->guarded == GP_TAGGED);
		area_add(p, CELL_SRAM, c->l1i.size / 4, "guard marks: predecode bit per L1I word");
		area_add(p, CELL_SRAM, c->itlb.entries, "guard enable: PTE bit 8 per I-TLB entry");
		area_add(p, CELL_REGISTER, 1, "guard enable without translation: mpfctl bit 0");
		if (prefetch_engine(a, p, 0, 1))
			return -1;
	}
	if (both) {
		a->engine_both = (struct area_part){ .name = "prefetch engine", .on = 1,
						     .instances = cores };
		if (prefetch_engine(a, &a->engine_both, 1, 1))
			return -1;
	}

	p = support(a, "stream buffers", pf->sbufs > 0, cores, NULL);
	if (p->on) {
		struct area_param sp[] = { { "SBUF_COUNT", pf->sbufs },
					   { "SBUF_DEPTH", pf->sbuf_depth },
					   { "SBUF_HIT", pf->sbuf_any }, { "LineW", lb } };

		if (synth_twin(a, p, "sbuf", sp, 4))
			return -1;
	}

	p = support(a, "DMA engine", c->dma.enabled, 1, "one engine, a channel per hart");
	if (p->on) {
		struct area_param dp[] = {
			{ "SYS_CORES", cores }, { "DMA_INFLIGHT", c->dma.inflight },
			{ "L2_LINE", c->l2.line }, { "DMA_GRANULE", c->dma.granule },
			{ "DMA_MAX_LEN", c->dma.max_len }, { "DMA_SETUP", c->dma.setup },
			{ "SYS_MEM_SIZE", c->mem_size }, { "RamBase", RAM_BASE },
		};

		/* The twin holds the channels' and slots' state; the data and the registers are beside it. */
		area_add(p, CELL_SRAM, (uint64_t)c->dma.inflight * c->l2.line * 8,
			 "line buffers (data of the lines in flight)");
		area_add(p, CELL_REGISTER, (uint64_t)cores * 4 * 32,
			 "registers SRC, DST, LEN, CTRL per channel");
		if (synth_twin(a, p, "dma", dp, sizeof(dp) / sizeof(dp[0])))
			return -1;
	}

	p = support(a, "selective update", c->coh.selective_update, cores,
		    "storage only; BusUpd fits the 3-bit bus command");
	if (p->on) {
		area_add(p, CELL_SRAM, c->dtlb.entries, "update page: PTE bit 9 per D-TLB entry");
		area_add(p, CELL_REGISTER, 2 * 20 + 1,
			 "without translation: mupdbase, mupdlimit (4 KiB granules), mpfctl bit 1");
		area_add(p, CELL_REGISTER, c->core.wb_entries,
			 "write buffer: update-or-write bit per entry");
		area_add(p, CELL_REGISTER, c->l1d.mshrs,
			 "L1D: update-granted bit per MSHR");
	}

	support(a, "code layout", 0, 0, "software (link order): no hardware");
	support(a, "privatization", 0, 0, "software (data placement): no hardware");
	support(a, "software prefetch", 0, 0,
		"Zicbop hints use the L1D's MSHRs: no hardware");
	return 0;
}

static double machine_rbe(const struct area_part *p)
{
	return p->on ? area_part_rbe(p) * p->instances + p->small_rbe : 0;
}

/*
 * The total of the supports that are on, with shared prefetch hardware
 * counted once: with both prefetchers on, their common storage once and one
 * engine with both in place of the two engines with one each.
 */
static double supports_total(const struct area_run *a)
{
	double t = 0;

	for (int i = 0; i < a->nsup; i++)
		t += machine_rbe(&a->sup[i]);
	/* supports() puts next-line first and guarded second. */
	if (a->sup[0].on && a->sup[1].on) {
		struct area_part common = { .name = "common", .on = 1, .instances = a->cfg.cores };

		/* The prefetched bit is one and the same when both use the tagged trigger. */
		prefetch_common(&a->cfg, &common, a->cfg.pf.nextline == NL_TAGGED &&
				a->cfg.pf.guarded == GP_TAGGED);
		t -= machine_rbe(&common);
		t += (area_twin_rbe(&a->engine_both) - area_twin_rbe(&a->sup[0]) -
		      area_twin_rbe(&a->sup[1])) * a->cfg.cores;
	}
	return t;
}

/* The estimate of @a's configuration, every core counted at its geometry. */
static int estimate(struct area_run *a)
{
	a->nsup = 0;
	a->nlogic = 0;
	area_cache(&a->l1i, "l1i", &a->cfg.l1i, a->cfg.cores);
	area_cache(&a->l1d, "l1d", &a->cfg.l1d, a->cfg.cores);
	area_cache(&a->l2, "l2", &a->cfg.l2, a->cfg.cores);
	area_tlb(&a->itlb, "itlb", &a->cfg.itlb, a->cfg.cores);
	area_tlb(&a->dtlb, "dtlb", &a->cfg.dtlb, a->cfg.cores);
	a->base_rbe = machine_rbe(&a->l1i) + machine_rbe(&a->l1d);
	if (supports(a))
		return -1;
	if (!a->no_base_logic && !a->storage_only && base_logic(a))
		return -1;
	a->supports_rbe = supports_total(a);
	return 0;
}

/*
 * @a's figures with its small cores at their own geometry: @s is the
 * estimate of as many cores all small. A small core differs from a big one
 * only in its per-core parts, so each figure moves towards @s's by the
 * share of small cores (machine-wide parts are the same in both).
 */
static void add_small_cores(struct area_run *a, const struct area_run *s)
{
	double share = (double)a->small_cores / a->cfg.cores;
	struct area_part *pa[] = { &a->l1i, &a->l1d, &a->l2, &a->itlb, &a->dtlb };
	const struct area_part *ps[] = { &s->l1i, &s->l1d, &s->l2, &s->itlb, &s->dtlb };

	a->small = s;
	for (int i = 0; i < 5; i++)
		pa[i]->small_rbe = share * (machine_rbe(ps[i]) - machine_rbe(pa[i]));
	for (int i = 0; i < a->nsup; i++)
		a->sup[i].small_rbe = share * (machine_rbe(&s->sup[i]) - machine_rbe(&a->sup[i]));
	for (int i = 0; i < a->nlogic; i++)
		a->logic[i].small_rbe = share * (machine_rbe(&s->logic[i]) -
						 machine_rbe(&a->logic[i]));
	a->base_rbe = machine_rbe(&a->l1i) + machine_rbe(&a->l1d);
	a->supports_rbe += share * (s->supports_rbe - a->supports_rbe);
}

static void json_part(struct json *j, const char *key, const struct area_part *p, double base)
{
	json_object(j, key);
	json_str(j, "name", p->name);
	json_u64(j, "on", (uint64_t)p->on);
	json_u64(j, "instances", p->instances);
	json_double(j, "rbe", machine_rbe(p));
	if (p->small_rbe != 0)
		json_double(j, "small_cores_rbe", p->small_rbe);
	if (base > 0)
		json_double(j, "pct_of_base_l1", 100.0 * machine_rbe(p) / base);
	json_u64(j, "hardware", (uint64_t)(p->instances > 0));
	if (p->note)
		json_str(j, "note", p->note);
	json_array(j, "storage");
	for (int i = 0; i < p->nitems; i++) {
		json_object(j, NULL);
		json_str(j, "what", p->item[i].what);
		json_str(j, "cell", area_cell_names[p->item[i].cell]);
		json_u64(j, "bits_per_instance", p->item[i].bits);
		json_close(j, '}');
	}
	json_close(j, ']');
	if (p->twin) {
		json_object(j, "twin");
		json_str(j, "module", p->twin);
		json_u64(j, "register_bits", p->synth.reg_bits);
		json_double(j, "logic_ge", p->synth.logic_ge);
		json_u64(j, "gates", p->synth.gates);
		json_close(j, '}');
	}
	json_close(j, '}');
}

static void write_json(const struct area_run *a, FILE *f)
{
	struct json j;

	json_begin(&j, f);
	json_object(&j, "method");
	json_double(&j, "rbe_register_bit", RBE_REGISTER_BIT);
	json_double(&j, "rbe_sram_bit", RBE_SRAM_BIT);
	json_double(&j, "rbe_cam_bit", RBE_CAM_BIT);
	json_double(&j, "ge_per_rbe", GE_PER_RBE);
	json_str(&j, "yosys_flow", AREA_YOSYS_FLOW);
	json_str(&j, "ge", "transistors / 4 of the mapped CMOS gates (NAND2 = 1)");
	json_close(&j, '}');
	json_object(&j, "config");
	config_json(&a->cfg, &j);
	json_close(&j, '}');
	if (a->small) {
		json_object(&j, "cores_by_kind");
		json_u64(&j, "big", a->cfg.cores - a->small_cores);
		json_u64(&j, "small", a->small_cores);
		json_close(&j, '}');
	}
	json_object(&j, "base");
	json_part(&j, "l1i", &a->l1i, 0);
	json_part(&j, "l1d", &a->l1d, 0);
	json_part(&j, "l2", &a->l2, 0);
	json_part(&j, "itlb", &a->itlb, 0);
	json_part(&j, "dtlb", &a->dtlb, 0);
	json_double(&j, "l1i_l1d_rbe", a->base_rbe);
	json_close(&j, '}');
	json_array(&j, "supports");
	for (int i = 0; i < a->nsup; i++)
		json_part(&j, NULL, &a->sup[i], a->base_rbe);
	json_close(&j, ']');
	json_double(&j, "supports_rbe", a->supports_rbe);
	json_double(&j, "supports_pct_of_base_l1", 100.0 * a->supports_rbe / a->base_rbe);
	json_array(&j, "base_logic");
	for (int i = 0; i < a->nlogic; i++)
		json_part(&j, NULL, &a->logic[i], 0);
	json_close(&j, ']');
	json_end(&j);
}

/* The Markdown cell of @p's twin: "`module`: register bits, logic GE", or empty. */
static void twin_cell(const struct area_part *p, char *buf, size_t len)
{
	buf[0] = '\0';
	if (p->twin)
		snprintf(buf, len, "`%s`: %llu, %.0f", p->twin,
			 (unsigned long long)p->synth.reg_bits, p->synth.logic_ge);
}

static void write_markdown(const struct area_run *a, FILE *f)
{
	if (a->storage_only)
		fprintf(f, "Storage only (--storage-only): the twins are not synthesized.\n\n");
	if (!a->small)
		fprintf(f, "Preset `%s`, %u cores: base L1I + L1D = %.0f rbe "
			"(L1I %.0f, L1D %.0f per core; L2 %.0f per core, not in the base).\n\n",
			a->preset, a->cfg.cores, a->base_rbe, area_part_rbe(&a->l1i),
			area_part_rbe(&a->l1d), area_part_rbe(&a->l2));
	else
		fprintf(f, "Preset `%s`, %u cores (%u big, %u small): base L1I + L1D = %.0f rbe "
			"(L1I %.0f, L1D %.0f per big core, %.0f and %.0f per small core; L2 %.0f "
			"per core, not in the base). Per-core rows count each core at its own "
			"geometry.\n\n", a->preset, a->cfg.cores, a->cfg.cores - a->small_cores,
			a->small_cores, a->base_rbe, area_part_rbe(&a->l1i), area_part_rbe(&a->l1d),
			area_part_rbe(&a->small->l1i), area_part_rbe(&a->small->l1d),
			area_part_rbe(&a->l2));
	fprintf(f, "| support | on | rbe | %% of L1I+L1D | twin: register bits, logic GE "
		"(per core) | notes |\n|---|---|---:|---:|---|---|\n");
	for (int i = 0; i < a->nsup; i++) {
		const struct area_part *p = &a->sup[i];
		char twin[96];

		twin_cell(p, twin, sizeof(twin));
		if (!p->instances)
			fprintf(f, "| %s | — | 0 | 0 | | %s |\n", p->name, p->note);
		else
			fprintf(f, "| %s | %s | %.0f | %.2f | %s | %s |\n", p->name,
				p->on ? "yes" : "no", machine_rbe(p),
				100.0 * machine_rbe(p) / a->base_rbe, twin, p->note ? p->note : "");
	}
	fprintf(f, "| **all supports that are on** | | %.0f | %.2f | | shared parts once |\n",
		a->supports_rbe, 100.0 * a->supports_rbe / a->base_rbe);
	if (!a->nlogic)
		return;
	fprintf(f, "\nThe base machine's units with a twin (logic, in no figure above):\n\n"
		"| unit | copies | rbe | twin: register bits, logic GE (per copy) | notes |\n"
		"|---|---:|---:|---|---|\n");
	for (int i = 0; i < a->nlogic; i++) {
		const struct area_part *p = &a->logic[i];
		char twin[96];

		twin_cell(p, twin, sizeof(twin));
		fprintf(f, "| %s | %u | %.0f | %s | %s |\n", p->name, p->instances,
			machine_rbe(p), twin, p->note ? p->note : "");
	}
}

static int write_out(const char *path, const struct area_run *a,
		     void (*fn)(const struct area_run *, FILE *))
{
	FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;

	if (!f)
		return fail("cannot write", path);
	fn(a, f);
	if (f != stdout && fclose(f))
		return fail("cannot write", path);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: area [options]\n"
		"  --preset NAME     default or modern (resets the keys it sets)\n"
		"  --config FILE     read 'key = value' lines\n"
		"  --set KEY=VALUE   set one configuration key (repeatable)\n"
		"  --json FILE       write the estimate as JSON ('-' for stdout)\n"
		"  --markdown FILE   write the table as Markdown (default: stdout)\n"
		"  --rtl-dir DIR     the twins' sources (default: rtl)\n"
		"  --cache DIR       synthesis results (default: build/area-cache)\n"
		"  --storage-only    no synthesis: the storage model alone\n"
		"  --no-base-logic   leave out the base machine's twins (fetch unit, L1\n"
		"                    controllers, bus controller)\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "preset", required_argument, NULL, 'p' },
		{ "config", required_argument, NULL, 'c' },
		{ "set", required_argument, NULL, 's' },
		{ "json", required_argument, NULL, 'j' },
		{ "markdown", required_argument, NULL, 'm' },
		{ "rtl-dir", required_argument, NULL, 'r' },
		{ "cache", required_argument, NULL, 'C' },
		{ "storage-only", no_argument, NULL, 'S' },
		{ "no-base-logic", no_argument, NULL, 'B' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct area_run a, small;
	const char *json_path = NULL, *md_path = NULL;
	char err[512];
	int c;

	config_defaults(&a.cfg);
	a.preset = "default";
	a.rtl_dir = "rtl";
	a.cache_dir = "build/area-cache";
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (config_preset(&a.cfg, optarg))
				return fail("--preset: unknown preset (default, modern)", optarg);
			a.preset = optarg;
			break;
		case 'c':
			if (config_load(&a.cfg, optarg, err, sizeof(err)))
				return fail(err, NULL);
			break;
		case 's': {
			char *eq = strchr(optarg, '=');

			if (!eq)
				return fail("--set: expected KEY=VALUE, got", optarg);
			*eq = '\0';
			if (config_set(&a.cfg, optarg, eq + 1, err, sizeof(err)))
				return fail(err, NULL);
			break;
		}
		case 'j': json_path = optarg; break;
		case 'm': md_path = optarg; break;
		case 'r': a.rtl_dir = optarg; break;
		case 'C': a.cache_dir = optarg; break;
		case 'S': a.storage_only = 1; break;
		case 'B': a.no_base_logic = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind < argc)
		return fail("unexpected argument", argv[optind]);
	if (config_check(&a.cfg, err, sizeof(err)))
		return fail(err, NULL);
	if (mkdir(a.cache_dir, 0755) && access(a.cache_dir, W_OK))
		return fail("cannot use the synthesis cache directory", a.cache_dir);

	if (estimate(&a))
		return EXIT_FAILURE;
	for (uint32_t i = 0; i < a.cfg.cores; i++) {
		if (config_core_kind(&a.cfg, (int)i) != CORE_SMALL)
			continue;
		if (!a.small_cores++) {
			small = a;	/* the same options */
			config_for_core(&a.cfg, (int)i, &small.cfg);
			small.cfg.kinds.n = 1;
			small.cfg.kinds.v[0] = CORE_BIG;
			small.small_cores = 0;
		}
	}
	if (a.small_cores) {
		if (estimate(&small))
			return EXIT_FAILURE;
		add_small_cores(&a, &small);
	}
	if (json_path && write_out(json_path, &a, write_json))
		return EXIT_USAGE;
	if (write_out(md_path ? md_path : "-", &a, write_markdown))
		return EXIT_USAGE;
	return 0;
}
