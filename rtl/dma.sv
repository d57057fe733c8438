// SPDX-License-Identifier: MIT
//
// The DMA block-transfer engine: the RTL twin of model/mem/dma.c. The C unit
// is the specification (model/mem/dma.h); this module holds the same state
// and computes the same next state in the same order, so the two agree on
// every output in every cycle (tests/cosim checks it in lockstep). Data never
// moves here: the engine sequences the transfers (commands, chunks, bus
// requests, captures, writes, completion, status) and the system around it
// moves the bytes.
//
// State: per channel (SYS_CORES of them) its status (busy, done, err, cause),
// the operation (op, irq_en, src, dst, len), the cycles of setup left, the
// bytes cut into chunks and the bytes written; per slot (DMA_INFLIGHT of them) the
// chunk it holds (valid, channel, source lines to read, requests issued,
// reads back, src, dst, len); the round-robin pointer rr_q.
//
// A cycle, over the old state:
//   req: the lowest-numbered slot with a request to make (its next source
//     line while issued < reads, else its write once every read is back);
//     with req_ready_i the slot's issued count steps;
//   rsp_valid_i: a read's bytes are captured (cap_*_o, the part of the
//     chunk's source in that line); a write's are put (wr_*_o), the slot is
//     freed, and the channel whose last bytes they were is done (done_*_o);
//   the lowest free slot (before this cycle's frees) takes the next chunk of
//     the first busy channel past its setup with bytes left to cut, from rr_q
//     on: up to the end of the destination line, and the source lines those
//     bytes lie in (none for a zero);
//   setup counters of channels busy before and after this cycle step down;
//   clr_valid_i: the channel's done and err clear;
//   cmd_valid_i: checked (enum dma_cause order: op, alignment, length, RAM,
//     overlap; busy first), and if good the channel starts (len 0: done);
//   irq_o and st_*_o come from the registered state.
// Outputs that their valid bit does not qualify are 0. Addresses and line
// numbers are 32-bit and wrap as the C unit's uint32_t arithmetic does.
//
// Vectors of per-channel or per-slot fields are flat: channel c's src is
// bits [c * 32 +: 32] of ch_src_q; st_cause_o has 3 bits per channel.
//
// Define DMA_BROKEN to build a deliberately wrong variant (the round-robin
// pointer does not move past the channel it served) that the co-simulation
// checker must catch.

