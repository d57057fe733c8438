// SPDX-License-Identifier: MIT
//
// The bus controller: the RTL twin of model/mem/bus_arb.c (the round-robin
// arbiter and the table of lines held after an LR). The C unit is the
// specification (model/mem/bus_arb.h); this module holds the same state and
// computes the same next state in the same order, so the two agree on every
// output in every cycle (tests/cosim checks it in lockstep). The bus's
// timing, queues and snoops stay in the C model; no data passes here.
//
// State: the round-robin pointer rr_q, and per agent a hold entry: the line
// it names (line_q), whether the hold is on (held_q) and whether another
// agent's request waited for that line (contended_q).
//
// A cycle, over the registered state:
//   lock_valid_i: cmd_agent_i's entry, if contended and naming cmd_line_i,
//     is refused (hold off); otherwise it becomes {cmd_line_i, on, not
//     contended}. unlock_valid_i: its hold goes off.
//   arb_valid_i, after the command:
//     1. holders whose ready request (req_ready_i) waits for another agent's
//        hold on its line let theirs go, lowest agent first, until none does
//        (Agents passes reach the fixed point: each pass either releases a
//        hold or changes nothing);
//     2. from rr_q on, the first ready request not waiting for a hold is
//        granted (a write-back never waits); each ready request passed over
//        for a hold marks the lowest such holder contended;
//     3. unless the grant is a write-back, every other entry naming its line
//        is cleared; rr_q moves past the granted agent.
//   grant_*_o are combinational; held_o, contended_o, hold_line_o are the
//   registered state.
//
// Per-agent vectors are flat over MaxAgents lanes (lane i of req_line_i is
// bits [i * 32 +: 32]); lanes from Agents on are ignored (a command for such
// an agent, a ready bit) and read as zero.
//
// Define BUS_ARB_BROKEN to build a deliberately wrong variant (a refused
// hold is taken anyway) that the co-simulation checker must catch.

module bus_arb #(
  parameter int SYS_CORES   = 4,   // sys.cores: each core's L2 is an agent
  parameter int DMA_ENABLED = 0,   // dma.enabled: then each core's DMA channel is one too
  parameter int MaxAgents   = 32,  // lanes of the port vectors (BUS_MAX_AGENTS)
  localparam int Agents   = SYS_CORES * (DMA_ENABLED != 0 ? 2 : 1),  // bus_arb_agents()
  localparam int AgentW   = $clog2(MaxAgents),
  localparam int LineW    = 32,
  localparam int OpW      = osprey_pkg::BusOpW
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,

  // A hold command
  input  logic                         lock_valid_i,
  input  logic                         unlock_valid_i,
  input  logic [AgentW-1:0]            cmd_agent_i,
  input  logic [LineW-1:0]             cmd_line_i,

  // An arbitration: the heads of the agents' queues
  input  logic                         arb_valid_i,
  input  logic [MaxAgents-1:0]         req_ready_i,
  input  logic [MaxAgents*LineW-1:0]   req_line_i,
  input  logic [MaxAgents*OpW-1:0]     req_op_i,

  // The grant
  output logic                         grant_valid_o,
  output logic [AgentW-1:0]            grant_agent_o,

  // The hold table (registered)
  output logic [MaxAgents-1:0]         held_o,
  output logic [MaxAgents-1:0]         contended_o,
  output logic [MaxAgents*LineW-1:0]   hold_line_o
);

  logic [AgentW-1:0]          rr_q, rr_d;
  logic                       cmd_ok;    // the command names an attached agent
  logic [MaxAgents-1:0]       held_q, held_d, contended_q, contended_d;
  logic [MaxAgents*LineW-1:0] line_q, line_d;         // entry i's line: bits [i * LineW +: LineW]

  assign cmd_ok = {{(32 - AgentW){1'b0}}, cmd_agent_i} < Agents;

  function automatic logic [LineW-1:0] req_line(input int i);
    req_line = req_line_i[i*LineW +: LineW];
  endfunction

  function automatic logic is_wb(input int i);
    is_wb = req_op_i[i*OpW +: OpW] == osprey_pkg::BusWb;
  endfunction

  always_comb begin
    logic                   found;
    logic                   waits;
    int                     blocker;
    int                     agent;
    int                     winner;

    rr_d        = rr_q;
    held_d      = held_q;
    contended_d = contended_q;
    line_d      = line_q;
    found       = 1'b0;
    winner      = 0;
    waits       = 1'b0;
    blocker     = -1;
    agent       = 0;

    // The command
    if (lock_valid_i && cmd_ok) begin
`ifdef BUS_ARB_BROKEN
      if (1'b0) begin
`else
      if (contended_d[cmd_agent_i] && line_d[cmd_agent_i*LineW +: LineW] == cmd_line_i) begin
`endif
        held_d[cmd_agent_i] = 1'b0;
      end else begin
        line_d[cmd_agent_i*LineW +: LineW]      = cmd_line_i;
        held_d[cmd_agent_i]      = 1'b1;
        contended_d[cmd_agent_i] = 1'b0;
      end
    end
    if (unlock_valid_i && cmd_ok) held_d[cmd_agent_i] = 1'b0;

    if (arb_valid_i) begin
      // 1. Holders waiting for another hold let theirs go.
      for (int pass = 0; pass < Agents; pass++) begin
        for (int i = 0; i < Agents; i++) begin
          if (held_d[i] && req_ready_i[i] && !is_wb(i)) begin
            waits = 1'b0;
            for (int j = 0; j < Agents; j++)
              if (j != i && held_d[j] && line_d[j*LineW +: LineW] == req_line(i)) waits = 1'b1;
            if (waits) held_d[i] = 1'b0;
          end
        end
      end

      // 2. The grant, in round-robin order from rr_q.
      for (int k = 0; k < Agents; k++) begin
        agent = ({{(32 - AgentW){1'b0}}, rr_q} + k) % Agents;
        if (!found && req_ready_i[agent]) begin
          blocker = -1;
          if (!is_wb(agent))
            for (int j = Agents - 1; j >= 0; j--)
              if (j != agent && held_d[j] && line_d[j*LineW +: LineW] == req_line(agent)) blocker = j;
          if (blocker >= 0) begin
            contended_d[blocker] = 1'b1;
          end else begin
            found  = 1'b1;
            winner = agent;
          end
        end
      end

      // 3. The other holds on the granted line end.
      if (found) begin
        if (!is_wb(winner))
          for (int j = 0; j < Agents; j++)
            if (j != winner && line_d[j*LineW +: LineW] == req_line(winner)) begin
              line_d[j*LineW +: LineW]      = '0;
              held_d[j]      = 1'b0;
              contended_d[j] = 1'b0;
            end
        rr_d = winner == Agents - 1 ? '0 : winner[AgentW-1:0] + 1'b1;
      end
    end

    grant_valid_o = found;
    grant_agent_o = winner[AgentW-1:0];
  end

  assign held_o      = held_q;
  assign contended_o = contended_q;
  assign hold_line_o = line_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rr_q        <= '0;
      held_q      <= '0;
      contended_q <= '0;
      line_q      <= '0;
    end else begin
      rr_q        <= rr_d;
      held_q      <= held_d;
      contended_q <= contended_d;
      line_q      <= line_d;
    end
  end

endmodule
