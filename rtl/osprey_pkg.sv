// SPDX-License-Identifier: MIT
//
// Types and codes the RTL twins share with the C model: each mirrors the
// C definition named beside it, and a twin's lockstep test fails if they
// part.

package osprey_pkg;

  // Bus transactions (enum bus_op, model/mem/bus_arb_if.h).
  localparam int BusOpW = 3;
  typedef enum logic [BusOpW-1:0] {
    BusRd     = 3'd0,
    BusRdX    = 3'd1,
    BusUpgr   = 3'd2,
    BusWb     = 3'd3,
    BusUpdate = 3'd4,
    BusDmaRd  = 3'd5,
    BusDmaWr  = 3'd6
  } bus_op_e;

  // Who supplied a read's line (enum bus_seq_supply, model/mem/bus_seq_if.h).
  localparam int SupplyW = 2;
  typedef enum logic [SupplyW-1:0] {
    SupplyNone   = 2'd0,
    SupplyC2c    = 2'd1,
    SupplyMemory = 2'd2
  } bus_supply_e;

  // The transaction statistic a grant counts (enum bus_seq_count).
  localparam int CountW = 3;
  typedef enum logic [CountW-1:0] {
    CountNone = 3'd0,
    CountRd   = 3'd1,
    CountRdx  = 3'd2,
    CountUpgr = 3'd3,
    CountWb   = 3'd4,
    CountUpd  = 3'd5
  } bus_count_e;

endpackage
