// SPDX-License-Identifier: MIT
/*
 * sh - the shell. Runs a script (`sh FILE [ARGS]`), a string (`sh -c CMD`)
 * or, with neither, reads commands from the console with a prompt.
 *
 * Grammar, one line at a time (a trailing backslash joins the next line):
 *   list     := pipeline { (';' | '&' | '&&' | '||') pipeline }
 *   pipeline := command { '|' command }
 *   command  := word... with redirections '<' FILE, '>' FILE, '>>' FILE, '2>' FILE
 *   for NAME in WORD...; do LIST; done      (on one logical line)
 * Words: '...' is literal, "..." and bare words expand $NAME, ${NAME}, $?, $# and
 * $0..$9; backslash quotes the next character; '#' at a word start begins a
 * comment; a word with an unquoted '*' or '?' expands to the sorted paths that
 * match it, component by component. Builtins: cd, exit [N], wait (status: the
 * last nonzero one reaped), set -e / set +e, pwd, NAME=VALUE, true/:, false.
 * A name without '/' runs /bin/NAME.
 */
#include "ulib.h"

#define LINE_MAX	2048	/* bytes in a logical line */
#define MAXCMD		16	/* commands in a pipeline */
#define MAXVARS		32	/* shell variables */
#define WORD_MAX	256	/* bytes in one expanded word */

struct redir {
	const char *in;		/* '<' file, or NULL */
	const char *out;	/* '>' or '>>' file, or NULL */
	int append;		/* out was '>>' */
	const char *err;	/* '2>' file, or NULL */
};

struct cmd {
	int argc;
	char *argv[MAXARG + 1];
	struct redir r;
};

struct var {
	char *name;
	char *value;
};

static struct var vars[MAXVARS];
static int nvars;
static int status;		/* $?: exit status of the last pipeline */
static int errexit;		/* set -e: exit on a failing command */
static int scriptfd = -1;	/* the script being read, closed in children */
static int pargc;		/* $#, $0..$9: the script's arguments */
static char **pargv;

/* Word storage for one pipeline: reset before each parse. */
static char wordbuf[4096];
static int wordlen;

static const char *getvar(const char *name)
{
	for (int i = 0; i < nvars; i++)
		if (!strcmp(vars[i].name, name))
			return vars[i].value;
	return "";
}

static void setvar(const char *name, const char *value)
{
	for (int i = 0; i < nvars; i++) {
		if (!strcmp(vars[i].name, name)) {
			free(vars[i].value);
			vars[i].value = strdup(value);
			return;
		}
	}
	if (nvars == MAXVARS) {
		fprintf(STDERR, "sh: too many variables\n");
		return;
	}
	vars[nvars].name = strdup(name);
	vars[nvars++].value = strdup(value);
}

static int isname(int c)
{
	return isalnum(c) || c == '_';
}

static int special(int c)
{
	return c == '|' || c == '&' || c == ';' || c == '<' || c == '>';
}

/* Appends the expansion of the $-reference at *pp to w; advances *pp. */
static void expand(const char **pp, char *w, int *n)
{
	const char *p = *pp + 1;	/* past '$' */
	char name[32], num[16];
	const char *val;
	int k = 0;

	if (*p == '?') {
		snprintf(num, sizeof(num), "%d", status);
		val = num;
		p++;
	} else if (*p == '#') {
		snprintf(num, sizeof(num), "%d", pargc > 0 ? pargc - 1 : 0);
		val = num;
		p++;
	} else if (isdigit(*p)) {
		int i = *p++ - '0';

		val = i < pargc ? pargv[i] : "";
	} else if (*p == '{' || isname(*p)) {
		int brace = *p == '{';

		if (brace)
			p++;
		while (isname(*p) && k < (int)sizeof(name) - 1)
			name[k++] = *p++;
		name[k] = 0;
		if (brace && *p == '}')
			p++;
		val = getvar(name);
	} else {
		val = "$";
	}
	while (*val && *n < WORD_MAX - 1)
		w[(*n)++] = *val++;
	*pp = p;
}

static int globbed;	/* the last word() had an unquoted '*' or '?' */

