/* SPDX-License-Identifier: MIT */
/*
 * Shared by the tests/cache programs: a demand access the way a cache does
 * it (look up; on a hit touch, on a miss evict the victim and fill), and a
 * test filter from the environment.
 */
#ifndef OSPREY_CACHE_TEST_H
#define OSPREY_CACHE_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mem/cache_array.h"

#define NO_EVICT	(-1)	/* access() evicted nothing: a hit, or a fill of an invalid way */

/*
 * One demand access of line number @line. Returns whether it hit; *@evicted
 * (if not NULL) is the line number the miss replaced, or NO_EVICT.
 */
static inline int access_line(struct cache_array *ca, uint32_t line, long *evicted)
{
	struct cache_line *l = carray_find(ca, line);

	if (evicted)
		*evicted = NO_EVICT;
	if (l) {
		carray_touch(ca, l);
		return 1;
	}
	l = carray_victim(ca, line);
	if (l->state != LINE_I && evicted)
		*evicted = l->tag;
	carray_fill(ca, l, line, LINE_E);
	return 0;
}

/* CACHE_FILTER in the environment (a cmocka glob) runs only the tests it names. */
static inline void cache_test_filter(void)
{
	const char *f = getenv("CACHE_FILTER");

	if (f && *f)
		cmocka_set_test_filter(f);
}

#endif
