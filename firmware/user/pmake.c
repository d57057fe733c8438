// SPDX-License-Identifier: MIT
/*
 * pmake [-j N] [-f FILE] [-v] [-C DIR] [TARGET...] - a parallel make.
 *
 * The description file (default "Makefile") holds rules:
 *
 *	target: dep dep...
 *	<TAB>command
 *	<TAB>command
 *
 * '#' starts a comment line. There are no timestamps: a target is built
 * when it does not exist or when one of its dependencies was built in this
 * run; a dependency without a rule must exist. Up to N targets build at
 * once, each running its commands in order. A command with no shell
 * metacharacters is exec'd directly; others run under `/bin/sh -c`. Output
 * is deterministic: nothing is echoed unless -v (which follows completion
 * order, so only for debugging).
 */
#include "ulib.h"

#define MAXNODES	1024	/* targets and files in one description */
#define MAXDEPS		256	/* dependencies of one target */
#define MAXCMDS		8	/* commands of one rule */

enum state { S_IDLE, S_WAIT, S_RUN, S_DONE, S_FAIL };

struct node {
	char *name;
	int hasrule;		/* a rule names it as target */
	int ndeps;
	int *deps;		/* node indices, malloc'ed, MAXDEPS at most */
	int ncmds;
	char *cmds[MAXCMDS];
	enum state state;
	int needed;		/* reachable from a goal */
	int built;		/* its commands ran in this run */
	int nextcmd;		/* index of the command to run next */
	int pid;		/* running command, 0 if none */
};

static struct node nodes[MAXNODES];
static int nnodes;
static int verbose;

static int lookup(const char *name)
{
	for (int i = 0; i < nnodes; i++)
		if (!strcmp(nodes[i].name, name))
			return i;
	if (nnodes == MAXNODES)
		die("pmake: too many targets");
	nodes[nnodes].name = strdup(name);
	return nnodes++;
}

static void parse(const char *file)
{
	static struct rbuf rb;
	static char line[1024];
	int fd = open(file, O_RDONLY), cur = -1, lineno = 0;

	if (fd < 0)
		die("pmake: %s: %s", file, strerror(fd));
	rbuf_init(&rb, fd);
	while (rbuf_getline(&rb, line, sizeof(line)) >= 0) {
		lineno++;
		if (line[0] == '\t') {
			char *c = line;

			while (isspace(*c))
				c++;
			if (!*c)
				continue;
			if (cur < 0)
				die("pmake: %s:%d: command outside a rule", file, lineno);
			if (nodes[cur].ncmds == MAXCMDS)
				die("pmake: %s:%d: too many commands", file, lineno);
			nodes[cur].cmds[nodes[cur].ncmds++] = strdup(c);
			continue;
		}
		char *p = line;

		while (isspace(*p))
			p++;
		if (!*p || *p == '#')
			continue;
		char *colon = strchr(p, ':');

		if (!colon)
			die("pmake: %s:%d: expected 'target: deps'", file, lineno);
		*colon = 0;
		char *e = colon;

		while (e > p && isspace(e[-1]))
			*--e = 0;
		cur = lookup(p);
		if (nodes[cur].hasrule)
			die("pmake: %s:%d: second rule for %s", file, lineno, p);
		nodes[cur].hasrule = 1;
		for (p = colon + 1;;) {
			while (isspace(*p))
				p++;
			if (!*p)
				break;
			char *w = p;

			while (*p && !isspace(*p))
				p++;
			if (*p)
				*p++ = 0;
			if (nodes[cur].ndeps == MAXDEPS)
				die("pmake: %s:%d: too many dependencies", file, lineno);
			int d = lookup(w);

			if (!(nodes[cur].ndeps & 15)) {
				nodes[cur].deps = realloc(nodes[cur].deps,
							  (nodes[cur].ndeps + 16) * sizeof(int));
				if (!nodes[cur].deps)
					die("pmake: out of memory");
			}
			nodes[cur].deps[nodes[cur].ndeps++] = d;
		}
	}
	close(fd);
}

/* Marks everything a goal needs; fails on cycles and on missing sources. */
static void mark(int n, int depth)
{
	struct node *t = &nodes[n];
	struct stat st;

	if (depth > MAXNODES)
		die("pmake: dependency cycle through %s", t->name);
	if (t->needed)
		return;
	for (int i = 0; i < t->ndeps; i++)
		mark(t->deps[i], depth + 1);
	t->needed = 1;
	if (!t->hasrule && stat(t->name, &st) < 0)
		die("pmake: no rule to make %s", t->name);
	t->state = S_WAIT;
}

/* Does the command need the shell: metacharacters, or a shell builtin first? */
static int meta(const char *c)
{
	static const char *const builtins[] = { "cd", "true", "false", "exit", ":", "set", "wait" };

	for (unsigned i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++) {
		size_t n = strlen(builtins[i]);

		if (!strncmp(c, builtins[i], n) && (!c[n] || isspace(c[n])))
			return 1;
	}
	for (; *c; c++)
		if (strchr("|&;<>$'\"\\*?#", *c))
			return 1;
	return 0;
}

