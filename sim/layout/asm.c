// SPDX-License-Identifier: MIT
/*
 * Reading the compiler's assembly into functions and basic blocks (asm.h).
 * It knows GCC's RISC-V output: one statement per line, labels on lines of
 * their own, functions between "name:" and ".size name, .-name".
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- a set of names ------------------------------------------------------- */

struct nameset {
	char **slot;
	size_t cap, n;
};

static uint32_t name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

static int nameset_add(struct nameset *s, const char *name, size_t len)
{
	size_t i;

	if ((s->n + 1) * 2 > s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		char **t = calloc(cap, sizeof(*t));

		if (!t)
			return -1;
		for (i = 0; i < s->cap; i++)
			if (s->slot[i]) {
				size_t j = name_hash(s->slot[i], strlen(s->slot[i])) & (cap - 1);

				while (t[j])
					j = (j + 1) & (cap - 1);
				t[j] = s->slot[i];
			}
		free(s->slot);
		s->slot = t;
		s->cap = cap;
	}
	for (i = name_hash(name, len) & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (strlen(s->slot[i]) == len && !memcmp(s->slot[i], name, len))
			return 0;
	s->slot[i] = strndup(name, len);
	if (!s->slot[i])
		return -1;
	s->n++;
	return 0;
}

static int nameset_has(const struct nameset *s, const char *name)
{
	size_t len = strlen(name);

	if (!s->cap)
		return 0;
	for (size_t i = name_hash(name, len) & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (!strcmp(s->slot[i], name))
			return 1;
	return 0;
}

static void nameset_free(struct nameset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slot[i]);
	free(s->slot);
}

/* ---- lines -------------------------------------------------------------------- */

static int is_ident(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '$';
}

/* "name:" alone on a line: the label's length, else 0. */
static size_t label_def(const char *l)
{
	size_t n = 0;

	if (!is_ident((unsigned char)l[0]))
		return 0;
	while (is_ident((unsigned char)l[n]))
		n++;
	if (l[n] != ':')
		return 0;
	for (const char *p = l + n + 1; *p; p++)
		if (!isspace((unsigned char)*p))
			return 0;
	return n;
}

/* An instruction line: tab or spaces, then a mnemonic (not a directive). */
static int insn_split(const char *l, char *mn, size_t mnlen, const char **ops)
{
	size_t n = 0;

	if (l[0] != '\t' && l[0] != ' ')
		return 0;
	while (*l == '\t' || *l == ' ')
		l++;
	if (!isalpha((unsigned char)*l))
		return 0;
	while (is_ident((unsigned char)l[n]) && n + 1 < mnlen) {
		mn[n] = l[n];
		n++;
	}
	mn[n] = 0;
	l += n;
	while (*l == '\t' || *l == ' ')
		l++;
	*ops = l;
	return 1;
}

static const char *const cond_branches[][2] = {
	{ "beq", "bne" }, { "blt", "bge" }, { "bltu", "bgeu" }, { "bgt", "ble" },
	{ "bgtu", "bleu" }, { "beqz", "bnez" }, { "bltz", "bgez" }, { "bgtz", "blez" },
};

const char *asm_invert_branch(const char *mn)
{
	for (size_t i = 0; i < sizeof(cond_branches) / sizeof(cond_branches[0]); i++) {
		if (!strcmp(mn, cond_branches[i][0]))
			return cond_branches[i][1];
		if (!strcmp(mn, cond_branches[i][1]))
			return cond_branches[i][0];
	}
	return NULL;
}

/* The last comma-separated operand, trimmed (a branch's or jump's target). */
static char *last_operand(const char *ops)
{
	const char *c = strrchr(ops, ','), *s = c ? c + 1 : ops, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s;
	while (is_ident((unsigned char)*e))
		e++;
	return strndup(s, (size_t)(e - s));
}

static int is_zero_reg(const char *ops)
{
	return !strncmp(ops, "zero,", 5) || !strncmp(ops, "x0,", 3) || !strcmp(ops, "zero") ||
	       !strcmp(ops, "x0");
}

/* How the instruction ends a block, with its direct target (or NULL). */
static enum term classify(const char *mn, const char *ops, char **target)
{
	*target = NULL;
	if (asm_invert_branch(mn)) {
		*target = last_operand(ops);
		return TERM_COND;
	}
	if (!strcmp(mn, "j") || !strcmp(mn, "tail")) {
		*target = last_operand(ops);
		return TERM_JUMP;
	}
	if (!strcmp(mn, "jr") || !strcmp(mn, "ret") || !strcmp(mn, "mret") || !strcmp(mn, "sret"))
		return TERM_JUMP;
	if ((!strcmp(mn, "jal") || !strcmp(mn, "jalr")) && strchr(ops, ',') && is_zero_reg(ops)) {
		if (!strcmp(mn, "jal"))
			*target = last_operand(ops);
		return TERM_JUMP;
	}
	return TERM_NONE;
}

/* An upper bound of the bytes an instruction line assembles to. */
static uint32_t insn_bytes(const char *mn, const char *ops)
{
	static const char *const two[] = { "call", "tail", "la", "lla", "lga", "lgu", "lwu" };

	for (size_t i = 0; i < sizeof(two) / sizeof(two[0]); i++)
		if (!strcmp(mn, two[i]))
			return 8;
	if (!strcmp(mn, "li")) {
		const char *c = strchr(ops, ',');
		long v = c ? strtol(c + 1, NULL, 0) : 0;

		return v >= -2048 && v <= 2047 ? 4 : 8;
	}
	return 4;
}

/* ---- the file ----------------------------------------------------------------- */

static int read_lines(struct asm_file *a, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int cap_lines = 0;

	if (!f)
		return fail(err, errlen, "%s: %s", path, strerror(errno));
	while ((len = getline(&buf, &cap, f)) >= 0) {
		if (len && buf[len - 1] == '\n')
			buf[--len] = 0;
		if (a->nline == cap_lines) {
			char **t;

			cap_lines = cap_lines ? cap_lines * 2 : 1024;
			t = realloc(a->line, (size_t)cap_lines * sizeof(*t));
			if (!t)
				break;
			a->line = t;
		}
		a->line[a->nline] = strdup(buf);
		if (!a->line[a->nline])
			break;
		a->nline++;
	}
	free(buf);
	if (ferror(f) || !feof(f)) {
		fclose(f);
		return fail(err, errlen, "%s: cannot read it (or out of memory)", path);
	}
	fclose(f);
	return 0;
}

/* Every name a line mentions other than by defining it: labels used somewhere. */
static int collect_references(const struct asm_file *a, struct nameset *refs)
{
	for (int i = 0; i < a->nline; i++) {
		const char *l = a->line[i], *p;

		if (label_def(l))
			continue;
		for (p = l; *p;) {
			if (*p == '#' || *p == '"')
				break;	/* comments and strings name nothing */
			if (is_ident((unsigned char)*p)) {
				const char *s = p;

				while (is_ident((unsigned char)*p))
					p++;
				if (nameset_add(refs, s, (size_t)(p - s)))
					return -1;
			} else {
				p++;
			}
		}
	}
	return 0;
}

static int add_block(struct asm_file *a, int first, int func, int *cap)
{
	if (a->nb == *cap) {
		struct asm_block *t;

		*cap = *cap ? *cap * 2 : 256;
		t = realloc(a->b, (size_t)*cap * sizeof(*t));
		if (!t)
			return -1;
		a->b = t;
	}
	memset(&a->b[a->nb], 0, sizeof(a->b[0]));
	a->b[a->nb].first = first;
	a->b[a->nb].term_line = -1;
	a->b[a->nb].func = func;
	a->nb++;
	return 0;
}

/* 1: a line switching to a data section; 2: back to code; 0: neither. */
static int section_switch(const char *l)
{
	while (*l == '\t' || *l == ' ')
		l++;
	if (!strncmp(l, ".text", 5) || !strncmp(l, ".previous", 9) || !strncmp(l, ".popsection", 11))
		return 2;
	if (!strncmp(l, ".section", 8) || !strncmp(l, ".pushsection", 12)) {
		l += *l == '.' && l[1] == 'p' ? 12 : 8;
		while (*l == '\t' || *l == ' ')
			l++;
		return strncmp(l, ".text", 5) ? 1 : 2;
	}
	if (!strncmp(l, ".data", 5) || !strncmp(l, ".bss", 4) || !strncmp(l, ".rodata", 7))
		return 1;
	return 0;
}

/* Splits the body of function @fi (lines @from .. @to - 1) into blocks. */
static int split_function(struct asm_file *a, int fi, int from, int to,
			  const struct nameset *refs, int *bcap, char *err, size_t errlen)
{
	int in_app = 0, open = 0;	/* inside inline asm; the current block has ended */
	struct asm_block *cur = NULL;

	a->f[fi].first_block = a->nb;
	for (int i = from; i < to; i++) {
		const char *l = a->line[i], *ops;
		size_t n = label_def(l);
		char mn[32];

		/*
		 * A jump table in the middle of a function: from ".section .rodata"
		 * back to ".text" it is data, which stays where it is.
		 */
		if (section_switch(l) == 1) {
			for (; i < to && section_switch(a->line[i]) != 2; i++)
				a->in_func[i] = 0;
			if (i < to)
				a->in_func[i] = 0;
			continue;
		}
		if (strstr(l, "#APP"))
			in_app = 1;
		else if (strstr(l, "#NO_APP"))
			in_app = 0;
		if (n && !in_app) {
			char name[256];

			snprintf(name, sizeof(name), "%.*s", (int)n, l);
			if (i == from || nameset_has(refs, name))
				open = 0;	/* a block starts here */
		}
		if (!cur || (!open && (n || insn_split(l, mn, sizeof(mn), &ops)))) {
			if (add_block(a, i, fi, bcap))
				return fail(err, errlen, "out of memory");
			cur = &a->b[a->nb - 1];
			open = 1;
		}
		cur->nlines = i - cur->first + 1;
		a->block_at[i] = a->nb - 1;
		if (!in_app && insn_split(l, mn, sizeof(mn), &ops)) {
			char *target;
			enum term t = classify(mn, ops, &target);

			cur->est_size += insn_bytes(mn, ops);
			if (t != TERM_NONE) {
				cur->term = t;
				cur->term_line = i;
				cur->target = target;
				open = 0;	/* the next statement starts a block */
			}
		} else if (in_app && insn_split(l, mn, sizeof(mn), &ops)) {
			cur->est_size += 4;
		} else if (!in_app && strstr(l, ".align")) {
			cur->est_size += 4;
		}
	}
	a->f[fi].nblocks = a->nb - a->f[fi].first_block;
	if (!a->f[fi].nblocks)
		return fail(err, errlen, "%s: function %s has no code", a->path, a->f[fi].name);
	return 0;
}

int asm_read(struct asm_file *a, const char *path, char *err, size_t errlen)
{
	struct nameset funcs = { 0 }, refs = { 0 };
	int rc = -1, fcap = 0, bcap = 0;

	memset(a, 0, sizeof(*a));
	a->path = strdup(path);
	if (!a->path || read_lines(a, path, err, errlen))
		goto out;
	a->in_func = calloc((size_t)a->nline + 1, 1);
	a->block_at = malloc(((size_t)a->nline + 1) * sizeof(int));
	if (!a->in_func || !a->block_at) {
		fail(err, errlen, "out of memory");
		goto out;
	}
	for (int i = 0; i < a->nline; i++)
		a->block_at[i] = -1;
	/* ".type name, @function" marks the names whose labels start functions. */
	for (int i = 0; i < a->nline; i++) {
		const char *t = strstr(a->line[i], ".type\t"), *s, *e;

		if (!t || !strstr(a->line[i], "@function"))
			continue;
		s = t + 6;
		while (*s == ' ' || *s == '\t')
			s++;
		for (e = s; is_ident((unsigned char)*e); e++)
			;
		if (nameset_add(&funcs, s, (size_t)(e - s)))
			goto oom;
	}
	if (collect_references(a, &refs))
		goto oom;
	for (int i = 0; i < a->nline; i++) {
		size_t n = label_def(a->line[i]);
		char name[256], want[600];
		int end;

		if (!n || n >= sizeof(name))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)n, a->line[i]);
		if (!nameset_has(&funcs, name))
			continue;
		snprintf(want, sizeof(want), ".size\t%s, .-%s", name, name);
		for (end = i + 1; end < a->nline && !strstr(a->line[end], want); end++)
			;
		if (end == a->nline) {
			fail(err, errlen, "%s:%d: function %s has no \"%s\"", path, i + 1, name, want);
			goto out;
		}
		if (a->nf == fcap) {
			struct asm_func *t;

			fcap = fcap ? fcap * 2 : 64;
			t = realloc(a->f, (size_t)fcap * sizeof(*t));
			if (!t)
				goto oom;
			a->f = t;
		}
		a->f[a->nf] = (struct asm_func){ .name = strdup(name), .label_line = i,
						 .size_line = end };
		if (!a->f[a->nf].name)
			goto oom;
		a->nf++;
		for (int k = i; k <= end; k++)
			a->in_func[k] = 1;
		if (split_function(a, a->nf - 1, i, end, &refs, &bcap, err, errlen))
			goto out;
		i = end;
	}
	rc = 0;
	goto out;
oom:
	fail(err, errlen, "out of memory reading %s", path);
out:
	nameset_free(&funcs);
	nameset_free(&refs);
	if (rc)
		asm_free(a);
	return rc;
}

void asm_free(struct asm_file *a)
{
	for (int i = 0; i < a->nline; i++)
		free(a->line[i]);
	for (int i = 0; i < a->nb; i++)
		free(a->b[i].target);
	for (int i = 0; i < a->nf; i++)
		free(a->f[i].name);
	free(a->line);
	free(a->b);
	free(a->f);
	free(a->in_func);
	free(a->block_at);
	free(a->path);
	memset(a, 0, sizeof(*a));
}

int asm_label_block(const struct asm_file *a, const char *label)
{
	size_t len = strlen(label);

	for (int i = 0; i < a->nline; i++)
		if (a->in_func[i] && label_def(a->line[i]) == len &&
		    !strncmp(a->line[i], label, len))
			return a->block_at[i];
	return -1;
}
