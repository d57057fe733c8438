// SPDX-License-Identifier: MIT
/*
 * target.c - the program tests/gdb/run.sh debugs with gdb-multiarch: a
 * global to read, a function to break in, a store to watch. Hart 0 runs it;
 * the others park.
 */
#include "fw.h"

volatile uint32_t counter = 40;
volatile uint32_t watched;

__attribute__((noinline)) uint32_t add_up(uint32_t n)
{
	uint32_t sum = 0;

	for (uint32_t i = 1; i <= n; i++)
		sum += i;
	return sum;
}

int main(uint32_t hartid)
{
	uint32_t s;

	if (hartid != 0)
		park();
	counter += 2;
	s = add_up(10);
	watched = s;
	printf("gdb target: counter %u, watched %u\n", counter, watched);
	return watched == 55 ? 0 : 1;
}
