/* SPDX-License-Identifier: MIT */
/*
 * Port descriptions for the generic lockstep checker: a unit's port list,
 * written once as X-macros in its interface header (see
 * cpu/ipf_engine_if.h), becomes a table of struct port_desc, from which
 * outputs are compared and ports printed field by field.
 *
 *   #define MY_OUT_S(type, name, bits) PORT_DESC_S(struct my_out, type, name, bits)
 *   #define MY_OUT_A(type, name, n, bits, bound) \
 *	PORT_DESC_A(struct my_out, type, name, n, bits, bound)
 *   static const struct port_desc my_out_ports[] = { MY_OUT_PORTS(MY_OUT_S, MY_OUT_A) };
 */
#ifndef OSPREY_PORTS_H
#define OSPREY_PORTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct port_desc {
	const char *name;	/* the field, and the SystemVerilog port without _i/_o */
	size_t offset;		/* of the field in its struct */
	uint8_t size;		/* bytes of one element in C */
	uint16_t count;		/* elements; 1 for a scalar */
	uint8_t bits;		/* SystemVerilog width of one element */
	const char *bound;	/* the scalar port whose value bounds the valid elements,
				 * or NULL or "all": all are valid */
};

#define PORT_DESC_S(st, type, name, bits) { #name, offsetof(st, name), sizeof(type), 1, bits, NULL },
#define PORT_DESC_A(st, type, name, n, bits, bnd) \
	{ #name, offsetof(st, name), sizeof(type), n, bits, #bnd },

/* Element @i of port @d in the struct at @s. */
uint64_t port_value(const struct port_desc *d, const void *s, unsigned i);

/* The valid elements of port @d in @s (the table @ports of @n entries resolves its bound). */
unsigned port_valid(const struct port_desc *ports, int n, const struct port_desc *d,
		    const void *s);

/*
 * Compares the valid elements (as @a has them) of every port of @a and @b;
 * prints each difference to @f (NULL: silent) as "name[i]  A 0x..  B 0x..".
 * Returns the number of differing elements.
 */
unsigned ports_compare(const struct port_desc *ports, int n, const void *a, const void *b,
		       FILE *f, const char *label_a, const char *label_b);

/* Prints every port of @s on one line each, after @indent. */
void ports_print(const struct port_desc *ports, int n, const void *s, FILE *f,
		 const char *indent);

#endif
