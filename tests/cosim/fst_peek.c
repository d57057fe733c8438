// SPDX-License-Identifier: MIT
#include "fst_peek.h"

#include <stdlib.h>
#include <string.h>

#include "fstapi.h"
#include "port_wave.h"

static int64_t value_at(void *ctx, fstHandle h, uint64_t t)
{
	char buf[80];
	int64_t v = 0;

	if (!h || !fstReaderGetValueFromHandleAtTime(ctx, t, h, buf))
		return -1;
	for (char *c = buf; *c; c++) {
		if (*c != '0' && *c != '1')
			return -1;
		v = v * 2 + (*c - '0');
	}
	return v;
}

int fst_peek_step(const char *path, uint64_t cycle, unsigned step, struct fst_peek *p)
{
	uint64_t t = cycle * PORT_WAVE_STEPS + step;
	void *ctx = fstReaderOpen(path);
	struct fstHier *h;
	char scope[64] = "";
	fstHandle mis = 0, rc = 0, rr = 0;
	int seen = 0;

	memset(p, 0, sizeof(*p));
	if (!ctx)
		return -1;
	p->start = fstReaderGetStartTime(ctx) / PORT_WAVE_STEPS;
	p->end = fstReaderGetEndTime(ctx) / PORT_WAVE_STEPS;
	p->nvars = (int)fstReaderGetVarCount(ctx);
	while ((h = fstReaderIterateHier(ctx))) {
		switch (h->htyp) {
		case FST_HT_SCOPE:
			if (strlen(scope) + strlen(h->u.scope.name) + 2 < sizeof(scope)) {
				if (*scope)
					strcat(scope, ".");
				strcat(scope, h->u.scope.name);
			}
			seen |= !strcmp(scope, "sbuf") ? 1 : !strcmp(scope, "sbuf.c") ? 2 :
				!strcmp(scope, "sbuf.rtl") ? 4 : 0;
			break;
		case FST_HT_UPSCOPE: {
			char *dot = strrchr(scope, '.');

			if (dot)
				*dot = 0;
			else
				*scope = 0;
			break;
		}
		case FST_HT_VAR:
			if (!strcmp(scope, "sbuf") && !strcmp(h->u.var.name, "mismatch"))
				mis = h->u.var.handle;
			if (!strncmp(h->u.var.name, "req_line", 8)) {
				if (!strcmp(scope, "sbuf.c"))
					rc = h->u.var.handle;
				else if (!strcmp(scope, "sbuf.rtl"))
					rr = h->u.var.handle;
			}
			break;
		default:
			break;
		}
	}
	p->scopes = seen == 7;
	fstReaderSetFacProcessMaskAll(ctx);
	p->mismatch_at = (int)value_at(ctx, mis, t);
	p->req_line_c = value_at(ctx, rc, t);
	p->req_line_rtl = value_at(ctx, rr, t);
	fstReaderClose(ctx);
	return 0;
}
