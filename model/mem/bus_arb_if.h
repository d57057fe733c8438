/* SPDX-License-Identifier: MIT */
/*
 * Ports of the bus controller (mem/bus_arb.h, rtl/bus_arb.sv): the
 * round-robin arbiter and the table of lines held after an LR.
 *
 * The ports are described once, below, as in cpu/ipf_engine_if.h:
 * S(type, name, bits) is a scalar field, A(type, name, count, bits, bound)
 * an array. The C structs, the Verilator binding (sim/cosim/bus_arb_rtl.cpp)
 * and the lockstep checker's comparison, printout and waveform are generated
 * from these lists. Field names are the SystemVerilog port names without the
 * _i/_o suffix. The per-agent arrays have BUS_MAX_AGENTS lanes, the largest
 * machine's; the agents attached are each core's L2 and, with the DMA engine,
 * each of its channels (one per core): lanes past them are ignored on input
 * (a command for such an agent, a ready bit) and zero on output.
 */
#ifndef OSPREY_BUS_ARB_IF_H
#define OSPREY_BUS_ARB_IF_H

#include <stdint.h>

#include "sys/param.h"

#define BUS_MAX_AGENTS (2 * MAX_HARTS)	/* each core's L2, and each DMA channel */

/* Transactions (rtl/osprey_bus_pkg.sv has their codes too). */
enum bus_op {
	BUS_RD,		/* read a line to share it */
	BUS_RDX,	/* read a line to own it: other copies are invalidated */
	BUS_UPGR,	/* own a line already held shared: invalidate others, no data */
	BUS_WB,		/* write a dirty line back to memory */
	/*
	 * The selective-update protocol's (l2.h): a word written to a shared
	 * line; the other copies take it and stay, and so does memory. One
	 * data beat after the snoop; the shared signal says whether any other
	 * cache kept a copy.
	 */
	BUS_UPDATE,
	/*
	 * The DMA engine's: a snooped read that leaves no copy (a dirty owner
	 * supplies the line, flushes it and keeps it clean), and a line write
	 * that invalidates every copy (a dirty owner's is flushed first only
	 * when the write covers part of the line: req.partial).
	 */
	BUS_DMA_RD,
	BUS_DMA_WR,
	BUS_OPS,
};

/*
 * One cycle's inputs: an agent's hold command (bus_lock/bus_unlock), and/or
 * an arbitration at a bus clock edge with the bus free. A command applies
 * before the arbitration of the same cycle. req_* describe the head of each
 * agent's queue; they are read only when arb_valid is set.
 */
#define BUS_ARB_IN_PORTS(S, A)                                                              \
	S(uint8_t, lock_valid, 1)	/* cmd_agent holds cmd_line (its LR)             */ \
	S(uint8_t, unlock_valid, 1)	/* cmd_agent lets its held line go (its SC)       */ \
	S(uint8_t, cmd_agent, 5)                                                             \
	S(uint32_t, cmd_line, 32)	/* bus line number                                */ \
	S(uint8_t, arb_valid, 1)	/* grant one request if one may go                */ \
	S(uint32_t, req_ready, 32)	/* bit i: agent i's head request may go now       */ \
	A(uint32_t, req_line, BUS_MAX_AGENTS, 32, all)	/* its line                       */ \
	A(uint8_t, req_op, BUS_MAX_AGENTS, 3, all)	/* its enum bus_op                */

/*
 * One cycle's outputs: the grant (combinational), and the hold table
 * (registered: the state before this cycle's command and arbitration).
 */
#define BUS_ARB_OUT_PORTS(S, A)                                                             \
	S(uint8_t, grant_valid, 1)	/* a request is granted                           */ \
	S(uint8_t, grant_agent, 5)	/* whose (valid with grant_valid)                 */ \
	S(uint32_t, held, 32)		/* bit i: agent i's hold is on                    */ \
	S(uint32_t, contended, 32)	/* bit i: another agent waited for i's line       */ \
	A(uint32_t, hold_line, BUS_MAX_AGENTS, 32, all)	/* the line each entry names      */

/* The parameters, as configuration keys (the RTL's: SYS_CORES, DMA_ENABLED). */
#define BUS_ARB_PARAMS(P) P("sys.cores") P("dma.enabled")

/* Agents on the bus of a machine with @cores cores, with or without the DMA engine. */
static inline uint32_t bus_arb_agents(uint32_t cores, int dma)
{
	return cores * (dma ? 2 : 1);
}

#define BUS_ARB_PORT_FIELD(type, name, bits) type name;
#define BUS_ARB_PORT_ARRAY(type, name, count, bits, bound) type name[count];

struct bus_arb_in {
	BUS_ARB_IN_PORTS(BUS_ARB_PORT_FIELD, BUS_ARB_PORT_ARRAY)
};

struct bus_arb_out {
	BUS_ARB_OUT_PORTS(BUS_ARB_PORT_FIELD, BUS_ARB_PORT_ARRAY)
};

/*
 * The random stimulus of the co-simulation (sim/cosim/twin.h): every input is
 * legal, but 32-bit line numbers drawn at random would hardly ever meet, so
 * the lines are folded onto eight, and holds and requests meet often.
 */
static inline void bus_arb_in_legalize(void *in_, const void *out)
{
	struct bus_arb_in *in = (struct bus_arb_in *)in_;

	(void)out;
	in->cmd_line = 0x4000000u + in->cmd_line % 8;
	for (int i = 0; i < BUS_MAX_AGENTS; i++)
		in->req_line[i] = 0x4000000u + in->req_line[i] % 8;
}

#endif
