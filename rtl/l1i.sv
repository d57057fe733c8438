// SPDX-License-Identifier: MIT
//
// The L1 cache controller: the RTL twin of model/mem/l1i.c (the tag array,
// its replacement state, the demand MSHRs, and the lists of fills to replay
// and of misses abandoned). The C unit is the specification
// (model/mem/l1i.h; the ports and what each operation does in
// model/mem/l1i_if.h); this module holds the same state and computes the
// same outputs, so the two agree on every output of every operation
// (tests/cosim checks it in lockstep). Data never moves here.
//
// One operation per clock (op_i): it looks line_i up, combinationally, in
// those of the tags of its set, the MSHRs and both lists that it needs (the
// outputs of the other lookups are 0); the clock edge performs it. The tags hold a line's number above its set index, and
// its state (0: invalid). Replacement (L1I_REPL): 0 LRU, a recency rank per
// way (0 the most recent; a touch makes its way 0 and ages those that were
// more recent), the victim the way of the highest rank; 1 FIFO, a pointer
// per set that a replacement advances. A fill takes the first invalid way
// of its set before asking the policy. (The C model's third policy, random,
// has no twin: building one stops with a message.)
//
// Define L1I_BROKEN to build a deliberately wrong variant (a hit does not
// consume its line's replay) that the co-simulation checker must catch.

