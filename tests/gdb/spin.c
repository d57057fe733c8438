// SPDX-License-Identifier: MIT
/* spin.c - a program that never ends, for the Ctrl-C test (tests/gdb/ctrl_c.py). */
#include "fw.h"

volatile uint32_t ticks;

int main(uint32_t hartid)
{
	for (;;)
		ticks += hartid + 1;
}
