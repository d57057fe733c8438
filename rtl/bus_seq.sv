// SPDX-License-Identifier: MIT
//
// The bus transaction sequencer: the RTL twin of model/mem/bus_seq.h (what
// a transaction that bus_arb granted does, the snoop responses it collects,
// and when it ends). The C unit is the specification; this module computes
// the same outputs and next state from the same inputs, so the two agree on
// every output in every cycle (tests/cosim checks it in lockstep). No data
// passes here: the bus model runs the snoops and the memory controller and
// hands their answers in.
//
// State: free_q, the first cycle the bus is free (0 at reset).
//
// A cycle with grant_valid_i, at now_i (times in core cycles, D =
// BUS_CLOCK_DIV):
//   op_o: a BusUpgr or BusUpdate whose requester no longer holds the line
//     (holds_i low) becomes BusRdX or BusRd;
//   the snoop responses: had and dirty are the OR of snoop_had_i and
//     snoop_dirty_i over the agents but the requester (agent_i);
//   phase_at_o = now_i + BUS_ARB_CYCLES * D, plus BUS_SNOOP_CYCLES * D but
//     for BusWb (snoop_o low);
//   reads (Rd, RdX, DmaRd): with had, a cache supplies the line at phase_at
//     + BUS_C2C_CYCLES * D + Transfer (dirty: memory also takes it, end no
//     earlier than mem_write_at_i[0]); without, memory does at mem_read_at_i
//     + Transfer;
//   BusUpgr ends at phase_at; BusUpdate one beat (D) later or when memory
//   takes the word; BusDmaWr after Transfer and memory's write (two writes
//   when a dirty copy meets a partial write); BusWb after Transfer and
//   memory's write;
//   the clock edge sets free_q to end_o.
// Transfer = ceil(L2_LINE / BUS_WIDTH) * D. With release_valid_i and not
// grant_valid_i, free_q becomes now_i if it was later (the run ends).
// The transaction outputs are combinational and computed whatever
// grant_valid_i; free_at_o is the registered state.
//
// Define BUS_SEQ_BROKEN to build a deliberately wrong variant (agent 0's
// own snoop response counts when it is the requester) that the
// co-simulation checker must catch.

module bus_seq #(
  parameter int BUS_CLOCK_DIV    = 4,   // bus.clock_div: core cycles per bus cycle
  parameter int BUS_WIDTH        = 8,   // bus.width: bytes per bus cycle
  parameter int BUS_ARB_CYCLES   = 1,   // bus.arb_cycles
  parameter int BUS_SNOOP_CYCLES = 1,   // bus.snoop_cycles
  parameter int BUS_C2C_CYCLES   = 2,   // bus.c2c_cycles
  parameter int L2_LINE          = 64,  // l2.line: bytes of a bus line
  parameter int MaxAgents        = 32,  // lanes of the snoop vectors (BUS_MAX_AGENTS)
  localparam int AgentW    = $clog2(MaxAgents),
  localparam int OpW       = osprey_pkg::BusOpW,
  localparam int SupplyW   = osprey_pkg::SupplyW,
  localparam int CountW    = osprey_pkg::CountW,
  localparam int MemWrites = 2,         // BUS_SEQ_MEM_WRITES
  localparam int Beats     = (L2_LINE + BUS_WIDTH - 1) / BUS_WIDTH,  // a line's data beats
  localparam logic [63:0] D         = 64'(BUS_CLOCK_DIV),
  localparam logic [63:0] Transfer  = 64'(Beats * BUS_CLOCK_DIV),
  localparam logic [63:0] ArbTime   = 64'(BUS_ARB_CYCLES * BUS_CLOCK_DIV),
  localparam logic [63:0] SnoopTime = 64'(BUS_SNOOP_CYCLES * BUS_CLOCK_DIV),
  localparam logic [63:0] C2cTime   = 64'(BUS_C2C_CYCLES * BUS_CLOCK_DIV)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  input  logic [63:0]             now_i,
  input  logic                    grant_valid_i,
  input  logic                    release_valid_i,
  input  logic [AgentW-1:0]       agent_i,
  input  logic [OpW-1:0]          op_i,
  input  logic                    holds_i,
  input  logic                    partial_i,
  input  logic [MaxAgents-1:0]    snoop_had_i,
  input  logic [MaxAgents-1:0]    snoop_dirty_i,
  input  logic [63:0]             mem_read_at_i,
  input  logic [MemWrites*64-1:0] mem_write_at_i,  // write w: bits [w * 64 +: 64]

  output logic [OpW-1:0]          op_o,
  output logic                    snoop_o,
  output logic [63:0]             phase_at_o,
  output logic                    mem_read_o,
  output logic [1:0]              mem_writes_o,
  output logic [SupplyW-1:0]      supply_o,
  output logic [CountW-1:0]       count_o,
  output logic                    shared_o,
  output logic [63:0]             end_o,
  output logic [63:0]             free_at_o
);

  logic [63:0]          free_q, free_d;
  logic [MaxAgents-1:0] others;     // every agent's lane but the requester's
  logic                 had, dirty;
  logic [63:0]          write0_at, write1_at;

  function automatic logic [63:0] later(input logic [63:0] a, input logic [63:0] b);
    later = a > b ? a : b;
  endfunction

