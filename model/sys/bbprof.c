// SPDX-License-Identifier: MIT
/*
 * The basic-block profile (--bb-profile). See bbprof.h for what counts as a
 * block and README ("Basic-block profile") for the file format.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/bbprof.h"

static const char *const kind_name[BBE_KINDS] = {
	"fall", "taken", "jump", "call", "return", "trap", "eret",
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- static view of the code --------------------------------------------- */

static int in_code(const struct bbprof *p, uint32_t a)
{
	return a >= p->base && a < p->limit && !(a & 3);
}

static void mark_leader(struct bbprof *p, uint32_t a)
{
	if (in_code(p, a))
		p->leader[(a - p->base) >> 2] = 1;
}

/* The transfers that end a block, from the raw word (no C extension). */
static int is_transfer(uint32_t raw)
{
	uint32_t op = raw & 0x7f;

	return op == 0x63 || op == 0x6f || op == 0x67 || raw == 0x00000073 ||
	       raw == 0x00100073 || raw == 0x30200073 || raw == 0x10200073;
}

static int32_t branch_offset(uint32_t r)
{
	uint32_t v = ((r >> 31) & 1) << 12 | ((r >> 7) & 1) << 11 | ((r >> 25) & 0x3f) << 5 |
		     ((r >> 8) & 0xf) << 1;

	return (int32_t)(v << 19) >> 19;
}

static int32_t jal_offset(uint32_t r)
{
	uint32_t v = ((r >> 31) & 1) << 20 | ((r >> 12) & 0xff) << 12 | ((r >> 20) & 1) << 11 |
		     ((r >> 21) & 0x3ff) << 1;

	return (int32_t)(v << 11) >> 11;
}

static void find_static_leaders(struct bbprof *p)
{
	for (uint32_t a = p->base; a < p->limit; a += 4) {
		uint32_t raw = p->text[(a - p->base) >> 2];

		if (!is_transfer(raw))
			continue;
		mark_leader(p, a + 4);
		if ((raw & 0x7f) == 0x63)
			mark_leader(p, a + (uint32_t)branch_offset(raw));
		else if ((raw & 0x7f) == 0x6f)
			mark_leader(p, a + (uint32_t)jal_offset(raw));
	}
}

/* Executable sections: their extent, then their words. */
static int read_code(struct bbprof *p, Elf *e, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	uint64_t lo = UINT64_MAX, hi = 0;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR) ||
		    !sh.sh_size)
			continue;
		if (sh.sh_addr < lo)
			lo = sh.sh_addr;
		if (sh.sh_addr + sh.sh_size > hi)
			hi = sh.sh_addr + sh.sh_size;
	}
	if (hi == 0)
		return fail(err, errlen, "no executable section");
	if (hi > UINT32_MAX + 1ull || hi - lo > (64u << 20))
		return fail(err, errlen, "executable sections span 0x%llx..0x%llx: more than "
			    "64 MiB of 32-bit code", (unsigned long long)lo, (unsigned long long)hi);
	p->base = (uint32_t)lo & ~3u;
	p->limit = (uint32_t)((hi + 3) & ~3ull);
	size_t words = (p->limit - p->base) >> 2;

	p->text = calloc(words, 4);
	p->leader = calloc(words, 1);
	p->block_count = calloc(words, sizeof(*p->block_count));
	if (!p->text || !p->leader || !p->block_count)
		return fail(err, errlen, "out of memory for %zu words of code", words);
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR) ||
		    !sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || d->d_size > sh.sh_size)
			return fail(err, errlen, "cannot read an executable section: %s",
				    elf_errmsg(-1));
		memcpy((char *)p->text + (sh.sh_addr - p->base), d->d_buf, d->d_size);
		mark_leader(p, (uint32_t)sh.sh_addr);
	}
	return 0;
}

