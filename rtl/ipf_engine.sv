// SPDX-License-Identifier: MIT
//
// The instruction prefetch engine: the RTL twin of model/cpu/ipf_engine.c
// (the next-line and guarded sequential prefetchers and their candidate
// queue). The C unit is the specification (model/cpu/ipf_engine.h); this
// module holds the same state and computes the same next state in the same
// order, so the two agree on every output in every cycle (tests/cosim checks
// it in lockstep).
//
// State: the candidate queue (line and source per entry, entry 0 the head,
// count_q entries in use) and the guarded run (run_next_q, run_left_q).
//
// A cycle, over the old state:
//   flush_i: the queue and the run are emptied, the accesses ignored;
//   otherwise each access slot in order: when one of its events is one the
//     next-line prefetcher hears (PF_NEXTLINE 1: access; 2: miss; 3: miss or
//     first use), it enqueues lines after the access's line up to PF_DEGREE,
//     within its 4 KiB page; then the guarded prefetcher, on a miss (or a
//     first use with PF_GUARDED = 2) when guard_en_i and the line holds no
//     guarded transfer, starts a run at line + 1 of PF_GUARD_DEPTH lines. (A slot
//     never has both a miss and a first use, so each fires at most once: the
//     C unit's event-by-event order gives the same queue.)
//   a run under way takes one step: it ends at a page boundary; at a line
//     holding a guarded transfer it ends, enqueueing that line if PF_GUARD_LINE;
//     otherwise it enqueues the line and moves on;
//   outputs: count_o and cand_*_o are the queue as it is now (entries from
//     count_o on are not defined); run_valid_o and run_line_o are registered;
//   pop_i: that many candidates leave the head.
// A candidate that finds the queue full is dropped.
//
// Vectors of entries are flat: entry e of cand_line_o is bits
// [e * LineW +: LineW], access slot a of acc_line_i bits [a * LineW +: LineW].
// Line arithmetic is modulo 2^LineW, and a line's page is bits 31:12 of its
// byte address (line << LineShift, 32 bits), as in the C unit's 32-bit
// arithmetic when LineW = 32.
//
// Define IPF_ENGINE_BROKEN to build a deliberately wrong variant (a guarded
// run is one line short) that the co-simulation checker must catch.

module ipf_engine #(
  // The parameters in capitals are named as the configuration keys (pf.nextline,
  // ..., l1i.line): sim/cosim/twin.h derives the one from the other.
  parameter int L1I_LINE       = 32,  // L1I line size in bytes (a power of two)
  parameter int PF_NEXTLINE    = 0,   // 0 off, 1 always, 2 on-miss, 3 tagged (enum nl_policy)
  parameter int PF_DEGREE      = 1,   // lines a next-line trigger prefetches
  parameter int PF_GUARDED     = 0,   // 0 off, 1 miss, 2 tagged (enum gp_trigger)
  parameter int PF_GUARD_DEPTH = 4,   // lines a guarded run prefetches
  parameter int PF_GUARD_LINE  = 0,   // 1: the line holding a guarded transfer is prefetched
  parameter int LineW          = 32,  // bits of a line number
  parameter int QueueDepth     = 32,  // candidates (IPF_QUEUE)
  parameter int Accesses       = 2,   // access slots (IPF_ACCESSES)
  localparam int LineShift     = $clog2(L1I_LINE),
  localparam int CountW    = $clog2(QueueDepth + 1),
  localparam int RunW      = $clog2(PF_GUARD_DEPTH + 1),
  localparam int SrcW      = 2
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,

  // The L1I's demand accesses this cycle, and the guard bits of their lines
  input  logic                         guard_en_i,
  input  logic [Accesses-1:0]          acc_access_i,
  input  logic [Accesses-1:0]          acc_miss_i,
  input  logic [Accesses-1:0]          acc_first_use_i,
  input  logic [Accesses*LineW-1:0]    acc_line_i,
  input  logic [Accesses-1:0]          acc_guarded_i,
  input  logic [Accesses-1:0]          acc_guarded_next_i,
  input  logic                         run_guarded_i,
  input  logic                         flush_i,

  // The candidates, head first, and how many the L1I took or dropped
  output logic [CountW-1:0]            count_o,
  output logic [QueueDepth*LineW-1:0]  cand_line_o,
  output logic [QueueDepth*SrcW-1:0]   cand_src_o,
  input  logic [CountW-1:0]            pop_i,

  // The guarded run (registered)
  output logic                         run_valid_o,
  output logic [LineW-1:0]             run_line_o
);

  localparam int AddrW = 32;  // bits of a physical byte address
  localparam int PageW = 20;  // bits of its 4 KiB page number
  localparam logic [CountW-1:0] QueueFull = CountW'(QueueDepth);
  localparam logic [SrcW-1:0] SrcNextLine = 2'd1;  // PF_NEXTLINE
  localparam logic [SrcW-1:0] SrcGuarded  = 2'd2;  // PF_GUARDED
