// SPDX-License-Identifier: MIT
#include "gdb.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cpu/hart.h"
#include "mem/memmap.h"

#define PACKET_MAX 4096

/* The CSRs the target description offers, in register-number order after pc (32). */
static const struct { const char *name; int csr; } csrs[] = {
	{ "mstatus", 0x300 }, { "misa", 0x301 }, { "medeleg", 0x302 }, { "mideleg", 0x303 },
	{ "mie", 0x304 }, { "mtvec", 0x305 }, { "mscratch", 0x340 }, { "mepc", 0x341 },
	{ "mcause", 0x342 }, { "mtval", 0x343 }, { "mip", 0x344 }, { "sstatus", 0x100 },
	{ "sie", 0x104 }, { "stvec", 0x105 }, { "sscratch", 0x140 }, { "sepc", 0x141 },
	{ "scause", 0x142 }, { "stval", 0x143 }, { "sip", 0x144 }, { "satp", 0x180 },
	{ "mhartid", 0xf14 }, { "tselect", 0x7a0 }, { "tdata1", 0x7a1 }, { "tdata2", 0x7a2 },
	{ "mcycle", 0xb00 }, { "minstret", 0xb02 },
};
#define NCSRS ((int)(sizeof(csrs) / sizeof(csrs[0])))

static const char *const xreg_names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0", "a1", "a2", "a3",
	"a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
	"t3", "t4", "t5", "t6",
};

struct gdb_stub {
	struct machine *m;
	int in, out;			/* the connection (the same socket, or stdin/stdout) */
	int cur;			/* the hart of g, m, p and of stop replies (Hg) */
	int step_hart;			/* the hart s steps (Hc; -1: the current one) */
	struct debug_points points;
	char xml[8192];
	int xml_len;
	int closed;			/* the debugger went away */
	int phys;			/* memory requests name physical addresses (monitor phys) */
};

/* ---- the connection ---------------------------------------------------------- */

static int get_byte(struct gdb_stub *g)
{
	unsigned char c;
	ssize_t n;

	do
		n = read(g->in, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1) {
		g->closed = 1;
		return -1;
	}
	return c;
}

static void put(struct gdb_stub *g, const char *s, size_t n)
{
	while (n && !g->closed) {
		ssize_t w = write(g->out, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			g->closed = 1;
			return;
		}
		s += w;
		n -= (size_t)w;
	}
}

static void send_packet(struct gdb_stub *g, const char *data)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = strlen(data);
	unsigned sum = 0;
	char tail[3];

	for (size_t i = 0; i < n; i++)
		sum += (unsigned char)data[i];
	tail[0] = '#';
	tail[1] = hex[(sum >> 4) & 15];
	tail[2] = hex[sum & 15];
	put(g, "$", 1);
	put(g, data, n);
	put(g, tail, 3);
	/* The acknowledgement: '+', or '-' to send it again. */
	for (int tries = 0; tries < 3 && !g->closed; tries++) {
		int c = get_byte(g);

		if (c == '+' || c < 0)
			return;
		if (c == '-') {
			put(g, "$", 1);
			put(g, data, n);
			put(g, tail, 3);
		}
	}
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
		: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * Reads the next packet into @buf (NUL-terminated, at most PACKET_MAX - 1
 * bytes). Returns its length, or -1 when the connection ended. A Ctrl-C
 * outside a packet is returned as the one-byte packet "\x03".
 */
static int get_packet(struct gdb_stub *g, char *buf)
{
	for (;;) {
		int c = get_byte(g), n = 0, hi, lo;
		unsigned sum = 0;

		if (c < 0)
			return -1;
		if (c == 3) {
			buf[0] = 3;
			buf[1] = '\0';
			return 1;
		}
		if (c != '$')
			continue;	/* acknowledgements and noise */
		while ((c = get_byte(g)) >= 0 && c != '#') {
			if (n < PACKET_MAX - 1)
				buf[n++] = (char)c;
			sum += (unsigned)c;
		}
		hi = hexval(get_byte(g));
		lo = hexval(get_byte(g));
		if (g->closed)
			return -1;
		buf[n] = '\0';
		if (hi < 0 || lo < 0 || (unsigned)(hi << 4 | lo) != (sum & 0xff)) {
			put(g, "-", 1);
			continue;
		}
		put(g, "+", 1);
		return n;
	}
}

