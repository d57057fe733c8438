// SPDX-License-Identifier: MIT
//
// The fetch unit: the RTL twin of model/cpu/fetch.c (the line being decoded,
// one sequential line fetched ahead, redirects, the guard stop, and its
// requests to the L1I and abandons of them). The C unit is the
// specification (model/cpu/fetch.h, the ports in model/cpu/fetch_if.h);
// this module holds the same state and computes the same outputs and next
// state, so the two agree on every output in every evaluation (tests/cosim
// checks it in lockstep).
//
// State: the current line (cur_q, cur_state_q) and the line ahead (next_q,
// next_state_q), each state none, pending (an L1I miss on its way) or ready.
//
// A cycle with req_valid_i, over the old state (line: req_pa_i's line; near
// end: its offset in the line plus 4 * CORE_FETCH_QUEUE at least L1I_LINE):
//   more of the current line (ready, cur_q = line): ready_o;
//   into the line ahead (not none, next_q = line): if pending it is asked
//     for again (want_valid_o) and takes want_resp_i's state; once ready it
//     becomes the current line (lookahead_used_o, lines_o);
//   elsewhere: redirects_o unless nothing was fetched or the line is the
//     one pending; a pending other current line is abandoned
//     (drop_cur_valid_o); the line is asked for (want_valid_o) and becomes
//     the current line in want_resp_i's state; once ready, a pending line
//     ahead is abandoned (drop_next_valid_o) and the line taken (lines_o);
//   then, when ready_o, near the end of the line, with no line ahead, the
//     next line in the same 4 KiB page, and not (guard_en_i and guarded_i):
//     the next line is asked for (ahead_valid_o) and is the line ahead in
//     ahead_resp_i's state (lookahead_o unless no MSHR).
// An L1I answer (enum l1_result): 0 hit (ready), 1 miss (pending), other no
// MSHR (none). flush_i drops both lines, abandoning the pending ones, and
// ignores req_valid_i. The answers come in the same cycle as the requests:
// the outputs depend on them combinationally.
//
// Line numbers are LineW bits, arithmetic modulo 2^LineW; a line's page is
// bits 31:12 of its 32-bit byte address (line << LineShift). LineW is 32 by
// default, the C unit's 32-bit arithmetic, which the co-simulation compares
// against; the width a design needs is 32 - log2(L1I_LINE).
//
// Define FETCH_BROKEN to build a deliberately wrong variant (a pending line
// ahead is never abandoned) that the co-simulation checker must catch.