module l1i #(
  // Named as the configuration keys (l1i.size, l1i.ways, l1i.line, l1i.repl, l1i.mshrs).
  parameter int L1I_SIZE  = 16384,  // bytes
  parameter int L1I_WAYS  = 1,      // associativity (1..64)
  parameter int L1I_LINE  = 32,     // bytes per line, a power of two
  parameter int L1I_REPL  = 0,      // 0 lru, 1 fifo
  parameter int L1I_MSHRS = 1,      // demand misses outstanding (1..64)
  localparam int Sets     = L1I_SIZE / (L1I_WAYS * L1I_LINE),
  localparam int SetW     = $clog2(Sets),
  localparam int SetIdxW  = SetW > 0 ? SetW : 1,
  localparam int WayW     = L1I_WAYS > 1 ? $clog2(L1I_WAYS) : 1,
  localparam int SlotW    = L1I_MSHRS > 1 ? $clog2(L1I_MSHRS) : 1,
  localparam int LineW    = 30,     // a line number (lines are at least 4 bytes)
  localparam int TagW     = LineW - SetW,
  localparam int List     = 64      // lines in each list (L1I_LIST)
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic [2:0]       op_i,          // enum l1i_op
  input  logic             use_i,         // LOOKUP: a demand use
  input  logic             excl_i,        // ALLOC: ownership requested
  input  logic [1:0]       state_i,       // FILL: the line's state
  input  logic             free_i,        // FILL: its MSHR is done, its access replayed
  input  logic             replay_new_i,  // FILL: a prefetch's waiting access replayed if placed
  input  logic             pf_demand_i,   // ABANDON: a prefetch a demand waits for brings it
  input  logic [LineW-1:0] line_i,

  output logic             present_o,
  output logic [5:0]       way_o,
  output logic [1:0]       line_state_o,
  output logic             victim_valid_o,
  output logic             mshr_hit_o,
  output logic             mshr_excl_o,
  output logic             mshr_full_o,
  output logic             allocated_o,
  output logic [5:0]       mshr_slot_o,
  output logic             replay_hit_o,
  output logic             abandoned_hit_o,
  output logic [6:0]       mshrs_busy_o,
  output logic [6:0]       replays_o,
  output logic [6:0]       abandons_o,
  output logic [LineW-1:0] victim_line_o
);
  if (L1I_REPL > 1) begin : g_no_random
    $error("l1i: the random replacement policy (L1I_REPL=2) has no twin");
  end

  // enum l1i_op (7 does nothing, as 0)
  localparam logic [2:0] OpLookup  = 3'd1;
  localparam logic [2:0] OpAlloc   = 3'd2;
  localparam logic [2:0] OpFill    = 3'd3;
  localparam logic [2:0] OpAbandon = 3'd4;
  localparam logic [2:0] OpInval   = 3'd5;
  localparam logic [2:0] OpFlush   = 3'd6;

  // The tag array, set-major (way w of set s at s * L1I_WAYS + w).
  logic [1:0]      st_q   [Sets * L1I_WAYS];
  logic [TagW-1:0] tag_q  [Sets * L1I_WAYS];
  logic [WayW-1:0] rank_q [Sets * L1I_WAYS];   // LRU recency
  logic [WayW-1:0] next_q [Sets];              // FIFO pointer

  logic             mv_q [L1I_MSHRS];
  logic             mx_q [L1I_MSHRS];
  logic [LineW-1:0] ml_q [L1I_MSHRS];

  logic [LineW-1:0] replay_q [List];
  logic [6:0]       nreplay_q;
  logic [LineW-1:0] aband_q [List];
  logic [6:0]       naband_q;

  // ---- the lookups -----------------------------------------------------------
  logic [SetIdxW-1:0] set;
  logic [TagW-1:0]    tag;
  logic [WayW-1:0]    hit_way, inv_way, victim;
  logic               any_invalid;
  logic [SlotW-1:0]   hit_slot, free_slot;
  logic               any_free;
  logic [5:0]         ri, ai;       // the line's entry in each list
  logic [6:0]         busy;
  logic               placing;      // a FILL of an absent line

  logic [LineW-1:0] victim_full;   // the victim way's line number

  if (SetW > 0) begin : g_set
    assign set         = line_i[SetW-1:0];
    assign victim_full = {tag_q[idx(set, 32'(victim))], line_i[SetW-1:0]};
  end else begin : g_one_set
    assign set         = '0;
    assign victim_full = tag_q[32'(victim)];
  end
  assign tag = line_i[LineW-1:SetW];

  function automatic int idx(input logic [SetIdxW-1:0] s, input int w);
    idx = 32'(s) * L1I_WAYS + w;
  endfunction

  // The list entries that hold line_i, and the first of a set of matches:
  // {found, index}.
  logic [List-1:0] replay_match, aband_match;

  for (genvar i = 0; i < List; i++) begin : g_match
    assign replay_match[i] = 7'(i) < nreplay_q && replay_q[i] == line_i;
    assign aband_match[i]  = 7'(i) < naband_q && aband_q[i] == line_i;
  end

  function automatic logic [6:0] first(input logic [List-1:0] m);
    first = '0;
    for (int i = List - 1; i >= 0; i--)
      if (m[i]) first = {1'b1, 6'(i)};
  endfunction

  // The lookups each operation makes (the outputs of the others are 0).
  logic tags_en, mshrs_en, replay_en, aband_en;

  assign tags_en   = op_i == OpLookup || op_i == OpFill || op_i == OpInval;
  assign mshrs_en  = op_i == OpLookup || op_i == OpAlloc || op_i == OpFill || op_i == OpAbandon;
  assign replay_en = op_i == OpLookup || op_i == OpAbandon;
  assign aband_en  = op_i == OpLookup || op_i == OpFill || op_i == OpAbandon;

  always_comb begin
    present_o    = 1'b0;
    hit_way      = '0;
    line_state_o = 2'd0;
    any_invalid  = 1'b0;
    inv_way      = '0;
    for (int w = L1I_WAYS - 1; w >= 0; w--) begin
      if (tags_en && st_q[idx(set, w)] != 2'd0 && tag_q[idx(set, w)] == tag) begin
        present_o    = 1'b1;
        hit_way      = WayW'(w);
        line_state_o = st_q[idx(set, w)];
      end
      if (st_q[idx(set, w)] == 2'd0) begin
        any_invalid = 1'b1;
        inv_way     = WayW'(w);
      end
    end

    victim = '0;
    if (any_invalid) begin
      victim = inv_way;
    end else if (L1I_WAYS > 1) begin
      if (L1I_REPL == 1) begin
        victim = next_q[set];
      end else begin
        for (int w = 0; w < L1I_WAYS; w++)
          if (rank_q[idx(set, w)] == WayW'(L1I_WAYS - 1)) victim = WayW'(w);
      end
    end

    mshr_hit_o  = 1'b0;
    mshr_excl_o = 1'b0;
    hit_slot    = '0;
    any_free    = 1'b0;
    free_slot   = '0;
    busy        = '0;
    for (int i = L1I_MSHRS - 1; i >= 0; i--) begin
      busy = busy + 7'(mv_q[i]);
      if (mshrs_en && mv_q[i] && ml_q[i] == line_i) begin
        mshr_hit_o  = 1'b1;
        mshr_excl_o = mx_q[i];
        hit_slot    = SlotW'(i);
      end
      if (!mv_q[i]) begin
        any_free  = 1'b1;
        free_slot = SlotW'(i);
      end
    end

    {replay_hit_o, ri}    = replay_en ? first(replay_match) : 7'd0;
    {abandoned_hit_o, ai} = aband_en ? first(aband_match) : 7'd0;
  end

  assign placing        = op_i == OpFill && !present_o;
  assign way_o          = placing ? 6'(victim) : present_o ? 6'(hit_way) : 6'd0;
  assign victim_valid_o = placing && !any_invalid;
  assign victim_line_o  = victim_valid_o ? victim_full : '0;
  assign mshr_full_o    = !any_free;
  assign allocated_o    = op_i == OpAlloc && !mshr_hit_o && any_free;
  assign mshr_slot_o    = allocated_o ? 6'(free_slot) : mshr_hit_o ? 6'(hit_slot) : 6'd0;
  assign mshrs_busy_o   = busy;
  assign replays_o      = nreplay_q;
  assign abandons_o     = naband_q;

  // ---- the operation at the clock edge ---------------------------------------
  logic            touch, take_replay, take_aband, add_replay, add_aband;
  logic [WayW-1:0] touch_way;

  always_comb begin
    touch       = 1'b0;
    touch_way   = present_o ? hit_way : victim;
    take_replay = 1'b0;
    take_aband  = 1'b0;
    add_replay  = 1'b0;
    add_aband   = 1'b0;
    unique case (op_i)
      OpLookup: begin
        take_aband = abandoned_hit_o;
        touch      = use_i && present_o;
`ifdef L1I_BROKEN
        take_replay = 1'b0;
`else
        take_replay = use_i && present_o && replay_hit_o;
`endif
      end
      OpFill: begin
        touch = !present_o;
        if ((free_i && mshr_hit_o) || (replay_new_i && !present_o)) begin
          take_aband = abandoned_hit_o;
          add_replay = !abandoned_hit_o;
        end
      end
      OpAbandon: begin
        take_replay = replay_hit_o;
        add_aband   = !replay_hit_o && (mshr_hit_o || pf_demand_i) && !abandoned_hit_o &&
                      naband_q < 7'(List);
      end
      default: ;
    endcase
  end

  // Where the operation writes: the way of the set it fills, touches or drops.
  logic [WayW-1:0] touch_rank;
  logic [5:0]      replay_at, aband_at;   // the list entry a line joins

  assign touch_rank = rank_q[idx(set, 32'(touch_way))];
  assign replay_at  = nreplay_q < 7'(List) ? nreplay_q[5:0] : 6'd0;
  assign aband_at   = naband_q[5:0];

  for (genvar i = 0; i < Sets * L1I_WAYS; i++) begin : g_line
    localparam int S = i / L1I_WAYS;
    localparam int W = i % L1I_WAYS;
    logic here;   // the operation's set

    assign here = 32'(set) == S;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        st_q[i]   <= 2'd0;
        tag_q[i]  <= '0;
        rank_q[i] <= WayW'(W);
      end else begin
        if (op_i == OpFlush) begin
          st_q[i] <= 2'd0;
        end else if (here && placing && 32'(victim) == W) begin
          st_q[i]  <= state_i;
          tag_q[i] <= tag;
        end else if (here && op_i == OpInval && present_o && 32'(hit_way) == W) begin
          st_q[i] <= 2'd0;
        end
        if (here && touch && L1I_WAYS > 1 && L1I_REPL == 0) begin
          if (32'(touch_way) == W) rank_q[i] <= '0;
          else if (rank_q[i] < touch_rank) rank_q[i] <= rank_q[i] + 1'b1;
        end
      end
    end
  end

  for (genvar s = 0; s < Sets; s++) begin : g_set_fifo
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) next_q[s] <= '0;
      else if (32'(set) == s && placing && !any_invalid && L1I_REPL == 1 && L1I_WAYS > 1)
        next_q[s] <= 32'(victim) == L1I_WAYS - 1 ? '0 : victim + 1'b1;
    end
  end

  for (genvar i = 0; i < L1I_MSHRS; i++) begin : g_mshr
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mv_q[i] <= 1'b0;
        mx_q[i] <= 1'b0;
        ml_q[i] <= '0;
      end else if (allocated_o && 32'(free_slot) == i) begin
        mv_q[i] <= 1'b1;
        mx_q[i] <= excl_i;
        ml_q[i] <= line_i;
      end else if (op_i == OpFill && free_i && mshr_hit_o && 32'(hit_slot) == i) begin
        mv_q[i] <= 1'b0;
      end
    end
  end

  // A line leaves a list by the list's last entry moving into its place.
  for (genvar i = 0; i < List; i++) begin : g_list
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        replay_q[i] <= '0;
        aband_q[i]  <= '0;
      end else begin
        if (take_replay && 32'(ri) == i) replay_q[i] <= replay_q[6'(nreplay_q - 7'd1)];
        else if (add_replay && 32'(replay_at) == i) replay_q[i] <= line_i;
        if (take_aband && 32'(ai) == i) aband_q[i] <= aband_q[6'(naband_q - 7'd1)];
        else if (add_aband && 32'(aband_at) == i) aband_q[i] <= line_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nreplay_q <= '0;
      naband_q  <= '0;
    end else begin
      if (take_replay) nreplay_q <= nreplay_q - 7'd1;
      else if (add_replay && nreplay_q < 7'(List)) nreplay_q <= nreplay_q + 7'd1;
      if (take_aband) naband_q <= naband_q - 7'd1;
      else if (add_aband) naband_q <= naband_q + 7'd1;
    end
  end
endmodule
