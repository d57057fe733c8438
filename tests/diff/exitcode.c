// SPDX-License-Identifier: MIT
/*
 * exitcode.c - prints a line and fails on purpose with status 77 through the
 * finisher, so the runner's exit-status comparison is exercised with a code
 * other than 0 and 1.
 */
#include "fw.h"

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	printf("exitcode: finishing with status 77 on purpose\n");
	exit_fail(77);
}