/* Parses one word at *pp into the word store; returns it or NULL if none. */
static char *word(const char **pp)
{
	const char *p = *pp;
	char w[WORD_MAX];
	int n = 0;

	globbed = 0;
	while (*p && !isspace(*p) && !special(*p)) {
		if (*p == '*' || *p == '?')
			globbed = 1;
		if (*p == '\'') {
			for (p++; *p && *p != '\''; p++)
				if (n < WORD_MAX - 1)
					w[n++] = *p;
			if (*p)
				p++;
		} else if (*p == '"') {
			for (p++; *p && *p != '"';) {
				if (*p == '$') {
					expand(&p, w, &n);
					continue;
				}
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$'))
					p++;
				if (n < WORD_MAX - 1)
					w[n++] = *p;
				p++;
			}
			if (*p)
				p++;
		} else if (*p == '$') {
			expand(&p, w, &n);
		} else {
			if (*p == '\\' && p[1])
				p++;
			if (n < WORD_MAX - 1)
				w[n++] = *p;
			p++;
		}
	}
	*pp = p;
	if (wordlen + n + 1 > (int)sizeof(wordbuf)) {
		fprintf(STDERR, "sh: line too long\n");
		return NULL;
	}
	char *r = wordbuf + wordlen;

	memcpy(r, w, n);
	r[n] = 0;
	wordlen += n + 1;
	return r;
}

/* Does name match the pattern (only '*' and '?' are special)? */
static int gmatch(const char *pat, const char *name)
{
	if (!*pat)
		return !*name;
	if (*pat == '*') {
		do {
			if (gmatch(pat + 1, name))
				return 1;
		} while (*name++);
		return 0;
	}
	if (*name && (*pat == '?' || *pat == *name))
		return gmatch(pat + 1, name + 1);
	return 0;
}

static int bystr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct matches {
	int n;
	char *name[MAXARG];	/* malloc'ed paths */
};

static int hasglob(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (s[i] == '*' || s[i] == '?')
			return 1;
	return 0;
}

/* Matches pattern rest (components separated by '/') below path prefix. */
static void globpath(char *prefix, const char *rest, struct matches *m)
{
	const char *slash = strchr(rest, '/');
	int clen = slash ? slash - rest : (int)strlen(rest);
	size_t plen = strlen(prefix);
	char comp[DIRSIZ + 1], name[DIRSIZ + 1];
	struct stat st;
	struct dirent de;
	int fd;

	if (plen + clen + 2 >= MAXPATH || clen > DIRSIZ)
		return;
	if (!hasglob(rest, clen)) {
		memcpy(prefix + plen, rest, clen);
		prefix[plen + clen] = 0;
		if (slash) {
			strcat(prefix, "/");
			globpath(prefix, slash + 1, m);
		} else if (stat(prefix, &st) == 0 && m->n < MAXARG) {
			m->name[m->n++] = strdup(prefix);
		}
		prefix[plen] = 0;
		return;
	}
	memcpy(comp, rest, clen);
	comp[clen] = 0;
	fd = open(plen ? prefix : ".", O_RDONLY);
	while (fd >= 0 && read(fd, &de, sizeof(de)) == sizeof(de)) {
		if (!de.inum)
			continue;
		memcpy(name, de.name, DIRSIZ);
		name[DIRSIZ] = 0;
		if ((name[0] == '.' && comp[0] != '.') || !gmatch(comp, name))
			continue;
		if (plen + strlen(name) + 2 >= MAXPATH)
			continue;
		strcat(prefix, name);
		if (slash) {
			strcat(prefix, "/");
			globpath(prefix, slash + 1, m);
		} else if (m->n < MAXARG) {
			m->name[m->n++] = strdup(prefix);
		}
		prefix[plen] = 0;
	}
	if (fd >= 0)
		close(fd);
}

/* Expands pattern w into c's arguments, sorted; no match leaves w as it is. */
static int glob(char *w, struct cmd *c)
{
	static struct matches m;
	char prefix[MAXPATH];
	int rc = 0;

	m.n = 0;
	prefix[0] = 0;
	if (w[0] == '/') {
		strcpy(prefix, "/");
		globpath(prefix, w + 1, &m);
	} else {
		globpath(prefix, w, &m);
	}
	if (!m.n) {
		c->argv[c->argc++] = w;
		return 0;
	}
	qsort(m.name, m.n, sizeof(m.name[0]), bystr);
	for (int i = 0; i < m.n; i++) {
		int len = strlen(m.name[i]) + 1;

		if (c->argc == MAXARG || wordlen + len > (int)sizeof(wordbuf)) {
			fprintf(STDERR, "sh: %s: too many matches\n", w);
			rc = -1;
		} else {
			memcpy(wordbuf + wordlen, m.name[i], len);
			c->argv[c->argc++] = wordbuf + wordlen;
			wordlen += len;
		}
		free(m.name[i]);
	}
	return rc;
}