/* Polled while the machine runs: a Ctrl-C from the debugger stops it. */
static int interrupted(void *ctx)
{
	struct gdb_stub *g = ctx;
	struct pollfd p = { .fd = g->in, .events = POLLIN };

	while (poll(&p, 1, 0) > 0) {
		int c = get_byte(g);

		if (c < 0 || c == 3)
			return 1;	/* a lost connection stops the run too */
	}
	return 0;
}

/* ---- encoding ----------------------------------------------------------------- */

static void put_hex32(char *out, uint32_t v)
{
	/* Target byte order: little-endian. */
	for (int i = 0; i < 4; i++)
		sprintf(out + 2 * i, "%02x", (v >> (8 * i)) & 0xff);
}

static int get_hex32(const char *s, uint32_t *v)
{
	uint32_t r = 0;

	for (int i = 0; i < 4; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		r |= (uint32_t)(hi << 4 | lo) << (8 * i);
	}
	*v = r;
	return 0;
}

/* A hexadecimal number at *s, up to a non-hex character; -1 if there is none. */
static int parse_hex(const char **s, uint32_t *v)
{
	uint64_t r = 0;
	int n = 0;

	while (hexval(**s) >= 0) {
		r = r << 4 | (uint64_t)hexval(**s);
		(*s)++;
		if (++n > 8)
			return -1;
	}
	*v = (uint32_t)r;
	return n ? 0 : -1;
}

/* ---- the target --------------------------------------------------------------- */

static struct hart *hart_of(struct gdb_stub *g, int h)
{
	return g->m->harts[h];
}

static void build_xml(struct gdb_stub *g)
{
	int n = snprintf(g->xml, sizeof(g->xml),
			 "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
			 "<target version=\"1.0\">\n<architecture>riscv:rv32</architecture>\n"
			 "<feature name=\"org.gnu.gdb.riscv.cpu\">\n");

	for (int i = 0; i < 32; i++)
		n += snprintf(g->xml + n, sizeof(g->xml) - (size_t)n,
			      "<reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%d\"/>\n",
			      xreg_names[i], i == 2 ? "data_ptr" : i == 1 ? "code_ptr" : "int", i);
	n += snprintf(g->xml + n, sizeof(g->xml) - (size_t)n,
		      "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n"
		      "</feature>\n<feature name=\"org.gnu.gdb.riscv.csr\">\n");
	for (int i = 0; i < NCSRS; i++)
		n += snprintf(g->xml + n, sizeof(g->xml) - (size_t)n,
			      "<reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%d\" "
			      "group=\"csr\"/>\n", csrs[i].name, 33 + i);
	n += snprintf(g->xml + n, sizeof(g->xml) - (size_t)n, "</feature>\n</target>\n");
	g->xml_len = n;
}

/* Register @r of the current hart: 0-31, 32 = pc, then the CSRs. -1 if none. */
static int read_reg(struct gdb_stub *g, uint32_t r, uint32_t *v)
{
	struct hart *h = hart_of(g, g->cur);

	if (r < 32)
		*v = hart_reg(h, (int)r);
	else if (r == 32)
		*v = hart_pc(h);
	else if (r < 33u + NCSRS)
		return hart_debug_csr(h, csrs[r - 33].csr, v);
	else
		return -1;
	return 0;
}

/*
 * The physical address of gdb's address @va: itself after monitor phys,
 * else through the current hart's translation. 0, or -1 if unmapped.
 */
static int gdb_pa(struct gdb_stub *g, uint32_t va, uint32_t *pa)
{
	if (g->phys) {
		*pa = va;
		return 0;
	}
	return hart_debug_translate(hart_of(g, g->cur), va, pa);
}

/* A byte of the current hart's memory at @va (see gdb_pa); -1 where there is no RAM. */
static int read_byte(struct gdb_stub *g, uint32_t va, uint8_t *b)
{
	struct machine *m = g->m;
	uint32_t pa, v;

	if (gdb_pa(g, va, &pa) || !memmap_is_ram(&m->mm, pa, 1) ||
	    memmap_read(&m->mm, pa, 1, &v))
		return -1;
	*b = (uint8_t)v;
	return 0;
}

