/* SPDX-License-Identifier: MIT */
/*
 * Statistics. A counter is kept per privilege mode of the hart it belongs to
 * (struct mctr). Each unit keeps its counters as struct mctr fields of a
 * stats struct and describes them with a table of names and offsets, so
 * printing walks tables and the counters stay plain fields on the hot path.
 * Counters never influence behaviour.
 */
#ifndef OSPREY_STATS_H
#define OSPREY_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum stat_mode { SM_U, SM_S, SM_M, SM_MODES };

/* One counter, split by the privilege mode the hart was in. */
struct mctr {
	uint64_t v[SM_MODES];
};

static inline uint64_t mctr_total(const struct mctr *c)
{
	return c->v[SM_U] + c->v[SM_S] + c->v[SM_M];
}

/* A counter's name within its unit, and where it sits in the unit's stats struct. */
struct stat_field {
	const char *name;
	size_t offset;
};

#define STAT(type, field) { #field, offsetof(type, field) }

/* A unit's counters for one hart: "l1d" + fields gives "l1d.misses". */
struct stat_group {
	const char *unit;
	const void *stats;
	const struct stat_field *fields;
	int nfields;
};

/* Minimal JSON writer: tracks commas so callers write keys and values in order. */
struct json {
	FILE *f;
	int depth;
	int need_comma[16];
};

void json_begin(struct json *j, FILE *f);
void json_end(struct json *j);
void json_object(struct json *j, const char *key);	/* key NULL inside arrays */
void json_array(struct json *j, const char *key);
void json_close(struct json *j, char bracket);		/* '}' or ']' */
void json_u64(struct json *j, const char *key, uint64_t v);
void json_double(struct json *j, const char *key, double v);
void json_str(struct json *j, const char *key, const char *v);

/* Writes every counter of @g as "unit.name": {"U":.., "S":.., "M":.., "total":..}. */
void stats_json_group(struct json *j, const struct stat_group *g);

/* Adds @g's counters into @sum (same unit type), field by field. */
void stats_add_group(void *sum, const struct stat_group *g);

/* The counter @name ("l1d.misses") of @g, or NULL. */
const struct mctr *stats_find(const struct stat_group *g, const char *name);

#endif