module dma #(
  // Set by the configuration keys (sim/cosim/twin.h: sys.cores is SYS_CORES)
  parameter int          SYS_CORES    = 4,              // channels, one per hart, 1..16
  parameter int          DMA_INFLIGHT = 4,              // slots: lines in flight, 1..16
  parameter int          L2_LINE      = 64,             // bytes of a bus line, 4..4096
  parameter int          DMA_GRANULE  = 4,              // bytes; a power of two
  parameter int          DMA_MAX_LEN  = 65536,          // bytes one operation may move
  parameter int          DMA_SETUP    = 10,             // cycles from a start to its first chunk
  parameter int unsigned SYS_MEM_SIZE = 32'h0800_0000,  // bytes of RAM transfers may touch
  parameter logic [31:0] RamBase      = 32'h8000_0000,  // where it starts
  localparam int         LineShift    = $clog2(L2_LINE),
  localparam logic [32:0] RamSize     = 33'(SYS_MEM_SIZE),  // RAM may end at 2^32
  localparam int         MaxChan      = 16,             // channels on the ports (DMA_MAX_CHANNELS)
  localparam int         ChanW        = 4,              // a channel number on the ports
  localparam int         SlotW        = 4,              // a slot number on the ports
  localparam int         TagW         = 6               // slot * 4 + kind
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  // Commands (a CTRL write) and clears (a STATUS write)
  input  logic                 cmd_valid_i,
  input  logic [ChanW-1:0]     cmd_chan_i,
  input  logic [1:0]           cmd_op_i,
  input  logic                 cmd_irq_i,
  input  logic [31:0]          cmd_src_i,
  input  logic [31:0]          cmd_dst_i,
  input  logic [31:0]          cmd_len_i,
  output logic [2:0]           cmd_cause_o,
  input  logic                 clr_valid_i,
  input  logic [ChanW-1:0]     clr_chan_i,

  // The bus: requests and their completions
  output logic                 req_valid_o,
  output logic                 req_write_o,
  output logic                 req_partial_o,
  output logic [31:0]          req_line_o,
  output logic [TagW-1:0]      req_tag_o,
  output logic [ChanW-1:0]     req_chan_o,
  input  logic                 req_ready_i,
  input  logic                 rsp_valid_i,
  input  logic [TagW-1:0]      rsp_tag_i,

  // What the system moves this cycle
  output logic                 cap_valid_o,
  output logic [SlotW-1:0]     cap_slot_o,
  output logic [31:0]          cap_src_o,
  output logic [15:0]          cap_off_o,
  output logic [15:0]          cap_len_o,
  output logic                 wr_valid_o,
  output logic [SlotW-1:0]     wr_slot_o,
  output logic                 wr_zero_o,
  output logic [ChanW-1:0]     wr_chan_o,
  output logic [31:0]          wr_dst_o,
  output logic [15:0]          wr_len_o,
  output logic                 done_valid_o,
  output logic [ChanW-1:0]     done_chan_o,

  // From the registered state: interrupt lines and STATUS bits, bit c for channel c
  output logic [MaxChan-1:0]   irq_o,
  output logic [MaxChan-1:0]   st_busy_o,
  output logic [MaxChan-1:0]   st_done_o,
  output logic [MaxChan-1:0]   st_err_o,
  output logic [MaxChan*3-1:0] st_cause_o
);

  localparam int LenW    = $clog2(DMA_MAX_LEN + 1);                 // bytes of an operation
  localparam int SetupW  = DMA_SETUP > 0 ? $clog2(DMA_SETUP + 1) : 1;  // setup cycles left
  localparam int OffW    = LineShift + 1;                      // bytes of a chunk, 1..line
  localparam logic [31:0] LineBytes = 32'(1) << LineShift;
  localparam logic [31:0] GranMask  = 32'(DMA_GRANULE - 1);

  localparam logic [1:0] OpCopy = 2'd1;  // enum dma_op
  localparam logic [1:0] OpZero = 2'd2;
  localparam logic [2:0] CauseOk      = 3'd0;  // enum dma_cause
  localparam logic [2:0] ErrOp        = 3'd1;
  localparam logic [2:0] ErrAlign     = 3'd2;
  localparam logic [2:0] ErrLong      = 3'd3;
  localparam logic [2:0] ErrNotRam    = 3'd4;
  localparam logic [2:0] ErrEnd       = 3'd5;
  localparam logic [2:0] ErrOverlap   = 3'd6;
  localparam logic [2:0] ErrBusy      = 3'd7;

  // SYS_CORES
  logic [SYS_CORES-1:0]        ch_busy_q, ch_busy_d;      // an operation is under way
  logic [SYS_CORES-1:0]        ch_done_q, ch_done_d;      // the last one completed
  logic [SYS_CORES-1:0]        ch_err_q, ch_err_d;        // a command was refused
  logic [SYS_CORES*3-1:0]      ch_cause_q, ch_cause_d;    // why (enum dma_cause)
  logic [SYS_CORES*2-1:0]      ch_op_q, ch_op_d;          // enum dma_op under way
  logic [SYS_CORES-1:0]        ch_irq_en_q, ch_irq_en_d;  // interrupt at the end
  logic [SYS_CORES*32-1:0]     ch_src_q, ch_src_d;
  logic [SYS_CORES*32-1:0]     ch_dst_q, ch_dst_d;
  logic [SYS_CORES*LenW-1:0]   ch_len_q, ch_len_d;
  logic [SYS_CORES*SetupW-1:0] ch_setup_q, ch_setup_d;    // cycles before the first chunk
  logic [SYS_CORES*LenW-1:0]   ch_cut_q, ch_cut_d;        // bytes handed to chunks
  logic [SYS_CORES*LenW-1:0]   ch_fin_q, ch_fin_d;        // bytes written

  // DMA_INFLIGHT
  logic [DMA_INFLIGHT-1:0]           sl_valid_q, sl_valid_d;
  logic [DMA_INFLIGHT*ChanW-1:0]     sl_chan_q, sl_chan_d;
  logic [DMA_INFLIGHT*2-1:0]         sl_reads_q, sl_reads_d;    // source lines to read: 0, 1, 2
  logic [DMA_INFLIGHT*2-1:0]         sl_issued_q, sl_issued_d;  // requests made, reads first
  logic [DMA_INFLIGHT*2-1:0]         sl_back_q, sl_back_d;      // reads returned
  logic [DMA_INFLIGHT*32-1:0]        sl_src_q, sl_src_d;        // first byte of the chunk
  logic [DMA_INFLIGHT*32-1:0]        sl_dst_q, sl_dst_d;
  logic [DMA_INFLIGHT*OffW-1:0]      sl_len_q, sl_len_d;        // bytes, within one line

  logic [ChanW-1:0]           rr_q, rr_d;                // the channel after the last served

  // Where [a, a + len) lies against RAM: CauseOk, ErrNotRam or ErrEnd.
  function automatic logic [2:0] ram_cause(input logic [31:0] a, input logic [31:0] len);
    logic [32:0] off;
    off = {1'b0, a - RamBase};
    if (a < RamBase || off >= RamSize) begin
      ram_cause = ErrNotRam;
    end else if ({1'b0, off} + {2'b0, len} > {1'b0, RamSize}) begin
      ram_cause = ErrEnd;
    end else begin
      ram_cause = CauseOk;
    end
  endfunction

  // The check a command gets (dma_check), without the busy check.
  function automatic logic [2:0] check(input logic [1:0] op, input logic [31:0] src,
                                       input logic [31:0] dst, input logic [31:0] len);
    logic copy;
    copy = op == OpCopy;
    if (op != OpCopy && op != OpZero) begin
      check = ErrOp;
    end else if (((dst | len | (copy ? src : 32'd0)) & GranMask) != '0) begin
      check = ErrAlign;
    end else if (len > 32'(DMA_MAX_LEN)) begin
      check = ErrLong;
    end else if (ram_cause(dst, len) != CauseOk) begin
      check = ram_cause(dst, len);
    end else if (copy && ram_cause(src, len) != CauseOk) begin
      check = ram_cause(src, len);
    end else if (copy && len != '0 && src < dst + len && dst < src + len) begin
      check = ErrOverlap;
    end else begin
      check = CauseOk;
    end
  endfunction

  always_comb begin : p_next
    logic             found, picked;
    logic [SlotW-1:0] s_req, s_rsp, s_free;
    logic [1:0]       kind;
    logic [ChanW-1:0] c, pc, cc;
    logic [ChanW:0]   cw;
    logic [31:0]      src, dst, lo, hi, last;
    logic [1:0]       reads;
    logic [OffW-1:0]  len;
    logic [LenW-1:0]  rem;
    logic [2:0]       cause;

    ch_busy_d   = ch_busy_q;
    ch_done_d   = ch_done_q;
    ch_err_d    = ch_err_q;
    ch_cause_d  = ch_cause_q;
    ch_op_d     = ch_op_q;
    ch_irq_en_d = ch_irq_en_q;
    ch_src_d    = ch_src_q;
    ch_dst_d    = ch_dst_q;
    ch_len_d    = ch_len_q;
    ch_setup_d  = ch_setup_q;
    ch_cut_d    = ch_cut_q;
    ch_fin_d    = ch_fin_q;
    sl_valid_d  = sl_valid_q;
    sl_chan_d   = sl_chan_q;
    sl_reads_d  = sl_reads_q;
    sl_issued_d = sl_issued_q;
    sl_back_d   = sl_back_q;
    sl_src_d    = sl_src_q;
    sl_dst_d    = sl_dst_q;
    sl_len_d    = sl_len_q;
    rr_d        = rr_q;

    req_valid_o   = 1'b0;
    req_write_o   = 1'b0;
    req_partial_o = 1'b0;
    req_line_o    = '0;
    req_tag_o     = '0;
    req_chan_o    = '0;
    cap_valid_o   = 1'b0;
    cap_slot_o    = '0;
    cap_src_o     = '0;
    cap_off_o     = '0;
    cap_len_o     = '0;
    wr_valid_o    = 1'b0;
    wr_slot_o     = '0;
    wr_zero_o     = 1'b0;
    wr_chan_o     = '0;
    wr_dst_o      = '0;
    wr_len_o      = '0;
    done_valid_o  = 1'b0;
    done_chan_o   = '0;
    cmd_cause_o   = '0;

    found  = 1'b0;
    picked = 1'b0;
    s_req  = '0;
    s_free = '0;
    pc     = '0;
    c      = '0;
    cw     = '0;
    cc     = '0;
    src    = '0;
    dst    = '0;
    lo     = '0;
    hi     = '0;
    last   = '0;
    reads  = '0;
    len    = '0;
    rem    = '0;
    cause  = '0;

    // The request of the lowest-numbered slot that has one (from the state).
    for (int s = 0; s < DMA_INFLIGHT; s++) begin
      if (!found && sl_valid_q[s]) begin
        if (sl_issued_q[s*2 +: 2] < sl_reads_q[s*2 +: 2]) begin
          found      = 1'b1;
          s_req      = SlotW'(s);
          req_line_o = (sl_src_q[s*32 +: 32] >> LineShift) + 32'(sl_issued_q[s*2 +: 2]);
          req_tag_o  = {SlotW'(s), sl_issued_q[s*2 +: 2]};
          req_chan_o = sl_chan_q[s*ChanW +: ChanW];
        end else if (sl_issued_q[s*2 +: 2] == sl_reads_q[s*2 +: 2] &&
                     sl_back_q[s*2 +: 2] == sl_reads_q[s*2 +: 2]) begin
          found         = 1'b1;
          s_req         = SlotW'(s);
          req_write_o   = 1'b1;
          req_partial_o = 32'(sl_len_q[s*OffW +: OffW]) < LineBytes;
          req_line_o    = sl_dst_q[s*32 +: 32] >> LineShift;
          req_tag_o     = {SlotW'(s), 2'd2};
          req_chan_o    = sl_chan_q[s*ChanW +: ChanW];
        end
      end
    end
    req_valid_o = found;
    if (found && req_ready_i) begin
      for (int s = 0; s < DMA_INFLIGHT; s++) begin
        if (s_req == SlotW'(s)) begin
          sl_issued_d[s*2 +: 2] = sl_issued_q[s*2 +: 2] + 2'd1;
        end
      end
    end

    // A transaction that came back.
    s_rsp = rsp_tag_i[TagW-1:2];
    kind  = rsp_tag_i[1:0];
    if (rsp_valid_i) begin
      for (int s = 0; s < DMA_INFLIGHT; s++) begin
        if (s_rsp == SlotW'(s)) begin
          src = sl_src_q[s*32 +: 32];
          len = sl_len_q[s*OffW +: OffW];
          if (!kind[1]) begin
            // The part of the chunk's source in the line just read.
            lo   = ((src >> LineShift) + 32'(kind[0])) << LineShift;
            hi   = lo + LineBytes;
            last = src + 32'(len);
            if (lo < src) begin
              lo = src;
            end
            if (hi > last) begin
              hi = last;
            end
            cap_valid_o = 1'b1;
            cap_slot_o  = s_rsp;
            cap_src_o   = lo;
            cap_off_o   = 16'(lo - src);
            cap_len_o   = 16'(hi - lo);
            sl_back_d[s*2 +: 2] = sl_back_q[s*2 +: 2] + 2'd1;
          end else begin
            cc           = sl_chan_q[s*ChanW +: ChanW];
            wr_valid_o   = 1'b1;
            wr_slot_o    = s_rsp;
            wr_zero_o    = sl_reads_q[s*2 +: 2] == 2'd0;
            wr_chan_o    = cc;
            wr_dst_o     = sl_dst_q[s*32 +: 32];
            wr_len_o     = 16'(len);
            sl_valid_d[s] = 1'b0;
            for (int k = 0; k < SYS_CORES; k++) begin
              if (cc == ChanW'(k)) begin
                ch_fin_d[k*LenW +: LenW] = ch_fin_q[k*LenW +: LenW] + LenW'(len);
                if (ch_fin_d[k*LenW +: LenW] == ch_len_q[k*LenW +: LenW]) begin
                  ch_busy_d[k] = 1'b0;
                  ch_done_d[k] = 1'b1;
                  done_valid_o = 1'b1;
                  done_chan_o  = cc;
                end
              end
            end
          end
        end
      end
    end

    // A free slot (before this cycle's frees) takes the next chunk.
    found = 1'b0;
    for (int s = 0; s < DMA_INFLIGHT; s++) begin
      if (!found && !sl_valid_q[s]) begin
        found  = 1'b1;
        s_free = SlotW'(s);
      end
    end
    if (found) begin
      for (int k = 0; k < SYS_CORES; k++) begin
        // (rr_q + k) mod SYS_CORES, one bit wider than a channel number
        cw = {1'b0, rr_q} + (ChanW + 1)'(k);
        if (cw >= (ChanW + 1)'(SYS_CORES)) begin
          cw = cw - (ChanW + 1)'(SYS_CORES);
        end
        c = cw[ChanW-1:0];
        for (int i = 0; i < SYS_CORES; i++) begin
          if (!picked && c == ChanW'(i) && ch_busy_q[i] && ch_setup_q[i*SetupW +: SetupW] == '0 &&
              ch_cut_q[i*LenW +: LenW] < ch_len_q[i*LenW +: LenW]) begin
            picked = 1'b1;
            pc     = c;
          end
        end
      end
    end
    if (picked) begin
      for (int i = 0; i < SYS_CORES; i++) begin
        if (pc == ChanW'(i)) begin
          dst = ch_dst_q[i*32 +: 32] + 32'(ch_cut_q[i*LenW +: LenW]);
          src = ch_src_q[i*32 +: 32] + 32'(ch_cut_q[i*LenW +: LenW]);
          rem = ch_len_q[i*LenW +: LenW] - ch_cut_q[i*LenW +: LenW];
          len = OffW'(LineBytes - (dst & (LineBytes - 1)));
          if (32'(len) > 32'(rem)) begin
            len = OffW'(rem);
          end
          last  = src + 32'(len) - 32'd1;
          reads = ch_op_q[i*2 +: 2] == OpCopy ?
                  2'((last >> LineShift) - (src >> LineShift) + 32'd1) : 2'd0;
          ch_cut_d[i*LenW +: LenW] = ch_cut_q[i*LenW +: LenW] + LenW'(len);
        end
      end
      for (int s = 0; s < DMA_INFLIGHT; s++) begin
        if (s_free == SlotW'(s)) begin
          sl_valid_d[s]               = 1'b1;
          sl_chan_d[s*ChanW +: ChanW] = pc;
          sl_reads_d[s*2 +: 2]        = reads;
          sl_issued_d[s*2 +: 2]       = 2'd0;
          sl_back_d[s*2 +: 2]         = 2'd0;
          sl_src_d[s*32 +: 32]        = src;
          sl_dst_d[s*32 +: 32]        = dst;
          sl_len_d[s*OffW +: OffW]    = len;
        end
      end
`ifdef DMA_BROKEN
      rr_d = pc;
`else
      rr_d = pc == ChanW'(SYS_CORES - 1) ? '0 : pc + 1'b1;
`endif
    end

    // DMA_SETUP counts down while the channel stays busy.
    for (int i = 0; i < SYS_CORES; i++) begin
      if (ch_busy_d[i] && ch_setup_d[i*SetupW +: SetupW] != '0 && ch_busy_q[i]) begin
        ch_setup_d[i*SetupW +: SetupW] = ch_setup_d[i*SetupW +: SetupW] - 1'b1;
      end
    end

    if (clr_valid_i) begin
      for (int i = 0; i < SYS_CORES; i++) begin
        if (clr_chan_i == ChanW'(i)) begin
          ch_done_d[i] = 1'b0;
          ch_err_d[i]  = 1'b0;
        end
      end
    end

    // A command: checked against the channel as this cycle leaves it.
    if (cmd_valid_i) begin
      for (int i = 0; i < SYS_CORES; i++) begin
        if (cmd_chan_i == ChanW'(i)) begin
          cause = ch_busy_d[i] ? ErrBusy : check(cmd_op_i, cmd_src_i, cmd_dst_i, cmd_len_i);
          if (cause != CauseOk) begin
            ch_err_d[i]         = 1'b1;
            ch_cause_d[i*3 +: 3] = cause;
            if (cause != ErrBusy) begin
              ch_irq_en_d[i] = cmd_irq_i;  // the running one keeps its own
            end
          end else begin
            ch_op_d[i*2 +: 2]              = cmd_op_i;
            ch_irq_en_d[i]                 = cmd_irq_i;
            ch_src_d[i*32 +: 32]           = cmd_src_i;
            ch_dst_d[i*32 +: 32]           = cmd_dst_i;
            ch_len_d[i*LenW +: LenW]       = LenW'(cmd_len_i);
            ch_setup_d[i*SetupW +: SetupW] = SetupW'(DMA_SETUP);
            ch_cut_d[i*LenW +: LenW]       = '0;
            ch_fin_d[i*LenW +: LenW]       = '0;
            ch_done_d[i]                   = cmd_len_i == '0;
            ch_busy_d[i]                   = cmd_len_i != '0;
            ch_err_d[i]                    = 1'b0;
            ch_cause_d[i*3 +: 3]           = CauseOk;
          end
          cmd_cause_o = cause;
        end
      end
    end
  end

  // From the registered state.
  always_comb begin
    irq_o      = '0;
    st_busy_o  = '0;
    st_done_o  = '0;
    st_err_o   = '0;
    st_cause_o = '0;
    for (int i = 0; i < SYS_CORES; i++) begin
      irq_o[i]            = ch_irq_en_q[i] && (ch_done_q[i] || ch_err_q[i]);
      st_busy_o[i]        = ch_busy_q[i];
      st_done_o[i]        = ch_done_q[i];
      st_err_o[i]         = ch_err_q[i];
      st_cause_o[i*3 +: 3] = ch_cause_q[i*3 +: 3];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ch_busy_q   <= '0;
      ch_done_q   <= '0;
      ch_err_q    <= '0;
      ch_cause_q  <= '0;
      ch_op_q     <= '0;
      ch_irq_en_q <= '0;
      ch_src_q    <= '0;
      ch_dst_q    <= '0;
      ch_len_q    <= '0;
      ch_setup_q  <= '0;
      ch_cut_q    <= '0;
      ch_fin_q    <= '0;
      sl_valid_q  <= '0;
      sl_chan_q   <= '0;
      sl_reads_q  <= '0;
      sl_issued_q <= '0;
      sl_back_q   <= '0;
      sl_src_q    <= '0;
      sl_dst_q    <= '0;
      sl_len_q    <= '0;
      rr_q        <= '0;
    end else begin
      ch_busy_q   <= ch_busy_d;
      ch_done_q   <= ch_done_d;
      ch_err_q    <= ch_err_d;
      ch_cause_q  <= ch_cause_d;
      ch_op_q     <= ch_op_d;
      ch_irq_en_q <= ch_irq_en_d;
      ch_src_q    <= ch_src_d;
      ch_dst_q    <= ch_dst_d;
      ch_len_q    <= ch_len_d;
      ch_setup_q  <= ch_setup_d;
      ch_cut_q    <= ch_cut_d;
      ch_fin_q    <= ch_fin_d;
      sl_valid_q  <= sl_valid_d;
      sl_chan_q   <= sl_chan_d;
      sl_reads_q  <= sl_reads_d;
      sl_issued_q <= sl_issued_d;
      sl_back_q   <= sl_back_d;
      sl_src_q    <= sl_src_d;
      sl_dst_q    <= sl_dst_d;
      sl_len_q    <= sl_len_d;
      rr_q        <= rr_d;
    end
  end

endmodule