static const char *skipws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return p;
}

enum term { T_END, T_SEQ, T_BG, T_AND, T_OR, T_ERR };

/* Parses a pipeline at *pp into cmds; returns how it ends, count in *ncmd. */
static enum term parse_pipeline(const char **pp, struct cmd *cmds, int *ncmd)
{
	const char *p = *pp;
	int nc = 0;
	struct cmd *c = &cmds[0];

	memset(c, 0, sizeof(*c));
	wordlen = 0;
	for (;;) {
		p = skipws(p);
		if (!*p || *p == '#') {
			p += strlen(p);
			break;
		}
		if (*p == ';' || *p == '&') {
			break;
		}
		if (*p == '|' && p[1] != '|') {
			if (!c->argc) {
				fprintf(STDERR, "sh: syntax error near '|'\n");
				return T_ERR;
			}
			if (++nc == MAXCMD) {
				fprintf(STDERR, "sh: pipeline too long\n");
				return T_ERR;
			}
			c = &cmds[nc];
			memset(c, 0, sizeof(*c));
			p++;
			continue;
		}
		if (*p == '|')
			break;
		if (*p == '<' || *p == '>' || (*p == '2' && p[1] == '>')) {
			int kind = *p;
			int append = 0;

			if (*p == '2') {
				kind = 'e';
				p++;
			}
			p++;
			if (kind == '>' && *p == '>') {
				append = 1;
				p++;
			}
			p = skipws(p);
			char *f = word(&p);

			if (!f || !*f) {
				fprintf(STDERR, "sh: missing file name for redirection\n");
				return T_ERR;
			}
			if (kind == '<') {
				c->r.in = f;
			} else if (kind == '>') {
				c->r.out = f;
				c->r.append = append;
			} else {
				c->r.err = f;
			}
			continue;
		}
		if (c->argc == MAXARG) {
			fprintf(STDERR, "sh: too many arguments\n");
			return T_ERR;
		}
		char *w = word(&p);

		if (!w)
			return T_ERR;
		if (globbed)
			glob(w, c);
		else
			c->argv[c->argc++] = w;
	}
	if (c->argc)
		nc++;
	else if (nc) {
		fprintf(STDERR, "sh: syntax error: empty command after '|'\n");
		return T_ERR;
	}
	*ncmd = nc;

	enum term t = T_END;

	if (p[0] == '&' && p[1] == '&') {
		t = T_AND;
		p += 2;
	} else if (p[0] == '|' && p[1] == '|') {
		t = T_OR;
		p += 2;
	} else if (*p == '&') {
		t = T_BG;
		p++;
	} else if (*p == ';') {
		t = T_SEQ;
		p++;
	}
	*pp = p;
	return t;
}

static int redirect(const char *path, int flags, int fd)
{
	int f = open(path, flags);

	if (f < 0) {
		fprintf(STDERR, "sh: %s: %s\n", path, strerror(f));
		return -1;
	}
	if (f != fd) {
		dup2(f, fd);
		close(f);
	}
	return 0;
}

static int builtin(struct cmd *c, int *st);

/* In a child: applies c's redirections and runs the builtin or execs the program. */
static void __attribute__((noreturn)) child_exec(struct cmd *c)
{
	char path[MAXPATH];
	int r;

	if (scriptfd > 2)
		close(scriptfd);
	if (c->r.in && redirect(c->r.in, O_RDONLY, 0))
		exit(1);
	if (c->r.out && redirect(c->r.out, O_WRONLY | O_CREAT |
				 (c->r.append ? O_APPEND : O_TRUNC), 1))
		exit(1);
	if (c->r.err && redirect(c->r.err, O_WRONLY | O_CREAT | O_TRUNC, 2))
		exit(1);
	if (builtin(c, &r))
		exit(r);
	c->argv[c->argc] = NULL;
	if (strchr(c->argv[0], '/'))
		strlcpy(path, c->argv[0], sizeof(path));
	else
		snprintf(path, sizeof(path), "/bin/%s", c->argv[0]);
	r = exec(path, c->argv);
	fprintf(STDERR, "sh: %s: %s\n", c->argv[0], strerror(r));
	exit(r == -ENOENT ? 127 : 126);
}

