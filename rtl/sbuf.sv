// SPDX-License-Identifier: MIT
//
// Instruction stream buffers (Jouppi): the RTL twin of model/mem/sbuf.c. The C
// unit is the specification (model/mem/sbuf.h); this module holds the same
// state and computes the same next state in the same order, so the two agree
// on every output in every cycle (tests/cosim checks it in lockstep).
//
// State: per buffer a valid bit, an LRU rank (a permutation of 0..SBUF_COUNT-1,
// 0 = most recent) and SBUF_DEPTH entries (line, reqd, avail), entry 0 at the head.
//
// Outputs are combinational from the state and this cycle's lookup:
//   hit_o/hit_buf_o/hit_avail_o: the lowest-numbered valid buffer holding
//     lookup_line_i at its head (SBUF_HIT = 0) or in any entry (the earliest);
//   req_valid_o/req_line_o: the first entry, in buffer then entry order, of a
//     valid buffer not yet requested; independent of req_ready_i.
// hit_buf_o and req_line_o are zero when hit_o and req_valid_o are low.
//
// Next state, applied in this order over the old state:
//   flush_i: every buffer invalid, nothing else this cycle;
//   req_valid_o && req_ready_i: that entry is requested;
//   fill_valid_i: every requested entry of a valid buffer holding fill_line_i
//     becomes available (an entry requested this cycle included);
//   lookup_valid_i and hit_avail_o: the buffer drops the entries up to and
//     including the hit one, appends as many sequential lines after its last,
//     and becomes most recent;
//   lookup_valid_i and no hit: the first invalid buffer, else the least recent,
//     restarts with lookup_line_i + 1 .. lookup_line_i + SBUF_DEPTH and becomes
//     most recent (a hit still in flight changes nothing).
//
// Yosys 0.23 reads no multi-dimensional packed arrays, so the arrays are flat
// vectors: entry e of buffer b is bit (b * SBUF_DEPTH + e) of a flag vector and
// bits [(b * SBUF_DEPTH + e) * LineW +: LineW] of line_q; buffer b's rank is
// rank_q[b * BufW +: BufW].
//
// Define SBUF_BROKEN to build a deliberately wrong variant (a fill becomes
// available one cycle late) that the co-simulation checker must catch.

module sbuf #(
  // Named as the configuration keys (sbuf.count, sbuf.depth, sbuf.hit):
  // sim/cosim/twin.h derives the one from the other.
  parameter int SBUF_COUNT = 4,  // stream buffers (N)
  parameter int SBUF_DEPTH = 4,  // entries per buffer (D)
  parameter int SBUF_HIT   = 1,  // 0: only a head entry hits, 1: any entry (sbuf.hit head|any)
  parameter int LineW      = 32  // bits of a line number
) (
  input  logic                                             clk_i,
  input  logic                                             rst_ni,

  // Lookup: the L1I missed on lookup_line_i this cycle
  input  logic                                             lookup_valid_i,
  input  logic [LineW-1:0]                                 lookup_line_i,
  output logic                                             hit_o,
  output logic                                             hit_avail_o,
  output logic [((SBUF_COUNT > 1) ? $clog2(SBUF_COUNT) : 1)-1:0] hit_buf_o,

  // Prefetch requests to the next level, and the lines coming back
  output logic                                             req_valid_o,
  output logic [LineW-1:0]                                 req_line_o,
  input  logic                                             req_ready_i,
  input  logic                                             fill_valid_i,
  input  logic [LineW-1:0]                                 fill_line_i,

  // Drop every stream (fence.i)
  input  logic                                             flush_i
);

  localparam int BufW   = (SBUF_COUNT > 1) ? $clog2(SBUF_COUNT) : 1;
  localparam int NumEnt = SBUF_COUNT * SBUF_DEPTH;  // entries over all buffers

  // ---- state ----------------------------------------------------------------
  logic [SBUF_COUNT-1:0]      valid_d, valid_q;  // the buffer holds a stream
  logic [SBUF_COUNT*BufW-1:0] rank_d, rank_q;    // LRU rank, 0 = most recent
  logic [NumEnt*LineW-1:0] line_d, line_q;    // the entry's line number
  logic [NumEnt-1:0]       reqd_d, reqd_q;    // its request has been accepted
  logic [NumEnt-1:0]       avail_d, avail_q;  // its line has arrived

  // Reset ranks: 0..SBUF_COUNT-1 in buffer order.
  logic [SBUF_COUNT*BufW-1:0] rank_rst;

  for (genvar b = 0; b < SBUF_COUNT; b++) begin : g_rank_rst
    assign rank_rst[b*BufW +: BufW] = BufW'(b);
  end

  // ---- the fill seen by the next-state logic --------------------------------
  logic             fill_valid;
  logic [LineW-1:0] fill_line;