`ifdef IPF_ENGINE_BROKEN
  localparam int RunStart = PF_GUARD_DEPTH - 1;
`else
  localparam int RunStart = PF_GUARD_DEPTH;
`endif

  logic [QueueDepth*LineW-1:0] line_q, line_d, line_n;
  logic [QueueDepth*SrcW-1:0]  src_q, src_d, src_n;
  logic [CountW-1:0]           count_q, count_d, count_n;
  logic [LineW-1:0]            run_next_q, run_next_d;
  logic [RunW-1:0]             run_left_q, run_left_d;

  // The 4 KiB page of a line: bits 31:12 of its 32-bit byte address.
  /* verilator lint_off UNUSEDSIGNAL */  // the address's low 12 bits
  function automatic logic [PageW-1:0] page(input logic [LineW-1:0] line);
    logic [AddrW-1:0] addr;
    addr = AddrW'(line) << LineShift;
    page = addr[AddrW-1:AddrW-PageW];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Appends a candidate to the working queue (wl, ws, wc) unless it is full.
`define IPF_ENGINE_PUSH(LINE, SRC) \
    if (wc != QueueFull) begin \
      for (int e = 0; e < QueueDepth; e++) begin \
        if (wc == CountW'(e)) begin \
          wl[e*LineW +: LineW] = (LINE); \
          ws[e*SrcW +: SrcW]   = (SRC); \
        end \
      end \
      wc = wc + 1'b1; \
    end

  always_comb begin : p_next
    // working copies: the queue as entries are added
    logic [QueueDepth*LineW-1:0] wl;
    logic [QueueDepth*SrcW-1:0]  ws;
    logic [CountW-1:0]           wc;
    logic                        run_guarded;
    logic                        fire, stop, trigger;
    logic [LineW-1:0]            line, cand;

    fire        = 1'b0;
    stop        = 1'b0;
    trigger     = 1'b0;
    line        = '0;
    cand        = '0;
    wl          = line_q;
    ws          = src_q;
    wc          = count_q;
    run_next_d  = run_next_q;
    run_left_d  = run_left_q;
    run_guarded = run_guarded_i;

    if (flush_i) begin
      wc         = '0;
      run_left_d = '0;
    end else begin
      for (int a = 0; a < Accesses; a++) begin
        line = acc_line_i[a*LineW +: LineW];
        fire = (PF_NEXTLINE == 1 && acc_access_i[a]) || (PF_NEXTLINE == 2 && acc_miss_i[a]) ||
               (PF_NEXTLINE == 3 && (acc_miss_i[a] || acc_first_use_i[a]));
        if (fire) begin
          stop = 1'b0;
          for (int i = 1; i <= PF_DEGREE; i++) begin
            cand = line + LineW'(i);
            if (!stop && page(cand) == page(line)) begin
              `IPF_ENGINE_PUSH(cand, SrcNextLine)
            end else begin
              stop = 1'b1;
            end
          end
        end
        trigger = PF_GUARDED != 0 && guard_en_i && !acc_guarded_i[a] &&
                  (acc_miss_i[a] || (PF_GUARDED == 2 && acc_first_use_i[a]));
        if (trigger) begin
          run_next_d  = line + 1'b1;
          run_left_d  = RunW'(RunStart);
          run_guarded = acc_guarded_next_i[a];
        end
      end
    end

    if (run_left_d != '0) begin
      if (page(run_next_d) != page(run_next_d - 1'b1)) begin
        run_left_d = '0;
      end else if (run_guarded) begin
        if (PF_GUARD_LINE != 0) begin
          `IPF_ENGINE_PUSH(run_next_d, SrcGuarded)
        end
        run_left_d = '0;
      end else begin
        `IPF_ENGINE_PUSH(run_next_d, SrcGuarded)
        run_next_d = run_next_d + 1'b1;
        run_left_d = run_left_d - 1'b1;
      end
    end

    line_n  = wl;
    src_n   = ws;
    count_n = wc;
  end

  // Outputs: the queue as it is now.
  assign cand_line_o = line_n;
  assign cand_src_o  = src_n;
  assign count_o     = count_n;
  assign run_valid_o = run_left_q != '0;
  assign run_line_o  = run_next_q;

  // Next state: pop_i entries leave the head (a shifter by whole entries, one
  // stage per bit of pop_i).
  always_comb begin
    line_d = line_n;
    src_d  = src_n;
    for (int b = 0; b < CountW; b++) begin
      if (pop_i[b]) begin
        line_d = line_d >> ((1 << b) * LineW);
        src_d  = src_d >> ((1 << b) * SrcW);
      end
    end
    count_d = count_n - pop_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      line_q     <= '0;
      src_q      <= '0;
      count_q    <= '0;
      run_next_q <= '0;
      run_left_q <= '0;
    end else begin
      line_q     <= line_d;
      src_q      <= src_d;
      count_q    <= count_d;
      run_next_q <= run_next_d;
      run_left_q <= run_left_d;
    end
  end

endmodule

`undef IPF_ENGINE_PUSH
