// SPDX-License-Identifier: MIT
/* poweroff [CODE] - stops the machine: 0 passes, anything else fails with CODE. */
#include "ulib.h"

int main(int argc, char **argv)
{
	int r = poweroff(argc > 1 ? atoi(argv[1]) : 0);

	fprintf(STDERR, "poweroff: %s\n", strerror(r));
	return 1;
}