`ifdef BUS_SEQ_BROKEN
  assign others = ~(MaxAgents'(1) << agent_i) | MaxAgents'(1);  // agent 0 snoops itself
`else
  assign others = ~(MaxAgents'(1) << agent_i);
`endif
  assign had       = |(snoop_had_i & others);
  assign dirty     = |(snoop_dirty_i & others);
  assign write0_at = mem_write_at_i[0 +: 64];
  assign write1_at = mem_write_at_i[64 +: 64];

  always_comb begin
    logic [OpW-1:0] op;
    logic [63:0]    t;

    op = op_i;
    if (op_i == osprey_pkg::BusUpgr && !holds_i) op = osprey_pkg::BusRdX;
    else if (op_i == osprey_pkg::BusUpdate && !holds_i) op = osprey_pkg::BusRd;
    t = now_i + ArbTime;
    if (op != osprey_pkg::BusWb) t = t + SnoopTime;

    op_o         = op;
    snoop_o      = op != osprey_pkg::BusWb;
    phase_at_o   = t;
    mem_read_o   = 1'b0;
    mem_writes_o = 2'd0;
    supply_o     = osprey_pkg::SupplyNone;
    count_o      = osprey_pkg::CountNone;
    shared_o     = 1'b0;
    end_o        = '0;

    unique case (op)
      osprey_pkg::BusRd, osprey_pkg::BusRdX, osprey_pkg::BusDmaRd: begin
        count_o  = op == osprey_pkg::BusRd  ? osprey_pkg::CountRd
                 : op == osprey_pkg::BusRdX ? osprey_pkg::CountRdx : osprey_pkg::CountNone;
        shared_o = op == osprey_pkg::BusRd && had;
        if (!had) begin
          supply_o   = osprey_pkg::SupplyMemory;
          mem_read_o = 1'b1;
          end_o      = mem_read_at_i + Transfer;
        end else begin
          supply_o = osprey_pkg::SupplyC2c;
          end_o    = t + C2cTime + Transfer;
          if (dirty) begin
            mem_writes_o = 2'd1;
            end_o        = later(end_o, write0_at);
          end
        end
      end
      osprey_pkg::BusUpgr: begin
        count_o = osprey_pkg::CountUpgr;
        end_o   = t;
      end
      osprey_pkg::BusUpdate: begin
        count_o      = osprey_pkg::CountUpd;
        shared_o     = had;
        mem_writes_o = 2'd1;
        end_o        = later(t + D, write0_at);
      end
      osprey_pkg::BusDmaWr: begin
        mem_writes_o = dirty && partial_i ? 2'd2 : 2'd1;
        end_o        = later(t + Transfer, write0_at);
        if (dirty && partial_i) end_o = later(end_o, write1_at);
      end
      default: begin  // BusWb (and the unused code 7, as the C model's default)
        count_o      = osprey_pkg::CountWb;
        mem_writes_o = 2'd1;
        end_o        = later(t + Transfer, write0_at);
      end
    endcase

    if (grant_valid_i) free_d = end_o;
    else if (release_valid_i && free_q > now_i) free_d = now_i;
    else free_d = free_q;
  end

  assign free_at_o = free_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) free_q <= '0;
    else free_q <= free_d;
  end

endmodule
