// SPDX-License-Identifier: MIT
#include "dev/dmactl.h"

#include <string.h>

const struct stat_field dma_stat_fields[] = {
	STAT(struct dma_stats, ops), STAT(struct dma_stats, lines), STAT(struct dma_stats, bytes),
	STAT(struct dma_stats, bus_cycles), STAT(struct dma_stats, errors),
	STAT(struct dma_stats, wait_cycles),
};
const int dma_stat_nfields = sizeof(dma_stat_fields) / sizeof(dma_stat_fields[0]);

/* The engine's tap: a fast-forward may have used it before the timing run. */
static int engine_at_reset(const void *unit)
{
	return dma_as_reset(unit);
}

void dmactl_init(struct dmactl *d, const struct config *cfg, struct memmap *mm, struct plic *plic,
		 struct hart **harts, struct lr_set *lr, const uint64_t *now)
{
	memset(d, 0, sizeof(*d));
	dma_configure(&d->unit, cfg);
	d->tap = (struct unit_tap){ .unit = "dma", .c_unit = &d->unit, .at_reset = engine_at_reset };
	d->nchan = (int)cfg->cores;
	d->mm = mm;
	d->plic = plic;
	d->harts = harts;
	d->lr = lr;
	d->now = now;
}

static uint8_t stat_mode_of(enum priv p)
{
	return p == PRIV_M ? SM_M : p == PRIV_S ? SM_S : SM_U;
}

/* ---- the bus agent ------------------------------------------------------------ */

/* The engine caches nothing: another agent's transaction finds no copy here. */
static int agent_snoop(void *agent, uint32_t line, enum bus_op op, uint64_t now)
{
	return 0;
}

static int agent_holds(void *agent, uint32_t line)
{
	return 0;
}

static void agent_done(void *agent, const struct bus_req *r, int shared, uint64_t now)
{
	const struct dmactl_port *port = agent;
	struct dmactl *d = port->d;
	int c = port->chan;

	d->stats[c].bus_cycles.v[d->mode[c]] += now - r->granted;
	if (d->rsp_count < DMACTL_QUEUE)
		d->rsp[(d->rsp_head + d->rsp_count++) % DMACTL_QUEUE] = (uint8_t)r->tag;
}

static const struct bus_agent_ops agent_ops = { agent_snoop, agent_holds, agent_done };

void dmactl_attach_bus(struct dmactl *d, struct bus *bus)
{
	d->bus = bus;
	for (int c = 0; c < d->nchan; c++) {
		d->port[c] = (struct dmactl_port){ d, c };
		d->agent[c] = bus_attach(bus, &d->port[c], &agent_ops);
	}
}

/* ---- the engine's cycle ------------------------------------------------------- */

/* Acts on the outputs of a cycle at @now: data, bus requests, interrupts, counters. */
static void act(struct dmactl *d, const struct dma_in *in, const struct dma_out *out, uint64_t now)
{
	if (in->cmd_valid) {
		int c = in->cmd_chan, m = d->mode[c];

		if (out->cmd_cause != DMA_OK) {
			d->stats[c].errors.v[m]++;
		} else {
			d->stats[c].ops.v[m]++;
			if (d->observer)
				d->observer(d->observer_ctx, c, 0, in->cmd_op, in->cmd_len, now);
		}
	}
	if (out->cap_valid)
		memcpy(d->buf[out->cap_slot] + out->cap_off, memmap_host(d->mm, out->cap_src),
		       out->cap_len);
	if (out->wr_valid) {
		int c = out->wr_chan, m = d->mode[c];
		uint8_t *dst = memmap_host(d->mm, out->wr_dst);

		if (out->wr_zero)
			memset(dst, 0, out->wr_len);
		else
			memcpy(dst, d->buf[out->wr_slot], out->wr_len);
		lr_set_break(d->lr, out->wr_dst, out->wr_len);
		d->stats[c].lines.v[m]++;
		d->stats[c].bytes.v[m] += out->wr_len;
	}
	if (out->done_valid && d->observer)
		d->observer(d->observer_ctx, out->done_chan, 1, 0, 0, now);
	if (out->done_valid && d->waiting[out->done_chan]) {
		int c = out->done_chan;

		d->stats[c].wait_cycles.v[d->mode[c]] += now - d->wait_from[c];
		d->waiting[c] = 0;
	}
	if (out->req_valid && in->req_ready && d->bus) {
		int c = out->req_chan;
		struct bus_req r = {
			.op = out->req_write ? BUS_DMA_WR : BUS_DMA_RD, .agent = (uint8_t)d->agent[c],
			.mode = d->mode[c], .line = out->req_line, .ready = now,
			.enqueued = now, .tag = out->req_tag, .partial = out->req_partial,
		};

		bus_request(d->bus, &r);
	}
	for (uint32_t diff = out->irq ^ d->irq; diff; diff &= diff - 1) {
		int c = __builtin_ctz(diff);

		plic_set_irq(d->plic, DMA_IRQ_BASE + c, (out->irq >> c) & 1);
	}
	d->irq = out->irq;
}