/* Text symbols and the layout tool's block map start blocks too. */
static int read_marks(struct bbprof *p, Elf *e, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx;

	if (elf_getshdrstrndx(e, &shstrndx))
		return fail(err, errlen, "no section names: %s", elf_errmsg(-1));
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB) {
			d = elf_getdata(scn, NULL);
			if (!d || !sh.sh_entsize)
				continue;
			for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
				GElf_Sym s;

				if (gelf_getsym(d, (int)i, &s) &&
				    (GELF_ST_TYPE(s.st_info) == STT_FUNC ||
				     GELF_ST_TYPE(s.st_info) == STT_NOTYPE) &&
				    s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE)
					mark_leader(p, (uint32_t)s.st_value);
			}
		} else if (name && !strcmp(name, ".osprey.bbmap")) {
			const unsigned char *b;

			if (sh.sh_type != SHT_PROGBITS || sh.sh_size % 8)
				return fail(err, errlen, ".osprey.bbmap: not PROGBITS pairs of "
					    "32-bit words (type %u, %llu bytes)", sh.sh_type,
					    (unsigned long long)sh.sh_size);
			d = elf_getdata(scn, NULL);
			if (!d || !d->d_buf || d->d_size != sh.sh_size)
				return fail(err, errlen, ".osprey.bbmap: cannot read it");
			b = d->d_buf;
			for (size_t i = 0; i + 8 <= d->d_size; i += 8)
				mark_leader(p, (uint32_t)b[i + 4] | (uint32_t)b[i + 5] << 8 |
						       (uint32_t)b[i + 6] << 16 |
						       (uint32_t)b[i + 7] << 24);
		}
	}
	return 0;
}

