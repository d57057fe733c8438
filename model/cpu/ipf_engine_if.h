/* SPDX-License-Identifier: MIT */
/*
 * Ports of the instruction prefetch engine (cpu/ipf_engine.h,
 * rtl/ipf_engine.sv): the next-line and guarded sequential prefetchers and
 * their candidate queue.
 *
 * The ports are described once, below: S(type, name, bits) is a scalar
 * field, A(type, name, count, bits, bound) an array of count elements whose
 * valid ones are those below the value of the port named bound (or all, for
 * "all"); bits is the SystemVerilog width of one element. The C structs, the
 * Verilator binding (sim/cosim/ipf_engine_twin.cpp) and the generic
 * checker's comparison, printout, waveform signals and random stimulus
 * (sim/cosim/twin.h) are generated from these lists. Field names are the SystemVerilog port names without the
 * _i/_o suffix; an array is a flat vector there, element 0 in the low bits.
 */
#ifndef OSPREY_IPF_ENGINE_IF_H
#define OSPREY_IPF_ENGINE_IF_H

#include <stdint.h>

#define IPF_ACCESSES 2	/* L1I demand accesses a cycle (the fetch unit: a line and the next) */
#define IPF_QUEUE 32	/* prefetch candidates waiting for a free slot */

/*
 * One cycle's inputs. The L1I's demand accesses this cycle come in slots, in
 * order; a slot with no event set is empty, and none has both a miss and a
 * first use. pop depends on this cycle's outputs.
 */
#define IPF_ENGINE_IN_PORTS(S, A)                                                          \
	S(uint8_t, guard_en, 1)		/* guarded prefetching on for the code fetched */  \
	A(uint8_t, acc_access, IPF_ACCESSES, 1, all)	/* a demand access to acc_line */  \
	A(uint8_t, acc_miss, IPF_ACCESSES, 1, all)	/* ... that missed (or found a     \
							 * prefetch on its way) */         \
	A(uint8_t, acc_first_use, IPF_ACCESSES, 1, all)	/* ... first use of a prefetched   \
							 * line */                         \
	A(uint32_t, acc_line, IPF_ACCESSES, 32, all)	/* line number */                  \
	A(uint8_t, acc_guarded, IPF_ACCESSES, 1, all)	/* acc_line holds a guarded        \
							 * transfer */                     \
	A(uint8_t, acc_guarded_next, IPF_ACCESSES, 1, all)	/* acc_line + 1 does */    \
	S(uint8_t, run_guarded, 1)	/* the run's registered next line (run_line) does */ \
	S(uint8_t, flush, 1)		/* fence.i, after its accesses: all is dropped */  \
	S(uint8_t, pop, 6)		/* candidates the L1I took or dropped from the     \
					 * head (at most count) */

/* One cycle's outputs. */
#define IPF_ENGINE_OUT_PORTS(S, A)                                                         \
	S(uint8_t, count, 6)		/* candidates queued, this cycle's included */     \
	A(uint32_t, cand_line, IPF_QUEUE, 32, count)	/* in order, head first */         \
	A(uint8_t, cand_src, IPF_QUEUE, 2, count)	/* enum pf_source: PF_NEXTLINE or  \
							 * PF_GUARDED */                   \
	S(uint8_t, run_valid, 1)	/* a guarded run is under way (registered) */     \
	S(uint32_t, run_line, 32)	/* its next line (registered) */

/*
 * The parameters, as configuration keys: the RTL parameter is the key in
 * capitals with '.' as '_' (PF_GUARD_DEPTH), its value the key's (an enum's:
 * the index of its name).
 */
#define IPF_ENGINE_PARAMS(P)                                                               \
	P("l1i.line") P("pf.nextline") P("pf.degree") P("pf.guarded") P("pf.guard_depth")  \
	P("pf.guard_line")

#define IPF_ENGINE_PORT_FIELD(type, name, bits) type name;
#define IPF_ENGINE_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct ipf_engine_in {
	IPF_ENGINE_IN_PORTS(IPF_ENGINE_PORT_FIELD, IPF_ENGINE_PORT_ARRAY)
};

struct ipf_engine_out {
	IPF_ENGINE_OUT_PORTS(IPF_ENGINE_PORT_FIELD, IPF_ENGINE_PORT_ARRAY)
};

/*
 * The port contract on inputs drawn at random (co-simulation stimulus): no
 * slot has both a miss and a first use, and pop takes at most count
 * candidates of the outputs @out of an eval with these inputs (NULL: none
 * known yet, pop 0).
 */
static inline void ipf_engine_in_legalize(void *in, const void *out)
{
	struct ipf_engine_in *i = (struct ipf_engine_in *)in;
	const struct ipf_engine_out *o = (const struct ipf_engine_out *)out;

	for (int s = 0; s < IPF_ACCESSES; s++)
		if (i->acc_miss[s])
			i->acc_first_use[s] = 0;
	i->pop = o ? (uint8_t)(i->pop % (o->count + 1u)) : 0;
}

#endif