static int write_byte(struct gdb_stub *g, uint32_t va, uint8_t b)
{
	struct machine *m = g->m;
	uint32_t pa;

	if (gdb_pa(g, va, &pa) || !memmap_is_ram(&m->mm, pa, 1))
		return -1;
	return memmap_write(&m->mm, pa, 1, b);
}

/* A hardware breakpoint: a trigger of every hart, or none. */
static int hw_break(struct gdb_stub *g, uint32_t addr, int on)
{
	struct machine *m = g->m;

	for (int i = 0; i < m->nharts; i++)
		if (hart_debug_hw_break(hart_of(g, i), addr, on)) {
			while (on && i--)
				hart_debug_hw_break(hart_of(g, i), addr, 0);
			return -1;
		}
	return 0;
}

static int add_point(struct gdb_stub *g, int type, uint32_t addr, uint32_t len)
{
	struct debug_points *p = &g->points;

	if (type == 1)
		return hw_break(g, addr, 1);
	if (type == 0) {
		if (p->nbreak == DEBUG_MAX_POINTS)
			return -1;
		p->brk[p->nbreak++] = addr;
	} else {
		if (p->nwatch == DEBUG_MAX_POINTS || !len)
			return -1;
		p->watch[p->nwatch].addr = addr;
		p->watch[p->nwatch].len = len;
		p->watch[p->nwatch].kind = (uint8_t)(type == 2 ? DW_WRITE : type == 3 ? DW_READ
									: DW_ACCESS);
		p->nwatch++;
	}
	return 0;
}

static int remove_point(struct gdb_stub *g, int type, uint32_t addr)
{
	struct debug_points *p = &g->points;

	if (type == 1)
		return hw_break(g, addr, 0);
	if (type == 0) {
		for (int i = 0; i < p->nbreak; i++)
			if (p->brk[i] == addr) {
				p->brk[i] = p->brk[--p->nbreak];
				return 0;
			}
	} else {
		uint8_t kind = (uint8_t)(type == 2 ? DW_WRITE : type == 3 ? DW_READ : DW_ACCESS);

		for (int i = 0; i < p->nwatch; i++)
			if (p->watch[i].addr == addr && p->watch[i].kind == kind) {
				p->watch[i] = p->watch[--p->nwatch];
				return 0;
			}
	}
	return -1;
}

/* ---- running ------------------------------------------------------------------ */

/* The stop reply for hart @h that stopped for @e (DE_NONE: an interrupt). */
static void stop_reply(struct gdb_stub *g, int h, enum debug_event e, uint32_t addr, int kind,
		       char *out, size_t n)
{
	static const char *const watch[] = { "", "watch", "rwatch", "awatch" };
	struct machine *m = g->m;

	if (m->stop.kind != STOP_NONE) {
		/* The run is over: the guest's exit status. */
		snprintf(out, n, "W%02x", m->stop.status & 0xff);
		return;
	}
	g->cur = h;
	if (e == DE_WATCH)
		snprintf(out, n, "T05%s:%x;thread:%x;", watch[kind & 3], addr, h + 1);
	else if (e == DE_BREAK)
		snprintf(out, n, "T05swbreak:;thread:%x;", h + 1);
	else if (e == DE_HWBREAK)
		snprintf(out, n, "T05hwbreak:;thread:%x;", h + 1);
	else
		snprintf(out, n, "T%02xthread:%x;", e == DE_NONE ? 2 : 5, h + 1);
}

/* Continues (or single-steps @step_hart): runs until a stop, then replies. */
static void resume(struct gdb_stub *g, int step_hart, char *reply, size_t n)
{
	struct machine *m = g->m;
	enum debug_event e = DE_NONE;
	uint32_t addr = 0;
	int kind = 0, h;

	for (int i = 0; i < m->nharts; i++) {
		hart_debug_resume(hart_of(g, i));	/* a breakpoint where it stands: run it */
		hart_debug_step(hart_of(g, i), i == step_hart);
	}
	h = machine_debug_run(m, interrupted, g);
	for (int i = 0; i < m->nharts; i++)
		hart_debug_step(hart_of(g, i), 0);
	if (h >= 0) {
		e = hart_debug_event(hart_of(g, h), &addr, &kind);
		/* Other harts' events of the same instant are dropped: one stop at a time. */
		for (int i = 0; i < m->nharts; i++) {
			uint32_t a;
			int k;

			if (i != h)
				hart_debug_event(hart_of(g, i), &a, &k);
		}
	}
	stop_reply(g, h >= 0 ? h : g->cur, e, addr, kind, reply, n);
}

