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

endpackage