`ifdef SBUF_BROKEN
  // Deliberately wrong: the fill is applied one cycle after it arrives.
  logic             fill_valid_q;
  logic [LineW-1:0] fill_line_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_valid_q <= 1'b0;
      fill_line_q  <= '0;
    end else begin
      fill_valid_q <= fill_valid_i;
      fill_line_q  <= fill_line_i;
    end
  end

  assign fill_valid = fill_valid_q;
  assign fill_line  = fill_line_q;
`else
  assign fill_valid = fill_valid_i;
  assign fill_line  = fill_line_i;
`endif

  // ---- lookup: the first valid buffer, then its first matching entry --------
  logic [NumEnt-1:0]  hit_oh;      // one-hot: the entry that hit
  logic [SBUF_COUNT-1:0] hit_buf_oh;  // one-hot: the buffer that hit
  logic               hit;
  logic               hit_avail;
  logic [BufW-1:0]    hit_buf;

  always_comb begin
    hit_oh     = '0;
    hit_buf_oh = '0;
    hit        = 1'b0;
    hit_avail  = 1'b0;
    hit_buf    = '0;
    for (int b = 0; b < SBUF_COUNT; b++) begin
      for (int e = 0; e < ((SBUF_HIT == 0) ? 1 : SBUF_DEPTH); e++) begin
        if (lookup_valid_i && !hit && valid_q[b] &&
            line_q[(b*SBUF_DEPTH + e)*LineW +: LineW] == lookup_line_i) begin
          hit                 = 1'b1;
          hit_oh[b*SBUF_DEPTH + e] = 1'b1;
          hit_buf_oh[b]       = 1'b1;
          hit_avail           = avail_q[b*SBUF_DEPTH + e];
          hit_buf             = BufW'(b);
        end
      end
    end
  end

  // ---- the request to issue: the first unrequested entry of a valid buffer --
  logic [NumEnt-1:0] req_oh;
  logic              req_valid;
  logic [LineW-1:0]  req_line;

  always_comb begin
    req_oh    = '0;
    req_valid = 1'b0;
    req_line  = '0;
    for (int b = 0; b < SBUF_COUNT; b++) begin
      for (int e = 0; e < SBUF_DEPTH; e++) begin
        if (!req_valid && valid_q[b] && !reqd_q[b*SBUF_DEPTH + e]) begin
          req_valid           = 1'b1;
          req_oh[b*SBUF_DEPTH + e] = 1'b1;
          req_line            = line_q[(b*SBUF_DEPTH + e)*LineW +: LineW];
        end
      end
    end
  end

  // ---- the buffer a missing lookup restarts: first invalid, else the LRU ----
  logic [SBUF_COUNT-1:0] victim_oh;
  logic               victim_found;

  always_comb begin
    victim_oh    = '0;
    victim_found = 1'b0;
    for (int b = 0; b < SBUF_COUNT; b++) begin
      if (!victim_found && !valid_q[b]) begin
        victim_found = 1'b1;
        victim_oh[b] = 1'b1;
      end
    end
    for (int b = 0; b < SBUF_COUNT; b++) begin
      if (!victim_found && rank_q[b*BufW +: BufW] == BufW'(SBUF_COUNT - 1)) begin
        victim_found = 1'b1;
        victim_oh[b] = 1'b1;
      end
    end
  end

  // ---- request then fill applied: the entries' flags before the lookup -----
  logic [NumEnt-1:0] reqd_m, avail_m;

  always_comb begin
    for (int b = 0; b < SBUF_COUNT; b++) begin
      for (int e = 0; e < SBUF_DEPTH; e++) begin
        reqd_m[b*SBUF_DEPTH + e]  = reqd_q[b*SBUF_DEPTH + e] | (req_oh[b*SBUF_DEPTH + e] & req_ready_i);
        avail_m[b*SBUF_DEPTH + e] = avail_q[b*SBUF_DEPTH + e] |
                               (fill_valid && valid_q[b] && reqd_m[b*SBUF_DEPTH + e] &&
                                line_q[(b*SBUF_DEPTH + e)*LineW +: LineW] == fill_line);
      end
    end
  end

  // ---- the buffer a lookup makes most recent, and its old rank --------------
  logic               shift;    // a hit that has arrived: advance the stream
  logic               restart;  // a miss: restart the victim
  logic [SBUF_COUNT-1:0] touch_oh;
  logic [BufW-1:0]    touch_rank;

  assign shift   = lookup_valid_i && hit && hit_avail;
  assign restart = lookup_valid_i && !hit;

  always_comb begin
    touch_oh   = shift ? hit_buf_oh : (restart ? victim_oh : '0);
    touch_rank = '0;
    for (int b = 0; b < SBUF_COUNT; b++) begin
      if (touch_oh[b]) begin
        touch_rank = rank_q[b*BufW +: BufW];
      end
    end
  end

  // ---- next state ------------------------------------------------------------
  always_comb begin
    valid_d = valid_q;
    rank_d  = rank_q;
    line_d  = line_q;
    reqd_d  = reqd_m;
    avail_d = avail_m;

    if (flush_i) begin
      valid_d = '0;
      reqd_d  = reqd_q;
      avail_d = avail_q;
    end else begin
      for (int b = 0; b < SBUF_COUNT; b++) begin
        if (shift && hit_buf_oh[b]) begin
          // Drop entries 0..s, move the rest to the head, refill the tail.
          for (int e = 0; e < SBUF_DEPTH; e++) begin
            for (int s = 0; s < SBUF_DEPTH; s++) begin
              if (hit_oh[b*SBUF_DEPTH + s]) begin
                if (e + s + 1 < SBUF_DEPTH) begin
                  line_d[(b*SBUF_DEPTH + e)*LineW +: LineW] =
                      line_q[(b*SBUF_DEPTH + e + s + 1)*LineW +: LineW];
                  reqd_d[b*SBUF_DEPTH + e]  = reqd_m[b*SBUF_DEPTH + e + s + 1];
                  avail_d[b*SBUF_DEPTH + e] = avail_m[b*SBUF_DEPTH + e + s + 1];
                end else begin
                  line_d[(b*SBUF_DEPTH + e)*LineW +: LineW] =
                      line_q[(b*SBUF_DEPTH + SBUF_DEPTH - 1)*LineW +: LineW] + LineW'(e + s + 2 - SBUF_DEPTH);
                  reqd_d[b*SBUF_DEPTH + e]  = 1'b0;
                  avail_d[b*SBUF_DEPTH + e] = 1'b0;
                end
              end
            end
          end
        end else if (restart && victim_oh[b]) begin
          valid_d[b] = 1'b1;
          for (int e = 0; e < SBUF_DEPTH; e++) begin
            line_d[(b*SBUF_DEPTH + e)*LineW +: LineW] = lookup_line_i + LineW'(e + 1);
            reqd_d[b*SBUF_DEPTH + e]  = 1'b0;
            avail_d[b*SBUF_DEPTH + e] = 1'b0;
          end
        end

        if (touch_oh[b]) begin
          rank_d[b*BufW +: BufW] = '0;
        end else if (rank_q[b*BufW +: BufW] < touch_rank) begin
          rank_d[b*BufW +: BufW] = rank_q[b*BufW +: BufW] + 1'b1;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      rank_q  <= rank_rst;
      line_q  <= '0;
      reqd_q  <= '0;
      avail_q <= '0;
    end else begin
      valid_q <= valid_d;
      rank_q  <= rank_d;
      line_q  <= line_d;
      reqd_q  <= reqd_d;
      avail_q <= avail_d;
    end
  end

  // ---- outputs ---------------------------------------------------------------
  assign hit_o       = hit;
  assign hit_avail_o = hit_avail;
  assign hit_buf_o   = hit_buf;
  assign req_valid_o = req_valid;
  assign req_line_o  = req_line;

endmodule