/* ---- the protocol ------------------------------------------------------------- */

/* Writes @text hex-encoded into @r (the console output of qRcmd's reply). */
static void put_hex_text(const char *text, char *r, size_t n)
{
	size_t k = 0;

	for (; *text && k + 3 <= n; text++)
		k += (size_t)snprintf(r + k, n - k, "%02x", (unsigned char)*text);
	r[k] = '\0';
}

/* gdb's "monitor CMD" (qRcmd, CMD hex-encoded): phys and virt choose how addresses are read. */
static void monitor(struct gdb_stub *g, const char *hex, char *r, size_t n)
{
	char cmd[32];
	size_t k = 0;

	while (hex[0] && hex[1] && k + 1 < sizeof(cmd)) {
		int hi = hexval(hex[0]), lo = hexval(hex[1]);

		if (hi < 0 || lo < 0)
			break;
		cmd[k++] = (char)(hi << 4 | lo);
		hex += 2;
	}
	cmd[k] = '\0';
	if (!strcmp(cmd, "phys") || !strcmp(cmd, "virt")) {
		g->phys = cmd[0] == 'p';
		put_hex_text(g->phys ? "memory addresses are physical\n"
			     : "memory addresses are virtual (the current hart's translation)\n",
			     r, n);
	} else {
		put_hex_text("osprey monitor commands: phys (memory at physical addresses), "
			     "virt (through the current hart's translation, the default)\n", r, n);
	}
}

static void handle_query(struct gdb_stub *g, const char *p, char *r, size_t n)
{
	uint32_t off, len;

	if (!strncmp(p, "qSupported", 10)) {
		snprintf(r, n, "PacketSize=%x;qXfer:features:read+;swbreak+;hwbreak+", PACKET_MAX);
	} else if (!strncmp(p, "qXfer:features:read:target.xml:", 31)) {
		const char *s = p + 31;

		if (parse_hex(&s, &off) || *s++ != ',' || parse_hex(&s, &len)) {
			snprintf(r, n, "E01");
			return;
		}
		if (off >= (uint32_t)g->xml_len) {
			snprintf(r, n, "l");
			return;
		}
		if (len > n - 2)
			len = (uint32_t)(n - 2);
		if (len > (uint32_t)g->xml_len - off)
			len = (uint32_t)g->xml_len - off;
		r[0] = off + len < (uint32_t)g->xml_len ? 'm' : 'l';
		memcpy(r + 1, g->xml + off, len);
		r[1 + len] = '\0';
	} else if (!strcmp(p, "qfThreadInfo")) {
		int k = snprintf(r, n, "m");

		for (int i = 0; i < g->m->nharts; i++)
			k += snprintf(r + k, n - (size_t)k, "%s%x", i ? "," : "", i + 1);
	} else if (!strcmp(p, "qsThreadInfo")) {
		snprintf(r, n, "l");
	} else if (!strcmp(p, "qC")) {
		snprintf(r, n, "QC%x", g->cur + 1);
	} else if (!strcmp(p, "qAttached")) {
		snprintf(r, n, "1");
	} else if (!strncmp(p, "qThreadExtraInfo,", 17)) {
		const char *s = p + 17;
		uint32_t t;
		char text[32];
		int k = 0;

		if (parse_hex(&s, &t) || t < 1 || t > (uint32_t)g->m->nharts) {
			snprintf(r, n, "E01");
			return;
		}
		snprintf(text, sizeof(text), "hart %u", t - 1);
		for (const char *c = text; *c && (size_t)k + 3 < n; c++)
			k += snprintf(r + k, n - (size_t)k, "%02x", (unsigned char)*c);
	} else if (!strncmp(p, "qRcmd,", 6)) {
		monitor(g, p + 6, r, n);
	} else {
		r[0] = '\0';	/* not supported */
	}
}