int bbprof_init(struct bbprof *p, const char *elf_path, char *err, size_t errlen)
{
	Elf *e = NULL;
	int fd, rc = -1;
	GElf_Ehdr eh;

	memset(p, 0, sizeof(*p));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, "libelf: %s", elf_errmsg(-1));
	fd = open(elf_path, O_RDONLY);
	if (fd < 0)
		return fail(err, errlen, "%s: %s", elf_path, strerror(errno));
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh)) {
		fail(err, errlen, "%s: not an ELF file", elf_path);
		goto out;
	}
	if (eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_machine != EM_RISCV) {
		fail(err, errlen, "%s: not a 32-bit RISC-V ELF", elf_path);
		goto out;
	}
	if (read_code(p, e, err, errlen) || read_marks(p, e, err, errlen))
		goto out;
	find_static_leaders(p);
	p->edge_cap = 4096;
	p->edge = calloc(p->edge_cap, sizeof(*p->edge));
	p->elf_path = strdup(elf_path);
	if (!p->edge || !p->elf_path) {
		fail(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	if (e)
		elf_end(e);
	close(fd);
	if (rc)
		bbprof_free(p);
	return rc;
}

void bbprof_free(struct bbprof *p)
{
	free(p->text);
	free(p->leader);
	free(p->block_count);
	free(p->edge);
	free(p->elf_path);
	memset(p, 0, sizeof(*p));
}

/* ---- recording ------------------------------------------------------------ */

static uint32_t edge_hash(uint32_t from, uint32_t to, uint32_t kind)
{
	uint32_t h = from * 0x9e3779b1u ^ (to + kind) * 0x85ebca77u;

	return h ^ (h >> 15);
}

static struct bb_edge *edge_slot(struct bb_edge *tab, uint32_t cap, uint32_t from, uint32_t to,
				 uint32_t kind)
{
	uint32_t i = edge_hash(from, to, kind) & (cap - 1);

	while (tab[i].from && !(tab[i].from == from && tab[i].to == to && tab[i].kind == kind))
		i = (i + 1) & (cap - 1);
	return &tab[i];
}

/* Doubles the table; on allocation failure keeps the old one (it still has room). */
static void edge_grow(struct bbprof *p)
{
	uint32_t cap = p->edge_cap * 2;
	struct bb_edge *t = calloc(cap, sizeof(*t));

	if (!t)
		return;
	for (uint32_t i = 0; i < p->edge_cap; i++)
		if (p->edge[i].from)
			*edge_slot(t, cap, p->edge[i].from, p->edge[i].to, p->edge[i].kind) =
				p->edge[i];
	free(p->edge);
	p->edge = t;
	p->edge_cap = cap;
}

static void count_edge(struct bbprof *p, uint32_t from, uint32_t to, uint32_t kind, int mode)
{
	struct bb_edge *e;

	if (p->edge_n * 4 >= p->edge_cap * 3)
		edge_grow(p);
	e = edge_slot(p->edge, p->edge_cap, from, to, kind);
	if (!e->from) {
		if (p->edge_n + 1 >= p->edge_cap)
			return;		/* full and could not grow: drop rather than loop */
		e->from = from;
		e->to = to;
		e->kind = kind;
		p->edge_n++;
	}
	e->count[mode]++;
}

static enum bb_edge_kind leave_kind(uint32_t raw, uint32_t pc, uint32_t next)
{
	uint32_t op = raw & 0x7f, rd = (raw >> 7) & 31, rs1 = (raw >> 15) & 31;
	int link_rd = rd == 1 || rd == 5;

	switch (op) {
	case 0x63:
		return next == pc + 4 ? BBE_FALL : BBE_TAKEN;
	case 0x6f:
		return link_rd ? BBE_CALL : BBE_JUMP;
	case 0x67:
		if (link_rd)
			return BBE_CALL;
		if (rd == 0 && (rs1 == 1 || rs1 == 5) && (raw >> 20) == 0)
			return BBE_RETURN;
		return BBE_JUMP;
	default:
		return raw == 0x30200073 || raw == 0x10200073 ? BBE_ERET : BBE_FALL;
	}
}

void bbprof_retire(struct bbprof *p, int hart, int mode, uint32_t pc, uint32_t raw, uint32_t next)
{
	struct bb_hart *s = &p->hart[hart];
	uint32_t w;

	if (!in_code(p, pc)) {
		p->outside[mode]++;
		s->block = 0;
		s->expect = next;
		s->kind = BBE_TRAP;	/* coming back is a trap or its return */
		return;
	}
	w = (pc - p->base) >> 2;
	p->insns[mode]++;
	if (pc != s->expect) {
		/* Not where the last instruction said: a trap (or a debugger's jump). */
		s->kind = BBE_TRAP;
		p->leader[w] = 1;
	} else if (s->kind != BBE_FALL) {
		p->leader[w] = 1;
	}
	if (p->leader[w]) {
		p->block_count[w][mode]++;
		if (s->block)
			count_edge(p, s->block, pc, s->kind, s->mode);
		s->block = pc;
	}
	s->mode = (uint8_t)mode;
	s->expect = next;
	s->kind = (uint8_t)leave_kind(raw, pc, next);
}

/* ---- output --------------------------------------------------------------- */

static int edge_order(const void *a, const void *b)
{
	const struct bb_edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	return (x->kind > y->kind) - (x->kind < y->kind);
}

/* Where the block at @start ends: after its first transfer, or at the next leader. */
static uint32_t block_end(const struct bbprof *p, uint32_t start)
{
	uint32_t a = start;

	for (;;) {
		uint32_t raw = p->text[(a - p->base) >> 2];

		a += 4;
		if (is_transfer(raw) || a >= p->limit || p->leader[(a - p->base) >> 2])
			return a;
	}
}

int bbprof_write(const struct bbprof *p, FILE *f)
{
	struct bb_edge *sorted;
	uint32_t n = 0;

	fprintf(f, "# osprey basic-block profile, format 1\n");
	fprintf(f, "# elf %s\n", p->elf_path);
	fprintf(f, "# block START END U S M: runs of [START, END) by mode\n");
	fprintf(f, "# edge FROM TO KIND U S M: block to block, counted in the mode it left FROM\n");
	fprintf(f, "code 0x%08x 0x%08x\n", p->base, p->limit);
	fprintf(f, "insns %llu %llu %llu\n", (unsigned long long)p->insns[0],
		(unsigned long long)p->insns[1], (unsigned long long)p->insns[2]);
	fprintf(f, "outside %llu %llu %llu\n", (unsigned long long)p->outside[0],
		(unsigned long long)p->outside[1], (unsigned long long)p->outside[2]);
	for (uint32_t a = p->base; a < p->limit; a += 4) {
		const uint64_t *c = p->block_count[(a - p->base) >> 2];

		if (c[0] | c[1] | c[2])
			fprintf(f, "block 0x%08x 0x%08x %llu %llu %llu\n", a, block_end(p, a),
				(unsigned long long)c[0], (unsigned long long)c[1],
				(unsigned long long)c[2]);
	}
	sorted = malloc((p->edge_n + 1) * sizeof(*sorted));
	if (!sorted)
		return -1;
	for (uint32_t i = 0; i < p->edge_cap; i++)
		if (p->edge[i].from)
			sorted[n++] = p->edge[i];
	qsort(sorted, n, sizeof(*sorted), edge_order);
	for (uint32_t i = 0; i < n; i++)
		fprintf(f, "edge 0x%08x 0x%08x %s %llu %llu %llu\n", sorted[i].from, sorted[i].to,
			kind_name[sorted[i].kind], (unsigned long long)sorted[i].count[0],
			(unsigned long long)sorted[i].count[1],
			(unsigned long long)sorted[i].count[2]);
	free(sorted);
	return ferror(f) ? -1 : 0;
}
