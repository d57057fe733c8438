// SPDX-License-Identifier: MIT
/* echo [-n] WORD... - prints its arguments separated by spaces. */
#include "ulib.h"

int main(int argc, char **argv)
{
	char buf[1024];
	int n = 0, i = 1, nl = 1;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		nl = 0;
		i++;
	}
	for (; i < argc; i++)
		n += snprintf(buf + n, sizeof(buf) - n - 1, "%s%s", argv[i],
			      i < argc - 1 ? " " : "");
	if (n > (int)sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	if (nl)
		buf[n++] = '\n';
	return writeall(STDOUT, buf, n) < 0;
}
