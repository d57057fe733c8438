// SPDX-License-Identifier: MIT
#include "sim_cosim_dma.h"

#include <stdio.h>

#include "dma_check.h"
#include "dma_rtl.h"
#include "sys/param.h"

/* The one engine's twin and checker, from attach to finish. */
static struct dma_rtl *rtl;
static struct dma_check *check;

int sim_cosim_dma_check(const struct config *cfg, char *err, size_t errlen)
{
	struct dma_params p;

	if (!cfg->dma.enabled) {
		snprintf(err, errlen, "--cosim=dma: the machine has no DMA engine (set "
			 "dma.enabled=on)");
		return -1;
	}
	dma_rtl_params(&p);
	if ((uint32_t)p.channels != cfg->cores || (uint32_t)p.slots != cfg->dma.inflight ||
	    p.line != cfg->l2.line || p.granule != cfg->dma.granule ||
	    p.max_len != cfg->dma.max_len || p.setup != cfg->dma.setup ||
	    p.ram_base != RAM_BASE || p.ram_size != cfg->mem_size) {
		snprintf(err, errlen, "--cosim=dma: the RTL twin was built for %d harts, "
			 "dma.inflight=%d, l2.line=%u, dma.granule=%u, dma.max_len=%u, "
			 "dma.setup=%u, sys.mem_size=%llu; the machine has %u, %u, %u, %u, %u, %u, "
			 "%u (rebuild with make DMA_CHANNELS=.. DMA_SLOTS=.. DMA_LINE_SHIFT=.. "
			 "DMA_GRANULE=.. DMA_MAX_LEN=.. DMA_SETUP=.. DMA_RAM_SIZE=..)", p.channels,
			 p.slots, p.line, p.granule, p.max_len, p.setup,
			 (unsigned long long)p.ram_size, cfg->cores, cfg->dma.inflight, cfg->l2.line,
			 cfg->dma.granule, cfg->dma.max_len, cfg->dma.setup, cfg->mem_size);
		return -1;
	}
	return 0;
}

static int step(void *ctx, uint64_t now, const struct dma_in *in, struct dma_out *out)
{
	return dma_check_cycle(ctx, now, in, out) != 0;
}

int sim_cosim_dma_attach(struct machine *m, const char *wave_dir)
{
	struct dmactl *d = &m->dma;

	/* A fast-forward may have used the engine: the twin starts from reset. */
	if (!dma_as_reset(&d->unit)) {
		fprintf(stderr, "osprey: --cosim=dma: the engine was used before the timing run "
			"(--fast-forward): its RTL twin can only start from reset\n");
		return -1;
	}
	rtl = dma_rtl_new();
	if (!rtl)
		return -1;
	check = dma_check_new(&d->unit, rtl, wave_dir);
	if (!check) {
		fprintf(stderr, "osprey: --cosim=dma: out of memory\n");
		return -1;
	}
	d->step = step;
	d->step_ctx = check;
	d->step_always = 1;	/* both sides see every cycle */
	return 0;
}

void sim_cosim_dma_finish(void)
{
	if (!check)
		return;
	fprintf(stderr, "osprey: cosim dma: %llu cycles compared, %llu mismatching\n",
		(unsigned long long)dma_check_cycles(check),
		(unsigned long long)dma_check_mismatches(check));
	dma_check_free(check);
	dma_rtl_free(rtl);
	check = NULL;
	rtl = NULL;
}