/* Starts the next command of t; returns the pid or a negative error. */
static int start(struct node *t)
{
	char *argv[MAXARG + 1], path[MAXPATH];
	char *cmd = t->cmds[t->nextcmd++];
	int pid;

	if (verbose)
		printf("%s\n", cmd);
	pid = fork();
	if (pid != 0)
		return pid;
	if (meta(cmd)) {
		argv[0] = "sh";
		argv[1] = "-c";
		argv[2] = cmd;
		argv[3] = NULL;
		exec("/bin/sh", argv);
		fprintf(STDERR, "pmake: exec /bin/sh: %s\n", strerror(errno));
		exit(127);
	}
	int argc = 0;

	for (char *p = cmd;;) {
		while (isspace(*p))
			p++;
		if (!*p || argc == MAXARG)
			break;
		argv[argc++] = p;
		while (*p && !isspace(*p))
			p++;
		if (*p)
			*p++ = 0;
	}
	argv[argc] = NULL;
	if (strchr(argv[0], '/'))
		strlcpy(path, argv[0], sizeof(path));
	else
		snprintf(path, sizeof(path), "/bin/%s", argv[0]);
	exec(path, argv);
	fprintf(STDERR, "pmake: %s: %s\n", argv[0], strerror(errno));
	exit(127);
}

/* Is t ready to build (every dependency done)? Sets t->built if it must. */
static int ready(struct node *t)
{
	struct stat st;
	int rebuild = 0;

	for (int i = 0; i < t->ndeps; i++) {
		struct node *d = &nodes[t->deps[i]];

		if (d->state != S_DONE)
			return 0;
		rebuild |= d->built;
	}
	if (t->hasrule && (rebuild || stat(t->name, &st) < 0))
		t->built = 1;
	return 1;
}

int main(int argc, char **argv)
{
	const char *file = "Makefile";
	int jobs = 1, i = 1, running = 0, failed = 0, nbuilt = 0;
	int goals[16], ngoals = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-j") && i + 1 < argc)
			jobs = atoi(argv[++i]);
		else if (!strncmp(argv[i], "-j", 2) && argv[i][2])
			jobs = atoi(argv[i] + 2);
		else if (!strcmp(argv[i], "-f") && i + 1 < argc)
			file = argv[++i];
		else if (!strcmp(argv[i], "-C") && i + 1 < argc) {
			int r = chdir(argv[++i]);

			if (r < 0)
				die("pmake: %s: %s", argv[i], strerror(r));
		} else if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else
			die("usage: pmake [-j N] [-f FILE] [-C DIR] [-v] [TARGET...]");
	}
	if (jobs < 1)
		jobs = 1;
	parse(file);
	for (; i < argc && ngoals < 16; i++)
		goals[ngoals++] = lookup(argv[i]);
	if (!ngoals) {
		for (int n = 0; n < nnodes && !ngoals; n++)
			if (nodes[n].hasrule)
				goals[ngoals++] = n;
		if (!ngoals)
			die("pmake: %s: no targets", file);
	}
	for (int g = 0; g < ngoals; g++)
		mark(goals[g], 0);

	for (;;) {
		/* start ready targets in description order, up to the job limit */
		for (int n = 0; n < nnodes && running < jobs && !failed; n++) {
			struct node *t = &nodes[n];

			if (t->state != S_WAIT || !ready(t))
				continue;
			if (!t->built || !t->ncmds) {
				t->state = S_DONE;
				n = -1;		/* may have made others ready: rescan */
				continue;
			}
			t->pid = start(t);
			if (t->pid < 0) {
				fprintf(STDERR, "pmake: fork: %s\n", strerror(t->pid));
				t->state = S_FAIL;
				failed = 1;
				break;
			}
			t->state = S_RUN;
			running++;
		}
		if (!running)
			break;
		int status = 0, pid = wait(&status);

		if (pid < 0)
			die("pmake: wait: %s", strerror(pid));
		for (int n = 0; n < nnodes; n++) {
			struct node *t = &nodes[n];

			if (t->state != S_RUN || t->pid != pid)
				continue;
			t->pid = 0;
			running--;
			if (status != 0) {
				fprintf(STDERR, "pmake: %s: command failed (%d): %s\n", t->name,
					status, t->cmds[t->nextcmd - 1]);
				t->state = S_FAIL;
				failed = 1;
			} else if (t->nextcmd < t->ncmds) {
				t->pid = start(t);
				if (t->pid < 0) {
					t->state = S_FAIL;
					failed = 1;
				} else {
					running++;
				}
			} else {
				t->state = S_DONE;
				nbuilt++;
			}
			break;
		}
	}
	for (int g = 0; g < ngoals; g++) {
		if (nodes[goals[g]].state != S_DONE) {
			fprintf(STDERR, "pmake: %s not made\n", nodes[goals[g]].name);
			return 1;
		}
	}
	printf("pmake: %d targets made\n", nbuilt);
	return 0;
}
