/* SPDX-License-Identifier: MIT */
/*
 * Ports of the bus transaction sequencer (mem/bus_seq.h, rtl/bus_seq.sv):
 * what a transaction that bus_arb granted does, the snoop responses it
 * collects, and when it ends.
 *
 * The ports are described once, as in mem/bus_arb_if.h: S(type, name, bits)
 * is a scalar field, A(type, name, count, bits, bound) an array. The C
 * structs, the Verilator binding (sim/cosim/bus_seq_twin.cpp) and the
 * lockstep checker's comparison, printout and waveform are generated from
 * these lists; field names are the SystemVerilog port names without the
 * _i/_o suffix. Times are core cycles.
 *
 * The bus evaluates the unit up to three times in a granting cycle, as the
 * answers come in: with the grant (op, holds, partial), then with the snoop
 * responses, then with the memory controller's answers; each evaluation's
 * outputs are those its inputs decide (the later ones read inputs that the
 * earlier ones left at zero). The clock edge after the last one starts the
 * transaction.
 */
#ifndef OSPREY_BUS_SEQ_IF_H
#define OSPREY_BUS_SEQ_IF_H

#include <stdint.h>

#include "mem/bus_arb_if.h"

#define BUS_SEQ_MEM_WRITES 2	/* at most two line writes to memory per transaction */

#define BUS_SEQ_IN_PORTS(S, A)                                                              \
	S(uint64_t, now, 64)		/* this cycle                                     */ \
	S(uint8_t, grant_valid, 1)	/* bus_arb granted a request: its transaction starts */ \
	S(uint8_t, release_valid, 1)	/* the run ends: a transaction in flight ends now */ \
	S(uint8_t, agent, 5)		/* the requester (it is not snooped)              */ \
	S(uint8_t, op, 3)		/* the granted request's enum bus_op              */ \
	S(uint8_t, holds, 1)		/* the requester still holds the line (UPGR, UPDATE) */ \
	S(uint8_t, partial, 1)		/* BUS_DMA_WR: part of the line only              */ \
	S(uint32_t, snoop_had, 32)	/* bit i: agent i's snoop found the line          */ \
	S(uint32_t, snoop_dirty, 32)	/* bit i: agent i's copy was modified             */ \
	S(uint64_t, mem_read_at, 64)	/* the bus edge at which memory's data are ready  */ \
	A(uint64_t, mem_write_at, BUS_SEQ_MEM_WRITES, 64, all)	/* each write taken at  */

/*
 * The transaction's outputs are combinational, computed from the inputs
 * whether or not grant_valid is set (the bus reads them when it is);
 * free_at is the registered state.
 */
#define BUS_SEQ_OUT_PORTS(S, A)                                                             \
	S(uint8_t, op, 3)		/* the op the bus carries out (a lost line re-read) */ \
	S(uint8_t, snoop, 1)		/* the op has a snoop phase (all but BUS_WB)      */ \
	S(uint64_t, phase_at, 64)	/* the snoop's and the memory requests' cycle     */ \
	S(uint8_t, mem_read, 1)		/* memory supplies the line                       */ \
	S(uint8_t, mem_writes, 2)	/* line writes to memory at phase_at              */ \
	S(uint8_t, supply, 2)		/* enum bus_seq_supply                            */ \
	S(uint8_t, count, 3)		/* enum bus_seq_count: the transaction statistic  */ \
	S(uint8_t, shared, 1)		/* another cache kept a copy (RD, UPDATE)         */ \
	S(uint64_t, end, 64)		/* the cycle the transaction ends                 */ \
	S(uint64_t, free_at, 64)	/* registered: the first cycle the bus is free    */

/* The parameters, as configuration keys. */
#define BUS_SEQ_PARAMS(P)                                                                   \
	P("bus.clock_div") P("bus.width") P("bus.arb_cycles") P("bus.snoop_cycles")         \
	P("bus.c2c_cycles") P("l2.line")

/* Who supplied a read's line. */
enum bus_seq_supply { BUS_SEQ_SUPPLY_NONE, BUS_SEQ_SUPPLY_C2C, BUS_SEQ_SUPPLY_MEMORY };

/* Which transaction counter the grant counts (the DMA engine's count none). */
enum bus_seq_count {
	BUS_SEQ_COUNT_NONE, BUS_SEQ_COUNT_RD, BUS_SEQ_COUNT_RDX, BUS_SEQ_COUNT_UPGR,
	BUS_SEQ_COUNT_WB, BUS_SEQ_COUNT_UPD,
};

#define BUS_SEQ_PORT_FIELD(type, name, bits) type name;
#define BUS_SEQ_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct bus_seq_in {
	BUS_SEQ_IN_PORTS(BUS_SEQ_PORT_FIELD, BUS_SEQ_PORT_ARRAY)
};

struct bus_seq_out {
	BUS_SEQ_OUT_PORTS(BUS_SEQ_PORT_FIELD, BUS_SEQ_PORT_ARRAY)
};

/*
 * The random stimulus of the co-simulation (sim/cosim/twin.h): a legal op;
 * four agents, so that the requester's own lane is often the only one set
 * (random 32-bit vectors would nearly always have another); a dirty copy
 * only where a copy is; memory's answers a little after now, as the bus's
 * are (random 64-bit times would end every transaction at a wrapped sum).
 */
static inline void bus_seq_in_legalize(void *in_, const void *out)
{
	struct bus_seq_in *in = (struct bus_seq_in *)in_;

	(void)out;
	in->op %= BUS_OPS;
	in->agent %= 4;
	in->snoop_had &= 0xf;
	in->snoop_dirty &= in->snoop_had;
	in->now >>= 8;
	in->mem_read_at = in->now + in->mem_read_at % 256;
	for (int i = 0; i < BUS_SEQ_MEM_WRITES; i++)
		in->mem_write_at[i] = in->now + in->mem_write_at[i] % 256;
}

#endif