/* Takes the next input of each kind off its queue. */
static void gather(struct dmactl *d, struct dma_in *in)
{
	memset(in, 0, sizeof(*in));
	in->req_ready = 1;	/* the bus queues every request */
	if (d->cmd_count) {
		*in = d->cmd[d->cmd_head];
		in->req_ready = 1;
		d->cmd_head = (d->cmd_head + 1) % DMACTL_QUEUE;
		d->cmd_count--;
		d->queued_cmds &= ~(1u << in->cmd_chan);
	}
	if (d->clr_count) {
		in->clr_valid = 1;
		in->clr_chan = d->clr[d->clr_head];
		d->clr_head = (d->clr_head + 1) % DMACTL_QUEUE;
		d->clr_count--;
	}
	if (d->rsp_count) {
		in->rsp_valid = 1;
		in->rsp_tag = d->rsp[d->rsp_head];
		d->rsp_head = (d->rsp_head + 1) % DMACTL_QUEUE;
		d->rsp_count--;
	}
}

/* One cycle of the engine: inputs, evaluation, actions, clock edge. */
static void step(struct dmactl *d, uint64_t now, int loopback)
{
	struct dma_in in;
	struct dma_out out;

	gather(d, &in);
	if (d->tap.eval) {
		/* The actions depend on the outputs only: the unit may be clocked first. */
		d->tap.eval(&d->tap, now, &in, &out);
		d->tap.tick(&d->tap);
	} else {
		dma_eval(&d->unit, &in, &out);
	}
	act(d, &in, &out, now);
	/* Functional mode: the "bus" answers every request in the next cycle, at no cost. */
	if (loopback && out.req_valid && d->rsp_count < DMACTL_QUEUE)
		d->rsp[(d->rsp_head + d->rsp_count++) % DMACTL_QUEUE] = out.req_tag;
	if (!d->tap.eval)
		dma_tick(&d->unit);
	/* Work left, or an interrupt line to move in the next cycle. */
	d->active = dma_active(&d->unit) || dma_irq(&d->unit) != d->irq;
}

void dmactl_cycle(struct dmactl *d, uint64_t now)
{
	step(d, now, 0);
}

/* Functional mode: runs the engine until it has nothing left to do. */
static void run_to_end(struct dmactl *d)
{
	while (dmactl_busy(d))
		step(d, *d->now, 1);
}

/* ---- registers ------------------------------------------------------------------ */

static int reg_read(void *dev, uint32_t off, int size, uint32_t *val)
{
	struct dmactl *d = dev;
	int c = (int)(off / DMA_CHAN_BYTES);
	struct dma_chan_status st;

	if (size != 4 || (off & 3) || c >= d->nchan)
		return -1;
	st = dma_chan_status(&d->unit, c);
	switch (off % DMA_CHAN_BYTES) {
	case DMA_REG_SRC: *val = d->src[c]; break;
	case DMA_REG_DST: *val = d->dst[c]; break;
	case DMA_REG_LEN: *val = d->len[c]; break;
	case DMA_REG_CTRL: *val = d->ctrl[c]; break;
	case DMA_REG_STATUS: {
		int busy = st.busy || ((d->queued_cmds >> c) & 1);

		*val = (busy ? DMA_ST_BUSY : 0) | (st.done ? DMA_ST_DONE : 0) |
		       (st.err ? DMA_ST_ERR : 0) | ((uint32_t)st.cause << DMA_ST_CAUSE_SHIFT);
		if (busy && !d->waiting[c]) {
			d->waiting[c] = 1;
			d->wait_from[c] = *d->now;
		}
		break;
	}
	case DMA_REG_ID: *val = DMA_ID; break;
	case DMA_REG_GRANULE: *val = d->unit.p.granule; break;
	case DMA_REG_MAXLEN: *val = d->unit.p.max_len; break;
	case DMA_REG_SLOTS: *val = (uint32_t)d->unit.p.slots; break;
	default: return -1;
	}
	return 0;
}

static int reg_write(void *dev, uint32_t off, int size, uint32_t val)
{
	struct dmactl *d = dev;
	int c = (int)(off / DMA_CHAN_BYTES);

	if (size != 4 || (off & 3) || c >= d->nchan)
		return -1;
	switch (off % DMA_CHAN_BYTES) {
	case DMA_REG_SRC: d->src[c] = val; break;
	case DMA_REG_DST: d->dst[c] = val; break;
	case DMA_REG_LEN: d->len[c] = val; break;
	case DMA_REG_CTRL:
		d->ctrl[c] = val;
		if (d->cmd_count == DMACTL_QUEUE)
			return 0;	/* cannot happen: one store per hart per cycle */
		d->mode[c] = d->harts ? stat_mode_of(hart_priv(d->harts[c])) : SM_M;
		d->cmd[(d->cmd_head + d->cmd_count++) % DMACTL_QUEUE] = (struct dma_in){
			.cmd_valid = 1, .cmd_chan = (uint8_t)c, .cmd_op = (uint8_t)(val & DMA_CTRL_OP),
			.cmd_irq = (val & DMA_CTRL_IRQ) != 0, .cmd_src = d->src[c],
			.cmd_dst = d->dst[c], .cmd_len = d->len[c],
		};
		d->queued_cmds |= 1u << c;
		break;
	case DMA_REG_STATUS:
		if (!(val & (DMA_ST_DONE | DMA_ST_ERR)))
			return 0;
		if (d->clr_count < DMACTL_QUEUE)
			d->clr[(d->clr_head + d->clr_count++) % DMACTL_QUEUE] = (uint8_t)c;
		break;
	case DMA_REG_ID: case DMA_REG_GRANULE: case DMA_REG_MAXLEN: case DMA_REG_SLOTS:
		break;		/* read-only: writes are ignored */
	default: return -1;
	}
	if (!d->bus)
		run_to_end(d);
	return 0;
}

const struct mmio_ops dmactl_ops = { reg_read, reg_write };
