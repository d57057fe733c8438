// SPDX-License-Identifier: MIT
#include "mem/dma.h"

#include <string.h>

#include "sys/config.h"
#include "sys/param.h"

void dma_configure(struct dma *e, const struct config *cfg)
{
	struct dma_params p = {
		.channels = (int)cfg->cores, .slots = (int)cfg->dma.inflight,
		.line = cfg->l2.line, .granule = cfg->dma.granule, .max_len = cfg->dma.max_len,
		.setup = cfg->dma.setup, .ram_base = RAM_BASE, .ram_size = cfg->mem_size,
	};

	dma_init(e, &p);
}

void dma_init(struct dma *e, const struct dma_params *p)
{
	memset(e, 0, sizeof(*e));
	e->p = *p;
}

/* True when [a, a + len) lies in RAM; sets *@cause to why not. */
static int in_ram(const struct dma_params *p, uint32_t a, uint32_t len, enum dma_cause *cause)
{
	uint64_t off = (uint64_t)a - p->ram_base;

	if (a < p->ram_base || off >= p->ram_size) {
		*cause = DMA_ERR_NOT_RAM;
		return 0;
	}
	if (off + len > p->ram_size) {
		*cause = DMA_ERR_END;
		return 0;
	}
	return 1;
}

enum dma_cause dma_check(const struct dma_params *p, uint8_t op, uint32_t src, uint32_t dst,
			 uint32_t len)
{
	enum dma_cause cause = DMA_OK;
	uint32_t g = p->granule - 1;

	if (op != DMA_OP_COPY && op != DMA_OP_ZERO)
		return DMA_ERR_OP;
	if ((dst | len | (op == DMA_OP_COPY ? src : 0)) & g)
		return DMA_ERR_ALIGN;
	if (len > p->max_len)
		return DMA_ERR_LONG;
	if (!in_ram(p, dst, len, &cause) || (op == DMA_OP_COPY && !in_ram(p, src, len, &cause)))
		return cause;
	if (op == DMA_OP_COPY && len && src < dst + len && dst < src + len)
		return DMA_ERR_OVERLAP;
	return DMA_OK;
}

int dma_active(const struct dma *e)
{
	if (e->q.busy)
		return 1;
	for (int s = 0; s < e->p.slots; s++)
		if (e->q.slot[s].valid)
			return 1;
	return 0;
}

int dma_as_reset(const struct dma *e)
{
	for (int c = 0; c < e->p.channels; c++)
		if (e->q.cause[c])
			return 0;
	return !dma_active(e) && !e->q.done && !e->q.err && !e->q.irq_en && e->q.rr == 0;
}

uint32_t dma_irq(const struct dma *e)
{
	return e->q.irq_en & (e->q.done | e->q.err);
}

/* Source lines the bytes [src, src + len) lie in (len > 0). */
static uint8_t lines_spanned(uint32_t line, uint32_t src, uint32_t len)
{
	return (uint8_t)((src + len - 1) / line - src / line + 1);
}

/* Cuts the next chunk of channel @ch into free slot @sl. */
static void cut_chunk(const struct dma *e, struct dma_chan *ch, int c, struct dma_slot *sl)
{
	uint32_t line = e->p.line, dst = ch->dst + ch->cut, src = ch->src + ch->cut;
	uint32_t len = line - dst % line;

	if (len > ch->len - ch->cut)
		len = ch->len - ch->cut;
	*sl = (struct dma_slot){ .valid = 1, .chan = (uint8_t)c, .src = src, .dst = dst,
				 .len = (uint16_t)len };
	sl->reads = ch->op == DMA_OP_COPY ? lines_spanned(line, src, len) : 0;
	ch->cut += len;
}

/* The request slot @sl would make now, if any: fills out->req_*; 1 if there is one. */
static int slot_request(const struct dma *e, const struct dma_slot *sl, int s,
			struct dma_out *out)
{
	uint32_t line = e->p.line;

	if (!sl->valid)
		return 0;
	if (sl->issued < sl->reads) {
		out->req_write = 0;
		out->req_partial = 0;
		out->req_line = sl->src / line + sl->issued;
		out->req_tag = (uint8_t)(s * 4 + sl->issued);
		out->req_chan = sl->chan;
		return 1;
	}
	if (sl->issued == sl->reads && sl->back == sl->reads) {
		out->req_write = 1;
		out->req_partial = sl->len < line;
		out->req_line = sl->dst / line;
		out->req_tag = (uint8_t)(s * 4 + 2);
		out->req_chan = sl->chan;
		return 1;
	}
	return 0;
}

/* Sets or clears bit @c of @v. */
static void set_bit(uint16_t *v, int c, int on)
{
	*v = (uint16_t)((*v & ~(1u << c)) | (unsigned)!!on << c);
}