module fetch #(
  // The parameters in capitals are named as the configuration keys (l1i.line,
  // core.fetch_queue).
  parameter int L1I_LINE         = 32,  // L1I line size in bytes, a power of two (4..4096)
  parameter int CORE_FETCH_QUEUE = 2,   // instructions fetched ahead (1..64)
  localparam int LineShift       = $clog2(L1I_LINE),
  parameter int LineW            = 32  // bits of a line number (>= 32 - LineShift)
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  // The pipeline's request, the fence.i flush and the guard bits
  input  logic             req_valid_i,
  input  logic [31:0]      req_pa_i,
  input  logic             flush_i,
  input  logic             guard_en_i,
  input  logic             guarded_i,

  // Requests to the L1I and its answers (same cycle)
  output logic             want_valid_o,
  output logic [LineW-1:0] want_line_o,
  input  logic [1:0]       want_resp_i,
  output logic             ahead_valid_o,
  output logic [LineW-1:0] ahead_line_o,
  input  logic [1:0]       ahead_resp_i,

  // Abandons of misses nobody waits for any more: of cur_line_o, of next_line_o
  output logic             drop_cur_valid_o,
  output logic             drop_next_valid_o,

  // To the pipeline, and the counters' events
  output logic             ready_o,
  output logic             lines_o,
  output logic             lookahead_o,
  output logic             lookahead_used_o,
  output logic             redirects_o,

  // The state (registered)
  output logic [1:0]       cur_state_o,
  output logic [LineW-1:0] cur_line_o,
  output logic [1:0]       next_state_o,
  output logic [LineW-1:0] next_line_o
);

  localparam int AddrW = 32;  // bits of a physical byte address
  localparam int OffW  = AddrW + 1;  // a line offset plus the queue's bytes
  localparam logic [AddrW-1:0] LineMask   = AddrW'(L1I_LINE - 1);
  localparam logic [OffW-1:0]  QueueBytes = OffW'(4 * CORE_FETCH_QUEUE);
  localparam logic [OffW-1:0]  LineBytes  = OffW'(L1I_LINE);

  // enum fetch_line_state
  localparam logic [1:0] FlNone    = 2'd0;
  localparam logic [1:0] FlPending = 2'd1;
  localparam logic [1:0] FlReady   = 2'd2;
  // enum l1_result
  localparam logic [1:0] L1Hit  = 2'd0;
  localparam logic [1:0] L1Miss = 2'd1;

  logic [LineW-1:0] cur_q, cur_d, next_q, next_d;
  logic [1:0]       cur_state_q, cur_state_d, next_state_q, next_state_d;

  // The state a line takes from the L1I's answer to its request.
  function automatic logic [1:0] answered(input logic [1:0] resp);
    answered = resp == L1Hit ? FlReady : resp == L1Miss ? FlPending : FlNone;
  endfunction

  logic [LineW-1:0] line, ahead;
  logic [11:0]      ahead_offset;  // of the next line's address in its page
  logic             near_end, ahead_in_page;

  // Near the end: the queue reaches past the line (offset + queue bytes >= line bytes).
  assign line          = LineW'(req_pa_i >> LineShift);
  assign ahead         = line + 1'b1;
  assign ahead_offset  = 12'(AddrW'(ahead) << LineShift);
  assign near_end      = {1'b0, req_pa_i & LineMask} + QueueBytes >= LineBytes;
  assign ahead_in_page = ahead_offset != '0;

  always_comb begin : p_next
    logic [1:0] st;
    logic       took;

    st                = FlNone;
    took              = 1'b0;
    cur_d             = cur_q;
    cur_state_d       = cur_state_q;
    next_d            = next_q;
    next_state_d      = next_state_q;
    ready_o           = 1'b0;
    want_valid_o      = 1'b0;
    ahead_valid_o     = 1'b0;
    drop_cur_valid_o  = 1'b0;
    drop_next_valid_o = 1'b0;
    lines_o           = 1'b0;
    lookahead_o       = 1'b0;
    lookahead_used_o  = 1'b0;
    redirects_o       = 1'b0;

    if (flush_i) begin
      drop_cur_valid_o  = cur_state_q == FlPending;
      drop_next_valid_o = next_state_q == FlPending;
      cur_state_d       = FlNone;
      next_state_d      = FlNone;
    end else if (req_valid_i) begin
      if (cur_state_q == FlReady && cur_q == line) begin
        // more of the current line
        ready_o = 1'b1;
      end else if (next_state_q != FlNone && next_q == line) begin
        // into the line fetched ahead
        st = next_state_q;
        if (st == FlPending) begin
          want_valid_o = 1'b1;
          st           = answered(want_resp_i);
        end
        next_state_d     = st;
        took             = st == FlReady;
        lookahead_used_o = took;
      end else begin
        // elsewhere: restart there
        redirects_o      = cur_state_q != FlNone && !(cur_state_q == FlPending && cur_q == line);
        drop_cur_valid_o = cur_q != line && cur_state_q == FlPending;
        want_valid_o     = 1'b1;
        cur_d            = line;
        cur_state_d      = answered(want_resp_i);
        took             = cur_state_d == FlReady;
`ifdef FETCH_BROKEN
        drop_next_valid_o = 1'b0;
`else
        drop_next_valid_o = took && next_state_q == FlPending;
`endif
      end
      if (took) begin
        cur_d        = line;
        cur_state_d  = FlReady;
        next_state_d = FlNone;
        lines_o      = 1'b1;
        ready_o      = 1'b1;
      end
      // Near the end of a line with nothing ahead, the next line is asked for.
      if (ready_o && near_end && next_state_d == FlNone && ahead_in_page &&
          !(guard_en_i && guarded_i)) begin
        ahead_valid_o = 1'b1;
        next_d        = ahead;
        next_state_d  = answered(ahead_resp_i);
        lookahead_o   = next_state_d != FlNone;
      end
    end
  end

  assign want_line_o      = line;
  assign ahead_line_o     = ahead;
  assign cur_state_o      = cur_state_q;
  assign cur_line_o       = cur_q;
  assign next_state_o     = next_state_q;
  assign next_line_o      = next_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cur_q        <= '0;
      cur_state_q  <= FlNone;
      next_q       <= '0;
      next_state_q <= FlNone;
    end else begin
      cur_q        <= cur_d;
      cur_state_q  <= cur_state_d;
      next_q       <= next_d;
      next_state_q <= next_state_d;
    end
  end

endmodule