static int builtin(struct cmd *c, int *st)
{
	const char *name = c->argv[0];
	char *eq = strchr(name, '=');

	if (eq && eq != name && c->argc == 1) {
		*eq = 0;
		setvar(name, eq + 1);
		*st = 0;
		return 1;
	}
	if (!strcmp(name, "cd")) {
		int r = chdir(c->argc > 1 ? c->argv[1] : "/");

		if (r < 0)
			fprintf(STDERR, "sh: cd: %s: %s\n", c->argv[1], strerror(r));
		*st = r < 0;
		return 1;
	}
	if (!strcmp(name, "exit"))
		exit(c->argc > 1 ? atoi(c->argv[1]) : status);
	if (!strcmp(name, "wait")) {
		int s;

		/* every child; the status is the last nonzero one, so set -e sees failures */
		*st = 0;
		while (wait(&s) >= 0)
			if (s)
				*st = s;
		return 1;
	}
	if (!strcmp(name, "set")) {
		for (int i = 1; i < c->argc; i++) {
			if (!strcmp(c->argv[i], "-e"))
				errexit = 1;
			else if (!strcmp(c->argv[i], "+e"))
				errexit = 0;
		}
		*st = 0;
		return 1;
	}
	if (!strcmp(name, "pwd")) {
		char buf[MAXPATH];
		int r = getcwd(buf, sizeof(buf));

		if (r >= 0)
			printf("%s\n", buf);
		*st = r < 0;
		return 1;
	}
	if (!strcmp(name, "true") || !strcmp(name, ":")) {
		*st = 0;
		return 1;
	}
	if (!strcmp(name, "false")) {
		*st = 1;
		return 1;
	}
	return 0;
}

/* Runs a parsed pipeline; waits for it unless bg. Returns its status. */
static int run_pipeline(struct cmd *cmds, int n, int bg)
{
	int pids[MAXCMD];
	int prev = -1, st = 0;

	/* builtins run in the shell itself, unless redirected or in a pipeline */
	struct redir *r = &cmds[0].r;

	if (n == 1 && !bg && !r->in && !r->out && !r->err && builtin(&cmds[0], &st))
		return st;
	for (int i = 0; i < n; i++) {
		int fds[2] = { -1, -1 };

		if (i < n - 1 && pipe(fds) < 0) {
			fprintf(STDERR, "sh: pipe: %s\n", strerror(errno));
			n = i;
			break;
		}
		int pid = fork();

		if (pid == 0) {
			if (prev >= 0) {
				dup2(prev, 0);
				close(prev);
			}
			if (fds[1] >= 0) {
				dup2(fds[1], 1);
				close(fds[1]);
				close(fds[0]);
			}
			child_exec(&cmds[i]);
		}
		if (pid < 0)
			fprintf(STDERR, "sh: fork: %s\n", strerror(pid));
		pids[i] = pid;
		if (prev >= 0)
			close(prev);
		if (fds[1] >= 0)
			close(fds[1]);
		prev = fds[0];
		if (pid < 0) {
			n = i;
			st = 1;
			break;
		}
	}
	if (prev >= 0)
		close(prev);
	if (bg)
		return 0;
	/* wait for every process of the pipeline; the last one gives the status */
	for (int left = n; left > 0;) {
		int s = 0;
		int pid = wait(&s);

		if (pid < 0)
			break;
		for (int i = 0; i < n; i++) {
			if (pids[i] == pid) {
				pids[i] = -1;
				left--;
				if (i == n - 1)
					st = s;
			}
		}
	}
	return st;
}

static int run_list(const char *p);

/* Is the word at p exactly kw (followed by a separator)? */
static int keyword(const char *p, const char *kw)
{
	size_t n = strlen(kw);

	return !strncmp(p, kw, n) && (!p[n] || isspace(p[n]) || p[n] == ';');
}

/*
 * for NAME in WORDS; do BODY; done. p points at "for"; returns the text
 * after "done". The body is kept as text and expanded on each iteration.
 */
