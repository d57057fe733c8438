/* SPDX-License-Identifier: MIT */
/*
 * The bus controller: which queued request the bus grants, and the lines
 * agents hold after an LR, as a unit with the _init/_eval/_tick contract.
 * rtl/bus_arb.sv is its twin. The bus (mem/bus.h) keeps the queues, times
 * the transactions, runs the snoops and moves no data either; it evaluates
 * this unit at every bus edge where it grants and at every hold command.
 *
 * State: the round-robin pointer (the agent with priority at the next
 * grant) and one hold entry per agent: the line it names, whether the hold
 * is on, and whether another agent's request waited for that line during
 * the hold (then the holder may not hold the line again until that request
 * has had it: the A extension's forward progress for LR/SC loops).
 *
 * A cycle, over the registered state (a command for an agent past the
 * attached ones is ignored, and so are their ready bits):
 *   lock_valid: if cmd_agent's entry is contended and names cmd_line, the
 *     hold is refused (off); otherwise the entry becomes {cmd_line, on, not
 *     contended};
 *   unlock_valid: cmd_agent's hold goes off (the entry keeps its line);
 *   arb_valid:
 *     1. holders whose ready request waits for another agent's hold let
 *        theirs go, lowest agent first, until none does (a circle of holders
 *        waiting for each other breaks);
 *     2. from the round-robin pointer on, the first ready request that no
 *        other agent's hold on its line keeps waiting is granted (a
 *        write-back never waits); each ready request passed over for a hold
 *        marks the lowest such holder's entry contended;
 *     3. the grant of anything but a write-back clears every other agent's
 *        entry naming its line (the holds end, the waiters are served), and
 *        the pointer moves past the granted agent.
 * The grant outputs depend on this cycle's inputs (combinational); the hold
 * table outputs are the registered state.
 *
 * The unit is clocked when the bus evaluates it, not at every bus edge: at
 * an edge where no request is ready (where an evaluation would change
 * nothing), or every ready one waits for a holder that is not itself
 * waiting, the bus model skips the evaluation (it is event-driven), so a
 * waiter marks its holder contended only at the edges where something was
 * granted or could have been.
 */
#ifndef OSPREY_BUS_ARB_H
#define OSPREY_BUS_ARB_H

#include <stdint.h>

#include "mem/bus_arb_if.h"

struct bus_arb_state {
	uint32_t rr;				/* agent with priority at the next grant */
	uint32_t held;				/* bit i: agent i's hold is on */
	uint32_t contended;			/* bit i: agent i's line was waited for */
	uint32_t line[BUS_MAX_AGENTS];		/* the line each entry names */
};

struct bus_arb {
	uint32_t agents;		/* attached: lanes 0..agents-1 */
	struct bus_arb_state q;		/* registered state */
	struct bus_arb_state d;		/* next state, from the last eval */
};

struct config;

/* Reset: no hold, priority to agent 0. */
void bus_arb_init(struct bus_arb *a, uint32_t agents);

/* Reset, for the agents of the machine @cfg describes (bus_arb_agents). */
void bus_arb_configure(struct bus_arb *a, const struct config *cfg);

/* Combinational: outputs and next state from the state and @in. */
void bus_arb_eval(struct bus_arb *a, const struct bus_arb_in *in, struct bus_arb_out *out);

/* Clock edge: next state becomes state. */
void bus_arb_tick(struct bus_arb *a);

/*
 * The agent whose hold keeps @agent's request @op on @line waiting in the
 * registered state (the lowest one), or -1.
 */
int bus_arb_blocker(const struct bus_arb_state *s, uint32_t agent, uint32_t line, int op);

#endif
