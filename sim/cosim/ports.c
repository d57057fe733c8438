// SPDX-License-Identifier: MIT
#include "ports.h"

#include <string.h>

uint64_t port_value(const struct port_desc *d, const void *s, unsigned i)
{
	const uint8_t *p = (const uint8_t *)s + d->offset + (size_t)i * d->size;

	switch (d->size) {
	case 1: return *p;
	case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}

unsigned port_valid(const struct port_desc *ports, int n, const struct port_desc *d,
		    const void *s)
{
	if (!d->bound || !strcmp(d->bound, "all"))
		return d->count;
	for (int k = 0; k < n; k++) {
		if (!strcmp(ports[k].name, d->bound)) {
			uint64_t v = port_value(&ports[k], s, 0);

			return v < d->count ? (unsigned)v : d->count;
		}
	}
	return d->count;	/* an unknown bound: compare everything */
}

static void print_elem(FILE *f, const struct port_desc *d, unsigned i)
{
	char name[64];

	if (d->count > 1)
		snprintf(name, sizeof(name), "%s[%u]", d->name, i);
	else
		snprintf(name, sizeof(name), "%s", d->name);
	fprintf(f, "%-18s", name);
}

unsigned ports_compare(const struct port_desc *ports, int n, const void *a, const void *b,
		       FILE *f, const char *label_a, const char *label_b)
{
	unsigned bad = 0;

	for (int k = 0; k < n; k++) {
		const struct port_desc *d = &ports[k];
		unsigned valid = port_valid(ports, n, d, a);

		for (unsigned i = 0; i < valid; i++) {
			uint64_t va = port_value(d, a, i), vb = port_value(d, b, i);

			if (va == vb)
				continue;
			bad++;
			if (!f)
				continue;
			fprintf(f, "  ");
			print_elem(f, d, i);
			fprintf(f, " %s 0x%08llx  %s 0x%08llx\n", label_a, (unsigned long long)va,
				label_b, (unsigned long long)vb);
		}
	}
	return bad;
}

void ports_print(const struct port_desc *ports, int n, const void *s, FILE *f,
		 const char *indent)
{
	for (int k = 0; k < n; k++) {
		const struct port_desc *d = &ports[k];

		fprintf(f, "%s%s =", indent, d->name);
		for (unsigned i = 0; i < port_valid(ports, n, d, s); i++)
			fprintf(f, " 0x%llx", (unsigned long long)port_value(d, s, i));
		fprintf(f, "\n");
	}
}