/* A command on channel in->cmd_chan of next state @d: checked, and if good it starts. */
static enum dma_cause command(const struct dma *e, const struct dma_in *in, struct dma_state *d)
{
	int c = in->cmd_chan;
	struct dma_chan *ch = &d->ch[c];
	enum dma_cause cause;

	if (d->busy >> c & 1)
		cause = DMA_ERR_BUSY;
	else
		cause = dma_check(&e->p, in->cmd_op, in->cmd_src, in->cmd_dst, in->cmd_len);
	if (cause != DMA_OK) {
		set_bit(&d->err, c, 1);
		d->cause[c] = (uint8_t)cause;
		if (cause != DMA_ERR_BUSY)
			set_bit(&d->irq_en, c, in->cmd_irq);	/* the running one keeps its own */
		return cause;
	}
	ch->op = in->cmd_op;
	set_bit(&d->irq_en, c, in->cmd_irq);
	ch->src = in->cmd_src;
	ch->dst = in->cmd_dst;
	ch->len = in->cmd_len;
	ch->setup_left = e->p.setup;
	ch->cut = ch->finished = 0;
	set_bit(&d->done, c, ch->len == 0);	/* nothing to move: done at once */
	set_bit(&d->busy, c, ch->len != 0);
	set_bit(&d->err, c, 0);
	d->cause[c] = DMA_OK;
	return DMA_OK;
}

void dma_eval(struct dma *e, const struct dma_in *in, struct dma_out *out)
{
	const struct dma_params *p = &e->p;
	struct dma_state *d = &e->d;
	int free_slot = -1;

	*d = e->q;
	memset(out, 0, sizeof(*out));

	/* The request of the lowest-numbered slot that has one (from the state). */
	for (int s = 0; s < p->slots && !out->req_valid; s++)
		out->req_valid = (uint8_t)slot_request(e, &e->q.slot[s], s, out);
	if (out->req_valid && in->req_ready)
		d->slot[out->req_tag / 4].issued++;

	/* A transaction that came back. */
	if (in->rsp_valid) {
		int s = in->rsp_tag / 4, kind = in->rsp_tag % 4;
		const struct dma_slot *sl = &e->q.slot[s];
		struct dma_chan *ch = &d->ch[sl->chan];

		if (kind < 2) {
			/* The part of the chunk's source in the line just read. */
			uint32_t lo = (sl->src / p->line + (uint32_t)kind) * p->line, hi = lo + p->line;

			if (lo < sl->src)
				lo = sl->src;
			if (hi > sl->src + sl->len)
				hi = sl->src + sl->len;
			out->cap_valid = 1;
			out->cap_slot = (uint8_t)s;
			out->cap_src = lo;
			out->cap_off = (uint16_t)(lo - sl->src);
			out->cap_len = (uint16_t)(hi - lo);
			d->slot[s].back++;
		} else {
			out->wr_valid = 1;
			out->wr_slot = (uint8_t)s;
			out->wr_zero = sl->reads == 0;
			out->wr_chan = sl->chan;
			out->wr_dst = sl->dst;
			out->wr_len = sl->len;
			d->slot[s].valid = 0;
			ch->finished += sl->len;
			if (ch->finished == ch->len) {
				set_bit(&d->busy, sl->chan, 0);
				set_bit(&d->done, sl->chan, 1);
				out->done_valid = 1;
				out->done_chan = sl->chan;
			}
		}
	}

	/* A free slot (before this cycle's frees) takes the next chunk. */
	for (int s = 0; s < p->slots && free_slot < 0; s++)
		if (!e->q.slot[s].valid)
			free_slot = s;
	if (free_slot >= 0) {
		for (int k = 0; k < p->channels; k++) {
			int c = (e->q.rr + k) % p->channels;
			struct dma_chan *ch = &e->q.ch[c];

			if ((e->q.busy >> c & 1) && !ch->setup_left && ch->cut < ch->len) {
				cut_chunk(e, &d->ch[c], c, &d->slot[free_slot]);
				d->rr = (uint8_t)((c + 1) % p->channels);
				break;
			}
		}
	}
	for (int c = 0; c < p->channels; c++)
		if (((d->busy & e->q.busy) >> c & 1) && d->ch[c].setup_left)
			d->ch[c].setup_left--;

	/* A command or clear of an absent channel is ignored (as the RTL's per-channel logic does). */
	if (in->clr_valid && in->clr_chan < p->channels) {
		set_bit(&d->done, in->clr_chan, 0);
		set_bit(&d->err, in->clr_chan, 0);
	}
	if (in->cmd_valid && in->cmd_chan < p->channels)
		out->cmd_cause = (uint8_t)command(e, in, d);

	/* From the state this cycle. */
	out->irq = (uint16_t)dma_irq(e);
	out->st_busy = e->q.busy;
	out->st_done = e->q.done;
	out->st_err = e->q.err;
	memcpy(out->st_cause, e->q.cause, sizeof(out->st_cause));
}

void dma_tick(struct dma *e)
{
	e->q = e->d;
}
