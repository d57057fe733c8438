// SPDX-License-Identifier: MIT
#include "sys/stats.h"

#include <string.h>

void json_begin(struct json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	fputc('{', f);
	j->depth = 1;
}

void json_end(struct json *j)
{
	fputs("\n}\n", j->f);
}

static void key(struct json *j, const char *k)
{
	if (j->need_comma[j->depth])
		fputc(',', j->f);
	j->need_comma[j->depth] = 1;
	fprintf(j->f, "\n%*s", 2 * j->depth, "");
	if (k)
		fprintf(j->f, "\"%s\": ", k);
}

static void open(struct json *j, const char *k, char bracket)
{
	key(j, k);
	fputc(bracket, j->f);
	j->depth++;
	j->need_comma[j->depth] = 0;
}

void json_object(struct json *j, const char *k) { open(j, k, '{'); }
void json_array(struct json *j, const char *k) { open(j, k, '['); }

void json_close(struct json *j, char bracket)
{
	j->depth--;
	fprintf(j->f, "\n%*s%c", 2 * j->depth, "", bracket);
}

void json_u64(struct json *j, const char *k, uint64_t v)
{
	key(j, k);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void json_double(struct json *j, const char *k, double v)
{
	key(j, k);
	fprintf(j->f, "%.6f", v);
}

void json_str(struct json *j, const char *k, const char *v)
{
	key(j, k);
	fputc('"', j->f);
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			fputc('\\', j->f);
		fputc(*v, j->f);
	}
	fputc('"', j->f);
}

static const struct mctr *field(const struct stat_group *g, int i)
{
	return (const struct mctr *)((const char *)g->stats + g->fields[i].offset);
}

void stats_json_group(struct json *j, const struct stat_group *g)
{
	char name[96];

	for (int i = 0; i < g->nfields; i++) {
		const struct mctr *c = field(g, i);

		snprintf(name, sizeof(name), "%s.%s", g->unit, g->fields[i].name);
		json_object(j, name);
		json_u64(j, "U", c->v[SM_U]);
		json_u64(j, "S", c->v[SM_S]);
		json_u64(j, "M", c->v[SM_M]);
		json_u64(j, "total", mctr_total(c));
		json_close(j, '}');
	}
}

void stats_add_group(void *sum, const struct stat_group *g)
{
	for (int i = 0; i < g->nfields; i++) {
		struct mctr *d = (struct mctr *)((char *)sum + g->fields[i].offset);
		const struct mctr *s = field(g, i);

		for (int m = 0; m < SM_MODES; m++)
			d->v[m] += s->v[m];
	}
}

const struct mctr *stats_find(const struct stat_group *g, const char *name)
{
	size_t n = strlen(g->unit);

	if (strncmp(name, g->unit, n) || name[n] != '.')
		return NULL;
	for (int i = 0; i < g->nfields; i++)
		if (!strcmp(name + n + 1, g->fields[i].name))
			return field(g, i);
	return NULL;
}