static const char *run_for(const char *p, int skip)
{
	char name[32], *words[MAXARG];
	int nw = 0, k = 0;
	const char *body, *end;

	p = skipws(p + 3);
	while (isname(*p) && k < (int)sizeof(name) - 1)
		name[k++] = *p++;
	name[k] = 0;
	p = skipws(p);
	wordlen = 0;
	if (keyword(p, "in")) {
		p = skipws(p + 2);
		while (*p && *p != ';' && !keyword(p, "do")) {
			static struct cmd exp;
			char *w = word(&p);

			exp.argc = 0;
			if (w && globbed)
				glob(w, &exp);
			else if (w)
				exp.argv[exp.argc++] = w;
			for (int i = 0; i < exp.argc && nw < MAXARG; i++)
				words[nw++] = strdup(exp.argv[i]);
			p = skipws(p);
		}
	}
	if (*p == ';')
		p = skipws(p + 1);
	if (!keyword(p, "do")) {
		fprintf(STDERR, "sh: for: expected 'do'\n");
		status = 2;
		for (int i = 0; i < nw; i++)
			free(words[i]);
		return p + strlen(p);
	}
	body = p + 2;
	/* find the matching "done" at a word start, counting nested loops */
	int depth = 1;

	for (end = body; *end; end++) {
		if (end[-1] != ' ' && end[-1] != ';' && end[-1] != '\t')
			continue;
		if (keyword(end, "do") && !keyword(end, "done"))
			depth++;
		else if (keyword(end, "done") && --depth == 0)
			break;
	}
	if (!*end) {
		fprintf(STDERR, "sh: for: missing 'done'\n");
		status = 2;
		for (int i = 0; i < nw; i++)
			free(words[i]);
		return end;
	}
	size_t blen = end - body;
	char *text = malloc(blen + 1);

	memcpy(text, body, blen);
	text[blen] = 0;
	for (int i = 0; i < nw && !skip; i++) {
		setvar(name, words[i]);
		run_list(text);
	}
	for (int i = 0; i < nw; i++)
		free(words[i]);
	free(text);
	p = skipws(end + 4);
	if (*p == ';')
		p++;
	return p;
}

/* Runs a list of pipelines; returns the last status. */
static int run_list(const char *p)
{
	static struct cmd cmds[MAXCMD];
	enum term prev = T_SEQ;

	for (;;) {
		p = skipws(p);
		if (!*p || *p == '#')
			break;
		int skip = (prev == T_AND && status != 0) || (prev == T_OR && status == 0);

		if (keyword(p, "for")) {
			p = run_for(p, skip);
			prev = T_SEQ;
			continue;
		}

		int n = 0;
		enum term t = parse_pipeline(&p, cmds, &n);

		if (t == T_ERR) {
			status = 2;
			if (errexit)
				exit(status);
			break;
		}
		if (n && !skip) {
			status = run_pipeline(cmds, n, t == T_BG);
			if (errexit && status && t != T_AND && t != T_OR &&
			    prev != T_AND && prev != T_OR)
				exit(status);
		}
		prev = t;
		if (t == T_END)
			break;
	}
	return status;
}

/* Reads a logical line (joining backslash-newline); -1 at end of input. */
static int getlogical(struct rbuf *rb, char *line, int n)
{
	int len = 0, r;

	for (;;) {
		r = rbuf_getline(rb, line + len, n - len);
		if (r < 0)
			return len ? len : -1;
		len += r;
		if (len > 0 && line[len - 1] == '\\') {
			line[--len] = ' ';
			len++;
			continue;
		}
		return len;
	}
}

int main(int argc, char **argv)
{
	static struct rbuf rb;
	static char line[LINE_MAX];
	int fd = 0, interactive = 0;

	if (argc >= 3 && !strcmp(argv[1], "-c")) {
		pargc = argc - 2;
		pargv = argv + 2;
		return run_list(argv[2]);
	}
	if (argc >= 2) {
		fd = open(argv[1], O_RDONLY);
		if (fd < 0) {
			fprintf(STDERR, "sh: %s: %s\n", argv[1], strerror(fd));
			return 127;
		}
		scriptfd = fd;
		pargc = argc - 1;
		pargv = argv + 1;
	} else {
		interactive = 1;
		pargc = 1;
		pargv = argv;
	}
	rbuf_init(&rb, fd);
	for (;;) {
		if (interactive)
			fdputs(STDERR, "$ ");
		if (getlogical(&rb, line, sizeof(line)) < 0)
			break;
		run_list(line);
	}
	return status;
}
