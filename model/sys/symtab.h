/* SPDX-License-Identifier: MIT */
/*
 * The guest program's symbols (functions and objects from the ELF symbol
 * table), for symbolized program counters in traces, messages and reports.
 */
#ifndef OSPREY_SYMTAB_H
#define OSPREY_SYMTAB_H

#include <stdint.h>

struct symbol {
	uint32_t addr;		/* start address */
	uint32_t size;		/* bytes; 0 when the ELF gives none */
	char *name;
};

struct symtab {
	struct symbol *sym;	/* sorted by address */
	int n, cap;
};

void symtab_init(struct symtab *t);
void symtab_free(struct symtab *t);
int symtab_add(struct symtab *t, const char *name, uint32_t addr, uint32_t size);
/* Sorts the table; call once after the last symtab_add. */
void symtab_sort(struct symtab *t);

/* The symbol containing @addr (or the nearest one below it), or NULL. */
const struct symbol *symtab_lookup(const struct symtab *t, uint32_t addr);

/* The address of symbol @name. Returns 0 and sets @addr, or -1. */
int symtab_find(const struct symtab *t, const char *name, uint32_t *addr);

/* Writes "0x80000010 <main+0x10>", or just the address; @t may be NULL. */
void symtab_format(const struct symtab *t, uint32_t addr, char *buf, int len);

#endif