/* One request; returns 1 when the session is over (kill, detach, the end). */
static int handle(struct gdb_stub *g, char *p, char *r, size_t n)
{
	struct machine *m = g->m;
	const char *s = p + 1;
	uint32_t a, len, v;

	r[0] = '\0';
	switch (p[0]) {
	case 3:		/* Ctrl-C while stopped: report where */
		stop_reply(g, g->cur, DE_NONE, 0, 0, r, n);
		break;
	case '?':	/* why it stopped: at first, for the debugger (a trap) */
		if (m->stop.kind == STOP_NONE)
			snprintf(r, n, "T05thread:%x;", g->cur + 1);
		else
			stop_reply(g, g->cur, DE_NONE, 0, 0, r, n);
		break;
	case 'q':
		handle_query(g, p, r, n);
		break;
	case 'H':	/* Hg / Hc: the thread of register access, of stepping */
		if (parse_hex(&(const char *){ p + 2 }, &v) == 0 && v >= 1 &&
		    v <= (uint32_t)m->nharts) {
			if (p[1] == 'g')
				g->cur = (int)v - 1;
			else
				g->step_hart = (int)v - 1;
		} else if (p[1] == 'c') {
			g->step_hart = -1;	/* 0 or -1: any */
		}
		snprintf(r, n, "OK");
		break;
	case 'T':
		snprintf(r, n, parse_hex(&s, &v) == 0 && v >= 1 && v <= (uint32_t)m->nharts
				       ? "OK" : "E01");
		break;
	case 'g': {
		int k = 0;

		for (uint32_t i = 0; i <= 32; i++, k += 8) {
			read_reg(g, i, &v);
			put_hex32(r + k, v);
		}
		r[k] = '\0';
		break;
	}
	case 'G':
		for (int i = 0; i <= 32 && strlen(s) >= 8; i++, s += 8) {
			if (get_hex32(s, &v))
				break;
			if (i < 32)
				hart_set_reg(hart_of(g, g->cur), i, v);
			else
				hart_set_pc(hart_of(g, g->cur), v);
		}
		snprintf(r, n, "OK");
		break;
	case 'p':
		if (parse_hex(&s, &a) || read_reg(g, a, &v))
			snprintf(r, n, "E01");
		else
			put_hex32(r, v), r[8] = '\0';
		break;
	case 'P':
		if (parse_hex(&s, &a) || *s++ != '=' || get_hex32(s, &v) || a > 32) {
			snprintf(r, n, "E01");	/* CSRs are read-only here */
			break;
		}
		if (a < 32)
			hart_set_reg(hart_of(g, g->cur), (int)a, v);
		else
			hart_set_pc(hart_of(g, g->cur), v);
		snprintf(r, n, "OK");
		break;
	case 'm':
		/* len >= n / 2, not 2 * len >= n: twice a huge len wraps around */
		if (parse_hex(&s, &a) || *s++ != ',' || parse_hex(&s, &len) || len >= n / 2) {
			snprintf(r, n, "E01");
			break;
		}
		for (uint32_t i = 0; i < len; i++) {
			uint8_t b;

			if (read_byte(g, a + i, &b)) {
				if (!i)
					snprintf(r, n, "E14");
				break;
			}
			sprintf(r + 2 * i, "%02x", b);
		}
		break;
	case 'M':
		if (parse_hex(&s, &a) || *s++ != ',' || parse_hex(&s, &len) || *s++ != ':' ||
		    strlen(s) < 2 * (size_t)len) {
			snprintf(r, n, "E01");
			break;
		}
		snprintf(r, n, "OK");
		for (uint32_t i = 0; i < len; i++) {
			int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

			if (hi < 0 || lo < 0 || write_byte(g, a + i, (uint8_t)(hi << 4 | lo))) {
				snprintf(r, n, "E14");
				break;
			}
		}
		break;
	case 'Z':
	case 'z': {
		int type = p[1] - '0';

		s = p + 2;
		if (type < 0 || type > 4 || *s++ != ',' || parse_hex(&s, &a) || *s++ != ',' ||
		    parse_hex(&s, &len)) {
			r[0] = '\0';	/* unknown kinds are not supported */
			break;
		}
		if (p[0] == 'Z')
			snprintf(r, n, add_point(g, type, a, len) ? "E01" : "OK");
		else
			snprintf(r, n, remove_point(g, type, a) ? "E01" : "OK");
		break;
	}
	case 'c':
	case 's':
		if (m->stop.kind != STOP_NONE) {
			stop_reply(g, g->cur, DE_NONE, 0, 0, r, n);
			break;
		}
		if (*s && parse_hex(&s, &a) == 0)
			hart_set_pc(hart_of(g, g->cur), a);
		resume(g, p[0] == 's' ? (g->step_hart >= 0 ? g->step_hart : g->cur) : -1, r, n);
		break;
	case 'D':
		snprintf(r, n, "OK");
		return 1;
	case 'k':
		return 1;
	default:
		r[0] = '\0';	/* not supported: vCont, X, ... */
		break;
	}
	return 0;
}

