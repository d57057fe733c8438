// SPDX-License-Identifier: MIT
/*
 * grep [-c] [-v] [-n] [-F] PATTERN [FILE...] - prints matching lines. The
 * pattern is a simple regular expression: c . * ^ $ (after Pike's matcher),
 * or a fixed string with -F. Exit 0 if a line matched, 1 if none, 2 on error.
 */
#include "ulib.h"

static int fixed, invert, countonly, numbers;

static int matchhere(const char *re, const char *text);

static int matchstar(int c, const char *re, const char *text)
{
	do {
		if (matchhere(re, text))
			return 1;
	} while (*text && (*text++ == c || c == '.'));
	return 0;
}

static int matchhere(const char *re, const char *text)
{
	if (!re[0])
		return 1;
	if (re[1] == '*')
		return matchstar(re[0], re + 2, text);
	if (re[0] == '$' && !re[1])
		return !*text;
	if (*text && (re[0] == '.' || re[0] == *text))
		return matchhere(re + 1, text + 1);
	return 0;
}

int grep_match(const char *re, const char *text)
{
	if (fixed)
		return strstr(text, re) != NULL;
	if (re[0] == '^')
		return matchhere(re + 1, text);
	do {
		if (matchhere(re, text))
			return 1;
	} while (*text++);
	return 0;
}

static int grep(const char *re, int fd, const char *name, int multi)
{
	static struct rbuf rb;
	static char line[1024];
	int n = 0, lineno = 0, len;

	rbuf_init(&rb, fd);
	while ((len = rbuf_getline(&rb, line, sizeof(line))) >= 0) {
		lineno++;
		if (grep_match(re, line) == invert)
			continue;
		n++;
		if (countonly)
			continue;
		if (multi && numbers)
			printf("%s:%d:%s\n", name, lineno, line);
		else if (multi)
			printf("%s:%s\n", name, line);
		else if (numbers)
			printf("%d:%s\n", lineno, line);
		else
			printf("%s\n", line);
	}
	if (countonly) {
		if (multi)
			printf("%s:%d\n", name, n);
		else
			printf("%d\n", n);
	}
	return n;
}

int main(int argc, char **argv)
{
	int i = 1, found = 0, err = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		for (const char *f = argv[i] + 1; *f; f++) {
			if (*f == 'c')
				countonly = 1;
			else if (*f == 'v')
				invert = 1;
			else if (*f == 'n')
				numbers = 1;
			else if (*f == 'F')
				fixed = 1;
			else
				die("grep: unknown option -%c", *f);
		}
	}
	if (i >= argc)
		die("usage: grep [-cvnF] PATTERN [FILE...]");
	const char *re = argv[i++];

	if (i == argc)
		return grep(re, STDIN, "", 0) ? 0 : 1;
	for (int k = i; k < argc; k++) {
		int fd = open(argv[k], O_RDONLY);

		if (fd < 0) {
			fprintf(STDERR, "grep: %s: %s\n", argv[k], strerror(fd));
			err = 1;
			continue;
		}
		found += grep(re, fd, argv[k], argc - i > 1);
		close(fd);
	}
	return err ? 2 : found ? 0 : 1;
}