/* After the session: nothing can interrupt the run. */
static int never(void *ctx)
{
	(void)ctx;
	return 0;
}

/* ---- setting up --------------------------------------------------------------- */

int gdb_check_spec(const char *spec, char *err, size_t errlen)
{
	char *end;
	long port;

	if (!strcmp(spec, "stdio"))
		return 0;
	port = strtol(spec, &end, 10);
	if (*spec < '0' || *spec > '9' || *end || port < 1 || port > 65535) {
		snprintf(err, errlen, "--gdb: '%s' is neither a TCP port (1-65535) nor 'stdio'",
			 spec);
		return -1;
	}
	return 0;
}

/* Listens on 127.0.0.1:@port and takes one connection. The socket, or -1. */
static int accept_one(int port, char *err, size_t errlen)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int one = 1, l = socket(AF_INET, SOCK_STREAM, 0), c;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (l < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l, (struct sockaddr *)&sa, sizeof(sa)) || listen(l, 1)) {
		snprintf(err, errlen, "--gdb %d: cannot listen on 127.0.0.1:%d: %s", port, port,
			 strerror(errno));
		if (l >= 0)
			close(l);
		return -1;
	}
	fprintf(stderr, "osprey: waiting for gdb on 127.0.0.1:%d (target remote :%d)\n", port,
		port);
	do
		c = accept(l, NULL, NULL);
	while (c < 0 && errno == EINTR);
	close(l);
	if (c < 0)
		snprintf(err, errlen, "--gdb %d: accept: %s", port, strerror(errno));
	return c;
}

int gdb_serve(struct machine *m, const char *spec, char *err, size_t errlen)
{
	static struct gdb_stub stub;
	struct gdb_stub *g = &stub;
	static char req[PACKET_MAX], reply[2 * PACKET_MAX + 16];
	int done = 0;

	memset(g, 0, sizeof(*g));
	g->m = m;
	g->step_hart = -1;
	if (!strcmp(spec, "stdio")) {
		g->in = STDIN_FILENO;
		g->out = STDOUT_FILENO;
	} else {
		g->in = g->out = accept_one(atoi(spec), err, errlen);
		if (g->in < 0)
			return -1;
	}
	signal(SIGPIPE, SIG_IGN);	/* a debugger that goes away is a closed connection */
	build_xml(g);
	for (int i = 0; i < m->nharts; i++)
		hart_set_debug(m->harts[i], &g->points);
	while (!done && !g->closed) {
		int len = get_packet(g, req);

		if (len < 0)
			break;
		done = handle(g, req, reply, sizeof(reply));
		if (!done || req[0] == 'D')
			send_packet(g, reply);
		if (m->stop.kind != STOP_NONE && reply[0] == 'W')
			done = 1;	/* the exit is reported: the session is over */
	}
	/* Detached, killed or disconnected: without points, the run goes on to its end,
	 * unless the debugger killed it. */
	for (int i = 0; i < m->nharts; i++)
		hart_set_debug(m->harts[i], NULL);
	if (req[0] == 'k' && m->stop.kind == STOP_NONE)
		sim_stop(&m->stop, STOP_INTERRUPTED, 128 + SIGKILL, "killed by the debugger");
	while (m->stop.kind == STOP_NONE)
		machine_debug_run(m, never, NULL);
	if (g->in != STDIN_FILENO)
		close(g->in);
	return 0;
}
